// A child process running an engine command: lines in, lines out, with timeouts.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kirin::match {

// Starting an engine or talking to it failed in a way that ends the game for that engine.
class EngineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Time left until a deadline, never negative: the timeout for the next read_line.
inline std::chrono::milliseconds left_until(std::chrono::steady_clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
  return left.count() < 0 ? std::chrono::milliseconds(0) : left;
}

class EngineProcess;

// Reads lines until `wanted` accepts one. Throws EngineError with `crashed()` if the engine
// closes its output, or saying that it did not answer `what` if the timeout passes first.
void await_line(EngineProcess& engine, std::chrono::milliseconds timeout,
                const std::function<bool(const std::string&)>& wanted,
                const std::function<std::string()>& crashed, const std::string& name,
                const std::string& what);

class EngineProcess {
 public:
  // Runs `command` through /bin/sh -c in its own process group, with pipes for stdin and
  // stdout; stderr goes to `stderr_path` ("" = /dev/null). Throws EngineError.
  explicit EngineProcess(const std::string& command, const std::string& stderr_path = "");
  ~EngineProcess();  // closes stdin, gives the engine a moment to quit, then kills it
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes one line (a newline is added). False if the engine has closed its input.
  bool write_line(std::string_view line);

  enum class Read { Line, Timeout, Closed };
  // Reads the next line (without its line ending), waiting at most `timeout`.
  Read read_line(std::string& line, std::chrono::milliseconds timeout);

  // Has the process ended? Reaps it if so.
  bool exited();
  // Waits up to `timeout` for the process to end; true if it has.
  bool wait_for_exit(std::chrono::milliseconds timeout);
  // "exited with code 1", "killed by signal 11 (Segmentation fault)"; "running" if alive.
  std::string exit_description();
  // Ends the engine now (SIGKILL to its process group) and reaps it.
  void kill();

  // Every line written (direction '>') and read ('<'), for transcripts.
  void set_log(std::function<void(char direction, std::string_view line)> log) {
    log_ = std::move(log);
  }
  const std::string& command() const { return command_; }

 private:
  void close_stdin();

  std::string command_;
  pid_t pid_ = -1;
  int in_fd_ = -1;   // engine's stdin (we write)
  int out_fd_ = -1;  // engine's stdout (we read)
  bool reaped_ = false;
  int status_ = 0;
  bool eof_ = false;
  std::string buffer_;  // bytes read but not yet returned as lines
  std::function<void(char, std::string_view)> log_;
};

// Makes SIGINT, SIGTERM and SIGHUP kill every running engine before the referee ends (the
// engines run in process groups of their own, so a Ctrl-C would not reach them).
void kill_engines_on_interrupt();

}  // namespace kirin::match
