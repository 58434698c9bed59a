// What players write to each other, as the messages module and a game's chat store it
// (storage.h): private messages and the chat between a game's players.
#pragma once

#include <optional>
#include <vector>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

class SocialRepo {
 public:
  virtual ~SocialRepo() = default;

  // A game's chat, private to its players; oldest first.
  virtual Id add_chat_line(const ChatLine& line) = 0;
  virtual std::vector<ChatLine> chat_of(Id game) = 0;

  // Private messages. find_messages: those sent to `user` with an id below `before` (0: any),
  // newest first, at most `limit`; find_sent_messages: those `user` sent, the same way.
  // mark_message_read sets the read time of a message to `user` that was unread; false if
  // there is none such.
  virtual Id add_message(const Message& message) = 0;
  virtual std::optional<Message> find_message(Id id) = 0;
  virtual std::vector<Message> find_messages(Id user, Id before, int limit) = 0;
  virtual std::vector<Message> find_sent_messages(Id user, Id before, int limit) = 0;
  virtual bool mark_message_read(Id message, Id user, TimeMs at) = 0;
  virtual int count_unread_messages(Id user) = 0;
};

}  // namespace kirin::server
