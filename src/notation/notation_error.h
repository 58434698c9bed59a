// The one error type of the notation layer: what is wrong and where.
#pragma once

#include <stdexcept>
#include <string>

namespace kirin {

class NotationError : public std::runtime_error {
 public:
  NotationError(const std::string& what, std::string field = {}, long offset = -1)
      : std::runtime_error(what), field_(std::move(field)), offset_(offset) {}
  const std::string& field() const { return field_; }  // e.g. "board", "side", "move 3"
  long offset() const { return offset_; }              // character offset, -1 if none

 private:
  std::string field_;
  long offset_;
};

}  // namespace kirin
