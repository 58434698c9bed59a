#include "server/http/ws_session.h"

#include <fmt/core.h>

#include "server/http/log.h"

namespace kirin::server::http {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

WsSession::WsSession(beast::tcp_stream stream, Context& context, std::string client_address,
                     std::optional<std::string> token, Admission::Ticket ticket)
    : client_address_(client_address.empty() ? "unknown" : std::move(client_address)),
      ws_(std::move(stream)),
      context_(context),
      token_(std::move(token)),
      ticket_(std::move(ticket)) {
  ++context_.websockets_open;
}

WsSession::~WsSession() {
  --context_.websockets_open;
  for (const auto& extension : context_.ws_extensions) extension->closed(this);
  for (const std::string& topic : topics_) context_.hub.unsubscribe(topic, this);
  context_.connections.remove(this);
}

void WsSession::run(beast::http::request<beast::http::string_body> request) {
  context_.connections.add(shared_from_this(), token_);
  if (token_ && context_.session_user)
    context_.run_handler([self = shared_from_this()] { self->find_user(); });
  // The WebSocket layer has its own timeouts: 30 s for the handshake, then a ping when the
  // peer has been silent for a while, and the connection closed if it stays silent.
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(beast::http::field::server, "kirin");
  }));
  ws_.read_message_max(context_.options.ws_message_limit);
  ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::find_user() {
  try {
    for (bool alive_before = false;; alive_before = true) {
      std::uint64_t since = context_.connections.user_endings();
      std::optional<Id> user = context_.session_user(*token_);
      // Dead from the start, the socket stays open for public topics (check_topic refuses
      // user topics); dead since a read that found it alive, it ends.
      if (!user) {
        if (alive_before) break;
        return;
      }
      if (context_.connections.set_user(this, *user, since)) return;
      // The user's sessions ended during the read: read again.
    }
  } catch (const std::exception& e) {
    log("error: finding the user of a WebSocket's token: {}", e.what());
  }
  shutdown(Ending::LoggedOut);
}

std::optional<std::string> WsSession::check_topic(const std::string& topic) {
  const bool users_own = topic.rfind("user:", 0) == 0 && token_ && context_.session_user;
  for (int tries = 0; tries < 3; ++tries) {
    std::uint64_t since = context_.connections.user_endings();
    if (auto refused = context_.topic_policy(topic, token_)) return refused;
    if (!users_own) return std::nullopt;
    // A user's topic is granted only to a connection the registry knows as that user's, by a
    // read after the last ending of their sessions: an ending from now on finds and closes it
    // (else a socket whose user lookup came after the ending would keep the topic open).
    std::optional<Id> user = context_.session_user(*token_);
    if (!user) break;
    if (context_.connections.set_user(this, *user, since)) return std::nullopt;
  }
  return "your session has ended";
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) return;  // a failed handshake just ends the connection
  accepted_ = true;
  if (closing_) return do_close();
  do_read();
}

void WsSession::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) return;  // closed by the peer, by us, a timeout or a message over the limit
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  if (handle(text)) do_read();
}

WsMessage read_ws_message(const std::string& text) {
  WsMessage m;
  m.json = parse_json(text);
  auto field = [&](const char* name) {
    return m.json.is_object() && m.json.contains(name) && m.json[name].is_string()
               ? m.json[name].get<std::string>()
               : std::string();
  };
  m.id = m.json.is_object() && m.json.contains("id") ? m.json["id"] : nullptr;
  m.op = field("op");
  m.topic = field("topic");
  return m;
}

bool WsSession::handle(const std::string& text) {
  WsMessage m;
  try {
    m = read_ws_message(text);
  } catch (const HttpError& e) {
    fail(e.code().c_str(), e.what(), nullptr);
    return true;
  }
  const nlohmann::json& message = m.json;
  const nlohmann::json& id = m.id;
  const std::string& op = m.op;
  const std::string& topic = m.topic;
  if (op == "ping") {
    reply({{"type", "pong"}}, id);
    return true;
  }
  if (op != "subscribe" && op != "unsubscribe") {
    std::string known = "\"subscribe\", \"unsubscribe\", \"ping\"";
    for (const auto& extension : context_.ws_extensions)
      for (const std::string& handled : extension->ops()) {
        if (handled == op) {
          auto resume = [self = shared_from_this()] {
            net::post(self->ws_.get_executor(), [self] { self->do_read(); });
          };
          return extension->handle(shared_from_this(), op, message, id, std::move(resume));
        }
        known += ", \"" + handled + "\"";
      }
    fail("bad_op", "op must be one of " + known, id);
    return true;
  }
  if (topic.empty()) {
    fail("bad_topic", "\"topic\" (a string) is required", id);
    return true;
  }
  if (op == "unsubscribe") {
    if (topics_.erase(topic)) context_.hub.unsubscribe(topic, this);
    reply({{"type", "unsubscribed"}, {"topic", topic}}, id);
    return true;
  }
  if (topics_.count(topic)) {
    reply({{"type", "subscribed"}, {"topic", topic}}, id);
    return true;
  }
  if (topics_.size() >= context_.options.ws_topic_limit) {
    fail("too_many_topics",
         fmt::format("at most {} subscriptions per connection", context_.options.ws_topic_limit),
         id);
    return true;
  }
  // The policy may read the store (the game to watch, the session behind a token): it runs on
  // a worker, not on this I/O thread. Reading waits meanwhile, so that the client's messages
  // are still answered in order.
  context_.run_handler([self = shared_from_this(), topic, id] {
    std::optional<std::string> refused;
    try {
      refused = self->check_topic(topic);
    } catch (const std::exception& e) {
      log("error: the topic policy failed on '{}': {}", topic, e.what());
      refused = "the server could not check this topic";
    }
    net::post(self->ws_.get_executor(), [self, topic, id, refused] {
      if (refused) {
        self->fail("forbidden", *refused, id);
      } else {
        self->topics_.insert(topic);
        self->context_.hub.subscribe(topic, self);
        self->reply({{"type", "subscribed"}, {"topic", topic}}, id);
      }
      self->do_read();
    });
  });
  return false;
}

void WsSession::fail(const char* code, const std::string& why, const nlohmann::json& id) {
  nlohmann::json error = error_body(code, why);
  error["type"] = "error";
  reply(std::move(error), id);
}

void WsSession::reply(nlohmann::json message, const nlohmann::json& id) {
  if (!id.is_null()) message["id"] = id;  // lets a client match answers to requests
  enqueue(std::make_shared<const std::string>(
      message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
}

void WsSession::send(const nlohmann::json& message) {
  deliver(std::make_shared<const std::string>(
      message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
}

void WsSession::deliver(std::shared_ptr<const std::string> text) {
  net::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)]() mutable {
    self->enqueue(std::move(text));
  });
}

void WsSession::enqueue(std::shared_ptr<const std::string> text) {
  if (closing_ || !accepted_) return;
  if (queue_.size() >= context_.options.ws_queue_limit) {
    log("dropping a slow WebSocket client: {} messages waiting", queue_.size());
    return drop();
  }
  queue_.push_back(std::move(text));
  if (!writing_) do_write();
}

void WsSession::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
}

void WsSession::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  queue_.pop_front();  // the message just written: the queue keeps it alive while in flight
  if (ec) return drop();
  if (closing_) return do_close();
  if (!queue_.empty()) do_write();
}

void WsSession::shutdown(Ending why) {
  net::post(ws_.get_executor(), [self = shared_from_this(), why] {
    if (self->closing_) return;
    self->closing_ = true;
    self->ending_ = why;
    if (self->accepted_ && !self->writing_) self->do_close();  // else on_accept or on_write does
  });
}

void WsSession::do_close() {
  if (dropped_) return;
  queue_.clear();
  // A close frame tells browsers why: the server is going away (1001), so they can
  // reconnect, or the session's token was logged out (1008, policy).
  websocket::close_reason reason =
      ending_ == Ending::LoggedOut
          ? websocket::close_reason(websocket::close_code::policy_error, "logged out")
          : websocket::close_reason(websocket::close_code::going_away);
  ws_.async_close(reason, [self = shared_from_this()](beast::error_code) {});
}

void WsSession::drop() {
  closing_ = dropped_ = true;
  if (!writing_) queue_.clear();  // else on_write still needs the message in flight
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

}  // namespace kirin::server::http
