// The one error type of the notation layer: what is wrong and where.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

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

// A user's text as a message quotes it: 'text', each control character drawn as its picture
// (U+2400 to U+2421: "7g7f␀x"), so that a NUL neither ends the message early (what() is a C
// string) nor hides, and a line break cannot split a reply.
inline std::string quoted_input(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
      continue;
    }
    const unsigned picture = byte == 0x7f ? 0x2421 : 0x2400 + byte;  // three bytes in UTF-8
    out += char(0xe0 | picture >> 12);
    out += char(0x80 | (picture >> 6 & 0x3f));
    out += char(0x80 | (picture & 0x3f));
  }
  return out + "'";
}

}  // namespace kirin
