// Plays one game between two engines. Kirin is the referee: every move is checked against
// the rules core, the clocks are Kirin's, and the game ends by Game::outcome(), by an
// engine's failure (resignation, time, illegal move, crash) or by the ply cap.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "match/game_record.h"
#include "match/player.h"

namespace kirin::match {

// The time control of `kirin match --tc S[+I] --byoyomi S --movetime MS --nodes N`: a node
// budget or a fixed time per move replaces the clock. Throws TimeControlError.
TimeControl match_time_control(const std::string& tc, double byoyomi_s, int64_t movetime_ms,
                               int64_t nodes = 0);

// The time controls of engine 1 and 2 for `--tc1`/`--tc2`, for time or node odds: each a clock
// read as --tc is (with --byoyomi), "movetime S" or "nodes N"; "" for the common one (--tc,
// --movetime or --nodes). Throws TimeControlError.
TimeControls match_time_controls(const std::string& tc, const std::array<std::string, 2>& tc_engine,
                                 double byoyomi_s, int64_t movetime_ms, int64_t nodes = 0);

struct RefereeSettings {
  // Each side's clock or time per move (match_time_control): by Color in play_game, by engine
  // (engine 1, engine 2) in MatchSettings, which hands each game's Black and White theirs. The
  // two differ only in a time-odds match.
  TimeControls tc;
  int64_t grace_ms = 200;  // tolerated overstep: communication and process scheduling
  int max_plies = 0;       // adjudicate a draw after this many plies; 0 = no cap
};

// Both time controls as game files and the match header name them: "10+0.1" when they are
// the same, else "10+0.1 (Black), 60+0.1 (White)" with the given labels.
std::string describe(const TimeControls& tc, const std::string& first = "Black",
                     const std::string& second = "White");

// The ply cap a match uses by default: the game's own ply limit if it has one (it ends the
// game by the rules first), otherwise 1500.
int default_max_plies(const Variant& v);

// Plays the opening moves (USI, from the variant's start position; already validated), then
// lets the engines play. `record.number`, `event` and `date` are the caller's to fill in.
GameRecord play_game(Player& black, Player& white, std::shared_ptr<const Variant> variant,
                     const std::vector<std::string>& opening, const RefereeSettings& settings);

}  // namespace kirin::match
