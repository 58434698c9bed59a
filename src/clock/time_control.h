// Time controls and running clocks, one model for the game server, the match referee and the
// engine's time plan: main time then byoyomi periods or a Fischer increment,
// correspondence days per move, and for engine matches a fixed time or node budget per move.
// Pure arithmetic on milliseconds: the caller says what time it is, on whichever clock it uses.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/types.h"

namespace kirin {

// A time control that cannot be read or is out of bounds; what() says why.
class TimeControlError : public std::invalid_argument {
 public:
  explicit TimeControlError(const std::string& why)
      : std::invalid_argument("time control: " + why) {}
};

struct TimeControl {
  enum class Kind {
    None,            // no clock
    Live,            // main time, then byoyomi periods or an increment
    Correspondence,  // days per move
    MoveTime,        // a fixed time per move (engine matches)
    Nodes,           // a node budget per move (engine matches, USI engines)
  };
  Kind kind = Kind::None;
  int64_t main_ms = 0;       // Live: main time per player
  int64_t byoyomi_ms = 0;    // Live: per-move period once the main time is used up
  int64_t increment_ms = 0;  // Live: added after each move (Fischer)
  int days_per_move = 0;     // Correspondence
  int64_t movetime_ms = 0;   // MoveTime
  int64_t nodes = 0;         // Nodes
  // Live with a byoyomi: how many periods (lishogi's): a move made within a period keeps it, a
  // move that overruns one uses it up and the next begins; the last one run out loses. 1 with
  // a byoyomi (0 read as 1, as hand-made time controls leave it), 0 without.
  int periods = 0;

  // A node budget gives the same games however loaded the machine is, but a hanging engine
  // must still lose: no move may take longer than this.
  static constexpr int64_t kNodesDeadlineMs = 120000;
  static constexpr int kMaxPeriods = 10;
  bool per_move() const { return kind == Kind::MoveTime || kind == Kind::Nodes; }
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// Reads every spelling in use: "none" or "" (no clock); "S", "S+I", "S byoyomi B" (and the
// match's old "S+byoyomi B") in seconds, decimals allowed ("10+0.1"); periods as "S byoyomi B
// periods N", "S byoyomi BxN" or lishogi's "M|B(N)" (minutes|seconds); "D days" or "1 day" per
// move; "movetime S" and "nodes N". Validates what it read. Throws TimeControlError.
TimeControl parse_time_control(std::string_view text);
// The spelling parse_time_control reads back, as game files and the server show it:
// "600 byoyomi 30", "600 byoyomi 30 periods 3", "300+5", "3 days", "1 day", "none",
// "movetime 0.5", "nodes 50000".
std::string describe(const TimeControl& tc);
// The byoyomi periods a player has: tc.periods, at least 1 with a byoyomi, 0 without.
int byoyomi_periods(const TimeControl& tc);
// Throws TimeControlError for negative, absurd or contradictory values.
void validate(const TimeControl& tc);

// Seconds as users write them ("10", "0.1") in milliseconds; nothing unless a non-negative
// number of seconds.
std::optional<int64_t> parse_seconds(std::string_view text);
// Milliseconds as seconds, the way time controls write them: 1500 -> "1.5", 10000 -> "10".
std::string seconds_text(int64_t ms);

// A running clock: the main time left per colour, the byoyomi periods each has used up, and
// when the side to move's turn began (the time it has used since is not yet charged).
// Correspondence uses only `turn_started`.
struct ClockState {
  std::array<int64_t, 2> remaining_ms{0, 0};  // by Color
  int64_t turn_started = 0;
  std::array<int, 2> periods_used{0, 0};  // by Color: byoyomi periods run out
  friend bool operator==(const ClockState&, const ClockState&) = default;
};

// The clocks of a game whose first turn starts at `now`.
ClockState start_clock(const TimeControl& tc, int64_t now);

// When the side to move runs out of time, if it can.
std::optional<int64_t> deadline(const TimeControl& tc, const ClockState& clock, Color to_move);

// Charges `mover` for a move made at `now` and starts the opponent's turn. Returns the time
// the move used, or nullopt (clock unchanged) if the mover overstepped its deadline by more
// than `grace_ms`. A byoyomi period the move was made in is not consumed: it is there again
// for the next move (a move at the very end of a period, or within the grace after the last,
// keeps it); the periods it overran are.
std::optional<int64_t> charge_move(const TimeControl& tc, ClockState& clock, Color mover,
                                   int64_t now, int64_t grace_ms = 0);

// Main time left of each colour at `now` (the side to move's running down, not below 0);
// under correspondence, the side to move's time until its deadline and the other's whole time
// per move (what it will have when its turn comes).
std::array<int64_t, 2> remaining_at(const TimeControl& tc, const ClockState& clock,
                                    Color to_move, int64_t now);
// Byoyomi periods `c` has left at `now`, the one running counted: if `c` is the side to move,
// its turn's overrun periods are gone (0 once its deadline passed).
int periods_left_at(const TimeControl& tc, const ClockState& clock, Color c, Color to_move,
                    int64_t now);
// Charges the side to move for its turn so far without ending it (a game ending or stopping
// now): main time run down, periods wholly run out used up, the turn restarted at `now`.
void run_down(const TimeControl& tc, ClockState& clock, Color to_move, int64_t now);

}  // namespace kirin
