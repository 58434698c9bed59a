#include "server/domain/events.h"

#include <exception>

namespace kirin::server {

const char* event_kind_name(EventKind k) {
  switch (k) {
    case EventKind::Move: return "move";
    case EventKind::Comment: return "comment";
    case EventKind::DrawOffer: return "draw_offer";
    case EventKind::Result: return "result";
    case EventKind::Adjourn: return "adjourn";
    case EventKind::Takeback: return "takeback";
    case EventKind::Challenge: return "challenge";
    case EventKind::Chat: return "chat";
    case EventKind::Message: return "message";
    case EventKind::SessionsEnded: return "sessions_ended";
    case EventKind::Removed: return "removed";
    case EventKind::Berserk: return "berserk";
    case EventKind::Tournament: return "tournament";
  }
  return "move";
}

int EventHub::subscribe(Listener listener) {
  std::lock_guard lock(mutex_);
  listeners_[next_] = std::move(listener);
  return next_++;
}

void EventHub::unsubscribe(int handle) {
  std::lock_guard lock(mutex_);
  listeners_.erase(handle);
}

void EventHub::publish(const Event& event) {
  std::vector<Listener> copy;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [handle, l] : listeners_) copy.push_back(l);
  }
  for (const Listener& l : copy) {  // outside the lock: a listener may unsubscribe
    try {
      l(event);
    } catch (const std::exception&) {
      // One broken subscriber (say, a closed connection) must not cost the others the event.
    }
  }
}

}  // namespace kirin::server
