#include "match/usi_player.h"

#include <sstream>
#include <string_view>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "protocol/text_util.h"

namespace kirin::match {
namespace {

using Clock = std::chrono::steady_clock;
using protocol::first_word;
using std::chrono::milliseconds;

// An idle engine answers isready at once; this is for a machine under load.
constexpr milliseconds kSyncTimeout{10000};

// The names a USI engine may use for this game in a UCI_Variant-style combo option.
std::vector<std::string> variant_names(const Variant& v) {
  std::vector<std::string> names = {v.id};
  for (const std::string& a : v.aliases) names.push_back(a);
  if (!v.names.fairy_stockfish.empty()) names.push_back(v.names.fairy_stockfish);
  return names;
}

}  // namespace

UsiPlayer::UsiPlayer(const PlayerConfig& config)
    : config_(config),
      process_(std::make_unique<EngineProcess>(config.command, config.stderr_path)) {
  if (config_.log) process_->set_log(config_.log);
  name_ = config.name;
}

UsiPlayer::~UsiPlayer() {
  if (process_ && !process_->exited()) process_->write_line("quit");
}

void UsiPlayer::send(const std::string& line) {
  if (!process_->write_line(line)) {
    healthy_ = false;
    throw EngineError(crash_detail());
  }
}

std::string UsiPlayer::crash_detail() {
  process_->wait_for_exit(milliseconds(500));
  return "engine '" + config_.command + "' " + process_->exit_description();
}

bool UsiPlayer::handshake(milliseconds timeout) {
  auto deadline = Clock::now() + timeout;
  if (!process_->write_line("usi")) throw EngineError(crash_detail());
  std::string line;
  for (;;) {
    auto r = process_->read_line(line, left_until(deadline));
    if (r == EngineProcess::Read::Timeout) return false;
    if (r == EngineProcess::Read::Closed) throw EngineError(crash_detail());
    std::string word = first_word(line);
    if (word == "usiok") break;
    // An XBoard engine answers an unknown command like this.
    if (word.rfind("Error", 0) == 0 || word == "feature" || word.rfind("Illegal", 0) == 0)
      return false;
    if (word == "id" && line.find("id name ") != std::string::npos) {
      id_name_ = line.substr(line.find("id name ") + 8);
      if (config_.name.empty()) name_ = id_name_;
    } else if (word == "option") {
      // option name <N...> type <T> [default ...] [var a var b ...]
      std::istringstream in(line);
      std::string tok, opt_name;
      std::vector<std::string> vars;
      in >> tok >> tok;  // "option" "name"
      while (in >> tok && tok != "type") opt_name += (opt_name.empty() ? "" : " ") + tok;
      while (in >> tok)
        if (tok == "var" && in >> tok) vars.push_back(tok);
      options_[opt_name] = vars;
    }
  }
  if (name_.empty()) name_ = config_.command;
  clocks_ = config_.usi_clocks;
  if (clocks_ == UsiClocks::Auto) {
    clocks_ = usi_clocks_for(id_name_);
    if (clocks_ == UsiClocks::Own)
      notice_ = "its own time goes in both btime and wtime: '" + id_name_ +
                "' reads them the wrong way round (Fairy-Stockfish 11 and 12; its issue #269, "
                "fixed in 2021)";
  }
  return true;
}

UsiClocks UsiPlayer::usi_clocks_for(const std::string& id_name) {
  constexpr std::string_view kFairy = "Fairy-Stockfish ";
  if (id_name.rfind(kFairy, 0) != 0) return UsiClocks::Standard;
  // "Fairy-Stockfish 11.1 LB 64": the major version; dated development builds are later.
  std::istringstream in(id_name.substr(kFairy.size()));
  int major = 0;
  char dot = 0;
  if (in >> major >> dot && dot == '.' && (major == 11 || major == 12)) return UsiClocks::Own;
  return UsiClocks::Standard;
}

void UsiPlayer::wait_ready(milliseconds timeout) {
  send("isready");
  try {
    await_line(
        *process_, timeout, [](const std::string& line) { return first_word(line) == "readyok"; },
        [this] { return crash_detail(); }, name_, "isready");
  } catch (const EngineError&) {
    healthy_ = false;
    throw;
  }
}

std::pair<std::string, std::string> UsiPlayer::variant_setting(const Variant& v) const {
  for (const auto& given : config_.options)
    if (given.first == "UCI_Variant" || given.first == "USI_Variant") return {};
  // Engines that play several games say which with a combo option; choose ours.
  for (const char* opt : {"UCI_Variant", "USI_Variant"}) {
    auto it = options_.find(opt);
    if (it == options_.end() || it->second.empty()) continue;
    for (const std::string& n : variant_names(v))
      for (const std::string& var : it->second)
        if (var == n) return {opt, var};
    throw EngineError("engine '" + name_ + "' does not play " + v.name + " (its " + opt +
                      " option does not list " + v.id + ")");
  }
  return {};
}

void UsiPlayer::check_game(const Variant& v) const { variant_setting(v); }

void UsiPlayer::new_game(const Position& start, Color side, const TimeControl&) {
  const Variant& v = start.variant();
  if (!configured_) {
    // The game first: an engine may reset its other options (a profile) when the game changes.
    auto [opt, value] = variant_setting(v);
    if (!opt.empty()) send("setoption name " + opt + " value " + value);
    for (const auto& [name, given] : config_.options)
      send("setoption name " + name + " value " + given);
    configured_ = true;
  }
  std::string sfen = to_sfen(start);
  Position setup_pos = start;
  try {
    setup_pos = parse_sfen(start.variant_ptr(), v.setup);
  } catch (const NotationError&) {
  }
  start_sfen_ = sfen == to_sfen(setup_pos) ? "" : sfen;
  side_ = side;
  wait_ready(milliseconds(20000));
  send("usinewgame");
}

std::string UsiPlayer::go_command(const TimeControls& tc, const ClockState& clock, Color side,
                                  UsiClocks clocks) {
  const TimeControl& mine = tc[side];
  if (mine.kind == TimeControl::Kind::Nodes) return "go nodes " + std::to_string(mine.nodes);
  if (mine.kind == TimeControl::Kind::MoveTime)
    return "go movetime " + std::to_string(mine.movetime_ms);
  bool own = clocks == UsiClocks::Own;
  Color black = own ? side : kBlack, white = own ? side : kWhite;
  std::string go = "go btime " + std::to_string(clock.remaining_ms[black]) + " wtime " +
                   std::to_string(clock.remaining_ms[white]);
  // USI has no byoyomi periods: one period's byoyomi, the rest a margin the engine is not told.
  if (mine.byoyomi_ms) return go + " byoyomi " + std::to_string(mine.byoyomi_ms);
  return go + " binc " + std::to_string(tc[black].increment_ms) + " winc " +
         std::to_string(tc[white].increment_ms);
}

void UsiPlayer::synchronize() { wait_ready(kSyncTimeout); }

EngineReply UsiPlayer::play(const Game& game, const TimeControls& tc, const ClockState& clock,
                            milliseconds deadline) {
  EngineReply reply;
  auto until = Clock::now() + deadline;
  // Positions are sent in full each time: USI engines keep no game state of their own.
  std::string cmd = start_sfen_.empty() ? "position startpos" : "position sfen " + start_sfen_;
  if (!game.moves().empty()) {
    cmd += " moves";
    const Position& now = game.position();
    Position pos = start_sfen_.empty() ? parse_sfen(now.variant_ptr(), now.variant().setup)
                                       : parse_sfen(now.variant_ptr(), start_sfen_);
    for (const Move& m : game.moves()) {
      cmd += ' ' + to_usi(pos, m);
      Undo u;
      pos.do_move(m, u);
    }
  }
  try {
    send(cmd);
    send(go_command(tc, clock, game.position().side_to_move(), clocks_));
  } catch (const EngineError& e) {
    reply.kind = EngineReply::Kind::Crash;
    reply.detail = e.what();
    return reply;
  }
  std::string line;
  std::string refusal;  // the engine's error about the position or go just sent
  for (;;) {
    auto r = process_->read_line(line, left_until(until));
    if (r == EngineProcess::Read::Timeout) {
      healthy_ = false;
      reply.kind = EngineReply::Kind::Timeout;
      reply.detail = "no bestmove";
      return reply;
    }
    if (r == EngineProcess::Read::Closed) {
      healthy_ = false;
      reply.kind = EngineReply::Kind::Crash;
      reply.detail = crash_detail();
      return reply;
    }
    constexpr std::string_view kInfoString = "info string ";
    if (refusal.empty() && line.rfind("info string error", 0) == 0)
      refusal = line.substr(kInfoString.size());
    if (first_word(line) != "bestmove") continue;
    if (!refusal.empty()) {
      // Its answer is about another game than the referee's (Kirin's engine says so and
      // resigns): a disagreement over the rules, not a resignation.
      reply.kind = EngineReply::Kind::Protocol;
      reply.detail = "rejected the position sent (" + refusal + ")";
      return reply;
    }
    std::istringstream in(line);
    std::string word;
    in >> word >> reply.text;
    if (reply.text == "resign") {
      reply.kind = EngineReply::Kind::Resign;
      reply.detail = "resigned";
      return reply;
    }
    if (reply.text == "win") {
      // A declaration (nyugyoku): Kirin decides impasse by the game's own rules.
      reply.kind = EngineReply::Kind::Protocol;
      reply.detail = "declared a win ('bestmove win') the rules do not give";
      return reply;
    }
    try {
      reply.move = parse_usi(game.position(), reply.text);
      reply.kind = EngineReply::Kind::Move;
    } catch (const NotationError& e) {
      reply.kind = EngineReply::Kind::Illegal;
      reply.detail = e.what();
    }
    return reply;
  }
}

void UsiPlayer::game_over(const std::string& result, const std::string&) {
  if (!process_ || process_->exited()) return;
  const char* mine = result == "1/2-1/2"                      ? "draw"
                     : (result == "1-0") == (side_ == kBlack) ? "win"
                                                              : "lose";
  process_->write_line(std::string("gameover ") + mine);
}

}  // namespace kirin::match
