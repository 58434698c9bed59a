#include "server/http/event_forwarder.h"

#include "server/http/api_json.h"
#include "server/http/log.h"

namespace kirin::server::http {

void EventForwarder::publish(const Event& event) {
  nlohmann::json message = to_json(event);
  if (event.kind == EventKind::Tournament) {
    // Anyone may follow an event's page; its players' topics hear only of their own new games
    // (the page's "to my game").
    hub_.publish("tournament:" + std::to_string(event.tournament), message);
    if (event.text == "paired" && event.game)
      for (const PlayerRef& user : event.users)
        if (!user.name.empty()) hub_.publish("user:" + user.name, message);
    return;
  }
  if (event.kind == EventKind::Challenge) {
    try {
      if (is_open_challenge_ && is_open_challenge_(event.challenge)) hub_.publish("lobby", message);
    } catch (const std::exception& e) {
      // The change is stored already; a failed lookup only costs the lobby this push.
      log("error: forwarding challenge {}: {}", event.challenge, e.what());
    }
    // A rematch is news on the old game's page too: offered, declined, accepted (new game).
    if (event.rematch_of) hub_.publish("game:" + std::to_string(event.rematch_of), message);
  } else if (event.game && event.kind != EventKind::Chat &&
             !(event.kind == EventKind::Removed && event.text != "comment")) {
    // A game's chat is its players' own: never on the game's topic, which anyone may watch
    // (nor is a chat line's removal).
    hub_.publish("game:" + std::to_string(event.game), message);
  }
  for (const PlayerRef& user : event.users)
    if (!user.name.empty()) hub_.publish("user:" + user.name, message);
}

}  // namespace kirin::server::http
