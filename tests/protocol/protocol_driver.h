// Drives a protocol front-end through string streams, as a GUI would through pipes.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "protocol/engine_session.h"

namespace kirin::protocol::test {

template <class Engine>
class Driver {
 public:
  explicit Driver(EngineConfig config = {}) : engine_(in_, out_, std::move(config)) {}

  // Runs the commands (one per line) to the end of the input and returns the lines written
  // meanwhile. A timed search is finished before this returns.
  std::vector<std::string> run(const std::string& script) {
    in_.clear();
    in_.str(script);
    engine_.run();
    std::vector<std::string> lines;
    std::istringstream all(out_.str().substr(consumed_));
    consumed_ = out_.str().size();
    for (std::string line; std::getline(all, line);) lines.push_back(line);
    return lines;
  }

  Engine& engine() { return engine_; }
  const Game& game() const { return engine_.session().game(); }

 private:
  std::stringstream in_;
  std::ostringstream out_;
  Engine engine_;
  size_t consumed_ = 0;
};

inline bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// Lines that start with `prefix`.
inline std::vector<std::string> with_prefix(const std::vector<std::string>& lines,
                                            const std::string& prefix) {
  std::vector<std::string> out;
  for (const std::string& l : lines)
    if (starts_with(l, prefix)) out.push_back(l);
  return out;
}

}  // namespace kirin::protocol::test
