#include "server/http/http_session.h"

#include <fmt/core.h>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <string_view>

#include "server/http/client_address.h"
#include "server/http/url.h"
#include "server/http/ws_session.h"

namespace kirin::server::http {

namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace net = boost::asio;

namespace {

// The routes that take a game's analysis (analysis_routes.cpp), by the request's target.
bool carries_analysis(std::string_view target) {
  target = target.substr(0, target.find('?'));
  if (target == "/api/analysis/review") return true;
  return target.starts_with("/api/games/") && target.ends_with("/analysis");
}

// Sent with every response, the web UI's files and the API's alike. The UI loads its scripts,
// styles, fonts and images from the server itself and talks to it by fetch and WebSocket
// ('self' covers ws: and wss: to the same host); it compiles the engine's WebAssembly
// ('wasm-unsafe-eval' allows that and no JavaScript eval); nothing may frame it (clickjacking);
// no address of ours goes to other sites in a Referer.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

void set_security_headers(bhttp::response<bhttp::string_body>& response) {
  response.set("Content-Security-Policy", kContentSecurityPolicy);
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Referrer-Policy", "no-referrer");
  // Cross-origin isolation, so that the browser engine may share memory between its threads
  // (SharedArrayBuffer): no window of another site keeps a handle on ours, and our pages load
  // nothing from other sites (they load nothing from other sites anyway). Sent with every
  // response: the web UI is one page whatever its address, and its workers need it too.
  response.set("Cross-Origin-Opener-Policy", "same-origin");
  response.set("Cross-Origin-Embedder-Policy", "require-corp");
}

}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket socket, Context& context, Admission::Ticket ticket)
    : stream_(std::move(socket)), context_(context), ticket_(std::move(ticket)) {}

HttpSession::~HttpSession() { context_.connections.remove(this); }

void HttpSession::run() {
  context_.connections.add(shared_from_this());
  // The socket was accepted onto this connection's strand; start reading on it.
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::refuse(Response response) {
  context_.connections.add(shared_from_this());
  net::dispatch(stream_.get_executor(),
                [self = shared_from_this(), response = std::move(response)]() mutable {
                  self->send(std::move(response), false);
                });
}

void HttpSession::shutdown(Ending) {
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    self->stopping_ = true;
    if (self->waiting_) self->close();  // idle; a request being served finishes first
  });
}

void HttpSession::do_read() {
  if (stopping_ || context_.stopping) return close();
  parser_.emplace();
  body_limit_ = context_.options.body_limit;
  parser_->body_limit(body_limit_);
  parser_->header_limit(static_cast<std::uint32_t>(context_.options.header_limit));
  waiting_ = true;
  if (buffer_.size() > 0) return read_header();  // a pipelined request has begun already
  stream_.expires_after(served_ ? context_.options.idle_timeout
                                : context_.options.first_byte_timeout);
  stream_.async_read_some(
      buffer_.prepare(4096),
      beast::bind_front_handler(&HttpSession::on_first_byte, shared_from_this()));
}

void HttpSession::on_first_byte(beast::error_code ec, std::size_t bytes) {
  if (ec) {  // silent too long, gone, or closed by a shutdown
    waiting_ = false;
    return close();
  }
  buffer_.commit(bytes);
  read_header();
}

void HttpSession::read_header() {
  // Counted from the request's first byte: a client trickling its headers a byte at a time
  // holds the connection no longer than one sending them at once may take.
  stream_.expires_after(context_.options.header_timeout);
  bhttp::async_read_header(stream_, buffer_, *parser_,
                           beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

void HttpSession::on_header(beast::error_code ec, std::size_t) {
  waiting_ = false;
  served_ = true;
  if (ec == bhttp::error::end_of_stream || ec == beast::error::timeout ||
      ec == net::error::operation_aborted)
    return close();
  if (ec) return fail(ec);
  if (parser_->is_done()) return handle();
  const auto target = parser_->get().target();
  if (carries_analysis(std::string_view(target.data(), target.size()))) {
    body_limit_ = context_.options.analysis_body_limit;
    parser_->body_limit(body_limit_);
  }
  // curl and others wait for "100 Continue" before sending a large body.
  if (beast::iequals(parser_->get()[bhttp::field::expect], "100-continue")) {
    auto interim =
        std::make_shared<bhttp::response<bhttp::empty_body>>(bhttp::status::continue_, 11);
    response_ = interim;
    stream_.expires_after(context_.options.write_timeout);
    return bhttp::async_write(
        stream_, *interim,
        beast::bind_front_handler(&HttpSession::on_continue, shared_from_this()));
  }
  read_body();
}

void HttpSession::on_continue(beast::error_code ec, std::size_t) {
  if (ec) return close();
  read_body();
}

void HttpSession::read_body() {
  stream_.expires_after(context_.options.body_timeout);
  bhttp::async_read(stream_, buffer_, *parser_,
                    beast::bind_front_handler(&HttpSession::on_body, shared_from_this()));
}

void HttpSession::on_body(beast::error_code ec, std::size_t) {
  if (ec == bhttp::error::end_of_stream || ec == beast::error::timeout ||
      ec == net::error::operation_aborted || ec == bhttp::error::partial_message)
    return close();
  if (ec) return fail(ec);
  handle();
}

void HttpSession::fail(beast::error_code ec) {
  // The rest of the request is unread, so the connection cannot be reused: answer and close.
  if (ec == bhttp::error::body_limit)
    return send(error_response(413, "too_large",
                               fmt::format("request body over the limit of {} bytes",
                                           body_limit_)),
                false);
  if (ec == bhttp::error::header_limit)
    return send(error_response(431, "headers_too_large",
                               fmt::format("request headers over the limit of {} bytes",
                                           context_.options.header_limit)),
                false);
  if (ec.category() == bhttp::make_error_code(bhttp::error::bad_method).category())
    return send(error_response(400, "bad_request", "malformed HTTP request: " + ec.message()),
                false);
  close();  // a socket error: nobody to answer
}

void HttpSession::handle() {
  auto& raw = parser_->get();
  if (beast::websocket::is_upgrade(raw)) return upgrade();
  Request request;
  request.method = std::string(raw.method_string());
  std::string_view target(raw.target().data(), raw.target().size());
  std::size_t question = target.find('?');
  request.path = std::string(target.substr(0, question));
  request.body = std::move(raw.body());
  request.client = client_of(raw, &request.origin);
  for (const auto& field : raw) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    request.headers[name] = std::string(field.value());
  }
  std::string query(question == std::string_view::npos ? "" : target.substr(question + 1));
  bool keep_alive = raw.keep_alive();
  bool head = raw.method() == bhttp::verb::head;
  // The handler runs on a worker; its response comes back to this connection's strand, from
  // the worker or, for a handler that answers later (router.h), from the pool that did the
  // work: meanwhile the connection holds no thread, and reads nothing (the next request of a
  // kept-alive connection waits in the socket). A client gone meanwhile finds its answer
  // written to a closed socket, which ends the session.
  auto self = shared_from_this();
  auto arrived = std::chrono::steady_clock::now();
  // The request lives until its answer is counted (the route it took, for the metrics): a
  // handler may answer later, from a pool's thread.
  auto shared = std::make_shared<Request>(std::move(request));
  context_.run_handler([self, request = shared, query, keep_alive, head, arrived]() mutable {
    auto send = [self, request, keep_alive, head, arrived](Response response) {
      self->count(*request, response.status, arrived);
      net::post(self->stream_.get_executor(),
                [self, response = std::move(response), keep_alive, head]() mutable {
                  self->send(std::move(response), keep_alive, head);
                });
    };
    try {
      request->query = parse_query(query);
    } catch (const HttpError& e) {
      return send(error_response(e.status(), e.code(), e.what()));
    }
    self->context_.router.dispatch(*request, std::move(send));
  });
}

std::string HttpSession::client_of(const bhttp::request<bhttp::string_body>& raw,
                                   std::string* origin) {
  beast::error_code ec;
  auto peer = stream_.socket().remote_endpoint(ec);
  if (ec) return {};
  std::string forwarded_for;  // several headers are one list (RFC 9110 5.3)
  for (auto [it, end] = raw.equal_range("X-Forwarded-For"); it != end; ++it) {
    if (!forwarded_for.empty()) forwarded_for += ',';
    forwarded_for.append(it->value().data(), it->value().size());
  }
  RequestOrigin found =
      request_origin(peer.address(), forwarded_for, context_.options.trusted_proxies);
  if (found.malformed) ++context_.forwarded_for_malformed;
  if (origin) *origin = found.address.to_string();
  return client_address(found.address);
}

void HttpSession::count(const Request& request, unsigned status,
                        std::chrono::steady_clock::time_point arrived) {
  // A method no route has is labelled "other": clients choose it, the labels must stay few.
  static const char* const kMethods[] = {"GET",   "HEAD",   "POST",   "PUT",
                                         "PATCH", "DELETE", "OPTIONS"};
  std::string_view method = "other";
  for (const char* m : kMethods)
    if (request.method == m) method = m;
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - arrived;
  context_.metrics.count_request(method, request.route.empty() ? "unmatched" : request.route,
                                 status, took.count());
}

void HttpSession::upgrade() {
  auto request = parser_->release();
  std::string_view target(request.target().data(), request.target().size());
  std::size_t question = target.find('?');
  if (target.substr(0, question) != "/ws")
    return send(error_response(404, "not_found", "WebSocket connections go to /ws"), false);
  if (context_.stopping)  // the stop has already asked every connection to close
    return send(error_response(503, "shutting_down", "the server is stopping"), false);
  // Browsers cannot set headers on a WebSocket, so the token may also come as ?token=.
  Request probe;
  if (auto auth = request.find(bhttp::field::authorization); auth != request.end())
    probe.headers["authorization"] = std::string(auth->value());
  std::optional<std::string> token = probe.bearer_token();
  if (!token && question != std::string_view::npos) {
    try {
      auto query = parse_query(target.substr(question + 1));
      if (auto it = query.find("token"); it != query.end()) token = it->second;
    } catch (const HttpError& e) {
      return send(error_response(e.status(), e.code(), e.what()), false);
    }
  }
  std::string client = client_of(request);
  std::make_shared<WsSession>(std::move(stream_), context_, std::move(client), std::move(token),
                              std::move(ticket_))
      ->run(std::move(request));
}

void HttpSession::send(Response response, bool keep_alive, bool head) {
  keep_alive = keep_alive && !stopping_ && !context_.stopping;
  auto out = std::make_shared<bhttp::response<bhttp::string_body>>(
      static_cast<bhttp::status>(response.status), 11);
  out->set(bhttp::field::server, "kirin");
  out->set(bhttp::field::content_type, response.content_type);
  set_security_headers(*out);
  for (const auto& [name, value] : response.headers) out->set(name, value);
  out->keep_alive(keep_alive);
  if (response.status == 304) {
    // Not Modified has no body, and no Content-Length: that would describe the cached file.
  } else if (head) {
    out->content_length(response.body.size());  // what a GET would send, without sending it
  } else {
    out->body() = std::move(response.body);
    out->prepare_payload();
  }
  response_ = out;
  stream_.expires_after(context_.options.write_timeout);
  bhttp::async_write(
      stream_, *out,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  response_.reset();
  if (ec) return close();
  if (!keep_alive) return linger();
  do_read();
}

void HttpSession::linger() {
  // Closing with unread request bytes makes the kernel reset the connection, and the client
  // may lose the response it has not read yet. So stop sending, drain what the client still
  // sends for a moment (at most 2 s and 1 MiB), then close.
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
  stream_.expires_after(std::chrono::seconds(2));
  drained_ = 0;
  on_drain({}, 0);
}

void HttpSession::on_drain(beast::error_code ec, std::size_t bytes) {
  drained_ += bytes;
  if (ec || drained_ > 1024 * 1024) return close();
  buffer_.clear();
  stream_.async_read_some(buffer_.prepare(4096),
                          beast::bind_front_handler(&HttpSession::on_drain, shared_from_this()));
}

void HttpSession::close() {
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
  stream_.close();
}

}  // namespace kirin::server::http
