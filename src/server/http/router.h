// Method + path pattern -> handler. Patterns name their parameters in braces
// ("/api/games/{id}/moves"); a path that matches no pattern goes to the fallback (the web UI's
// files) and, if the fallback declines it, is a 404; one that matches only with other methods
// is a 405 with an Allow header. HEAD runs the GET route (the session sends no body). Errors
// thrown by handlers become JSON errors.
#pragma once

#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/http/message.h"

namespace kirin::server::http {

using Handler = std::function<Response(const Request&)>;
// Turns a domain exception into a response (e.g. the service's errors); nullopt = not mine.
using ErrorMapper = std::function<std::optional<Response>(const std::exception&)>;
// Answers a request no route matches (e.g. static files); nullopt = not mine, a 404.
using Fallback = std::function<std::optional<Response>(const Request&)>;

class Router {
 public:
  void add(std::string method, const std::string& pattern, Handler handler);
  void set_error_mapper(ErrorMapper mapper) { mapper_ = std::move(mapper); }
  void set_fallback(Fallback fallback) { fallback_ = std::move(fallback); }

  // Finds the route, fills request.params and runs the handler; never throws.
  Response handle(Request& request) const;

 private:
  struct Route {
    std::string method;
    std::string pattern;
    std::vector<std::string> segments;  // literal, or "{name}" for a parameter
    Handler handler;
  };
  // Fills params when the path matches the route's pattern.
  static bool match(const Route& route, const std::vector<std::string>& path,
                    std::map<std::string, std::string>& params);
  Response run(const Route& route, Request& request) const;

  std::vector<Route> routes_;
  ErrorMapper mapper_;
  Fallback fallback_;
};

}  // namespace kirin::server::http
