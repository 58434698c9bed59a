// The commands of a game in play beyond the move itself (commands.h): the proposal forms of
// move (undo, propose, accept, reject, resign), preview, queue, and the refusal of submit and
// confirm.
#include "server/text/command_common.h"

#include "notation/pbm.h"
#include "notation/usi.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

// The pbmserv notations (read_written_move) as the service's move parser.
Move read_written(const Position& pos, std::string_view text) {
  return read_written_move(pos, std::string(text));
}

// The moves of a line, each pbmserv move a word (a Game Courier move with blanks reads as
// its parts joined by the blanks is not supported in a line: write it without them, or in
// USI); a '#moveno' on the first says which move it is.
struct NumberedLine {
  std::vector<std::string> moves;
  std::optional<int> moveno;
};

NumberedLine numbered_line(const Words& w, size_t first, const std::string& where) {
  NumberedLine out;
  for (size_t i = first; i < w.size(); ++i) {
    MoveNumber m = split_move_number(w[i], where);
    if (m.moveno && i != first)
      throw CommandError(where + "only the first move of a line takes a #moveno (" +
                         quoted(w[i]) + ")");
    if (m.moveno) out.moveno = m.moveno;
    out.moves.push_back(m.move);
  }
  return out;
}

std::string their(const User& u) { return u.name + "'s"; }

// What a takeback from `before` to `after` took back: the asker's last move, and perhaps the
// reply to it.
std::string taken_back(const std::string& asker, const std::string& replier, int before,
                        int after) {
  return before - after == 2 ? asker + "'s last move and " + replier + "'s reply are taken back"
                             : asker + "'s last move is taken back";
}

}  // namespace

std::string CommandInterface::proposal(const Parsed& p, const User& u, const GameView& v,
                                       const std::string& word) {
  const Id id = v.state.id;
  const std::string board = "Board " + std::to_string(id) + ": ";
  const std::string where = word + " in board " + std::to_string(id) + ": ";
  const Color c = v.state.black.id == u.id ? kBlack : kWhite;
  const PlayerRef& opponent = c == kBlack ? v.state.white : v.state.black;
  const std::string answer = "'" + p.game_word + " move " + std::to_string(id) + " " +
                             opponent.name + " PASSWORD accept' (or reject)";
  std::string said;
  try {
    if (word == "undo") {
      games_.ask_takeback(id, u.id);
      GameView after = games_.view(id, u.id);
      said = after.state.takeback_offer
                 ? u.name + " asks to take back their last move; " + opponent.name +
                       " answers with " + answer + "."
                 : opponent.name + " accepted at once: " +
                       taken_back(u.name, opponent.name, v.state.ply, after.state.ply) + ".";
    } else if (word == "propose") {
      games_.offer_draw(id, u.id);
      GameView after = games_.view(id, u.id);
      said = is_over(after.state.status)
                 ? u.name + " agreed to " + opponent.name + "'s draw offer."
                 : u.name + " offers a draw; " + opponent.name + " answers with " + answer + ".";
    } else if (word == "accept" || word == "reject") {
      // A request to take back is answered first: it is about the last move, a draw offer
      // stays open until a move.
      const bool takeback = v.state.takeback_offer.has_value() &&
                            (v.state.takeback_offer == ~c || !v.state.draw_offer);
      if (word == "accept") {
        if (takeback) {
          games_.accept_takeback(id, u.id);
          said = u.name + " accepted: " +
                 taken_back(opponent.name, u.name, v.state.ply, games_.view(id).state.ply) + ".";
        } else if (v.state.draw_offer == ~c) {
          games_.accept_draw(id, u.id);
          said = u.name + " accepted the draw.";
        } else {
          throw CommandError(where + opponent.name + " has proposed nothing to accept");
        }
      } else if (takeback) {
        const bool own = v.state.takeback_offer == c;
        games_.decline_takeback(id, u.id);
        said = own ? u.name + " withdrew their request to take back."
                   : u.name + " rejected " + opponent.name + "'s request to take back.";
      } else if (v.state.draw_offer == ~c) {
        games_.decline_draw(id, u.id);
        said = u.name + " rejected the draw offer.";
      } else {
        throw CommandError(where + opponent.name + " has proposed nothing to reject");
      }
    } else {  // resign
      games_.resign(id, u.id);
      said = u.name + " resigned.";
    }
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
  return board + said + "\n" + draw(games_.view(id, u.id), u.preferences, u.id);
}

// GAME preview BOARD MOVE+: the board after the moves, nothing played (no password: the
// board is public, as `board` is).
std::string CommandInterface::preview(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  if (w.size() < 4) bad_usage(p.game_word, "preview", "preview: name the board and the moves");
  Id viewer = ctx.sender_user;
  GameView v = board_view(p, w[2], viewer);
  const std::string where = "preview of board " + std::to_string(v.state.id) + ": ";
  NumberedLine line = numbered_line(w, 3, where);
  Preview pv;
  try {
    if (line.moveno) check_expected_ply(v.state, *line.moveno - 1);
    pv = games_.preview(v.state.id, line.moves, read_written);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
  GameView after = v;
  TimeMs at = v.now;
  for (size_t i = 0; i < pv.moves.size(); ++i)
    after.moves.push_back(MoveRecord{v.state.ply + int(i) + 1, pv.moves[i], 0, at});
  after.state.ply = pv.ply;
  after.to_move = pv.to_move;
  after.state.draw_offer.reset();
  after.state.takeback_offer.reset();
  std::string out = "Preview of board " + std::to_string(v.state.id) + " after " +
                    std::to_string(pv.moves.size()) + (pv.moves.size() == 1 ? " move" : " moves") +
                    " (nothing is played):\n" +
                    draw(after, viewer_preferences(v, "", ctx), viewer);
  if (!pv.ending.empty()) out += "The game would end there: " + pv.ending + ".\n";
  return out;
}

// GAME queue BOARD USER PASSWORD [MOVE[#moveno] MOVE...|clear]: conditional moves.
std::string CommandInterface::queue(const Parsed& p, const CommandContext& ctx) {
  const Words& w = p.w;
  if (w.size() < 5) bad_usage(p.game_word, "queue", "queue: too few words");
  Id id = board_number(w[2], false);
  std::string where = "queue in board " + std::to_string(id) + ": ";
  User u = board_player(p, where, ctx);
  GameView v = board_view(p, w[2], u.id);
  auto listing = [&](const Forecast& f) {
    if (f.lines.empty()) return u.name + " has no conditional moves in board " +
                                std::to_string(id) + ".\n";
    Game at(replay(v).game);
    std::string out = "Conditional moves of " + u.name + " in board " + std::to_string(id) +
                      " (each: if the opponent plays the first, answer with the second...):\n";
    for (size_t i = 0; i < f.lines.size(); ++i) {
      out += "  " + std::to_string(i + 1) + ".";
      Game g = at;
      for (const std::string& usi : f.lines[i]) {
        Move m = parse_usi(g.position(), usi);
        out += " " + to_pbm_move(g.position(), m, PbmForm::Full);
        g.play(m);
      }
      out += "\n";
    }
    return out;
  };
  try {
    if (w.size() == 5) return listing(games_.forecast(id, u.id));
    if (w.size() == 6 && lower(w[5]) == "clear") {
      games_.set_forecast(id, u.id, {});
      return "Board " + std::to_string(id) + ": " + their(u) + " conditional moves are deleted.\n";
    }
    NumberedLine line = numbered_line(w, 5, where);
    GameService::Queued q = games_.queue(
        id, u.id, line.moves, line.moveno ? std::optional<int>(*line.moveno - 1) : std::nullopt,
        read_written);
    std::string out;
    if (q.played) {
      const Replayed r = replay(v);
      const Position& before = r.game.position();
      out = "Board " + std::to_string(id) + ", move " + std::to_string(q.played->move.ply) +
            ": " + u.name + " (" + color_name(before.side_to_move()) + ") played " +
            to_pbm_move(before, parse_usi(before, q.played->move.usi), PbmForm::Full) + ".\n";
    }
    v = games_.view(id, u.id);
    if (q.played) out += answered_at_once(v, q.played->move.ply);
    if (q.forecast.ply == v.state.ply) out += listing(q.forecast);
    return out + draw(v, u.preferences, u.id);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
}

// pbmserv's submit and confirm hold a move until it is confirmed. Kirin has no such state: a
// move is played when sent, `preview` shows the board a move leads to without playing it,
// and a move with #moveno cannot land on a position its writer did not see.
std::string CommandInterface::held_move(const Parsed& p) {
  throw CommandError(p.verb + ": Kirin holds no unconfirmed moves: look at the board a move "
                              "leads to with '" +
                     p.game_word + " preview BOARD MOVE', then play it with '" + p.game_word +
                     " move BOARD USER PASSWORD MOVE#MOVENO'");
}

}  // namespace kirin::server
