#include "match/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

extern char** environ;

namespace kirin::match {
namespace {

using Clock = std::chrono::steady_clock;

// A write to an engine that has died must fail with EPIPE, not kill the referee.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { signal(SIGPIPE, SIG_IGN); });
}

// Process groups of the running engines, for the interrupt handler (lock-free, so that the
// handler may read it).
constexpr int kMaxEngines = 256;
std::atomic<pid_t> running_groups[kMaxEngines];

void register_group(pid_t pid) {
  for (auto& slot : running_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void unregister_group(pid_t pid) {
  for (auto& slot : running_groups) {
    pid_t expected = pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

extern "C" void kill_engines_and_exit(int sig) {
  for (auto& slot : running_groups)
    if (pid_t pid = slot.load()) ::kill(-pid, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

std::string errno_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

}  // namespace

EngineProcess::EngineProcess(const std::string& command, const std::string& stderr_path)
    : command_(command) {
  ignore_sigpipe();
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) throw EngineError(errno_text("pipe"));
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    int saved = errno;
    ::close(to_child[0]);
    ::close(to_child[1]);
    errno = saved;
    throw EngineError(errno_text("pipe"));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2,
                                   stderr_path.empty() ? "/dev/null" : stderr_path.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group, so that kill() also reaches what the shell started; default
  // SIGPIPE, since ignored signals would otherwise be inherited.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  std::string shell_command = command;
  char* argv[] = {const_cast<char*>("sh"), const_cast<char*>("-c"), shell_command.data(), nullptr};
  int rc = posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(to_child[0]);
  ::close(from_child[1]);
  if (rc != 0) {
    ::close(to_child[1]);
    ::close(from_child[0]);
    pid_ = -1;
    throw EngineError("cannot start '" + command + "': " + std::strerror(rc));
  }
  in_fd_ = to_child[1];
  out_fd_ = from_child[0];
  register_group(pid_);
}

void kill_engines_on_interrupt() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, kill_engines_and_exit);
}

EngineProcess::~EngineProcess() {
  close_stdin();
  if (pid_ > 0 && !wait_for_exit(std::chrono::milliseconds(300))) kill();
  if (out_fd_ >= 0) ::close(out_fd_);
}

void EngineProcess::close_stdin() {
  if (in_fd_ >= 0) ::close(in_fd_);
  in_fd_ = -1;
}

bool EngineProcess::write_line(std::string_view line) {
  if (log_) log_('>', line);
  if (in_fd_ < 0) return false;
  std::string data(line);
  data += '\n';
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(in_fd_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      close_stdin();  // EPIPE: the engine is gone
      return false;
    }
    done += size_t(n);
  }
  return true;
}

EngineProcess::Read EngineProcess::read_line(std::string& line, std::chrono::milliseconds timeout) {
  auto deadline = Clock::now() + timeout;
  for (;;) {
    size_t nl = buffer_.find('\n');
    if (nl != std::string::npos || (eof_ && !buffer_.empty())) {
      size_t len = nl == std::string::npos ? buffer_.size() : nl;
      line.assign(buffer_, 0, len);
      buffer_.erase(0, nl == std::string::npos ? len : len + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (log_) log_('<', line);
      return Read::Line;
    }
    if (eof_) return Read::Closed;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() < 0) return Read::Timeout;
    pollfd pfd{out_fd_, POLLIN, 0};
    int r = ::poll(&pfd, 1, int(left.count()));
    if (r < 0) {
      if (errno == EINTR) continue;
      throw EngineError(errno_text("poll"));
    }
    if (r == 0) return Read::Timeout;
    char chunk[4096];
    ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      eof_ = true;
    } else if (n == 0) {
      eof_ = true;
    } else {
      buffer_.append(chunk, size_t(n));
    }
  }
}

bool EngineProcess::exited() {
  if (reaped_ || pid_ <= 0) return true;
  pid_t r = ::waitpid(pid_, &status_, WNOHANG);
  if (r == pid_) {
    reaped_ = true;
    ::kill(-pid_, SIGKILL);  // whatever the shell left behind
    unregister_group(pid_);
  }
  return reaped_;
}

bool EngineProcess::wait_for_exit(std::chrono::milliseconds timeout) {
  auto deadline = Clock::now() + timeout;
  while (!exited()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

std::string EngineProcess::exit_description() {
  if (!exited()) return "running";
  if (WIFEXITED(status_)) return "exited with code " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    int sig = WTERMSIG(status_);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended";
}

void EngineProcess::kill() {
  close_stdin();
  if (pid_ <= 0 || reaped_) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  unregister_group(pid_);
}

void await_line(EngineProcess& engine, std::chrono::milliseconds timeout,
                const std::function<bool(const std::string&)>& wanted,
                const std::function<std::string()>& crashed, const std::string& name,
                const std::string& what) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string line;
  for (;;) {
    auto r = engine.read_line(line, left_until(deadline));
    if (r == EngineProcess::Read::Closed) throw EngineError(crashed());
    if (r == EngineProcess::Read::Timeout)
      throw EngineError("engine '" + name + "' did not answer " + what + " within " +
                        std::to_string(timeout.count()) + " ms");
    if (wanted(line)) return;
  }
}

}  // namespace kirin::match
