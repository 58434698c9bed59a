// Private messages between players (pbmserv's `message`): an inbox per user, read and
// unread. The text is checked as a comment's is (user_text.h) and a sender is held to
// MessageOptions::per_minute, as comments are. A message goes to open accounts that accept
// messages (Preferences::accept_messages) and do not block the sender, never to oneself, from
// a sender not muted; each one sent publishes an
// EventKind::Message event to its recipient (the WebSocket push, the mail notice).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "server/domain/account_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/events.h"
#include "server/domain/rate_limit.h"
#include "server/domain/moderation_repo.h"
#include "server/domain/social_repo.h"

namespace kirin::server {

struct MessageOptions {
  std::size_t per_minute = 10;  // sent by one user in any minute, a message to each recipient
  std::size_t max_recipients = 10;  // of one message
};

class Messages {
 public:
  Messages(Storage& storage, EventSink& events, NowFn now = system_now, MessageOptions options = {});

  // Sends `text` to each of `to` (names, in any letter case), one message each, all or none:
  // throws ServiceError invalid (field "to": none, too many, or one named twice; field "text")
  // or not_found (an unknown name), conflict (a closed account, one that refuses messages,
  // oneself), too_many_requests (over per_minute: nothing is sent).
  std::vector<Message> send(Id from, const std::vector<std::string>& to, std::string_view text);

  struct Page {
    std::vector<Message> messages;  // newest first
    bool more = false;              // there are older ones (ask again with before = the last id)
  };
  // The messages to `user` with an id below `before` (0: the latest), at most `limit`.
  Page inbox(Id user, Id before, std::size_t limit);
  // The messages `user` sent, the same way (a moderator's removal takes one from both).
  Page sent(Id user, Id before, std::size_t limit);
  // A message to `user`, marked read. Throws not_found (also for a message to someone else:
  // it is not theirs to know it exists).
  Message read(Id user, Id message);
  int unread(Id user);
  // A moderator's warning to `to`: a message marked as one, sent whatever the recipient's
  // settings and blocks, and never limited (the moderator is checked by the caller).
  Message send_warning(const User& from, const User& to, const std::string& text);

 private:
  Message deliver(const User& from, const User& to, const std::string& text, bool warning);
  SocialRepo& social_repo_;
  AccountRepo& account_repo_;
  ModerationRepo& moderation_repo_;
  EventSink& events_;
  NowFn now_;
  MessageOptions options_;
  RateLimit rate_;
};

}  // namespace kirin::server
