#include "match/referee.h"

#include <chrono>
#include <cmath>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"

namespace kirin::match {
namespace {

using Clock = std::chrono::steady_clock;

Result win_for(Color c) { return c == kBlack ? Result::BlackWins : Result::WhiteWins; }

// The game ends with `loser` losing by the engine's fault.
void forfeit(GameRecord& g, Color loser, Termination t, const std::string& reason) {
  g.result = win_for(~loser);
  g.termination = t;
  g.reason = reason;
}

}  // namespace

TimeControl match_time_control(const std::string& tc, double byoyomi_s, int64_t movetime_ms,
                               int64_t nodes) {
  if (movetime_ms < 0) throw TimeControlError("--movetime must be positive");
  if (nodes < 0) throw TimeControlError("--nodes must be positive");
  if (nodes > 0 && movetime_ms > 0) throw TimeControlError("give --nodes or --movetime, not both");
  if (nodes > 0) return {.kind = TimeControl::Kind::Nodes, .nodes = nodes};
  if (movetime_ms > 0) return {.kind = TimeControl::Kind::MoveTime, .movetime_ms = movetime_ms};
  if (!std::isfinite(byoyomi_s) || byoyomi_s < 0 || byoyomi_s > 1e6)
    throw TimeControlError("--byoyomi must be a non-negative number of seconds");
  // The options spelled as parse_time_control reads them: "60 byoyomi 5".
  int64_t byoyomi_ms = std::llround(byoyomi_s * 1000);
  TimeControl out =
      parse_time_control(byoyomi_ms ? tc + " byoyomi " + seconds_text(byoyomi_ms) : tc);
  if (out.kind != TimeControl::Kind::Live)
    throw TimeControlError("--tc takes seconds or seconds+increment, not '" + tc + "'");
  return out;
}

std::string describe(const TimeControls& tc, const std::string& first, const std::string& second) {
  if (tc[0] == tc[1]) return describe(tc[0]);
  return describe(tc[0]) + " (" + first + "), " + describe(tc[1]) + " (" + second + ")";
}

TimeControls match_time_controls(const std::string& tc, const std::array<std::string, 2>& tc_engine,
                                 double byoyomi_s, int64_t movetime_ms, int64_t nodes) {
  TimeControl common = match_time_control(tc, byoyomi_s, movetime_ms, nodes);
  TimeControls out = {common, common};
  for (int e = 0; e < 2; ++e) {
    const std::string& text = tc_engine[size_t(e)];
    if (text.empty()) continue;
    std::string flag = "--tc" + std::to_string(e + 1);
    TimeControl own;
    try {
      own = parse_time_control(text);
      // A clock gets --byoyomi, as --tc does.
      if (own.kind == TimeControl::Kind::Live) own = match_time_control(text, byoyomi_s, 0);
    } catch (const TimeControlError& ex) {
      std::string why = ex.what();
      constexpr std::string_view kPrefix = "time control: ";
      if (why.rfind(kPrefix, 0) == 0) why.erase(0, kPrefix.size());
      throw TimeControlError(flag + ": " + why);
    }
    if (own.kind != TimeControl::Kind::Live && !own.per_move())
      throw TimeControlError(flag + " takes seconds[+increment], \"movetime S\" or \"nodes N\", " +
                             "not '" + text + "'");
    out[size_t(e)] = own;
  }
  return out;
}

int default_max_plies(const Variant& v) { return v.rules.max_plies > 0 ? v.rules.max_plies : 1500; }

GameRecord play_game(Player& black, Player& white, std::shared_ptr<const Variant> variant,
                     const std::vector<std::string>& opening, const RefereeSettings& settings) {
  GameRecord g;
  g.black = black.name();
  g.white = white.name();
  g.variant_id = variant->id;
  g.variant_name = variant->name;
  g.time_control = describe(settings.tc);  // by colour: Black's first
  Position start = parse_sfen(variant, variant->setup);
  g.start_sfen = to_sfen(start);
  Player* players[2] = {&black, &white};

  Game game(start);
  for (const std::string& text : opening) {
    if (game.outcome().over()) break;
    Move m = parse_usi(game.position(), text);
    g.moves.push_back({m, to_usi(game.position(), m), 0});
    game.play(m);
  }
  g.opening_plies = int(g.moves.size());

  for (Color c : {kBlack, kWhite}) {
    try {
      players[c]->new_game(start, c, settings.tc[c]);
    } catch (const EngineError& e) {
      forfeit(g, c, Termination::Protocol, players[c]->name() + " could not start: " + e.what());
      return g;
    }
  }

  auto now_ms = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch())
        .count();
  };
  ClockState clock = start_clock(settings.tc[kBlack], now_ms());
  // Each side starts with its own main time.
  clock.remaining_ms[kWhite] = start_clock(settings.tc[kWhite], 0).remaining_ms[kWhite];
  for (;;) {
    if (game.outcome().over()) {
      g.result = game.outcome().result;
      g.termination = Termination::Rules;
      g.rules_reason = game.outcome().reason;
      g.reason = short_reason(game.outcome().reason);
      break;
    }
    if (settings.max_plies > 0 && game.plies() >= settings.max_plies) {
      g.result = Result::Draw;
      g.termination = Termination::Adjudication;
      g.reason = "adjudicated a draw after " + std::to_string(game.plies()) + " plies";
      break;
    }
    Color us = game.position().side_to_move();
    Player& p = *players[us];
    try {
      p.synchronize();
    } catch (const EngineError& e) {
      forfeit(g, us, Termination::Protocol, p.name() + " did not answer: " + e.what());
      break;
    }
    clock.turn_started = now_ms();  // an engine's time runs from when it is asked to move
    const TimeControl& tc = settings.tc[us];
    int64_t available = deadline(tc, clock, us).value() - clock.turn_started;
    EngineReply reply = p.play(game, settings.tc, clock,
                               std::chrono::milliseconds(available + settings.grace_ms));
    int64_t now = now_ms();
    int64_t elapsed = now - clock.turn_started;
    switch (reply.kind) {
      case EngineReply::Kind::Move:
        break;
      case EngineReply::Kind::Resign:
        forfeit(g, us, Termination::Resignation, p.name() + " resigns");
        break;
      case EngineReply::Kind::Timeout:
        forfeit(g, us, Termination::Time, p.name() + " lost on time (" + reply.detail + ")");
        break;
      case EngineReply::Kind::Illegal:
        forfeit(g, us, Termination::IllegalMove,
                p.name() + " played an illegal move: " + reply.detail);
        break;
      case EngineReply::Kind::Crash:
        forfeit(g, us, Termination::Crash, p.name() + " crashed: " + reply.detail);
        break;
      case EngineReply::Kind::Protocol:
        forfeit(g, us, Termination::Protocol, p.name() + " " + reply.detail);
        break;
    }
    if (reply.kind != EngineReply::Kind::Move) break;
    // Players parse against the legal moves; the referee checks again on its own.
    if (!is_legal(game.position(), reply.move)) {
      forfeit(g, us, Termination::IllegalMove,
              p.name() + " played an illegal move: '" + reply.text + "'");
      break;
    }
    if (!charge_move(tc, clock, us, now, settings.grace_ms)) {
      forfeit(g, us, Termination::Time,
              p.name() + " lost on time (" + std::to_string(elapsed) + " ms for a move, " +
                  std::to_string(available) + " ms available)");
      break;
    }
    g.moves.push_back({reply.move, to_usi(game.position(), reply.move), elapsed});
    game.play(reply.move);
  }

  std::string result = g.result_text();
  for (Player* p : players) {
    try {
      p->game_over(result, g.reason);
    } catch (const EngineError&) {
      // The result stands whatever the engine does with it.
    }
  }
  return g;
}

}  // namespace kirin::match
