// Method + path pattern -> handler. Patterns name their parameters in braces
// ("/api/games/{id}/moves"); a path that matches no pattern is a 404, one that matches only
// with other methods a 405 with an Allow header. Errors thrown by handlers become JSON errors.
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

class Router {
 public:
  void add(std::string method, const std::string& pattern, Handler handler);
  void set_error_mapper(ErrorMapper mapper) { mapper_ = std::move(mapper); }

  // Finds the route, fills request.params and runs the handler; never throws.
  Response handle(Request& request) const;

 private:
  struct Route {
    std::string method;
    std::vector<std::string> segments;  // literal, or "{name}" for a parameter
    Handler handler;
  };
  // Fills params when the path matches the route's pattern.
  static bool match(const Route& route, const std::vector<std::string>& path,
                    std::map<std::string, std::string>& params);
  Response run(const Route& route, Request& request) const;

  std::vector<Route> routes_;
  ErrorMapper mapper_;
};

}  // namespace kirin::server::http
