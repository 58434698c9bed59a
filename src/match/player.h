// An engine as the referee sees it, whatever its protocol: it is told about a new game, asked
// for moves with the clocks, and told the result. UsiPlayer and XBoardPlayer implement it.
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "clock/time_control.h"
#include "match/engine_process.h"
#include "rules/game.h"

namespace kirin::match {

// Each colour's time control in a game (by Color), or each engine's in a match.
using TimeControls = std::array<TimeControl, 2>;

enum class Protocol { Auto, Usi, XBoard };
Protocol parse_protocol(const std::string& text);  // "auto", "usi", "xboard"; throws
const char* protocol_name(Protocol p);

// How a USI engine reads the clocks in "go". Standard: btime is Black's (sente's) time and
// wtime White's. Own: both carry the engine's own time (binc/winc its own increment), for
// engines that read them the wrong way round. Auto: Own for the engines known to (see
// usi_clocks_for), else Standard.
enum class UsiClocks { Auto, Standard, Own };
UsiClocks parse_usi_clocks(const std::string& text);  // "auto", "standard", "own"; throws

struct PlayerConfig {
  std::string command;  // run through /bin/sh -c
  Protocol protocol = Protocol::Auto;
  std::string name;  // "" = the name the engine gives itself
  std::vector<std::pair<std::string, std::string>> options;  // engine options, NAME=VALUE
  std::string stderr_path;  // where the engine's stderr goes; "" = /dev/null
  UsiClocks usi_clocks = UsiClocks::Auto;
  // A transcript of the conversation: (direction '>' or '<', line).
  std::function<void(char, std::string_view)> log;
};

// What the engine did when asked for a move.
struct EngineReply {
  enum class Kind {
    Move,      // `move` is set (and legal: players parse against the legal moves)
    Resign,    // it gave up
    Illegal,   // it sent a move that is malformed or not legal; `detail` says which and why
    Timeout,   // nothing by the deadline
    Crash,     // it exited or closed its output
    Protocol,  // it said something that ends the game: a rejected move, a false claim
  };
  Kind kind = Kind::Timeout;
  Move move;
  std::string text;    // the move as the engine wrote it
  std::string detail;  // for everything but Move
};

class Player {
 public:
  virtual ~Player() = default;
  const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }
  virtual Protocol protocol() const = 0;

  // Throws EngineError if the engine says it does not play this game (USI: its UCI_Variant
  // list, XBoard: its variants feature); engines that say nothing are trusted.
  virtual void check_game(const Variant& v) const = 0;
  // Prepares a game from `start`, in which this engine plays `side`. Throws EngineError if
  // the engine cannot play it or does not answer.
  virtual void new_game(const Position& start, Color side, const TimeControl& tc) = 0;
  // Before each move, off the clock: waits until the engine has written everything it had
  // to say since its last answer, so that no late line (a second bestmove) answers the next
  // question. Throws EngineError if the engine does not answer.
  virtual void synchronize() {}
  // Asks for the move in `game` (every move since the start is in game.moves(); those the
  // engine has not seen yet are sent first), with the clocks as they stand and each colour's
  // time control (they differ in a time-odds match). Waits at most `deadline`.
  virtual EngineReply play(const Game& game, const TimeControls& tc, const ClockState& clock,
                           std::chrono::milliseconds deadline) = 0;
  // Tells the engine the game has ended; `result` is "1-0" (Black, the first player, won),
  // "0-1" or "1/2-1/2".
  virtual void game_over(const std::string& result, const std::string& reason) = 0;
  // False once the engine has timed out, crashed or broken protocol: the match starts a new
  // process before its next game.
  bool healthy() const { return healthy_; }
  // What the match should say at its start about how this engine is treated ("" = nothing).
  const std::string& notice() const { return notice_; }

 protected:
  std::string name_;
  std::string notice_;
  bool healthy_ = true;
};

// Starts the engine and completes the protocol handshake. With Protocol::Auto it first tries
// USI ("usi" answered by "usiok") and otherwise starts it again as an XBoard engine.
// Throws EngineError.
std::unique_ptr<Player> start_player(const PlayerConfig& config);

}  // namespace kirin::match
