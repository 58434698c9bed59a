// The one check of what players write for other players to read (comments, a game's chat,
// messages): the store and every client expect valid UTF-8 without control characters, and
// a text is refused where it arrives, naming the field and the position.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kirin::server {

constexpr std::size_t kMaxUserTextChars = 2000;

// `text` with CRLF line ends made LF, without its leading and trailing blanks and newlines. Throws
// ServiceError invalid (field "text") if what is left is empty, is not UTF-8, is longer than
// kMaxUserTextChars characters or has a control character other than a newline or a tab. `what`
// names the text in the messages: "comment", "message", "chat line".
std::string checked_user_text(std::string_view text, const std::string& what);

}  // namespace kirin::server
