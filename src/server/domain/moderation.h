// What moderators do, and the audit log of it: roles (admins name moderators; `kirin admin
// role` names the first admin from the shell), warnings (a private message marked as one),
// mutes (no comments, chat or messages: restrictions.h), bans (no sign-in by any door, every
// session ended, open challenges closed), closing a player's challenges, unrating a cheater's
// games (ratings recomputed), removing a comment, chat line or message (from every view; kept
// in the store). Every action needs a moderator (role checked here, whatever the door), acts on
// another moderator or an admin only if the actor is an admin, and writes an audit entry with
// its reason. `actor` 0 is the shell (kirin admin), which may do anything.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "server/domain/accounts.h"
#include "server/domain/blocks.h"
#include "server/domain/challenges.h"
#include "server/domain/games.h"
#include "server/domain/messages.h"
#include "server/domain/moderation_repo.h"
#include "server/domain/reports.h"

namespace kirin::server {

class Moderation {
 public:
  static constexpr Id kShell = 0;
  static constexpr int kMaxMuteHours = 24 * 365;

  Moderation(Storage& storage, Accounts& accounts, Challenges& challenges, GameService& games,
             Messages& messages, EventSink& events, NowFn now = system_now);

  // Admins only (and the shell). An admin cannot take their own admin role away (conflict),
  // so that a server keeps one. `reason` may be empty.
  User set_role(Id actor, std::string_view name, Role role, std::string_view reason = {});

  // Each throws ServiceError forbidden (not a moderator; the target is a moderator or an
  // admin and the actor is no admin), not_found (no such user), invalid (field "reason":
  // missing or malformed; "hours"), conflict (oneself).
  Message warn(Id actor, std::string_view name, std::string_view reason);
  // hours 0: until unmuted.
  User mute(Id actor, std::string_view name, std::string_view reason, int hours);
  User unmute(Id actor, std::string_view name, std::string_view reason);
  User ban(Id actor, std::string_view name, std::string_view reason);
  User unban(Id actor, std::string_view name, std::string_view reason);
  int close_challenges(Id actor, std::string_view name, std::string_view reason);
  // Marks every finished rated game of the player unrated and recomputes every rating: how
  // many games changed.
  int unrate_games(Id actor, std::string_view name, std::string_view reason);
  // Removes a comment, chat line or message from every view: not_found if there is none (or it
  // is gone already).
  void remove(Id actor, WrittenLine kind, Id id, std::string_view reason);

  // A moderator's view of a player: the account, their games, the reports about them and
  // what moderators did to them.
  struct UserView {
    User user;
    int games = 0;
    std::vector<Report> reports;  // the newest first
    std::vector<AuditEntry> log;  // the newest first
  };
  UserView user_view(Id actor, std::string_view name);

  // Admins only: the audit log (about `name` if not empty), newest first, ids below `before`.
  std::vector<AuditEntry> log(Id actor, std::string_view name, Id before, int limit);

 private:
  struct Acting {
    PlayerRef by;  // id 0: the shell
    User target;
  };
  // The actor (checked to be a moderator) and the target, whom they may act on.
  Acting acting(Id actor, std::string_view name);
  AuditEntry entry(const Acting& a, const char* action, const std::string& reason) const;

  ModerationRepo& moderation_repo_;
  AccountRepo& account_repo_;
  GameRepo& game_repo_;
  SocialRepo& social_repo_;
  Accounts& accounts_;
  Challenges& challenges_;
  GameService& games_;
  Messages& messages_;
  EventSink& events_;
  NowFn now_;
};

// Moderation's services together, as the text commands take them.
struct ModerationServices {
  Blocks& blocks;
  Reports& reports;
  Moderation& moderation;
};

}  // namespace kirin::server
