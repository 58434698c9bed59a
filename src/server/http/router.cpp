#include "server/http/router.h"

#include <fmt/format.h>

#include <algorithm>

#include "server/http/log.h"
#include "server/http/url.h"

namespace kirin::server::http {
namespace {

bool is_param(const std::string& segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

}  // namespace

void Router::add(std::string method, const std::string& pattern, Handler handler) {
  Route route{std::move(method), pattern, {}, std::move(handler)};
  for (std::string_view s : path_segments(pattern)) route.segments.emplace_back(s);
  routes_.push_back(std::move(route));
}

bool Router::match(const Route& route, const std::vector<std::string>& path,
                   std::map<std::string, std::string>& params) {
  if (route.segments.size() != path.size()) return false;
  std::map<std::string, std::string> found;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const std::string& want = route.segments[i];
    if (is_param(want))
      found[want.substr(1, want.size() - 2)] = path[i];
    else if (want != path[i])
      return false;
  }
  params = std::move(found);
  return true;
}

Response Router::handle(Request& request) const {
  std::vector<std::string> path;
  std::vector<std::string> allowed;
  try {
    // Decode per segment, so an escaped '/' (%2F) stays inside its segment.
    for (std::string_view s : path_segments(request.path)) path.push_back(percent_decode(s, false));
    // HEAD is GET without the body (RFC 9110 9.3.2): a route for HEAD itself comes first.
    const Route* get_for_head = nullptr;
    for (const Route& route : routes_) {
      std::map<std::string, std::string> params;
      if (!match(route, path, params)) continue;
      if (route.method == request.method) {
        request.params = std::move(params);
        return run(route, request);
      }
      if (request.method == "HEAD" && route.method == "GET" && !get_for_head) {
        get_for_head = &route;
        request.params = std::move(params);
      }
      if (std::find(allowed.begin(), allowed.end(), route.method) == allowed.end())
        allowed.push_back(route.method);
    }
    if (get_for_head) return run(*get_for_head, request);
  } catch (const HttpError& e) {
    request.route = "unmatched";
    return error_response(e.status(), e.code(), e.what());
  }
  request.route = "unmatched";
  if (allowed.empty()) {
    if (fallback_) {
      try {
        if (std::optional<Response> answer = fallback_(request)) {
          request.route = "static";
          return *answer;
        }
      } catch (const HttpError& e) {
        return error_response(e.status(), e.code(), e.what());
      } catch (const std::exception& e) {
        log("error: {} {}: {}", request.method, request.path, e.what());
        return error_response(500, "internal", "internal server error");
      }
    }
    return error_response(404, "not_found",
                          fmt::format("no such resource: {} {}", request.method, request.path));
  }
  std::string allow = fmt::format("{}", fmt::join(allowed, ", "));
  Response response = error_response(
      405, "method_not_allowed",
      fmt::format("{} is not allowed on {} (allowed: {})", request.method, request.path, allow));
  response.headers.emplace_back("Allow", allow);
  return response;
}

Response Router::run(const Route& route, Request& request) const {
  request.route = route.pattern;
  try {
    return route.handler(request);
  } catch (const HttpError& e) {
    return error_response(e.status(), e.code(), e.what());
  } catch (const std::exception& e) {
    if (mapper_) {
      if (std::optional<Response> mapped = mapper_(e)) return *mapped;
    }
    // A bug or a broken store: log the detail, tell the client only that it happened.
    log("error: {} {}: {}", request.method, request.path, e.what());
    return error_response(500, "internal", "internal server error");
  }
}

}  // namespace kirin::server::http
