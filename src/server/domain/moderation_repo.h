// What moderation stores (storage.h): blocks between players, reports, the audit log, and the
// moderators' actions on users, comments, chat lines, messages and rated games. Each action
// writes its audit entry in the same transaction, so that nothing a moderator does escapes
// the log; the log is only ever appended to.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

// A user one blocks, and since when.
struct Block {
  PlayerRef user;
  TimeMs since = 0;
  friend bool operator==(const Block&, const Block&) = default;
};

// A player's report of another to the moderators, about a game, a comment, a chat line or a
// message of theirs, or none.
struct Report {
  Id id = 0;
  PlayerRef by, user;
  std::string reason;  // cheating, abuse, spam, boosting, other
  std::string text;
  Id game = 0, comment = 0, chat = 0, message = 0;
  TimeMs created = 0;
  bool open = true;
  PlayerRef closed_by;  // id 0 while open
  TimeMs closed_at = 0;
  std::string resolution;
  friend bool operator==(const Report&, const Report&) = default;
};

// One line of the audit log: who did what to whom, on which target, why and when.
struct AuditEntry {
  Id id = 0;
  TimeMs at = 0;
  PlayerRef by;          // id 0: the shell (kirin admin)
  std::string action;    // role, warn, mute, unmute, ban, unban, close-challenges, ...
  PlayerRef user;        // whom it concerns; id 0: nobody
  std::string target_kind;  // "game", "comment", "chat", "message", "report", or ""
  Id target = 0;
  std::string reason;
  friend bool operator==(const AuditEntry&, const AuditEntry&) = default;
};

// What a moderator may remove: a comment, a game's chat line, a private message.
enum class WrittenLine { Comment, Chat, Message };

struct ReportQuery {
  std::optional<bool> open;  // nullopt: both
  Id user = 0;               // about this user (0: anyone)
  Id after = 0;              // open reports: the oldest first, ids above this
  Id before = 0;             // closed or all: the newest first, ids below this (0: any)
  int limit = 50;
};

class ModerationRepo {
 public:
  virtual ~ModerationRepo() = default;

  // Blocks. add_block: false if it was there already.
  virtual bool add_block(Id blocker, Id blocked, TimeMs at) = 0;
  virtual bool remove_block(Id blocker, Id blocked) = 0;
  virtual bool blocks(Id blocker, Id blocked) = 0;
  virtual std::vector<Block> blocks_of(Id blocker) = 0;  // the newest first
  virtual int count_blocks(Id blocker) = 0;

  // Reports.
  virtual Id add_report(const Report& report) = 0;
  virtual std::optional<Report> find_report(Id id) = 0;
  virtual std::optional<Report> open_report(Id by, Id user) = 0;
  virtual int count_reports_since(Id by, TimeMs since) = 0;
  virtual std::vector<Report> find_reports(const ReportQuery& query) = 0;
  // Closes an open report; false if it is closed already.
  virtual bool close_report(Id id, Id by, TimeMs at, const std::string& resolution,
                            const AuditEntry& entry) = 0;

  // The actions on a user, each with its entry.
  virtual void set_role(Id user, Role role, const AuditEntry& entry) = 0;
  virtual void set_muted_until(Id user, TimeMs until, const AuditEntry& entry) = 0;
  // banned 0 lifts a ban. The sessions are ended apart (Accounts::end_sessions); a banned
  // account's sessions are refused meanwhile.
  virtual void set_banned(Id user, TimeMs banned, const AuditEntry& entry) = 0;
  // Marks every finished rated game of `user` unrated: their ids.
  virtual std::vector<Id> unrate_games_of(Id user, const AuditEntry& entry) = 0;
  // Removes a line from every view (it stays stored); false if there is none or it was.
  virtual bool remove_line(WrittenLine kind, Id id, TimeMs at, const AuditEntry& entry) = 0;
  // A comment or chat line, removed or not (a message: SocialRepo::find_message).
  virtual std::optional<Comment> find_line(WrittenLine kind, Id id) = 0;
  // An action whose effect is written elsewhere (a warning, challenges closed).
  virtual Id add_audit_entry(const AuditEntry& entry) = 0;
  // The entries about `user` (0: all) with an id below `before` (0: any), newest first.
  virtual std::vector<AuditEntry> audit_log(Id user, Id before, int limit) = 0;
};

}  // namespace kirin::server
