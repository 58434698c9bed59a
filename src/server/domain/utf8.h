// UTF-8 checks for text users send (comments): the store and every client
// expect valid UTF-8, and a stray byte should be refused where it arrives, with
// its position, not fail later.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace kirin::server {

// The byte offset of the first sequence that is not valid UTF-8 (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF), or nullopt if the
// text is valid.
std::optional<std::size_t> invalid_utf8_at(std::string_view text);

// The number of code points of valid UTF-8 text.
std::size_t utf8_length(std::string_view text);

}  // namespace kirin::server
