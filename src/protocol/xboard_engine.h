// The XBoard / WinBoard front-end (CECP version 2), as Debian's xboard 4.9 drives a Chu
// engine: reads commands from a stream, answers on another, thinks on the session's worker
// thread so that `?`, `force`, `ping` and the clocks are handled while it thinks.
#pragma once

#include <atomic>
#include <chrono>
#include <istream>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/clock_lag.h"
#include "protocol/engine_session.h"
#include "protocol/line_writer.h"

namespace kirin::protocol {

class XboardEngine {
 public:
  // Throws VariantError if the configured game does not build.
  XboardEngine(std::istream& in, std::ostream& out, EngineConfig config = {});
  ~XboardEngine();

  // Handles commands until `quit` or the end of the input. At the end of the input a search
  // still running is finished first (its move written), so a script's last `go` is answered.
  void run();
  // One command line; false after `quit`.
  bool handle(std::string_view line);

  const EngineSession& session() const { return session_; }

 private:
  void cmd_protover();
  void cmd_option(const std::string& args);
  void cmd_new();
  void cmd_variant(const std::string& name);
  void cmd_setboard(const std::string& fen);
  void cmd_usermove(const std::string& text);
  void cmd_level(const std::string& args);
  void cmd_lift(const std::string& square);
  void cmd_put(const std::string& square);
  void cmd_take_back(int plies, const std::string& command);

  // Ends a running search without playing its move.
  void cancel_search();
  // Starts thinking if it is the engine's turn (or analysing, in analyze mode).
  void maybe_think();
  void think();
  void analyse();
  SearchLimits limits_for_move() const;
  // "1-0 {reason}" if the game is over; true then.
  bool report_result();

  std::istream& in_;
  LineWriter out_;
  EngineConfig config_;
  EngineSession session_;
  // The worker plays the engine's move onto the game while the reader may look at it (lift):
  // both hold this mutex. Everything else in the game changes only when no search runs.
  std::mutex game_mutex_;
  std::atomic<uint64_t> search_id_{0};  // a finished search whose id is stale is ignored
  std::atomic<bool> post_{true};
  bool force_ = false;
  Color engine_side_ = kWhite;  // Kirin's colour the engine plays (XBoard "Black" after new)
  bool analysing_ = false;
  bool thinking_on_move_ = false;  // the running search will play its move
  // Time control: level MPS BASE INC, st, sd, and the clocks from time/otim.
  int level_moves_ = 0;
  TimeControl level_{.kind = TimeControl::Kind::Live, .main_ms = 5 * 60 * 1000};
  int64_t fixed_move_ms_ = 0;  // st
  int max_depth_ = 0;          // sd
  int64_t engine_clock_ms_ = -1, opponent_clock_ms_ = -1;
  // When the line being handled was read: the order to move (usermove, go) that starts a
  // search started the GUI's clock about then (SearchLimits::received).
  std::chrono::steady_clock::time_point line_read_;
  ClockLag clock_lag_;  // fed by `time` and the moves sent
  // Input of a two-leg move split over two usermove commands ("j7k6," then "k6j7").
  std::string pending_leg_;
  // lift / put: the piece being moved in the GUI, and the first leg of a Lion move.
  Square lifted_ = kNoSquare;
  Square leg_from_ = kNoSquare, leg_mid_ = kNoSquare;
};

}  // namespace kirin::protocol
