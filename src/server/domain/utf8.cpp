#include "server/domain/utf8.h"

namespace kirin::server {

std::optional<std::size_t> invalid_utf8_at(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    unsigned char b = byte(i);
    std::size_t n;                       // bytes in the sequence
    unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
    if (b < 0x80)
      n = 1;
    else if (b >= 0xC2 && b <= 0xDF)
      n = 2;
    else if (b == 0xE0)
      n = 3, lo = 0xA0;  // no overlong forms
    else if (b == 0xED)
      n = 3, hi = 0x9F;  // no surrogates
    else if (b >= 0xE1 && b <= 0xEF)
      n = 3;
    else if (b == 0xF0)
      n = 4, lo = 0x90;  // no overlong forms
    else if (b == 0xF4)
      n = 4, hi = 0x8F;  // nothing above U+10FFFF
    else if (b >= 0xF1 && b <= 0xF3)
      n = 4;
    else
      return i;
    if (i + n > text.size()) return i;
    if (n > 1 && (byte(i + 1) < lo || byte(i + 1) > hi)) return i;
    for (std::size_t k = 2; k < n; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return i;
    i += n;
  }
  return std::nullopt;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

}  // namespace kirin::server
