#include "server/domain/user_text.h"

#include <optional>

#include "server/domain/service_error.h"
#include "server/domain/utf8.h"

namespace kirin::server {

std::string checked_user_text(std::string_view written, const std::string& what) {
  // Line ends as mail and HTTP forms send them (CRLF) become newlines.
  std::string lf;
  for (size_t i = 0; i < written.size(); ++i)
    if (!(written[i] == '\r' && i + 1 < written.size() && written[i + 1] == '\n'))
      lf += written[i];
  std::string_view text = lf;
  auto blank = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  if (text.empty()) throw ServiceError(ErrorCode::Invalid, "the " + what + " is empty", "text");
  if (std::optional<size_t> at = invalid_utf8_at(text))
    throw ServiceError(ErrorCode::Invalid,
                       "the " + what + " is not valid UTF-8 at byte " + std::to_string(*at),
                       "text", long(*at));
  if (utf8_length(text) > kMaxUserTextChars)
    throw ServiceError(ErrorCode::Invalid, "a " + what + " has at most " +
                                               std::to_string(kMaxUserTextChars) + " characters",
                       "text");
  for (size_t i = 0; i < text.size(); ++i)
    if (static_cast<unsigned char>(text[i]) < ' ' && text[i] != '\n' && text[i] != '\t')
      throw ServiceError(ErrorCode::Invalid,
                         "the " + what + " has a control character at " + std::to_string(i),
                         "text", long(i));
  return std::string(text);
}

}  // namespace kirin::server
