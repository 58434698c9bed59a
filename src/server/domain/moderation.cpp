#include "server/domain/moderation.h"

#include <algorithm>

#include "server/domain/roles.h"
#include "server/domain/service_error.h"

namespace kirin::server {

Moderation::Moderation(Storage& storage, Accounts& accounts, Challenges& challenges,
                       GameService& games, Messages& messages, EventSink& events, NowFn now)
    : moderation_repo_(storage.moderation()),
      account_repo_(storage.accounts()),
      game_repo_(storage.games()),
      social_repo_(storage.social()),
      accounts_(accounts),
      challenges_(challenges),
      games_(games),
      messages_(messages),
      events_(events),
      now_(std::move(now)) {}

namespace {

// A reason that may be left out: "" if blank, else checked.
std::string optional_reason(std::string_view reason) {
  return reason.find_first_not_of(" \t\r\n") == std::string_view::npos
             ? std::string()
             : checked_reason(reason, "reason");
}

}  // namespace

Moderation::Acting Moderation::acting(Id actor, std::string_view name, std::string_view reason,
                                      bool reason_required) {
  Acting a;
  Role role = Role::Admin;  // the shell
  if (actor != kShell) {
    User me = require_role(account_repo_, actor, Role::Moderator);
    a.by = {me.id, me.name};
    role = me.role;
  }
  a.why = reason_required ? checked_reason(reason, "reason") : optional_reason(reason);
  a.target = accounts_.user_by_name(name);
  if (a.target.id == actor)
    throw ServiceError(ErrorCode::Conflict, "a moderator does not act on their own account",
                       "name");
  if (is_staff(a.target.role) && role != Role::Admin)
    throw ServiceError(ErrorCode::Forbidden,
                       a.target.name + " is a " + role_name(a.target.role) +
                           ": only an admin acts on moderators and admins");
  return a;
}

AuditEntry Moderation::entry(const Acting& a, const char* action) const {
  AuditEntry e;
  e.at = now_();
  e.by = a.by;
  e.action = action;
  e.user = {a.target.id, a.target.name};
  e.reason = a.why;
  return e;
}

User Moderation::set_role(Id actor, std::string_view name, Role role, std::string_view reason) {
  PlayerRef by;
  if (actor != kShell) {
    User me = require_role(account_repo_, actor, Role::Admin);
    by = {me.id, me.name};
  }
  std::string why = optional_reason(reason);
  User u = accounts_.user_by_name(name);
  if (u.id == actor && role != Role::Admin)
    throw ServiceError(ErrorCode::Conflict,
                       "an admin cannot take away their own admin role: another admin can",
                       "role");
  if (u.role == role) return u;
  AuditEntry e{0, now_(), by, std::string("role ") + role_name(role), {u.id, u.name}, "", 0, why};
  moderation_repo_.set_role(u.id, role, e);
  u.role = role;
  return u;
}

Message Moderation::warn(Id actor, std::string_view name, std::string_view reason) {
  if (actor == kShell)
    throw ServiceError(ErrorCode::Invalid, "a warning comes from a moderator's account");
  Acting a = acting(actor, name, reason);
  Message m = messages_.send_warning(accounts_.user(actor), a.target, a.why);
  AuditEntry e = entry(a, "warn");
  e.target_kind = "message";
  e.target = m.id;
  moderation_repo_.add_audit_entry(e);
  return m;
}

User Moderation::mute(Id actor, std::string_view name, std::string_view reason, int hours) {
  Acting a = acting(actor, name, reason);
  if (hours < 0 || hours > kMaxMuteHours)
    throw ServiceError(ErrorCode::Invalid,
                       "a mute lasts 1 to " + std::to_string(kMaxMuteHours) +
                           " hours, or 0: until unmuted",
                       "hours");
  TimeMs now = now_();
  TimeMs until = hours ? now + TimeMs(hours) * 3600'000 : kMutedForever;
  AuditEntry e = entry(a, "mute");
  if (hours) e.action = "mute " + std::to_string(hours) + "h";
  moderation_repo_.set_muted_until(a.target.id, until, e);
  a.target.muted_until = until;
  return a.target;
}

User Moderation::unmute(Id actor, std::string_view name, std::string_view reason) {
  Acting a = acting(actor, name, reason, false);
  moderation_repo_.set_muted_until(a.target.id, 0, entry(a, "unmute"));
  a.target.muted_until = 0;
  return a.target;
}

User Moderation::ban(Id actor, std::string_view name, std::string_view reason) {
  Acting a = acting(actor, name, reason);
  TimeMs now = now_();
  moderation_repo_.set_banned(a.target.id, now, entry(a, "ban"));
  // Banned first: authenticate refuses a banned account's sessions while they are deleted, here
  // and on every node (end_sessions also closes what they hold open).
  accounts_.end_sessions(a.target.id);
  challenges_.close_all_of(a.target.id);
  a.target.banned = now;
  return a.target;
}

User Moderation::unban(Id actor, std::string_view name, std::string_view reason) {
  Acting a = acting(actor, name, reason, false);
  moderation_repo_.set_banned(a.target.id, 0, entry(a, "unban"));
  a.target.banned = 0;
  return a.target;
}

int Moderation::close_challenges(Id actor, std::string_view name, std::string_view reason) {
  Acting a = acting(actor, name, reason);
  int closed = challenges_.close_all_of(a.target.id);
  AuditEntry e = entry(a, "close-challenges");
  e.action += " (" + std::to_string(closed) + ")";
  moderation_repo_.add_audit_entry(e);
  return closed;
}

int Moderation::unrate_games(Id actor, std::string_view name, std::string_view reason) {
  Acting a = acting(actor, name, reason);
  AuditEntry e = entry(a, "unrate-games");
  std::vector<Id> changed = moderation_repo_.unrate_games_of(a.target.id, e);
  // Every rating again from the rated games left: the cheater's gains and their opponents'
  // losses are undone, and every later game counts from the ratings it should have met.
  if (!changed.empty()) games_.ratings().recompute();
  return int(changed.size());
}

void Moderation::remove(Id actor, WrittenLine kind, Id id, std::string_view reason) {
  // The role first: a player learns nothing of which lines exist.
  if (actor != kShell) require_role(account_repo_, actor, Role::Moderator);
  const char* what = kind == WrittenLine::Comment ? "comment" : kind == WrittenLine::Chat ? "chat" : "message";
  PlayerRef author;
  Comment line;
  Message message;
  if (kind == WrittenLine::Message) {
    std::optional<Message> m = social_repo_.find_message(id);
    if (!m || m->removed) throw ServiceError(ErrorCode::NotFound, "no message " + std::to_string(id));
    message = *m;
    author = m->from;
  } else {
    std::optional<Comment> c = moderation_repo_.find_line(kind, id);
    if (!c || c->removed)
      throw ServiceError(ErrorCode::NotFound, std::string("no ") +
                                                  (kind == WrittenLine::Chat ? "chat line" : what) +
                                                  " with id " + std::to_string(id));
    line = *c;
    author = c->user;
  }
  Acting a = acting(actor, author.name, reason);
  AuditEntry e = entry(a, "remove");
  e.target_kind = what;
  e.target = id;
  if (!moderation_repo_.remove_line(kind, id, e.at, e))
    throw ServiceError(ErrorCode::NotFound, std::string("that ") + what + " is gone already");
  if (kind != WrittenLine::Message) {
    games_.line_removed(line, kind == WrittenLine::Chat);
    return;
  }
  Event ev;
  ev.kind = EventKind::Removed;
  ev.text = "message";
  ev.removed = id;
  ev.users.push_back(message.to);
  events_.publish(ev);
}

Moderation::UserView Moderation::user_view(Id actor, std::string_view name) {
  require_role(account_repo_, actor, Role::Moderator);
  UserView v;
  v.user = accounts_.user_by_name(name);
  v.games = int(game_repo_.list_games_of(v.user.id).size());
  ReportQuery q;
  q.user = v.user.id;
  q.limit = 200;
  v.reports = moderation_repo_.find_reports(q);
  v.log = moderation_repo_.audit_log(v.user.id, 0, 200);
  return v;
}

std::vector<AuditEntry> Moderation::log(Id actor, std::string_view name, Id before, int limit) {
  if (actor != kShell) require_role(account_repo_, actor, Role::Admin);
  Id user = name.empty() ? 0 : accounts_.user_by_name(name).id;
  return moderation_repo_.audit_log(user, before, std::clamp(limit, 1, 200));
}

}  // namespace kirin::server
