// The service's events pushed to WebSocket topics: a game's events to "game:ID" and to its players'
// "user:NAME" (its chat to the players' topics only); a message to its recipient's; a challenge's
// to the users concerned, and to "lobby" when it is (or was) open to anyone; a tournament's to
// "tournament:ID", and a new pairing to its two players' topics too. The message is the
// event as api_json writes it; clients fetch the game (GET /api/games/ID) for the rest.
#pragma once

#include <functional>

#include "server/domain/events.h"
#include "server/http/hub.h"

namespace kirin::server::http {

class EventForwarder : public EventSink {
 public:
  // is_open_challenge: was this challenge addressed to anyone (no opponent named)? The event
  // itself does not say once an open challenge is accepted.
  EventForwarder(Hub& hub, std::function<bool(Id)> is_open_challenge)
      : hub_(hub), is_open_challenge_(std::move(is_open_challenge)) {}

  void publish(const Event& event) override;

 private:
  Hub& hub_;
  std::function<bool(Id)> is_open_challenge_;
};

}  // namespace kirin::server::http
