#include "server/http/router.h"

#include <fmt/format.h>

#include <algorithm>
#include <future>
#include <memory>
#include <stdexcept>

#include "server/http/log.h"
#include "server/http/url.h"

namespace kirin::server::http {
namespace {

bool is_param(const std::string& segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

}  // namespace

Response Responder::answer_of(const std::function<Response()>& answer) const {
  try {
    return answer();
  } catch (...) {
    return router_->error_response_of(std::current_exception(), method_, path_);
  }
}

AsyncHandler on_pool(Poster post, Handler handler) {
  return [post = std::move(post), handler = std::move(handler)](const Request& r,
                                                                Responder respond) {
    auto request = std::make_shared<Request>(r);  // the work outlives the caller's
    auto response = std::make_shared<Response>();
    post(
        *request,
        [request, handler, respond, response] {
          *response = respond.answer_of([&] { return handler(*request); });
        },
        [respond, response] { respond.send(std::move(*response)); });
  };
}

void Router::add(std::string method, const std::string& pattern, Handler handler) {
  add_async(std::move(method), pattern, [handler](const Request& r, Responder respond) {
    respond([&] { return handler(r); });
  });
  routes_.back().answers_at_once = std::move(handler);
}

void Router::run_on_pool(const std::string& method, const std::string& pattern, Poster post) {
  std::vector<std::string> segments;
  for (std::string_view s : path_segments(pattern)) segments.emplace_back(s);
  for (Route& route : routes_)
    if (route.method == method && route.segments == segments && route.answers_at_once) {
      route.handler = on_pool(std::move(post), route.answers_at_once);
      return;
    }
  throw std::logic_error("run_on_pool: no route " + method + " " + pattern);
}

void Router::add_async(std::string method, const std::string& pattern, AsyncHandler handler) {
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
  auto answer = std::make_shared<std::promise<Response>>();
  std::future<Response> answered = answer->get_future();
  dispatch(request, [answer](Response response) { answer->set_value(std::move(response)); });
  return answered.get();
}

void Router::dispatch(Request& request, Responder::Send send) const {
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
        return run(route, request, std::move(send));
      }
      if (request.method == "HEAD" && route.method == "GET" && !get_for_head) {
        get_for_head = &route;
        request.params = std::move(params);
      }
      if (std::find(allowed.begin(), allowed.end(), route.method) == allowed.end())
        allowed.push_back(route.method);
    }
    if (get_for_head) return run(*get_for_head, request, std::move(send));
  } catch (const HttpError& e) {
    request.route = "unmatched";
    return send(error_response(e.status(), e.code(), e.what()));
  }
  request.route = "unmatched";
  if (allowed.empty()) {
    if (fallback_) {
      try {
        if (std::optional<Response> answer = fallback_(request)) {
          request.route = "static";
          return send(std::move(*answer));
        }
      } catch (const HttpError& e) {
        return send(error_response(e.status(), e.code(), e.what()));
      } catch (const std::exception& e) {
        log("error: {} {}: {}", request.method, request.path, e.what());
        return send(error_response(500, "internal", "internal server error"));
      }
    }
    return send(error_response(
        404, "not_found", fmt::format("no such resource: {} {}", request.method, request.path)));
  }
  std::string allow = fmt::format("{}", fmt::join(allowed, ", "));
  Response response = error_response(
      405, "method_not_allowed",
      fmt::format("{} is not allowed on {} (allowed: {})", request.method, request.path, allow));
  response.headers.emplace_back("Allow", allow);
  send(std::move(response));
}

void Router::run(const Route& route, Request& request, Responder::Send send) const {
  // The Responder is handed over once the handler has it: an error thrown before then (a
  // refusal) is the answer, and the Responder is never called.
  request.route = route.pattern;
  try {
    route.handler(request, Responder(*this, request.method, request.path, send));
  } catch (...) {
    send(error_response_of(std::current_exception(), request.method, request.path));
  }
}

Response Router::error_response_of(std::exception_ptr error, const std::string& method,
                                   const std::string& path) const {
  try {
    std::rethrow_exception(error);
  } catch (const HttpError& e) {
    return error_response(e.status(), e.code(), e.what());
  } catch (const std::exception& e) {
    if (mapper_) {
      if (std::optional<Response> mapped = mapper_(e)) return *mapped;
    }
    // A bug or a broken store: log the detail, tell the client only that it happened.
    log("error: {} {}: {}", method, path, e.what());
    return error_response(500, "internal", "internal server error");
  } catch (...) {
    log("error: {} {}: an unknown exception", method, path);
    return error_response(500, "internal", "internal server error");
  }
}

}  // namespace kirin::server::http
