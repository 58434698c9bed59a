// The USI front-end (shogi's UCI, as lishogi bots and shogi GUIs speak it): reads commands
// from a stream, answers on another, searches on the session's worker thread so that `stop`,
// `ponderhit` and `isready` are answered while it thinks.
#pragma once

#include <chrono>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/clock_lag.h"
#include "protocol/engine_session.h"
#include "protocol/line_writer.h"

namespace kirin::protocol {

class UsiEngine {
 public:
  // Throws VariantError if the configured game does not build.
  UsiEngine(std::istream& in, std::ostream& out, EngineConfig config = {});
  ~UsiEngine();  // stops a running search (its bestmove is still written)

  // Handles commands until `quit` or the end of the input. At the end of the input a timed
  // search is finished and an infinite or pondering one stopped; its bestmove is written.
  void run();
  // One command line; false after `quit`.
  bool handle(std::string_view line);

  const EngineSession& session() const { return session_; }

 private:
  void cmd_usi();
  void cmd_setoption(std::string_view args);
  void cmd_position(std::string_view args);
  // `received`: when the order to move was read (SearchLimits::received).
  void cmd_go(std::string_view args, std::chrono::steady_clock::time_point received);
  void cmd_go_mate(const std::vector<std::string>& args);
  // Before a command that changes the game: an infinite or pondering search is stopped (it
  // still answers with bestmove), a timed one is waited for.
  void settle();
  void info_string(const std::string& text) { out_.line("info string " + text); }
  void set_rules(const GameRules& rules);

  std::istream& in_;
  LineWriter out_;
  EngineConfig config_;
  EngineSession session_;
  bool ponder_option_ = false;
  int multipv_ = 1;  // the MultiPV option
  bool open_ended_ = false;  // the running search waits for stop (infinite, or ponder)
  // Why the last `position` was refused ("" if it was not): the GUI and the engine no longer
  // see the same game, so `go` must not answer with a move of the position kept.
  std::string refused_position_;
  // When the last command was read, if it was `position`: a GUI sends `position` and `go`
  // together, its clock running from the first, so replaying the moves is on the engine's time.
  std::optional<std::chrono::steady_clock::time_point> position_read_;
  ClockLag clock_lag_;
};

// "cp 35", "mate 5" (plies, as USI engines report it) or "mate -4".
std::string usi_score(int score);

}  // namespace kirin::protocol
