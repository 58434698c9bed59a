// One WebSocket client on /ws. It subscribes to topics by sending JSON
// ({"op":"subscribe","topic":"game:12"}) and receives the hub's events; other ops go to the
// server's extensions (the engine's analysis). Outgoing messages
// wait in a queue written one at a time (Beast allows one write in flight); a client that lets
// the queue grow past options.ws_queue_limit is dropped rather than allowed to eat memory.
// No thread per connection: everything runs as handlers on the connection's strand.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "server/http/connections.h"
#include "server/http/context.h"
#include "server/http/hub.h"
#include "server/http/message.h"
#include "server/http/ws_extension.h"

namespace kirin::server::http {

// A client's message as /ws reads it: the JSON, its "id" (null if none, repeated in the
// answers), "op" and "topic" ("" unless they are strings). Throws HttpError bad_json if the
// text is not JSON or holds a number too large for a double ("1e400").
struct WsMessage {
  nlohmann::json json;
  nlohmann::json id;
  std::string op, topic;
};
WsMessage read_ws_message(const std::string& text);

class WsSession : public Connection,
                  public Subscriber,
                  public WsPeer,
                  public std::enable_shared_from_this<WsSession> {
 public:
  // client_address: who the upgrade request came from (client_address.h); token: its bearer
  // token (header or ?token=), for the topic policy; ticket: the connection's place under the
  // connection limits, from its HTTP session.
  WsSession(boost::beast::tcp_stream stream, Context& context, std::string client_address,
            std::optional<std::string> token, Admission::Ticket ticket);
  ~WsSession() override;

  // Completes the handshake for the upgrade request already read by the HTTP session.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);

  void deliver(std::shared_ptr<const std::string> text) override;
  void send(const nlohmann::json& message) override;  // WsPeer: for extensions, any thread
  const std::string& client_address() const override { return client_address_; }
  // A stop closes with 1001 "going away"; a logout of the token with 1008 "logged out".
  void shutdown(Ending why) override;

 private:
  // On a worker: tells the registry whose token this is (Context::session_user).
  void find_user();
  // On a worker: the topic policy's refusal, or nullopt when granted.
  std::optional<std::string> check_topic(const std::string& topic);
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // Answers one message; false if it goes on asynchronously (a subscription's policy check),
  // which reads the next message when done.
  bool handle(const std::string& text);
  void reply(nlohmann::json message, const nlohmann::json& id);
  void fail(const char* code, const std::string& why, const nlohmann::json& id);
  void enqueue(std::shared_ptr<const std::string> text);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  void drop();

  const std::string client_address_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  Context& context_;
  std::optional<std::string> token_;
  Admission::Ticket ticket_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::set<std::string> topics_;
  bool accepted_ = false;
  bool writing_ = false;
  bool closing_ = false;  // no more messages: a close is under way
  Ending ending_ = Ending::ServerStopping;  // why, once closing_
  bool dropped_ = false;  // socket closed without a close frame
};

}  // namespace kirin::server::http
