#include "match/xboard_player.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "clock/time_control.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "protocol/text_util.h"
#include "protocol/xboard_notation.h"
#include "rules/movegen.h"

namespace kirin::match {
namespace {

using Clock = std::chrono::steady_clock;
using protocol::first_word;
using std::chrono::milliseconds;
using protocol::trim;


[[noreturn]] void bad_move(std::string_view text, const std::string& why, size_t offset) {
  throw NotationError("move '" + std::string(text) + "': " + why, "move", long(offset));
}

// Reads "f3" / "l12" at `i`; kNoSquare if there is no square of this board there.
Square read_square(const Variant& v, std::string_view text, size_t& i) {
  if (i >= text.size() || text[i] < 'a' || text[i] > 'z') return kNoSquare;
  int col = text[i] - 'a';
  size_t j = i + 1;
  int rank = 0;
  while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) && rank < 100)
    rank = rank * 10 + (text[j++] - '0');
  if (j == i + 1 || rank < 1 || rank > v.ranks || col >= v.files) return kNoSquare;
  i = j;
  return make_square(col, v.ranks - rank);
}

// The legal pass (a Lion moving out and back to an empty square) of the piece on `from`, or
// of any piece if `from` is kNoSquare.
std::optional<Move> find_pass(const Position& pos, Square from) {
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list)
    if (m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty &&
        (from == kNoSquare || m.from == from))
      return m;
  return std::nullopt;
}


}  // namespace

std::string xboard_square(const Variant& v, Square s) {
  return char('a' + col_of(s)) + std::to_string(v.ranks - row_of(s));
}

std::string xboard_variant_name(const Variant& v) {
  return v.names.xboard.empty() ? v.id : v.names.xboard;
}

Move parse_xboard_move(const Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  if (text == "@@@@") {
    if (auto pass = find_pass(pos, kNoSquare)) return *pass;
    bad_move(text, "no pass is legal here", 0);
  }
  // A drop: piece letter, '@', square.
  if (auto at = text.find('@'); at != std::string_view::npos) {
    size_t i = at + 1;
    Square to = read_square(v, text, i);
    if (at == 0 || to == kNoSquare || i != text.size()) bad_move(text, "malformed drop", at);
    std::string usi(text.substr(0, at));
    usi[0] = char(std::toupper(static_cast<unsigned char>(usi[0])));
    return parse_usi(pos, usi + "*" + square_name(v, to));
  }
  size_t i = 0;
  std::vector<Square> squares;
  Square from = read_square(v, text, i);
  if (from == kNoSquare) bad_move(text, "expected a square of this board", 0);
  squares.push_back(from);
  for (int leg = 0; leg < 2; ++leg) {
    size_t at = i;
    Square s = read_square(v, text, i);
    if (s == kNoSquare) bad_move(text, "expected a square of this board", at);
    squares.push_back(s);
    if (i < text.size() && text[i] == ',') {
      // The next leg must start where this one ended: "j7k6,k6j7".
      size_t leg_at = ++i;
      if (leg == 1 || read_square(v, text, i) != s)
        bad_move(text, "the second leg must start where the first ended", leg_at);
      continue;
    }
    break;
  }
  bool promote = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '=')) promote = text[i++] == '+';
  if (i != text.size()) bad_move(text, "unexpected '" + std::string(text.substr(i)) + "'", i);
  if (squares.size() == 2 && squares[0] == squares[1]) {  // "f3f3": a pass
    if (auto pass = find_pass(pos, from)) return *pass;
    bad_move(text, "no pass is legal for that piece", 0);
  }
  std::string usi;
  for (Square s : squares) usi += square_name(v, s);
  if (promote) usi += '+';
  return parse_usi(pos, usi);
}

std::string to_xboard_move(const Position& pos, const Move& m) {
  const Variant& v = pos.variant();
  if (m.has_kills())
    throw EngineError("XBoard cannot write a move with several victims (" + to_usi(pos, m) + ")");
  if (m.is_drop()) {
    std::string letter = v.piece(m.drop_kind).sfen;
    for (char& c : letter) c = char(std::toupper(static_cast<unsigned char>(c)));
    return letter + "@" + xboard_square(v, m.to);
  }
  std::string out;
  if (m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty) return "@@@@";
  if (m.is_two_step() && pos.at(m.mid) != kEmpty)
    out = xboard_square(v, m.from) + xboard_square(v, m.mid) + "," + xboard_square(v, m.mid) +
          xboard_square(v, m.to);
  else
    out = xboard_square(v, m.from) + xboard_square(v, m.to);
  if (m.promotes()) out += '+';
  return out;
}

std::string xboard_level_command(const TimeControl& tc) {
  int64_t base_s = (tc.main_ms + 999) / 1000;  // XBoard takes whole seconds
  std::string base = std::to_string(base_s / 60);
  if (base_s % 60)
    base += ":" + std::string(base_s % 60 < 10 ? "0" : "") + std::to_string(base_s % 60);
  return "level 0 " + base + " " + seconds_text(tc.increment_ms);
}

std::optional<XBoardThinking> parse_xboard_thinking(std::string_view line) {
  XBoardThinking t;
  size_t i = 0;
  auto number = [&](int64_t& out) {
    while (i < line.size() && line[i] == ' ') ++i;
    const char* begin = line.data() + i;
    auto [end, ec] = std::from_chars(begin, line.data() + line.size(), out);
    if (ec != std::errc() || end == begin) return false;
    i += size_t(end - begin);
    return i == line.size() || line[i] == ' ' || line[i] == '\t';
  };
  int64_t depth, score;
  if (!number(depth) || !number(score) || !number(t.centiseconds) || !number(t.nodes))
    return std::nullopt;
  if (depth < 0 || t.centiseconds < 0 || t.nodes < 0) return std::nullopt;
  t.depth = int(depth);
  t.score = int(score);
  t.pv = trim(line.substr(i));
  return t;
}

XBoardPlayer::XBoardPlayer(const PlayerConfig& config)
    : config_(config),
      process_(std::make_unique<EngineProcess>(config.command, config.stderr_path)) {
  if (config_.log) process_->set_log(config_.log);
  name_ = config.name;
}

XBoardPlayer::~XBoardPlayer() {
  if (process_ && !process_->exited()) process_->write_line("quit");
}

std::string XBoardPlayer::crash_detail() {
  process_->wait_for_exit(milliseconds(500));
  return "engine '" + config_.command + "' " + process_->exit_description();
}

void XBoardPlayer::send(const std::string& line) {
  if (!process_->write_line(line)) {
    healthy_ = false;
    throw EngineError(crash_detail());
  }
}

void XBoardPlayer::handshake() {
  send("xboard");
  send("protover 2");
  // Protocol 2 engines answer with features ending in done=1; done=0 asks for more time.
  auto deadline = Clock::now() + milliseconds(5000);
  std::string line;
  bool done = false;
  while (!done) {
    auto r = process_->read_line(line, left_until(deadline));
    if (r == EngineProcess::Read::Closed) throw EngineError(crash_detail());
    if (r == EngineProcess::Read::Timeout) break;  // a protocol 1 engine: no features
    if (first_word(line) != "feature") continue;
    size_t i = line.find("feature") + 7;
    while (i < line.size()) {
      while (i < line.size() && line[i] == ' ') ++i;
      size_t eq = line.find('=', i);
      if (eq == std::string::npos) break;
      std::string key = line.substr(i, eq - i);
      std::string value;
      if (eq + 1 < line.size() && line[eq + 1] == '"') {
        size_t close = line.find('"', eq + 2);
        if (close == std::string::npos) close = line.size();
        value = line.substr(eq + 2, close - eq - 2);
        i = close + 1;
      } else {
        size_t end = line.find(' ', eq);
        if (end == std::string::npos) end = line.size();
        value = line.substr(eq + 1, end - eq - 1);
        i = end;
      }
      if (key == "option") {
        auto dash = value.find(" -");
        engine_options_.insert(value.substr(0, dash));
      } else if (key == "done") {
        if (value == "1") done = true;
        if (value == "0") deadline = Clock::now() + milliseconds(60000);
        continue;
      } else {
        features_[key] = value;
      }
      // Kirin writes coordinates, never SAN.
      send((key == "san" && value == "1" ? "rejected " : "accepted ") + key);
    }
  }
  if (auto it = features_.find("variants"); it != features_.end()) {
    std::vector<std::string> list;
    size_t start = 0;
    while (start <= it->second.size()) {
      size_t comma = it->second.find(',', start);
      if (comma == std::string::npos) comma = it->second.size();
      list.push_back(trim(it->second.substr(start, comma - start)));
      start = comma + 1;
    }
    variants_ = list;
  }
  if (name_.empty()) {
    auto it = features_.find("myname");
    name_ = it != features_.end() ? it->second : config_.command;
  }
}

void XBoardPlayer::sync(milliseconds timeout) {
  if (features_["ping"] != "1") return;
  std::string token = std::to_string(++ping_counter_);
  send("ping " + token);
  try {
    await_line(
        *process_, timeout, [&](const std::string& line) { return trim(line) == "pong " + token; },
        [this] { return crash_detail(); }, name_, "ping");
  } catch (const EngineError&) {
    healthy_ = false;
    throw;
  }
}

void XBoardPlayer::check_game(const Variant& v) const {
  std::string variant = xboard_variant_name(v);
  if (variants_ && std::find(variants_->begin(), variants_->end(), variant) == variants_->end())
    throw EngineError("engine '" + name_ + "' does not play " + v.name +
                      " (its variants: " + features_.at("variants") + ")");
}

void XBoardPlayer::new_game(const Position& start, Color side, const TimeControl& tc) {
  const Variant& v = start.variant();
  std::string variant = xboard_variant_name(v);
  check_game(v);
  if (to_sfen(start) != to_sfen(parse_sfen(start.variant_ptr(), v.setup)))
    throw EngineError(
        "XBoard engines start from the game's setup only (HaChu's setboard is "
        "broken); give openings as moves");
  // HaChu needs its hash table before the first move, or it crashes.
  if (features_["memory"] == "1") send("memory 64");
  send("new");
  send("variant " + variant);
  bool repeats_given = false;
  for (const auto& [opt, value] : config_.options) {
    if (opt == "Allow repeats") repeats_given = true;
    send("option " + opt + "=" + value);
  }
  // HaChu refuses any repeated position by default, which the rules allow.
  if (!repeats_given && engine_options_.count("Allow repeats")) send("option Allow repeats=1");
  if (tc.per_move())
    send("st " + std::to_string(std::max<int64_t>(1, (tc.movetime_ms + 999) / 1000)));
  else
    send(xboard_level_command(tc));
  send("nopost");
  send("easy");
  send("computer");
  send("force");
  sync(milliseconds(20000));
  pos_ = std::make_unique<Position>(start);
  sent_ = 0;
  force_mode_ = true;
  side_ = side;
}

std::optional<XBoardThinking> XBoardPlayer::analyze(const Position& pos, milliseconds time) {
  const Variant& v = pos.variant();
  check_game(v);
  const std::string fen = protocol::to_xboard_fen(pos);
  const bool setup = fen == protocol::to_xboard_fen(parse_sfen(pos.variant_ptr(), v.setup));
  if (!setup) {
    if (features_["setboard"] != "1")
      throw EngineError("engine '" + name_ + "' cannot be given a position (no setboard)");
    if (pos.side_to_move() != kBlack || !pos.hand_empty(kBlack) || !pos.hand_empty(kWhite))
      throw EngineError("only a position with the first player to move and empty hands can "
                        "be given as a bare board (HaChu's setboard reads nothing else)");
  }
  if (features_["memory"] == "1") send("memory 64");
  send("new");
  send("variant " + xboard_variant_name(v));
  send("force");
  if (!setup) send("setboard " + fen.substr(0, fen.find_first_of(" [")));
  sync(milliseconds(20000));
  send("post");
  send("analyze");
  std::optional<XBoardThinking> last;
  const auto until = Clock::now() + time;
  std::string line;
  for (;;) {
    const auto r = process_->read_line(line, left_until(until));
    if (r == EngineProcess::Read::Closed) throw EngineError(crash_detail());
    if (r == EngineProcess::Read::Timeout) break;
    if (auto t = parse_xboard_thinking(line)) last = std::move(t);
  }
  send("exit");
  sync(milliseconds(20000));  // and drops what it printed meanwhile
  return last;
}

void XBoardPlayer::send_move(const Move& m) {
  last_sent_ = to_xboard_move(*pos_, m);
  send(features_["usermove"] == "1" ? "usermove " + last_sent_ : last_sent_);
  Undo u;
  pos_->do_move(m, u);
}

EngineReply XBoardPlayer::fail(EngineReply::Kind kind, std::string detail) {
  if (kind != EngineReply::Kind::Resign) healthy_ = false;
  EngineReply r;
  r.kind = kind;
  r.detail = std::move(detail);
  return r;
}

EngineReply XBoardPlayer::play(const Game& game, const TimeControls& tc, const ClockState& clock,
                               milliseconds deadline) {
  auto until = Clock::now() + deadline;
  const auto& moves = game.moves();
  Color us = game.position().side_to_move();
  auto centis = [&](Color c) {
    const TimeControl& t = tc[c];
    int64_t ms = t.per_move() ? t.movetime_ms : clock.remaining_ms[c] + t.byoyomi_ms;
    return std::to_string(std::max<int64_t>(ms, 0) / 10);
  };
  try {
    // A playing engine answers a usermove at once, so its clock goes first.
    if (!force_mode_ && moves.size() != sent_ + 1) {
      send("force");
      force_mode_ = true;
    }
    if (force_mode_) {
      while (sent_ < moves.size()) send_move(moves[sent_++]);
      send("time " + centis(us));
      send("otim " + centis(~us));
      send("go");
      force_mode_ = false;
    } else {
      send("time " + centis(us));
      send("otim " + centis(~us));
      send_move(moves[sent_++]);
    }
  } catch (const EngineError& e) {
    return fail(EngineReply::Kind::Crash, e.what());
  }
  std::string line, first_leg;
  for (;;) {
    auto r = process_->read_line(line, left_until(until));
    if (r == EngineProcess::Read::Timeout) return fail(EngineReply::Kind::Timeout, "no move");
    if (r == EngineProcess::Read::Closed) return fail(EngineReply::Kind::Crash, crash_detail());
    if (line.empty() || line[0] == '#') continue;  // HaChu's debug output
    std::string word = first_word(line);
    std::string text;
    if (word == "move")
      text = trim(line.substr(line.find("move") + 4));
    else if (line.rfind("My move is", 0) == 0)
      text = trim(line.substr(line.find(':') == std::string::npos ? 10 : line.find(':') + 1));
    if (!text.empty()) {
      // HaChu sends a Lion's double move as two lines, "move j7k6," then "move k6j7".
      if (text.back() == ',') {
        first_leg = text;
        continue;
      }
      text = first_leg + text;
      first_leg.clear();
      EngineReply reply;
      reply.text = text;
      try {
        reply.move = parse_xboard_move(*pos_, text);
        reply.kind = EngineReply::Kind::Move;
        Undo u;
        pos_->do_move(reply.move, u);
        ++sent_;
      } catch (const NotationError& e) {
        reply.kind = EngineReply::Kind::Illegal;
        reply.detail = e.what();
        healthy_ = false;
      }
      return reply;
    }
    if (word.rfind("Illegal", 0) == 0)
      return fail(EngineReply::Kind::Protocol,
                  "rejected the legal move " + last_sent_ + " (" + trim(line) + ")");
    if (word == "resign") return fail(EngineReply::Kind::Resign, "resigned");
    if (word == "1-0" || word == "0-1" || word == "1/2-1/2") {
      bool own_loss = (word == "1-0" && side_ == kWhite) || (word == "0-1" && side_ == kBlack);
      if (own_loss) return fail(EngineReply::Kind::Resign, "resigned (" + trim(line) + ")");
      return fail(EngineReply::Kind::Protocol, "claimed '" + trim(line) + "' instead of moving");
    }
  }
}

void XBoardPlayer::game_over(const std::string& result, const std::string& reason) {
  if (!process_ || process_->exited()) return;
  process_->write_line("result " + result + " {" + reason + "}");
  process_->write_line("force");
  force_mode_ = true;
}

}  // namespace kirin::match
