#include "server/text/command_common.h"

#include <algorithm>
#include <cmath>

#include "notation/gamecourier.h"
#include "notation/pbm.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "server/domain/clocks.h"
#include "server/domain/game_setup.h"
#include "server/domain/service_error.h"

namespace kirin::server {

const char* color_name(Color c) { return c == kBlack ? "Black" : "White"; }

std::string quoted(std::string_view s) { return quoted_input(s.substr(0, 100)); }

// --- Usage ---

std::string usage(const std::string& game, const std::string& verb) {
  if (verb == "signup" || verb == "add") return verb + " USER PASSWORD EMAIL";
  if (verb == "change password") return "change password USER OLD-PASSWORD NEW-PASSWORD";
  if (verb == "change address") return "change address USER PASSWORD [EMAIL]";
  if (verb == "signoff" || verb == "delete") return verb + " USER PASSWORD";
  if (verb == "message") return "message USER PASSWORD TO-USER...";  // the text: the next lines
  if (verb == "chat") return game + " chat BOARD USER PASSWORD";
  if (verb == "block" || verb == "unblock") return verb + " USER PASSWORD OTHER-USER";
  if (verb == "report") return "report USER PASSWORD OTHER-USER REASON [board=N] [TEXT...]";
  if (verb == "mod")
    return "mod USER PASSWORD reports' or 'mod USER PASSWORD warn|mute|unmute|ban|unban|"
           "close-challenges|unrate-games OTHER-USER [hours=N] REASON...";
  if (verb == "problems") return "problems [COLLECTION]";
  if (verb == "problem") return "problem COLLECTION NAME [MOVE...|solution|proof]";
  if (verb == "mate") return game + " mate SFEN [MOVE...]";
  if (verb == "challenge")
    return game +
           " challenge USER1 USER2 [-drops] [-handicap=SPEC] [-dai] [-lion] "
           "[-option=NAME=VALUE] [-profile=NAME] [-tc=CLOCK] [-rated|-casual] [-notakeback] "
           "[-password=YOURS]";
  if (verb == "accept" || verb == "decline" || verb == "withdraw")
    return game + " " + verb + " CHALLENGE USER PASSWORD";
  if (verb == "challenges") return game + " challenges USER PASSWORD";
  if (verb == "move")
    return game + " move BOARD USER PASSWORD MOVE[#moveno]|undo|propose|accept|reject|resign";
  if (verb == "queue") return game + " queue BOARD USER PASSWORD [MOVE[#moveno] MOVE...|clear]";
  if (verb == "preview") return game + " preview BOARD MOVE[#moveno] MOVE...";
  if (verb == "board" || verb == "show")
    return game + " " + verb + " BOARD[#MOVE]... [USER]' or '" + game + " " + verb +
           " USER... [all|active|inactive|next]";
  if (verb == "showas")
    return game + " showas USER PASSWORD [BOARD...|all|active|inactive|next]";
  if (verb == "moves") return game + " moves BOARD";
  if (verb == "analysis") return game + " analysis BOARD";
  if (verb == "resign" || verb == "abort" || verb == "berserk")
    return game + " " + verb + " BOARD USER PASSWORD";
  if (verb == "games") return game + " games [USER...] [all|active|inactive|next]";
  if (verb == "standings" || verb == "ratings" || verb == "history") return game + " " + verb;
  if (verb == "set")
    return game + " set USER PASSWORD [flip|noflip] [standard|alternate|small] [profile=NAME]";
  if (verb == "tournaments") return game + " tournaments";
  if (verb == "tournament") return game + " tournament ID [PAGE]";
  if (verb == "tournament join")
    return game + " tournament join ID USER PASSWORD [-password=EVENTPASSWORD]";
  if (verb.starts_with("tournament ") && verb != "tournament create")
    return game + " " + verb + " ID USER PASSWORD";
  if (verb == "tournament create")
    return game + " tournament create arena|swiss|robin [-minutes=N] [-rounds=N] [-double] "
                  "[-tc=CLOCK|-days=N] [-rated] [-starts=YYYY-MM-DDTHH:MMZ] [-max=N] "
                  "[-minrating=N] [-mingames=N] [-computer=N] [-level=L] [-interval=S] "
                  "[-name=NAME] [-profile=NAME] [-password=EVENTPASSWORD] USER PASSWORD";
  return "help [SUBJECT...]";
}

[[noreturn]] void bad_usage(const std::string& game, const std::string& verb,
                            const std::string& why) {
  throw CommandError(why + ": write '" + usage(game, verb) + "'");
}

void want_words(const Words& w, size_t least, size_t most, const std::string& game,
                const std::string& verb) {
  if (w.size() < least) bad_usage(game, verb, verb + ": too few words");
  if (w.size() > most) bad_usage(game, verb, verb + ": too many words");
}

// --- Names ---

std::string game_list() {
  std::string out;
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    out += (out.empty() ? "" : ", ") + id;
    if (!v->aliases.empty()) {
      out += " (";
      for (size_t i = 0; i < v->aliases.size(); ++i) out += (i ? ", " : "") + v->aliases[i];
      out += ")";
    }
  }
  return out;
}

bool same_game(const std::string& a, const std::string& b) {
  auto chu = [](const std::string& id) { return id == "chu" || id == "dai"; };
  return a == b || (chu(a) && chu(b));
}

Id board_number(const std::string& word, bool quote) {
  std::string_view w = word;
  if (!w.empty() && w.front() == '#') w.remove_prefix(1);
  bool digits = !w.empty() && w.size() <= 15 &&
                std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
  Id id = digits ? std::stoll(std::string(w)) : 0;
  if (id <= 0)
    throw CommandError((quote ? quoted(word) : "the word after the command") +
                       " is not a board number");
  return id;
}

std::string player(const GameState& s, Color c) {
  const PlayerRef& p = c == kBlack ? s.black : s.white;
  return std::string(color_name(c)) + " (" + p.name + ")";
}

std::string players(const GameState& s) {
  return s.black.name + " (Black) against " + s.white.name + " (White)";
}

TimeControl read_time_control_word(std::string_view spec, const std::string& where) {
  std::string text(spec);
  std::replace(text.begin(), text.end(), '_', ' ');
  try {
    return read_time_control(text);
  } catch (const ServiceError& e) {
    throw CommandError(where + e.what());
  }
}

namespace {

std::string clock_text(int64_t ms) {
  const int64_t s = ms / 1000;
  std::string mm = std::to_string(s % 3600 / 60), ss = std::to_string(s % 60);
  if (ss.size() < 2) ss = "0" + ss;
  if (s >= 3600) return std::to_string(s / 3600) + ":" + (mm.size() < 2 ? "0" : "") + mm + ":" + ss;
  return mm + ":" + ss;
}

}  // namespace

std::string clock_line(const GameView& v) {
  if (v.state.time_control.kind != TimeControl::Kind::Live || is_over(v.state.status)) return "";
  std::string out = "Clocks:";
  for (Color c : {kBlack, kWhite}) {
    out += std::string(c == kBlack ? " " : "; ") + color_name(c) + " " + clock_text(v.clock_ms[c]);
    const TimeControl tc = colour_time_control(v.state, c);
    if (tc.byoyomi_ms)
      out += ", " + seconds_text(tc.byoyomi_ms) + "s x" + std::to_string(v.periods_left[c]);
    if (v.state.berserk[c]) out += " (berserk)";
  }
  return out + "\n";
}

std::string option_note(const std::string& name, const std::string& value) {
  return name == "lion_rules" && value == "true" ? "with Chu Shogi's Lion rules"
                                                 : name + "=" + value;
}

std::string setup_note(const GameSetup& s) {
  std::vector<std::string> parts;
  if (s.rated) parts.push_back("rated");
  if (!s.profile.empty()) parts.push_back(s.profile + " rules");
  if (s.drops) parts.push_back(*s.drops ? "with drops" : "without drops");
  if (!s.handicap.empty()) parts.push_back("handicap " + s.handicap);
  for (const auto& [name, value] : s.options) parts.push_back(option_note(name, value));
  if (!s.takebacks) parts.push_back("no takebacks");
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out;
}

// Rows as a table, left-aligned but for a first column of numbers.
std::string table(const std::vector<std::vector<std::string>>& rows, bool numbers_first) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()));
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line = numbers_first ? std::string(width[0] - row[0].size(), ' ') + row[0]
                                     : row[0] + std::string(width[0] - row[0].size(), ' ');
    for (size_t c = 1; c < row.size(); ++c) {
      line += "  " + row[c];
      if (c + 1 < row.size()) line += std::string(width[c] - row[c].size(), ' ');
    }
    out += line + "\n";
  }
  return out;
}

// --- Ratings ---

std::string rating_text(const Glicko2Rating& r) {
  return std::to_string(std::lround(r.rating)) + (is_provisional(r) ? "?" : "");
}

std::string rating_change_line(const RatingChange& c) {
  long diff = std::lround(c.after.rating) - std::lround(c.before.rating);
  return c.user.name + "'s " + c.game + " rating: " + rating_text(c.before) + " -> " +
         rating_text(c.after) + " (" + (diff >= 0 ? "+" : "") + std::to_string(diff) + ")\n";
}

// --- Positions ---


Replayed replay(const GameView& v) {
  std::shared_ptr<const Variant> variant = setup_variant(v.state.setup);
  Replayed r{Game(parse_sfen(variant, v.start_sfen)), {}};
  for (const MoveRecord& rec : v.moves) {
    Move m = parse_usi(r.game.position(), rec.usi);
    r.last_move = to_pbm_move(r.game.position(), m, PbmForm::Full);
    r.game.play(m);
  }
  return r;
}

std::string answered_at_once(const GameView& v, int ply) {
  if (int(v.moves.size()) <= ply) return "";
  GameView before = v;
  before.moves.resize(size_t(ply));
  Game at = replay(before).game;
  std::string out = "Played at once from conditional moves:";
  for (size_t i = size_t(ply); i < v.moves.size(); ++i) {
    Move m = parse_usi(at.position(), v.moves[i].usi);
    out += " " + to_pbm_move(at.position(), m, PbmForm::Full);
    at.play(m);
  }
  return out + ".\n";
}

MoveNumber split_move_number(const std::string& word, const std::string& where) {
  size_t hash = word.rfind('#');
  if (hash == std::string::npos) return {word, std::nullopt};
  std::string digits = word.substr(hash + 1);
  if (digits.empty() || digits.size() > 6 ||
      digits.find_first_not_of("0123456789") != std::string::npos || std::stoi(digits) < 1)
    throw CommandError(where + "after '#' comes the number of the move you play (the first "
                               "move is 1), not " + quoted(digits));
  return {word.substr(0, hash), std::stoi(digits)};
}

namespace {

bool malformed(const NotationError& e) {
  return std::string_view(e.what()).substr(0, 14) == "malformed move";
}

}  // namespace

Move read_written_move(const Position& pos, const std::string& text) {
  std::optional<NotationError> pbm, gc;
  try {
    return parse_pbm_move(pos, text);
  } catch (const NotationError& e) {
    pbm = e;
  }
  std::optional<Move> gc_move;
  try {
    gc_move = parse_gamecourier_move(pos, text);
  } catch (const NotationError& e) {
    gc = e;
  }
  if (!malformed(*pbm)) {
    // pbmserv read it but found no legal move. Game Courier may overrule only a wrong piece
    // code (its labels are other letters), and never by declining an optional promotion
    // silently.
    if (gc_move && std::string_view(pbm->what()).substr(0, 11) == "wrong piece") {
      Move twin = *gc_move;
      twin.flags |= Move::kPromote;
      bool silent_decline = !gc_move->is_drop() && !gc_move->promotes() &&
                            text.find('=') == std::string::npos && is_legal(pos, twin);
      if (!silent_decline) return *gc_move;
    }
    throw *pbm;
  }
  if (gc_move) return *gc_move;
  try {
    return parse_usi(pos, text);
  } catch (const NotationError& usi) {
    if (!malformed(*gc)) throw *gc;  // Game Courier read it: its reason
    if (!malformed(usi)) throw;      // USI read it: its reason
    throw NotationError("cannot read " + quoted(text) +
                            " as a move in pbmserv notation (7g-7f, Ln7g-6f, Lnx!4f), Game "
                            "Courier's (p 7g-7f) or USI (7g7f): " +
                            pbm->what(),
                        "move");
  }
}

}  // namespace kirin::server
