// Between players: private messages (an inbox) and a game's chat, private to its players.
#include "notation/notation_error.h"
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

json messages_json(const std::vector<Message>& messages) {
  json out = json::array();
  for (const Message& m : messages) out.push_back(to_json(m));
  return out;
}

}  // namespace

void add_social_routes(Router& router, const ApiServices& s) {
  // ?before=ID&limit=N: the N messages (50 by default) to the user before message ID (the
  // latest without it), newest first; ?box=sent: those the user sent.
  router.add("GET", "/api/messages", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    const std::string box = r.query_or("box");
    if (!box.empty() && box != "inbox" && box != "sent")
      throw HttpError(400, "bad_request", "box must be inbox or sent, not " + quoted_input(box));
    const Id before = query_before(r, "message");
    const auto limit = std::size_t(query_limit(r));
    Messages::Page page = box == "sent" ? s.messages.sent(user.id, before, limit)
                                        : s.messages.inbox(user.id, before, limit);
    return json_response({{"messages", messages_json(page.messages)},
                          {"more", page.more},
                          {"unread", s.messages.unread(user.id)}});
  });
  router.add("POST", "/api/messages", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    json body = require_object(r.json());
    std::vector<Message> sent =
        s.messages.send(user.id, required_names(body, "to"), required_string(body, "text"));
    return json_response({{"messages", messages_json(sent)}}, 201);
  });
  // Before /api/messages/{message}: the first route that matches takes the request.
  router.add("GET", "/api/messages/unread", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    return json_response({{"unread", s.messages.unread(user.id)}});
  });
  // Reading a message marks it read.
  router.add("GET", "/api/messages/{message}", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    return json_response(to_json(s.messages.read(user.id, id_param(r, "message"))));
  });
  router.add("GET", "/api/games/{game}/chat", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    json lines = json::array();
    for (const ChatLine& line : s.games.chat(id_param(r, "game"), user.id))
      lines.push_back(to_json(line));
    return json_response({{"chat", lines}});
  });
  router.add("POST", "/api/games/{game}/chat", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    ChatLine line = s.games.add_chat_line(id_param(r, "game"), user.id,
                                          required_string(require_object(r.json()), "text"));
    return json_response(to_json(line), 201);
  });
}

}  // namespace kirin::server::http
