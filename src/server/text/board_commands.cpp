// The commands that show boards and lists of games (commands.h): board and show, showas,
// games, all show, list, multiple.
#include "server/text/command_common.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "notation/board_styles.h"
#include "notation/pbm.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "server/domain/clocks.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

constexpr size_t kMaxBoardsShown = 10;  // boards drawn by one command (a Dai board is 4 KB)
constexpr size_t kMaxListed = 100;      // rows of one list
constexpr size_t kMaxUsersNamed = 10;   // users named in one command

using Filter = GameFilter;

std::optional<Filter> parse_filter(const std::string& word) {
  std::string w = lower(word);
  if (w == "all") return Filter::All;
  if (w == "active") return Filter::Active;
  if (w == "inactive") return Filter::Inactive;
  if (w == "next") return Filter::Next;
  return std::nullopt;
}

// Whether the game passes the filter; `users`: whose turn counts for Next.
bool passes(const GameState& s, Filter f, const std::vector<Id>& users) {
  switch (f) {
    case Filter::All:
      return true;
    case Filter::Active:
      return !is_over(s.status);
    case Filter::Inactive:
      return is_over(s.status);
    case Filter::Next: {
      if (s.status != GameStatus::Active) return false;
      Id mover = side_to_move(s) == kBlack ? s.black.id : s.white.id;
      return std::find(users.begin(), users.end(), mover) != users.end();
    }
  }
  return false;
}

// "unfinished ", "finished ", "" (all), "to move on " (next): for "no ... games".
std::string filter_words(Filter f) {
  switch (f) {
    case Filter::Active:
      return "unfinished ";
    case Filter::Inactive:
      return "finished ";
    case Filter::Next:
      return "to move on ";
    case Filter::All:
      break;
  }
  return "";
}

// The answer when a filter leaves no board of `game` for the players `names`.
std::string no_boards(Filter f, const std::string& game, const std::string& names) {
  if (f == Filter::Next) return "It is not " + names + "'s move on any board of " + game + ".\n";
  return "No " + filter_words(f) + "boards of " + game + " for " + names + ".\n";
}

// The games a game's word lists: chushogi lists Dai too, since pbmserv plays Dai as
// "chushogi -dai" (same_game), but daishogi lists Dai alone.
std::vector<std::string> family(const std::string& game) {
  if (game == "chu") return {"chu", "dai"};
  return {game};
}

std::string game_name(const std::string& id) {
  try {
    return builtin_variant(id)->name;
  } catch (const VariantError&) {
    return id;
  }
}

// A game's status in a list: "over: ...", "adjourned", "alice to move".
std::string list_status(const GameState& s) {
  if (is_over(s.status)) return "over: " + describe_result(s);
  if (s.status == GameStatus::Adjourned) return "adjourned";
  return (side_to_move(s) == kBlack ? s.black.name : s.white.name) + " to move";
}

// The game and its setup in a list: "Chu Shogi (with drops)".
std::string list_game(const GameState& s) {
  std::string game = game_name(s.setup.game);
  std::string note = setup_note(s.setup);
  return note.empty() ? game : game + " (" + note + ")";
}

// A board word of show: "12", "#12" or pbmserv's "12#5" (the board after move 5).
struct BoardSpec {
  std::string board;       // the board number's word
  std::optional<int> ply;  // after this many moves
};

// A word that starts with a digit or '#' is a board, since no user name does: a malformed
// one is refused as a board number (board_number), never looked up as a name.
std::optional<BoardSpec> board_spec(const std::string& word) {
  if (word.empty() || !(std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == '#'))
    return std::nullopt;
  size_t hash = word.find('#', 1);
  BoardSpec spec{word.substr(0, hash), std::nullopt};
  if (hash != std::string::npos) {
    std::string move = word.substr(hash + 1);
    bool digits = !move.empty() && move.size() <= 6 &&
                  std::all_of(move.begin(), move.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits)
      throw CommandError(quoted(word) + " is not BOARD#MOVE: MOVE is a number of moves (12#30)");
    spec.ply = std::stoi(move);
  }
  return spec;
}

// " Check: the King on 5i is attacked." when a royal of the side to move is (any royal: in
// Chu the Prince names itself apart from the King), else "".
std::string check_words(const Position& pos) {
  const Color us = pos.side_to_move();
  std::array<Square, Position::kMaxRoyals> royals{};
  int n = royals_under_attack(pos, us, royals.data());
  if (n == 0) return "";
  std::string named;
  for (int i = 0; i < n; ++i) {
    named += i == 0 ? "" : i + 1 == n ? " and " : ", ";
    named += "the " + pos.variant().piece(kind_of(pos.at(royals[i]))).name + " on " +
             square_name(pos.variant(), royals[i]);
  }
  return " Check: " + named + (n == 1 ? " is" : " are") + " attacked.";
}

// The lines that end a board or a record: who is to move (and "Check"), the offers, the
// result and its rating changes.
std::string game_status(const GameView& v, const Position& pos) {
  std::string status;
  switch (v.state.status) {
    case GameStatus::Active:
      status = player(v.state, v.to_move) + " to move." + check_words(pos) + "\n";
      if (v.state.draw_offer) status += player(v.state, *v.state.draw_offer) + " offers a draw.\n";
      if (v.state.takeback_offer)
        status += player(v.state, *v.state.takeback_offer) + " asks to take back a move.\n";
      break;
    case GameStatus::Adjourned:
      status = "Adjourned: " + player(v.state, v.to_move) + " has sealed a move.\n";
      if (v.state.sealed && !v.state.sealed->usi.empty())
        status += "Your sealed move (only you see it): " + v.state.sealed->usi + "\n";
      break;
    case GameStatus::Finished:
      status = "Game over: " + v.result_text + ".\n";
      for (const RatingChange& c : v.rating_changes) status += rating_change_line(c);
      break;
    case GameStatus::Aborted:
      status = "Game " + v.result_text + ".\n";
      break;
  }
  return status;
}

// GAME moves BOARD: the game's record as pbmserv mails it, a line per move number with
// Black's move and White's ("12. P8i-8h    P5d-5e"); "..." stands for Black's move where
// White moved first (a handicap). Moves in the notation of the boards and the move replies.
std::string record_text(const GameView& v) {
  Game game(parse_sfen(setup_variant(v.state.setup), v.start_sfen));
  std::vector<std::array<std::string, 2>> rows;  // Black's move and White's
  for (const MoveRecord& rec : v.moves) {
    const Position& pos = game.position();
    Move m = parse_usi(pos, rec.usi);
    const int side = pos.side_to_move() == kBlack ? 0 : 1;
    if (side == 0 || rows.empty() || !rows.back()[1].empty()) rows.push_back({"...", ""});
    rows.back()[side] = to_pbm_move(pos, m, PbmForm::Full);
    game.play(m);
  }
  std::string head = "Board " + std::to_string(v.state.id) + ": " + v.game_name;
  if (std::string note = setup_note(v.state.setup); !note.empty()) head += " (" + note + ")";
  head += ", " + players(v.state) + "\n";
  if (rows.empty()) return head + "No moves played yet.\n\n" + game_status(v, game.position());
  head += "Moves played: " + std::to_string(v.moves.size()) + "\n\n";
  const size_t number_width = std::to_string(rows.size()).size();
  size_t black_width = 0;
  for (const auto& row : rows) black_width = std::max(black_width, row[0].size());
  std::string out;
  for (size_t i = 0; i < rows.size(); ++i) {
    std::string number = std::to_string(i + 1) + ".";
    std::string line =
        std::string(number_width + 1 - number.size(), ' ') + number + " " + rows[i][0];
    if (!rows[i][1].empty())
      line += std::string(black_width - rows[i][0].size() + 2, ' ') + rows[i][1];
    out += line + "\n";
  }
  return head + out + "\n" + game_status(v, game.position());
}

}  // namespace


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
                       p.verb + (p.verb == "showas" ? "" : " " + std::to_string(id)) + " ...'");
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

std::string CommandInterface::draw(const GameView& v, const Preferences& prefs, Id viewer,
                                   std::optional<int> at_ply) {
  const int ply = at_ply ? *at_ply : v.state.ply;
  if (ply < 0 || ply > v.state.ply)
    throw CommandError("board " + std::to_string(v.state.id) + " has " +
                       std::to_string(v.state.ply) + " moves: there is no position after move " +
                       std::to_string(ply));
  GameView shown = v;
  shown.moves.resize(static_cast<size_t>(ply));
  Replayed r = replay(shown);
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
  if (ply < v.state.ply) {
    head += "The position after move " + std::to_string(ply) + " of " +
            std::to_string(v.state.ply) +
            (ply ? std::string("; the last, by ") + color_name(~r.game.position().side_to_move()) +
                       ": " + r.last_move
                 : std::string()) +
            "\n";
    Color mover = r.game.position().side_to_move();
    return head + "\n" + text + "\n" + player(v.state, mover) + " to move then.\n";
  }
  if (v.state.ply)
    head += "Moves played: " + std::to_string(v.state.ply) + "; the last, by " +
            color_name(~r.game.position().side_to_move()) + ": " + r.last_move + "\n";
  if (v.state.time_control.kind != TimeControl::Kind::None)
    head += "Time control: " + describe(v.state.time_control) + "\n";
  head += clock_line(v);

  std::string status = game_status(v, r.game.position());
  return head + "\n" + text + "\n" + status;
}

Id CommandInterface::sender_in(const GameView& v, const CommandContext& ctx) {
  if (ctx.sender_user) return ctx.sender_user;
  if (!ctx.sender_email.empty())
    for (const PlayerRef& who : {v.state.black, v.state.white})
      if (iequals(accounts_.user(who.id).email, ctx.sender_email)) return who.id;
  return 0;
}

std::string CommandInterface::draw_boards(const std::vector<GameState>& games,
                                          const std::string& more, const User* as,
                                          const CommandContext& ctx) {
  std::string out;
  for (size_t i = 0; i < games.size() && i < kMaxBoardsShown; ++i) {
    GameView v = games_.view(games[i].id, as ? as->id : 0);
    if (i) out += "\n";
    out += as ? draw(v, as->preferences, as->id)
              : draw(v, viewer_preferences(v, "", ctx), sender_in(v, ctx));
  }
  if (games.size() > kMaxBoardsShown)
    out += "\n" + std::to_string(games.size() - kMaxBoardsShown) +
           " more boards not shown (at most " + std::to_string(kMaxBoardsShown) +
           " a command): " + more + "\n";
  return out;
}

// GAME board|show BOARD[#MOVE]... [USER]  or  GAME show USER... [all|active|inactive|next]
// or  GAME moves BOARD (record_text)
std::string CommandInterface::board(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  if (p.verb == "moves") {
    want_words(w, 3, 3, p.game_word, "moves");
    return record_text(board_view(p, w[2], 0));  // who may see a board may see its moves
  }
  want_words(w, 3, 2 + kMaxBoardsShown + 1, p.game_word, p.verb);
  if (p.verb == "show" && !board_spec(w[2])) return show_users(p, ctx);
  std::vector<BoardSpec> boards;
  std::string user_word;
  for (size_t i = 2; i < w.size(); ++i) {
    std::optional<BoardSpec> spec = board_spec(w[i]);
    if (i == 2 && !spec) board_number(w[i]);  // throws: `board` needs a board first
    if (spec) {
      if (boards.size() == kMaxBoardsShown)
        throw CommandError(p.verb + ": at most " + std::to_string(kMaxBoardsShown) +
                           " boards a command");
      boards.push_back(*spec);
    } else if (i + 1 == w.size()) {
      user_word = w[i];
    } else {
      throw CommandError(p.verb + ": " + quoted(w[i]) +
                         " is not a board number (write BOARD or BOARD#MOVE, such as 12#30)");
    }
  }
  Id named = 0;
  if (!user_word.empty()) {
    try {
      named = accounts_.user_by_name(user_word).id;
    } catch (const ServiceError& e) {
      throw CommandError(p.verb + ": " + e.what());
    }
  }
  std::string out;
  for (size_t i = 0; i < boards.size(); ++i) {
    // Viewed by nobody: the USER named is only whose settings draw it (what only a player may
    // see is showas's, behind the password).
    GameView v = board_view(p, boards[i].board, 0);
    Id viewer = named ? named : sender_in(v, ctx);
    if (i) out += "\n";
    out += draw(v, viewer_preferences(v, user_word, ctx), viewer, boards[i].ply);
  }
  return out;
}

// GAME show USER... [all|active|inactive|next]: the boards of these players' games of GAME
// (unfinished ones unless a filter says otherwise).
std::string CommandInterface::show_users(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  size_t end = w.size();
  Filter filter = Filter::Active;
  if (auto f = parse_filter(w[end - 1]); f && end > 3) {
    filter = *f;
    --end;
  }
  std::vector<User> users = named_users(p, 2, end);
  std::vector<Id> ids;
  for (const User& u : users) ids.push_back(u.id);
  std::vector<GameState> shown;
  for (const User& u : users)
    for (const GameState& s : games_of_family(u.id, p.game->id))
      if (passes(s, filter, ids) &&
          std::none_of(shown.begin(), shown.end(), [&](const GameState& g) { return g.id == s.id; }))
        shown.push_back(s);
  std::sort(shown.begin(), shown.end(),
            [](const GameState& a, const GameState& b) { return a.id > b.id; });
  std::string names;
  for (const User& u : users) names += (names.empty() ? "" : " ") + u.name;
  if (shown.empty()) return no_boards(filter, p.game->name, names);
  return draw_boards(shown, "list them with '" + p.game_word + " games " + names + "'", nullptr,
                     ctx);
}

// GAME showas USER PASSWORD [BOARD...|all|active|inactive|next]: boards as USER sees them,
// with what only USER may see (a sealed move).
std::string CommandInterface::showas(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  want_words(w, 4, 4 + kMaxBoardsShown, p.game_word, "showas");
  const User u = password_user(p, ctx);
  Filter filter = Filter::Active;
  std::vector<GameState> shown;
  if (w.size() == 5 && parse_filter(w[4])) {
    filter = *parse_filter(w[4]);
  } else if (w.size() > 4) {
    for (size_t i = 4; i < w.size(); ++i) {
      std::optional<BoardSpec> spec = board_spec(w[i]);
      if (!spec && parse_filter(w[i]))  // a filter with boards: which one was meant?
        throw CommandError("showas: " + quoted(w[i]) +
                           " stands alone after the password: write either board numbers or "
                           "one of all, active, inactive, next");
      if (!spec || spec->ply)  // showas shows boards as they are now
        throw CommandError("showas: " + quoted(w[i]) +
                           " is not a board number (showas shows a board as it is now, "
                           "never BOARD#MOVE)");
      shown.push_back(board_view(p, spec->board, u.id).state);
    }
    return draw_boards(shown, "", &u, ctx);
  }
  for (const GameState& s : games_of_family(u.id, p.game->id))
    if (passes(s, filter, {u.id})) shown.push_back(s);
  if (shown.empty()) return no_boards(filter, p.game->name, u.name);
  return draw_boards(
      shown, "name them: '" + p.game_word + " showas " + u.name + " PASSWORD BOARD...'", &u, ctx);
}

// all show USER [next|active]: the boards of USER's games of every game.
std::string CommandInterface::all_show(const Words& w, const CommandContext& ctx) {
  if (w.size() < 3 || lower(w[1]) != "show")
    throw CommandError("all: write 'all show USER [next|active]'");
  if (w.size() > 4) throw CommandError("all show: too many words: write 'all show USER [next|active]'");
  User u;
  try {
    u = accounts_.user_by_name(w[2]);
  } catch (const ServiceError& e) {
    throw CommandError("all show: " + std::string(e.what()));
  }
  Filter filter = Filter::Active;
  if (w.size() == 4) {
    std::optional<Filter> f = parse_filter(w[3]);
    if (!f || (*f != Filter::Next && *f != Filter::Active))
      throw CommandError("all show: " + quoted(w[3]) + " is neither next nor active");
    filter = *f;
  }
  std::vector<GameState> shown;
  for (const GameState& s : games_.games_of(u.id, /*viewer=*/0))
    if (passes(s, filter, {u.id})) shown.push_back(s);
  if (shown.empty())
    return u.name + " has no " + filter_words(filter) + "boards.\n";
  return draw_boards(shown, "list them with 'GAME games " + u.name + "'", nullptr, ctx);
}

std::vector<GameState> CommandInterface::games_of_family(Id user, const std::string& game) {
  std::vector<std::string> ids = family(game);
  std::vector<GameState> out;
  for (const GameState& s : games_.games_of(user, /*viewer=*/0))  // lists no moves
    if (std::find(ids.begin(), ids.end(), s.setup.game) != ids.end()) out.push_back(s);
  return out;
}

std::vector<User> CommandInterface::named_users(const Parsed& p, size_t from, size_t to) {
  if (to - from > kMaxUsersNamed)
    throw CommandError(p.verb + ": at most " + std::to_string(kMaxUsersNamed) +
                       " users a command");
  std::vector<User> users;
  for (size_t i = from; i < to; ++i) {
    try {
      users.push_back(accounts_.user_by_name(p.w[i]));
    } catch (const ServiceError& e) {
      throw CommandError(p.verb + ": " + e.what());
    }
  }
  return users;
}

// GAME games USER... [all|active|inactive|next]: the players' games of GAME; without USER,
// everyone's unfinished games of GAME.
std::string CommandInterface::games(const Parsed& p, const CommandContext&) {
  const Words& w = p.w;
  size_t end = w.size();
  std::optional<Filter> filter;
  if (end > 2) {
    filter = parse_filter(w[end - 1]);
    if (filter) --end;
  }
  if (end == 2) return all_games(p, filter.value_or(Filter::Active));
  std::vector<User> users = named_users(p, 2, end);
  std::string out;
  for (const User& u : users) {
    std::vector<GameState> list;
    for (const GameState& s : games_of_family(u.id, p.game->id))
      if (passes(s, filter.value_or(Filter::All), {u.id})) list.push_back(s);
    if (!out.empty()) out += "\n";
    if (list.empty()) {
      out += filter == Filter::Next
                 ? "It is not " + u.name + "'s move in any game of " + p.game->name + ".\n"
                 : u.name + " has no " + filter_words(filter.value_or(Filter::All)) +
                       "games of " + p.game->name + ".\n";
      continue;
    }
    // Unfinished games first, newest first within each group (the store's order).
    std::stable_partition(list.begin(), list.end(),
                          [](const GameState& s) { return !is_over(s.status); });
    std::vector<std::vector<std::string>> rows{{"board", "game", "opponent", "colour", "status"}};
    for (size_t i = 0; i < list.size() && i < kMaxListed; ++i) {
      const GameState& s = list[i];
      bool black = s.black.id == u.id;
      rows.push_back({std::to_string(s.id), list_game(s), black ? s.white.name : s.black.name,
                      s.black.id == s.white.id ? "both"
                      : black                  ? "Black"
                                               : "White",
                      list_status(s)});
    }
    out += "Games of " + u.name + ":\n" + table(rows);
    if (list.size() > kMaxListed)
      out += "... and " + std::to_string(list.size() - kMaxListed) + " older games.\n";
  }
  return out;
}

// Everyone's games of a family, newest first, at most kMaxListed.
std::string CommandInterface::all_games(const Parsed& p, Filter filter) {
  if (filter == Filter::Next)
    throw CommandError("games: 'next' lists the boards where a player is to move: name the "
                       "player ('" + p.game_word + " games USER next')");
  std::vector<GameState> list;
  for (const std::string& id : family(p.game->id)) {
    GameQuery q;
    q.game = id;
    if (filter == Filter::Active) q.statuses = {GameStatus::Active, GameStatus::Adjourned};
    if (filter == Filter::Inactive) q.statuses = {GameStatus::Finished, GameStatus::Aborted};
    q.limit = static_cast<int>(kMaxListed) + 1;
    for (GameState& s : games_.find_games(q, /*viewer=*/0)) list.push_back(std::move(s));
  }
  std::sort(list.begin(), list.end(),
            [](const GameState& a, const GameState& b) { return a.id > b.id; });
  std::string which = filter_words(filter);
  if (list.empty()) return "No " + which + "games of " + p.game->name + ".\n";
  std::vector<std::vector<std::string>> rows{{"board", "game", "Black", "White", "moves", "status"}};
  for (size_t i = 0; i < list.size() && i < kMaxListed; ++i) {
    const GameState& s = list[i];
    rows.push_back({std::to_string(s.id), list_game(s), s.black.name, s.white.name,
                    std::to_string(s.ply), list_status(s)});
  }
  std::string out = "The " + which + "games of " + p.game->name + ", newest first:\n" + table(rows);
  if (list.size() > kMaxListed) out += "... and older games.\n";
  return out;
}

// list [GAME...]: the games of this server, with their unfinished boards.
std::string CommandInterface::list(const Words& w) {
  if (w.size() > 1 + kMaxUsersNamed) throw CommandError("list: name at most 10 games");
  if (w.size() == 1) {
    std::vector<std::vector<std::string>> rows{{"game", "unfinished boards", "names"}};
    for (const std::string& id : builtin_variant_ids()) {
      auto v = builtin_variant(id);
      std::string names = id;
      for (const std::string& a : v->aliases) names += ", " + a;
      GameQuery q;
      q.game = id;
      q.statuses = {GameStatus::Active, GameStatus::Adjourned};
      q.limit = static_cast<int>(kMaxListed) + 1;
      size_t n = games_.find_games(q, /*viewer=*/0).size();
      rows.push_back(
          {v->name, n > kMaxListed ? std::to_string(kMaxListed) + "+" : std::to_string(n), names});
    }
    return "The games of this server ('list GAME' lists a game's unfinished boards):\n" +
           table(rows, /*numbers_first=*/false);
  }
  std::string out;
  for (size_t i = 1; i < w.size(); ++i) {
    std::shared_ptr<const Variant> v;
    try {
      v = builtin_variant(lower(w[i]));
    } catch (const VariantError&) {
      throw CommandError("list: unknown game " + quoted(w[i]), "The games: " + game_list() + ".");
    }
    Parsed p{w};
    p.game = v;
    p.game_word = lower(w[i]);
    p.verb = "list";
    if (i > 1) out += "\n";
    out += all_games(p, Filter::Active);
  }
  return out;
}

}  // namespace kirin::server
