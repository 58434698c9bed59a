#include "server/http/message.h"

#include <fmt/core.h>

#include <cctype>

namespace kirin::server::http {

const std::string& Request::header(const std::string& lower_name) const {
  static const std::string none;
  auto it = headers.find(lower_name);
  return it == headers.end() ? none : it->second;
}

std::optional<std::string> Request::bearer_token() const {
  const std::string& value = header("authorization");
  // The scheme name is case-insensitive (RFC 7235); the token is what follows the blanks.
  if (value.size() < 7) return std::nullopt;
  std::string scheme = value.substr(0, 7);
  for (char& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (scheme != "bearer ") return std::nullopt;
  std::size_t start = value.find_first_not_of(' ', 7);
  if (start == std::string::npos) return std::nullopt;
  std::size_t end = value.find_last_not_of(' ');
  return value.substr(start, end - start + 1);
}

nlohmann::json Request::json() const { return parse_json(body); }

nlohmann::json parse_json(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw HttpError(400, "bad_json", json_error_message(e));
  } catch (const nlohmann::json::out_of_range& e) {
    // nlohmann reports a number too large for a double as out_of_range, not parse_error:
    // "[json.exception.out_of_range.406] number overflow parsing '1e400'".
    std::string reason = e.what();
    throw HttpError(400, "bad_json", "bad JSON: " + reason.substr(reason.find(']') + 2));
  }
}

std::string json_error_message(const nlohmann::json::parse_error& e) {
  // e.what() reads "[json.exception.parse_error.101] parse error at line 1, column 3:
  // syntax error while parsing value - invalid literal; last read: 'x'"; keep the reason.
  // e.byte counts from 1; the API counts offsets from 0, like the rest of Kirin.
  std::string reason = e.what();
  if (auto colon = reason.find(": "); colon != std::string::npos) reason.erase(0, colon + 2);
  // "last read: '...'" quotes the request, which may be a password: the offset is enough.
  if (auto quote = reason.find("; last read: "); quote != std::string::npos) reason.erase(quote);
  return fmt::format("bad JSON: {} at byte {}", reason, e.byte > 0 ? e.byte - 1 : 0);
}

std::string Request::query_or(const std::string& name, std::string fallback) const {
  auto it = query.find(name);
  return it == query.end() ? fallback : it->second;
}

Response json_response(const nlohmann::json& body, unsigned status) {
  Response response;
  response.status = status;
  // Replace invalid UTF-8 rather than throw: a stored comment must never break a page.
  response.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return response;
}

nlohmann::json error_body(const std::string& code, const std::string& message) {
  return {{"error", {{"code", code}, {"message", message}}}};
}

Response error_response(unsigned status, const std::string& code, const std::string& message) {
  return json_response(error_body(code, message), status);
}

}  // namespace kirin::server::http
