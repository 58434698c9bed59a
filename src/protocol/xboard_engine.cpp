#include "protocol/xboard_engine.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "notation/sfen.h"
#include "protocol/text_util.h"
#include "protocol/variant_names.h"
#include "protocol/xboard_notation.h"
#include "rules/movegen.h"

namespace kirin::protocol {
namespace {

// The longest clock `time` and `otim` take: a year, far more than any game's.
constexpr int64_t kMaxCentiseconds = 365LL * 24 * 3600 * 100;

// XBoard's mate convention: 100000 + N for mate in N moves.
int xboard_score(int score) {
  if (!is_mate_score(score)) return score;
  int moves = (kMateScore - std::abs(score) + 1) / 2;
  return score > 0 ? 100000 + moves : -100000 - moves;
}

std::string xboard_pv(Position pos, const std::vector<Move>& pv) {
  std::string out;
  for (const Move& m : pv) {
    if (!out.empty()) out += ' ';
    out += to_xboard_move(pos, m);
    Undo u;
    pos.do_move(m, u);
  }
  return out;
}

// "1:30" or "5" (minutes) or "0:10.5" -> milliseconds; -1 if malformed.
int64_t parse_minutes(std::string_view text) {
  auto colon = text.find(':');
  std::string minutes(text.substr(0, colon));
  char* end = nullptr;
  double m = std::strtod(minutes.c_str(), &end);
  if (minutes.empty() || *end || m < 0) return -1;
  double s = 0;
  if (colon != std::string_view::npos) {
    std::string seconds(text.substr(colon + 1));
    s = std::strtod(seconds.c_str(), &end);
    if (seconds.empty() || *end || s < 0) return -1;
  }
  return int64_t(std::llround((m * 60 + s) * 1000));
}

}  // namespace

XboardEngine::XboardEngine(std::istream& in, std::ostream& out, EngineConfig config)
    : in_(in), out_(out), config_(std::move(config)), session_(config_.rules, config_.hash_mb) {}

XboardEngine::~XboardEngine() { cancel_search(); }

void XboardEngine::run() {
  std::string line;
  while (std::getline(in_, line))
    if (!handle(line)) return;
  // End of input: let a search that will move finish (analysis is stopped).
  if (!thinking_on_move_) cancel_search();
  session_.wait();
}

void XboardEngine::cancel_search() {
  ++search_id_;
  session_.stop_and_wait();
  thinking_on_move_ = false;
}

bool XboardEngine::handle(std::string_view line) {
  line_read_ = std::chrono::steady_clock::now();
  auto [command, args] = split_command(line);
  if (command.empty()) return true;
  // Anything but another usermove abandons a half-entered two-leg move.
  if (command != "usermove") pending_leg_.clear();
  if (command != "put" && command != "lift" && command != "hover") lifted_ = kNoSquare;
  if (thinking_on_move_ && !session_.searching()) {
    session_.wait();  // the worker has played its move; reap it
    thinking_on_move_ = false;
  }

  if (command == "xboard" || command == "accepted" || command == "rejected" ||
      command == "random" || command == "computer" || command == "name" ||
      command == "rating" || command == "ics" || command == "hint" || command == "bk" ||
      command == "draw" || command == "hover" || command == "." || command == "cores" ||
      command == "easy" || command == "hard" || command == "setscore") {
    // Accepted; nothing to do: one thread, no pondering, no opening book, never agrees to
    // draws.
  } else if (command == "protover") {
    cmd_protover();
  } else if (command == "option") {
    cmd_option(args);
  } else if (command == "new") {
    cmd_new();
  } else if (command == "variant") {
    cmd_variant(args);
  } else if (command == "force") {
    cancel_search();
    force_ = true;
  } else if (command == "go") {
    cancel_search();
    force_ = false;
    analysing_ = false;
    engine_side_ = session_.game().position().side_to_move();
    maybe_think();
  } else if (command == "playother") {
    cancel_search();
    force_ = false;
    engine_side_ = ~session_.game().position().side_to_move();
  } else if (command == "usermove") {
    cmd_usermove(args);
  } else if (command == "setboard") {
    cmd_setboard(args);
  } else if (command == "ping") {
    // Commands before the ping are done once the move being thought about is sent.
    if (thinking_on_move_) {
      session_.wait();
      thinking_on_move_ = false;
    }
    out_.line("pong " + args);
  } else if (command == "memory") {
    auto mb = parse_int(args);
    if (!mb || *mb < 1 || *mb > 65536) {
      out_.line("Error (memory takes MiB from 1 to 65536): memory " + args);
    } else {
      cancel_search();
      session_.set_hash_mb(size_t(*mb));
      maybe_think();
    }
  } else if (command == "level") {
    cmd_level(args);
  } else if (command == "st") {
    std::optional<int64_t> ms = parse_seconds(args);
    if (!ms || *ms <= 0)
      out_.line("Error (st takes seconds per move): st " + args);
    else
      fixed_move_ms_ = *ms;
  } else if (command == "sd") {
    auto d = parse_int(args);
    if (!d || *d < 1)
      out_.line("Error (sd takes a depth of at least 1): sd " + args);
    else
      max_depth_ = int(std::min<int64_t>(*d, kMaxPly - 1));
  } else if (command == "time" || command == "otim") {
    auto cs = parse_int(args);
    if (!cs || *cs > kMaxCentiseconds) {  // beyond it, the milliseconds would not fit
      out_.line("Error (" + command + " takes centiseconds): " + std::string(line));
    } else {
      (command == "time" ? engine_clock_ms_ : opponent_clock_ms_) = std::max<int64_t>(0, *cs) * 10;
    }
  } else if (command == "post" || command == "nopost") {
    post_ = command == "post";
  } else if (command == "analyze") {
    cancel_search();
    analysing_ = true;
    maybe_think();
  } else if (command == "exit") {
    if (analysing_) {
      cancel_search();
      analysing_ = false;
    }
  } else if (command == "?") {
    if (thinking_on_move_) session_.stop();  // the move found so far is played
  } else if (command == "undo") {
    cmd_take_back(1, "undo");
  } else if (command == "remove") {
    cmd_take_back(2, "remove");
  } else if (command == "result") {
    cancel_search();
    force_ = true;  // the game is over for the GUI; wait for new
  } else if (command == "lift") {
    cmd_lift(args);
  } else if (command == "put") {
    cmd_put(args);
  } else if (command == "quit") {
    cancel_search();
    return false;
  } else {
    out_.line("Error (unknown command): " + std::string(line));
  }
  return true;
}

void XboardEngine::cmd_protover() {
  std::string variants;
  for (const std::string& name : xboard_variant_names())
    variants += (variants.empty() ? "" : ",") + name;
  out_.line("feature done=0");
  out_.line("feature myname=\"Kirin 0.1.0\" variants=\"" + variants + "\"");
  out_.line(
      "feature setboard=1 usermove=1 ping=1 memory=1 smp=1 colors=0 sigint=0 sigterm=0 "
      "highlight=1 analyze=1 playother=1 time=1 draw=0 san=0 reuse=1 debug=1");
  // The configured game's rule profile and options, for xboard's Engine Settings dialog.
  const Variant& v = *session_.variant();
  if (!v.profiles.empty()) {
    const std::string& current = session_.rules().profile_in(v);
    std::string combo;
    for (const auto& [name, settings] : v.profiles)
      combo += (combo.empty() ? "" : " /// ") + std::string(name == current ? "*" : "") + name;
    out_.line("feature option=\"Profile -combo " + combo + "\"");
  }
  for (const OptionInfo& o : v.option_infos) {
    std::string value = v.option_value(o.name);
    if (value.empty()) value = o.default_value;
    std::string line = "feature option=\"" + std::string(kRuleOptionPrefix) + o.name;
    if (o.type == "bool") {
      line += std::string(" -check ") + (value == "true" ? "1" : "0");
    } else if (o.type == "int") {
      line += " -spin " + value + " 0 1000000";
    } else {
      std::string combo;
      for (const std::string& c : o.choices)
        combo += (combo.empty() ? "" : " /// ") + std::string(c == value ? "*" : "") + c;
      line += " -combo " + combo;
    }
    out_.line(line + "\"");
  }
  out_.line("feature done=1");
}

// `option NAME=VALUE` from the Engine Settings dialog: the rule profile or a rule option of
// the game being played, which goes on from the same position. For the configured game the
// choice also outlives `new`.
void XboardEngine::cmd_option(const std::string& args) {
  const size_t eq = args.find('=');
  const std::string name = std::string(trim(args.substr(0, eq)));
  const std::string value = eq == std::string::npos ? "" : std::string(trim(args.substr(eq + 1)));
  GameRules rules = session_.rules();
  if (name == "Profile" && !value.empty()) {
    rules.profile = value;
  } else if (name.rfind(kRuleOptionPrefix, 0) == 0 && name.size() > kRuleOptionPrefix.size() &&
             !value.empty()) {
    const std::string option = name.substr(kRuleOptionPrefix.size());
    const auto& infos = session_.variant()->option_infos;
    auto info = std::find_if(infos.begin(), infos.end(), [&](const auto& o) { return o.name == option; });
    std::string text = value;
    if (info != infos.end() && info->type == "bool" && (value == "0" || value == "1"))
      text = value == "1" ? "true" : "false";  // xboard's check boxes
    rules.set_option(option, text);
  } else {
    out_.line("Error (expected Profile=NAME or " + std::string(kRuleOptionPrefix) +
              "NAME=VALUE): option " + args);
    return;
  }
  cancel_search();
  try {
    session_.change_rules(rules);
  } catch (const std::exception& e) {
    out_.line("Error (" + std::string(e.what()) + "): option " + args);
    maybe_think();
    return;
  }
  if (rules.variant == config_.rules.variant) config_.rules = rules;
  maybe_think();
}

void XboardEngine::cmd_new() {
  cancel_search();
  try {
    session_.set_rules(config_.rules);
  } catch (const std::exception& e) {
    out_.line("Error (" + std::string(e.what()) + "): new");
  }
  session_.new_game();
  force_ = false;
  analysing_ = false;
  engine_side_ = kWhite;  // the engine plays the second player
  max_depth_ = 0;
  fixed_move_ms_ = 0;
  engine_clock_ms_ = opponent_clock_ms_ = -1;
  clock_lag_.new_game();
}

void XboardEngine::cmd_variant(const std::string& name) {
  std::string id = kirin_id_from_xboard(name);
  if (id.empty()) {
    out_.line("Error (unsupported variant): " + name);
    return;
  }
  cancel_search();
  GameRules rules = id == config_.rules.variant ? config_.rules : GameRules{id, "", {}};
  try {
    session_.set_rules(rules);
  } catch (const std::exception& e) {
    out_.line("Error (" + std::string(e.what()) + "): variant " + name);
    return;
  }
  maybe_think();
}

void XboardEngine::cmd_setboard(const std::string& fen) {
  cancel_search();
  try {
    Position pos = parse_xboard_fen(session_.variant(), fen);
    session_.set_position(pos);
  } catch (const NotationError& e) {
    out_.line("tellusererror Illegal position: " + std::string(e.what()));
    return;
  }
  maybe_think();
}

void XboardEngine::cmd_usermove(const std::string& raw) {
  std::string text = pending_leg_ + raw;
  pending_leg_.clear();
  if (!text.empty() && text.back() == ',') {  // the first leg of a move sent in two lines
    pending_leg_ = text;
    return;
  }
  cancel_search();
  if (session_.game().outcome().over()) {
    out_.line("Illegal move (the game is over: " + describe(session_.game().outcome()) +
              "): " + text);
    return;
  }
  Move m;
  try {
    m = parse_xboard_move(session_.game().position(), text);
  } catch (const NotationError& e) {
    std::string why = e.what();
    if (auto colon = why.find("': "); colon != std::string::npos) why = why.substr(colon + 3);
    out_.line("Illegal move (" + why + "): " + text);
    return;
  }
  session_.play(m);
  if (report_result()) return;
  maybe_think();
}

void XboardEngine::cmd_take_back(int plies, const std::string& command) {
  cancel_search();
  clock_lag_.forget_move();  // the clock no longer follows the moves sent
  if (!session_.take_back(plies)) {
    out_.line("Error (not enough moves to take back): " + command);
    return;
  }
  maybe_think();
}

void XboardEngine::cmd_level(const std::string& args) {
  auto words = split_words(args);
  int64_t base = words.size() == 3 ? parse_minutes(words[1]) : -1;
  std::optional<int64_t> inc = words.size() == 3 ? parse_seconds(words[2]) : std::nullopt;
  auto moves = words.size() == 3 ? parse_int(words[0]) : std::nullopt;
  if (!moves || *moves < 0 || *moves > 10000 || base < 0 || !inc) {  // an int, not wrapped
    out_.line("Error (level takes MOVES BASE INC, as in level 40 5 0 or level 0 0:10 0.1): level " +
              args);
    return;
  }
  level_moves_ = int(*moves);
  level_.main_ms = base;
  level_.increment_ms = *inc;
  fixed_move_ms_ = 0;
}

SearchLimits XboardEngine::limits_for_move() const {
  SearchLimits limits;
  limits.depth = max_depth_;
  if (fixed_move_ms_ > 0) {
    limits.movetime_ms = fixed_move_ms_;
    return limits;
  }
  const Color us = engine_side_;
  limits.time_control = level_;
  limits.clock.remaining_ms[us] = engine_clock_ms_ >= 0 ? engine_clock_ms_ : level_.main_ms;
  limits.clock.remaining_ms[~us] = opponent_clock_ms_ >= 0 ? opponent_clock_ms_ : level_.main_ms;
  if (level_moves_ > 0) {
    // Moves the engine has made in this game; the control repeats every level_moves_.
    const Game& g = session_.game();
    int ours = (g.plies() + (g.position().side_to_move() == us ? 0 : 1)) / 2;
    limits.moves_to_go = level_moves_ - ours % level_moves_;
  }
  return limits;
}

void XboardEngine::maybe_think() {
  if (session_.game().outcome().over()) {
    if (!force_ && !analysing_) report_result();  // asked to move in a finished game
    return;
  }
  if (analysing_) {
    analyse();
  } else if (!force_ && session_.game().position().side_to_move() == engine_side_) {
    think();
  }
}

void XboardEngine::think() {
  const uint64_t id = ++search_id_;
  const Position root = session_.game().position();
  thinking_on_move_ = true;
  SearchLimits limits = limits_for_move();
  limits.received = line_read_;
  // A move on the clock (`time` read, no fixed time a move) tells the lag of the one before.
  const bool on_clock = fixed_move_ms_ == 0 && engine_clock_ms_ >= 0;
  const int64_t remaining_ms = engine_clock_ms_, increment_ms = level_.increment_ms;
  if (on_clock) {
    limits.lag_ms = clock_lag_.clock_read(remaining_ms);
  } else {
    clock_lag_.forget_move();
    limits.lag_ms = clock_lag_.lag_ms();
  }
  const auto received = line_read_;
  session_.start_search(
      limits,
      [this, root](const SearchInfo& info) {
        if (!post_) return;
        out_.line(std::to_string(info.depth) + " " + std::to_string(xboard_score(info.score)) +
                  " " + std::to_string(info.time_ms / 10) + " " + std::to_string(info.nodes) +
                  " " + xboard_pv(root, info.pv));
      },
      [this, id, root, on_clock, received, remaining_ms, increment_ms](const SearchResult& r) {
        std::lock_guard lock(game_mutex_);
        if (id != search_id_) return;  // cancelled: force, new, usermove...
        if (!r.has_move) {
          if (!report_result()) out_.line("resign");
          return;
        }
        std::string text = to_xboard_move(root, r.best);
        session_.play(r.best);
        out_.line("move " + text);
        if (on_clock)  // the time the move took by the engine's own measure, once it is sent
          clock_lag_.moved(remaining_ms, ms_since(received), increment_ms);
        report_result();
      });
}

void XboardEngine::analyse() {
  const Position root = session_.game().position();
  SearchLimits limits;
  limits.infinite = true;
  ++search_id_;
  session_.start_search(
      limits,
      [this, root](const SearchInfo& info) {
        out_.line(std::to_string(info.depth) + " " + std::to_string(xboard_score(info.score)) +
                  " " + std::to_string(info.time_ms / 10) + " " + std::to_string(info.nodes) +
                  " " + xboard_pv(root, info.pv));
      },
      {});
}

bool XboardEngine::report_result() {
  const Outcome& o = session_.game().outcome();
  if (!o.over()) return false;
  // XBoard's White is the first player: Kirin's Black.
  std::string score = o.result == Result::BlackWins   ? "1-0"
                      : o.result == Result::WhiteWins ? "0-1"
                                                      : "1/2-1/2";
  std::string why = describe(o);
  if (auto colon = why.find(": "); colon != std::string::npos) why = why.substr(colon + 2);
  out_.line(score + " {" + why + "}");
  return true;
}

void XboardEngine::cmd_lift(const std::string& square) {
  std::lock_guard lock(game_mutex_);
  const Position& pos = session_.game().position();
  const Variant& v = pos.variant();
  Square s = parse_xboard_square(v, square);
  if (s == kNoSquare) {
    out_.line("Error (not a square of the board): lift " + square);
    return;
  }
  // Colour codes: Y a destination, R a capture, M a destination where promotion is optional,
  // C where a Lion's first capture may continue, T the piece's own square for a pass.
  std::map<Square, char> marks;
  auto mark = [&](Square at, char c) {
    char& old = marks[at];
    if (old == 0 || c == 'C' || (c == 'M' && old != 'C')) old = c;
  };
  MoveList list;
  generate_moves(pos, list);
  const bool second_leg = leg_mid_ == s && leg_from_ != kNoSquare;
  std::map<Square, int> promotion_kinds;  // bit 1: with, bit 2: without
  for (const Move& m : list) {
    if (m.is_drop()) continue;
    if (second_leg) {
      if (m.from != leg_from_ || m.mid != s) continue;
      mark(m.to, is_piece(pos.at(m.to)) && m.to != m.from ? 'R' : 'Y');
      continue;
    }
    if (m.from != s) continue;
    if (m.is_two_step()) {
      if (is_piece(pos.at(m.mid)))
        mark(m.mid, 'C');
      else if (m.to == m.from)
        mark(m.from, 'T');
      else
        mark(m.to, is_piece(pos.at(m.to)) ? 'R' : 'Y');
      continue;
    }
    promotion_kinds[m.to] |= m.promotes() ? 1 : 2;
    mark(m.to, is_piece(pos.at(m.to)) ? 'R' : 'Y');
  }
  if (second_leg) {
    // Stopping on the first victim is the plain capture (from -> mid).
    for (const Move& m : list)
      if (m.from == leg_from_ && m.to == s && !m.is_two_step()) mark(s, 'R');
  }
  for (const auto& [to, kinds] : promotion_kinds)
    if (kinds == 3) mark(to, 'M');
  lifted_ = second_leg ? leg_from_ : s;
  if (!second_leg) leg_from_ = leg_mid_ = kNoSquare;
  std::string map;
  for (int row = 0; row < v.ranks; ++row) {
    if (row) map += '/';
    int empty = 0;
    for (int col = 0; col < v.files; ++col) {
      auto it = marks.find(make_square(col, row));
      if (it == marks.end()) {
        ++empty;
        continue;
      }
      if (empty) map += std::to_string(empty), empty = 0;
      map += it->second;
    }
    if (empty) map += std::to_string(empty);
  }
  out_.line("highlight " + map);
}

void XboardEngine::cmd_put(const std::string& square) {
  std::lock_guard lock(game_mutex_);
  const Position& pos = session_.game().position();
  Square s = parse_xboard_square(pos.variant(), square);
  if (s == kNoSquare) {
    out_.line("Error (not a square of the board): put " + square);
    return;
  }
  // Put on a square where a Lion's move may go on: remember the first leg for the next lift.
  leg_from_ = leg_mid_ = kNoSquare;
  if (lifted_ == kNoSquare) return;
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list)
    if (m.from == lifted_ && m.is_two_step() && m.mid == s && is_piece(pos.at(s))) {
      leg_from_ = lifted_;
      leg_mid_ = s;
      break;
    }
}

}  // namespace kirin::protocol
