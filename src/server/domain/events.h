// What the service tells the transports after each stored change, so that they can push it
// (WebSocket events, mail). The service publishes only after the store accepted the change,
// and never while holding a game's lock, so a listener may call back into the service.
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "server/domain/records.h"

namespace kirin::server {

enum class EventKind {
  Move,       // a move was stored: ply, text = USI
  Comment,    // text = the comment
  DrawOffer,  // text = "offered" or "declined"
  Result,     // the game ended: text = "Black wins by resignation"...
  Adjourn,    // text = "adjourned" or "resumed"
  Takeback,   // text = "offered", "declined", "cancelled" (by its asker) or "accepted" (ply:
              // the game's ply after the moves were taken back)
  Challenge,  // text = "created", "accepted", "declined" or "cancelled"; a rematch's also
              // goes to the game it is a rematch of (rematch_of)
  Chat,       // a game's chat line (text), for its two players only (users), never its watchers
  Message,    // a private message (message, text) from `by` to users[0]
  // Sessions of users[0] ended at once (a password change, a closure, a ban): the transports
  // close what the dead sessions hold open (a WebSocket whose token still authenticates, the
  // one kept, stays). Never pushed to a topic.
  SessionsEnded,
  Removed,    // a moderator removed a line (removed: its id; text: "comment", "chat" or
              // "message"): open pages drop it. A chat line's goes to its game's players, a
              // message's to its recipient (users), a comment's to the game's watchers
  Berserk,    // a player of an arena game went berserk: text = "black" or "white"
  // A tournament changed (tournament): text = "joined", "withdrew", "started", "paired",
  // "result", "round", "finished" or "cancelled"; users: the players concerned; game: a
  // "paired" event's new game (one event per game).
  Tournament,
};
const char* event_kind_name(EventKind k);  // "move", "comment", ...

struct Event {
  EventKind kind = EventKind::Move;
  Id game = 0;
  Id challenge = 0;
  Id message = 0;  // Message: its id
  Id removed = 0;  // Removed: the line's id
  Id tournament = 0;  // Tournament: its id
  int ply = 0;  // the game's ply after the change
  std::string text;
  std::vector<PlayerRef> users;  // the players concerned
  // Challenge: who created, accepted, declined or cancelled it; Chat, Message: the writer;
  // DrawOffer, Takeback: the player who offered, accepted (a takeback), declined or
  // cancelled (the mail notices tell the other one).
  PlayerRef by;
  // Move: played for its mover from their conditional moves (forecasts), not sent by them.
  bool queued = false;
  Id rematch_of = 0;              // Challenge: the game it offers to play again
  // Game events: the status and clocks after the change. Clock changes travel with the
  // move, adjourn and result events that cause them.
  GameStatus status = GameStatus::Active;
  ClockState clock;
  // Published on hearing of a change another process made (GameService::changed_elsewhere):
  // that process has told its own users already (mail notices).
  bool elsewhere = false;
};

class EventSink {
 public:
  virtual ~EventSink() = default;
  // Must not throw: the change is stored already, and the caller is told it succeeded.
  virtual void publish(const Event& event) = 0;
};

class NullEventSink : public EventSink {
 public:
  void publish(const Event&) override {}
};

// Fans events out to any number of listeners (called on the publishing thread). A listener
// that throws is skipped; the others still get the event.
class EventHub : public EventSink {
 public:
  using Listener = std::function<void(const Event&)>;
  int subscribe(Listener listener);  // returns a handle for unsubscribe
  void unsubscribe(int handle);
  void publish(const Event& event) override;

 private:
  std::mutex mutex_;
  int next_ = 1;
  std::map<int, Listener> listeners_;
};

}  // namespace kirin::server
