// One line per event on stderr, timestamped; the server logs starts, stops and errors only.
#pragma once

#include <fmt/core.h>

#include <string>

namespace kirin::server::http {

void log_line(const std::string& text);

template <typename... Args>
void log(fmt::format_string<Args...> format, Args&&... args) {
  log_line(fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace kirin::server::http
