#include "server/http/log.h"

#include <fmt/chrono.h>

#include <chrono>
#include <cstdio>
#include <mutex>

namespace kirin::server::http {

void log_line(const std::string& text) {
  // Several io threads log at once; the mutex keeps each line whole.
  static std::mutex mutex;
  auto now = std::chrono::floor<std::chrono::milliseconds>(std::chrono::system_clock::now());
  std::lock_guard lock(mutex);
  fmt::print(stderr, "{:%Y-%m-%dT%H:%M:%S}Z kirin: {}\n", now, text);
  std::fflush(stderr);
}

}  // namespace kirin::server::http
