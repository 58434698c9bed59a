// The server's side of clocks (the arithmetic is clock/time_control.h): the current time, the
// time controls a server game may have, with their errors as the service reports them, and how
// a game's clocks start.
//
// The start, as on lishogi: a live game's clocks do not run before each side's first move.
// The first player's first move and the second player's first move are free; the first
// player's clock starts with the second player's first move, and from then on each move
// charges its mover. A side that does not make its first move within the first-move timeout
// (GameOptions) has the game aborted: no result. A correspondence game's days count from the
// start, and a game whose side to move lets them pass before making its first move is
// aborted too, not lost.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/domain/records.h"

namespace kirin::server {

// The service's source of the current time; tests pass a fake.
using NowFn = std::function<TimeMs()>;
TimeMs system_now();  // milliseconds since the epoch, from the system clock
// A time in UTC as strftime writes it with `format` ("%Y-%m-%d"), at most 63 characters.
std::string utc_text(TimeMs t, const char* format);

// A requested time control from its text (parse_time_control's spellings), checked by
// check_time_control. Throws ServiceError (invalid, field "time_control").
TimeControl read_time_control(std::string_view text);
// Throws ServiceError (invalid, field "time_control") unless a server game can have `tc`:
// none, live or correspondence, within bounds (a fixed time or node budget per move is for
// engine matches).
void check_time_control(const TimeControl& tc);

// The side to move of a stored game: its start position's, handed over by every move played
// (a pass or skip too).
Color side_to_move(const GameState& g);
// `c` has made its first move.
bool has_moved(const GameState& g, Color c);
// Both sides have made their first move: the game can no longer be aborted, and live clocks run.
bool both_have_moved(const GameState& g);
// The time control `c` plays under: the game's, or after `c` berserked (GameState::berserk)
// the same without byoyomi, periods or increment (lishogi's berserk; the main time was halved
// on the clock when it happened, berserk_clock). Every deadline, charge and time-out of `c`
// uses it, so every node reading the game agrees.
TimeControl colour_time_control(const GameState& g, Color c);
// `c` berserks: its main time halved on g.clock (its clock has not run yet) and marked.
void berserk_clock(GameState& g, Color c);
// Whose clock runs now, if any: the side to move's in an active game with a clock, once both
// sides have moved (live) or from the start (correspondence).
std::optional<Color> running_clock(const GameState& g);
// When the side to move loses on time, if its clock runs and can run out.
std::optional<TimeMs> flag_deadline(const GameState& g);
// When the game is aborted unless the side to move makes its first move: live games
// `first_move_timeout_ms` after its turn began, correspondence games at the end of the days
// per move; nothing once both have moved, in untimed games, or with a timeout of 0.
std::optional<TimeMs> abort_deadline(const GameState& g, int64_t first_move_timeout_ms);
// Charges `mover` on g.clock for a move made at `now` and starts the opponent's turn; returns
// the time the move took (a first move's is recorded, not charged). nullopt (clock unchanged)
// if the mover's time had run out.
std::optional<int64_t> charge_turn(GameState& g, Color mover, TimeMs now);
// Charges the side to move for the turn that a game ending now (a resignation, an agreed
// draw, a timeout) cuts short, so that the final clocks are the real ones.
void charge_unfinished_turn(GameState& g, TimeMs now);
// Main time left of each colour at `now` (the running clock's run down); under
// correspondence, the side to move's time until its deadline.
std::array<int64_t, 2> clock_left(const GameState& g, TimeMs now);
// Byoyomi periods of each colour left at `now` (the running one counted; time_control.h).
std::array<int, 2> periods_left(const GameState& g, TimeMs now);

}  // namespace kirin::server
