// What a route handler sees and returns: a request and a response as plain values (no Beast
// types, so handlers compile fast and can be called directly), and the JSON error format
// every failure uses: {"error":{"code":"...","message":"..."}}.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace kirin::server::http {

struct Request {
  std::string method;                          // "GET", "POST", ...
  std::string path;                            // raw, the router decodes each segment
  std::map<std::string, std::string> params;   // from the route pattern, decoded
  std::map<std::string, std::string> query;    // ?a=b&c=d, decoded
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  // Who sent it, as the login throttle counts clients (client_address.h); "" if unknown.
  std::string client;
  // The client's own IP address ("::1", not its /64), for GET /metrics' allow list.
  std::string origin;
  // The pattern of the route that took it ("/api/games/{id}"), "static" or "unmatched": set
  // by the router, for the metrics.
  std::string route;

  // The header's value, or "" when absent.
  const std::string& header(const std::string& lower_name) const;
  // The token of "Authorization: Bearer TOKEN", if any.
  std::optional<std::string> bearer_token() const;
  // The body as JSON; throws HttpError 400 bad_json naming the byte where parsing failed.
  nlohmann::json json() const;
  // The query parameter, or fallback.
  std::string query_or(const std::string& name, std::string fallback = {}) const;
};

struct Response {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra ones, e.g. Allow
};

// Thrown by handlers (and the helpers they use) to answer with a JSON error.
class HttpError : public std::runtime_error {
 public:
  HttpError(unsigned status, std::string code, const std::string& message)
      : std::runtime_error(message), status_(status), code_(std::move(code)) {}
  unsigned status() const { return status_; }
  const std::string& code() const { return code_; }

 private:
  unsigned status_;
  std::string code_;
};

Response json_response(const nlohmann::json& body, unsigned status = 200);
Response error_response(unsigned status, const std::string& code, const std::string& message);
nlohmann::json error_body(const std::string& code, const std::string& message);
// A request's or a WebSocket message's JSON; throws HttpError 400 bad_json saying why.
nlohmann::json parse_json(const std::string& text);
// "bad JSON: <reason> at byte N", N counted from 0.
std::string json_error_message(const nlohmann::json::parse_error& e);

}  // namespace kirin::server::http
