// Protocol output shared by the reading thread and the search thread: whole lines, one at a
// time, each flushed at once (a GUI waits for the line, not for a buffer to fill).
#pragma once

#include <mutex>
#include <ostream>
#include <string_view>

namespace kirin::protocol {

class LineWriter {
 public:
  explicit LineWriter(std::ostream& out) : out_(out) {}
  void line(std::string_view text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n';
    out_.flush();
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace kirin::protocol
