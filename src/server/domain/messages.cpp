#include "server/domain/messages.h"

#include <algorithm>

#include "server/domain/restrictions.h"
#include "server/domain/service_error.h"
#include "server/domain/user_text.h"

namespace kirin::server {
namespace {
constexpr std::size_t kMaxPage = 100;
}  // namespace

Messages::Messages(Storage& storage, EventSink& events, NowFn now, MessageOptions options)
    : social_repo_(storage.social()),
      account_repo_(storage.accounts()),
      moderation_repo_(storage.moderation()),
      events_(events),
      now_(std::move(now)),
      options_(options),
      rate_(options.per_minute, now_) {}

std::vector<Message> Messages::send(Id from, const std::vector<std::string>& to,
                                    std::string_view written) {
  if (to.empty()) throw ServiceError(ErrorCode::Invalid, "name at least one recipient", "to");
  if (to.size() > options_.max_recipients)
    throw ServiceError(ErrorCode::Invalid,
                       "a message goes to at most " + std::to_string(options_.max_recipients) +
                           " players, not " + std::to_string(to.size()),
                       "to");
  if (to.size() > options_.per_minute)  // never within the rate limit
    throw ServiceError(ErrorCode::Invalid,
                       "this server takes at most " + std::to_string(options_.per_minute) +
                           " messages a minute: name at most that many players",
                       "to");
  std::string text = checked_user_text(written, "message");
  std::optional<User> sender = account_repo_.find_user(from);
  if (!sender) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(from));
  refuse_if_muted(*sender, now_());
  std::vector<User> recipients;
  for (const std::string& name : to) {
    std::optional<User> u = account_repo_.find_user_by_name(name);
    if (!u) throw ServiceError(ErrorCode::NotFound, "no user named '" + name + "'", "to");
    if (u->id == from) throw ServiceError(ErrorCode::Conflict, "you cannot message yourself", "to");
    if (u->closed)
      throw ServiceError(ErrorCode::Conflict, "the account '" + u->name + "' is closed", "to");
    if (!u->preferences.accept_messages)
      throw ServiceError(ErrorCode::Conflict, u->name + " does not accept messages", "to");
    refuse_if_blocked(moderation_repo_, from, u->id, "messages");
    for (const User& r : recipients)
      if (r.id == u->id)
        throw ServiceError(ErrorCode::Invalid, "'" + name + "' is named twice", "to");
    recipients.push_back(std::move(*u));
  }
  // Every recipient counts, so that naming ten players is not a way round the limit; and all
  // or none are sent.
  rate_.take_or_refuse(from, "sent", "messages", recipients.size());
  std::vector<Message> sent;
  for (const User& r : recipients) sent.push_back(deliver(*sender, r, text, false));
  return sent;
}

Message Messages::send_warning(const User& from, const User& to, const std::string& text) {
  return deliver(from, to, text, true);
}

Message Messages::deliver(const User& from, const User& to, const std::string& text,
                          bool warning) {
  Message m{0, {from.id, from.name}, {to.id, to.name}, text, now_(), 0, warning, 0};
  m.id = social_repo_.add_message(m);
  Event e;
  e.kind = EventKind::Message;
  e.message = m.id;
  e.text = m.text;
  e.by = m.from;
  e.users.push_back(m.to);
  events_.publish(e);
  return m;
}

namespace {

// A page of at most `limit` messages from `find`, asked for one more to know whether there are.
template <class Find>
Messages::Page page_of(std::size_t limit, Find find) {
  limit = std::clamp<std::size_t>(limit, 1, kMaxPage);
  Messages::Page page;
  page.messages = find(int(limit) + 1);
  page.more = page.messages.size() > limit;
  if (page.more) page.messages.pop_back();
  return page;
}

}  // namespace

Messages::Page Messages::inbox(Id user, Id before, std::size_t limit) {
  return page_of(limit, [&](int n) { return social_repo_.find_messages(user, before, n); });
}

Messages::Page Messages::sent(Id user, Id before, std::size_t limit) {
  return page_of(limit, [&](int n) { return social_repo_.find_sent_messages(user, before, n); });
}

Message Messages::read(Id user, Id id) {
  std::optional<Message> m = social_repo_.find_message(id);
  if (!m || m->to.id != user || m->removed)
    throw ServiceError(ErrorCode::NotFound, "no message " + std::to_string(id) + " to you");
  if (!m->read) {
    TimeMs now = now_();
    if (social_repo_.mark_message_read(id, user, now)) m->read = now;
  }
  return *m;
}

int Messages::unread(Id user) { return social_repo_.count_unread_messages(user); }

}  // namespace kirin::server
