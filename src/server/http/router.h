// Method + path pattern -> handler. Patterns name their parameters in braces
// ("/api/games/{id}/moves"); a path that matches no pattern goes to the fallback (the web UI's
// files) and, if the fallback declines it, is a 404; one that matches only with other methods
// is a 405 with an Allow header. HEAD runs the GET route (the session sends no body). Errors
// thrown by handlers become JSON errors.
//
// A handler answers at once (Handler), or later from another thread (AsyncHandler): a request
// whose cost belongs to a pool of the domain (a password check, a mate solve) is handed to
// that pool with its Responder, and the HTTP worker that ran the handler is free at once; the
// pool's thread answers when the work is done (on_pool). The connection waits for the answer
// without holding a thread.
#pragma once

#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/http/message.h"

namespace kirin::server::http {

using Handler = std::function<Response(const Request&)>;

class Router;

// Answers a request later: runs `answer` and sends the response it returns, or the one its
// error maps to (as the router does for every handler). Call it once, from any thread; the
// router must outlive it.
class Responder {
 public:
  using Send = std::function<void(Response)>;
  Responder(const Router& router, std::string method, std::string path, Send send)
      : router_(&router), method_(std::move(method)), path_(std::move(path)),
        send_(std::move(send)) {}
  void operator()(const std::function<Response()>& answer) const { send(answer_of(answer)); }
  // The two halves: what `answer` returns, or the response to its error; sending it.
  Response answer_of(const std::function<Response()>& answer) const;
  void send(Response response) const { send_(std::move(response)); }

 private:
  const Router* router_;
  std::string method_, path_;  // for the log, should the answer fail
  Send send_;
};

// Gets the request and its Responder, and calls the Responder now or from another thread. An
// error it throws itself (a refusal before any work was handed over) is the answer.
using AsyncHandler = std::function<void(const Request&, Responder)>;
// Hands `work` to a pool of the domain in the request's client's turn, and `then` to run once
// its place there is free (so that the client's next request finds it free); or throws (busy).
using Poster = std::function<void(const Request&, std::function<void()> work,
                                  std::function<void()> then)>;

// A handler that runs on the pool `post` hands it to, and answers from there.
AsyncHandler on_pool(Poster post, Handler handler);
// Turns a domain exception into a response (e.g. the service's errors); nullopt = not mine.
using ErrorMapper = std::function<std::optional<Response>(const std::exception&)>;
// Answers a request no route matches (e.g. static files); nullopt = not mine, a 404.
using Fallback = std::function<std::optional<Response>(const Request&)>;

class Router {
 public:
  void add(std::string method, const std::string& pattern, Handler handler);
  void add_async(std::string method, const std::string& pattern, AsyncHandler handler);
  // The route added with add(method, pattern, ...) runs on the pool `post` hands it to, and
  // answers from there (on_pool); throws std::logic_error for no such route.
  void run_on_pool(const std::string& method, const std::string& pattern, Poster post);
  void set_error_mapper(ErrorMapper mapper) { mapper_ = std::move(mapper); }
  void set_fallback(Fallback fallback) { fallback_ = std::move(fallback); }

  // Finds the route, fills request.params and runs the handler; never throws. `send` gets the
  // response once: at once, or from another thread when the handler answers later.
  void dispatch(Request& request, Responder::Send send) const;
  // dispatch, waiting for the answer (for callers without a connection: tests).
  Response handle(Request& request) const;
  // The response to an error a handler threw, logged if it is not the client's.
  Response error_response_of(std::exception_ptr error, const std::string& method,
                             const std::string& path) const;

 private:
  struct Route {
    std::string method;
    std::string pattern;
    std::vector<std::string> segments;  // literal, or "{name}" for a parameter
    AsyncHandler handler;
    Handler answers_at_once;  // add()'s handler, for run_on_pool
  };
  // Fills params when the path matches the route's pattern.
  static bool match(const Route& route, const std::vector<std::string>& path,
                    std::map<std::string, std::string>& params);
  void run(const Route& route, Request& request, Responder::Send send) const;

  std::vector<Route> routes_;
  ErrorMapper mapper_;
  Fallback fallback_;
};

}  // namespace kirin::server::http
