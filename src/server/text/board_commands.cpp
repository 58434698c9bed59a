// The commands that show boards and lists of games: board (show) and games (commands.h).
#include "server/text/command_common.h"

#include <algorithm>
#include <array>
#include <map>

#include "notation/board_styles.h"
#include "rules/catalog.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"

namespace kirin::server {

GameView CommandInterface::board_view(const Parsed& p, const std::string& board_word, Id viewer) {
  Id id = board_number(board_word);
  GameView v;
  try {
    v = games_.view(id, viewer);
  } catch (const ServiceError& e) {
    if (e.code() == ErrorCode::NotFound) throw CommandError("no board " + std::to_string(id));
    throw;
  }
  if (!same_game(v.state.setup.game, p.game->id))
    throw CommandError("board " + std::to_string(id) + " is a game of " + v.game_name +
                       ", not of " + p.game->name + ": write '" + v.state.setup.game + " " +
                       p.verb + " " + std::to_string(id) + " ...'");
  return v;
}

Preferences CommandInterface::viewer_preferences(const GameView& v, const std::string& user_word,
                                                 const CommandContext& ctx) {
  if (!user_word.empty()) return accounts_.user_by_name(user_word).preferences;
  if (ctx.sender_user) return accounts_.user(ctx.sender_user).preferences;
  if (!ctx.sender_email.empty()) {
    for (const PlayerRef& who : {v.state.black, v.state.white}) {
      User u = accounts_.user(who.id);
      if (iequals(u.email, ctx.sender_email)) return u.preferences;
    }
  }
  return {};
}

std::string CommandInterface::board_for(Id game, Id viewer) {
  return draw(games_.view(game, viewer), accounts_.user(viewer).preferences, viewer);
}

std::string CommandInterface::draw(const GameView& v, const Preferences& prefs, Id viewer) {
  Replayed r = replay(v);
  bool flip = prefs.flip && viewer && v.state.white.id == viewer && v.state.black.id != viewer;
  BoardStyle style = parse_board_style(prefs.board_style).value_or(BoardStyle::Standard);
  std::string text = board_text_pbm(r.game.position(), style, flip);
  // The drawing ends with "Black to move": the game's status says more.
  if (!text.empty() && text.back() == '\n') text.pop_back();
  text.erase(text.rfind('\n') + 1);

  std::string head = "Board " + std::to_string(v.state.id) + ": " + v.game_name;
  std::string note = setup_note(v.state.setup);
  if (!note.empty()) head += " (" + note + ")";
  head += ", " + players(v.state) + "\n";
  if (v.state.ply)
    head += "Moves played: " + std::to_string(v.state.ply) + "; the last, by " +
            color_name(~r.game.position().side_to_move()) + ": " + r.last_move + "\n";
  if (v.state.time_control.kind != TimeControl::Kind::None)
    head += "Time control: " + describe(v.state.time_control) + "\n";

  std::string status;
  switch (v.state.status) {
    case GameStatus::Active:
      status = player(v.state, v.to_move) + " to move.\n";
      if (v.state.draw_offer) status += player(v.state, *v.state.draw_offer) + " offers a draw.\n";
      if (v.state.takeback_offer)
        status += player(v.state, *v.state.takeback_offer) + " asks to take back a move.\n";
      break;
    case GameStatus::Adjourned:
      status = "Adjourned: " + player(v.state, v.to_move) + " has sealed a move.\n";
      break;
    case GameStatus::Finished:
      status = "Game over: " + v.result_text + ".\n";
      break;
    case GameStatus::Aborted:
      status = "Game " + v.result_text + ".\n";
      break;
  }
  return head + "\n" + text + "\n" + status;
}

std::string CommandInterface::board(const Parsed& p, const CommandContext& ctx) {
  want_words(p.w, 3, 4, p.game_word, p.verb);
  Id viewer = 0;
  std::string user_word = p.w[3];
  if (!user_word.empty()) {
    try {
      viewer = accounts_.user_by_name(user_word).id;
    } catch (const ServiceError& e) {
      throw CommandError(p.verb + ": " + e.what());
    }
  } else if (ctx.sender_user) {
    viewer = ctx.sender_user;
  }
  GameView v = board_view(p, p.w[2], viewer);
  if (!viewer && !ctx.sender_email.empty()) {
    for (const PlayerRef& who : {v.state.black, v.state.white})
      if (iequals(accounts_.user(who.id).email, ctx.sender_email)) viewer = who.id;
  }
  return draw(v, viewer_preferences(v, user_word, ctx), viewer);
}


std::string CommandInterface::games(const Parsed& p, const CommandContext&) {
  const Words& w = p.w;
  want_words(w, 3, 3, p.game_word, "games");
  User u;
  try {
    u = accounts_.user_by_name(w[2]);
  } catch (const ServiceError& e) {
    throw CommandError("games: " + std::string(e.what()));
  }
  std::vector<GameState> list = games_.games_of(u.id, /*viewer=*/0);  // lists no moves
  if (list.empty()) return u.name + " has no games.\n";
  // Unfinished games first, newest first within each group (the store's order).
  std::stable_partition(list.begin(), list.end(),
                        [](const GameState& s) { return !is_over(s.status); });
  constexpr size_t kMaxListed = 100;

  std::map<std::string, std::string> names;  // game id -> name
  auto game_name = [&](const std::string& id) {
    auto it = names.find(id);
    if (it != names.end()) return it->second;
    std::string name = id;
    try {
      name = builtin_variant(id)->name;
    } catch (const VariantError&) {
    }
    return names[id] = name;
  };

  std::vector<std::array<std::string, 5>> rows;
  rows.push_back({"board", "game", "opponent", "colour", "status"});
  for (size_t i = 0; i < list.size() && i < kMaxListed; ++i) {
    const GameState& s = list[i];
    bool black = s.black.id == u.id;
    std::string opponent = black ? s.white.name : s.black.name;
    std::string status;
    if (is_over(s.status)) {
      status = "over: " + describe_result(s);
    } else if (s.status == GameStatus::Adjourned) {
      status = "adjourned";
    } else {
      status = (side_to_move(s) == kBlack ? s.black.name : s.white.name) + " to move";
    }
    std::string game = game_name(s.setup.game);
    std::string note = setup_note(s.setup);
    if (!note.empty()) game += " (" + note + ")";
    rows.push_back({std::to_string(s.id), game, opponent,
                    s.black.id == s.white.id ? "both"
                    : black                  ? "Black"
                                             : "White",
                    status});
  }
  std::array<size_t, 5> width{};
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  std::string out = "Games of " + u.name + ":\n";
  for (const auto& row : rows) {
    std::string line = std::string(width[0] - row[0].size(), ' ') + row[0];
    for (size_t c = 1; c < row.size(); ++c) {
      line += "  " + row[c];
      if (c + 1 < row.size()) line += std::string(width[c] - row[c].size(), ' ');
    }
    out += line + "\n";
  }
  if (list.size() > kMaxListed)
    out += "... and " + std::to_string(list.size() - kMaxListed) + " older games.\n";
  return out;
}

}  // namespace kirin::server
