// Blocks, reports, the audit log and the moderators' actions (ModerationRepo), in SQL both
// databases run. Each action and its audit entry are one transaction.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {
namespace {

void insert_entry(Connection& c, const AuditEntry& e) {
  static const std::string sql = insert_sql<AuditEntry>();
  Values v;
  bind(v, e, ColumnNames::For::Insert);
  c.execute(sql, v);
}

const char* line_table(WrittenLine kind) {
  return kind == WrittenLine::Comment ? "comments" : kind == WrittenLine::Chat ? "chat" : "messages";
}

}  // namespace

bool SqlModerationRepo::add_block(Id blocker, Id blocked, TimeMs at) {
  static const std::string sql = insert_sql<Block>({"blocker"}) + " ON CONFLICT DO NOTHING";
  Values v{blocker};
  bind(v, Block{{blocked, ""}, at}, ColumnNames::For::Insert);
  return db_.write_one(sql, v) > 0;
}

bool SqlModerationRepo::remove_block(Id blocker, Id blocked) {
  return db_.write_one("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2",
                       {blocker, blocked}) > 0;
}

bool SqlModerationRepo::blocks(Id blocker, Id blocked) {
  return db_.read([&](Connection& c) {
    return c.integer("SELECT 1 FROM blocks WHERE blocker = $1 AND blocked = $2",
                     {blocker, blocked})
        .has_value();
  });
}

std::vector<Block> SqlModerationRepo::blocks_of(Id blocker) {
  static const std::string sql =
      select_sql<Block>() + "WHERE k.blocker = $1 ORDER BY k.created_ms DESC, u.name";
  return db_.read([&](Connection& c) { return c.all(sql, {blocker}, read<Block>); });
}

int SqlModerationRepo::count_blocks(Id blocker) {
  return db_.read([&](Connection& c) {
    return int(*c.integer("SELECT count(*) FROM blocks WHERE blocker = $1", {blocker}));
  });
}

Id SqlModerationRepo::add_report(const Report& report) {
  static const std::string sql = insert_sql<Report>() + " RETURNING id";
  Values v;
  bind(v, report, ColumnNames::For::Insert);
  return *db_.write_returning(sql, v);
}

std::optional<Report> SqlModerationRepo::find_report(Id id) {
  static const std::string sql = select_sql<Report>() + "WHERE r.id = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {id}, read<Report>); });
}

std::optional<Report> SqlModerationRepo::open_report(Id by, Id user) {
  static const std::string sql =
      select_sql<Report>() + "WHERE r.reporter = $1 AND r.user_id = $2 AND r.open = $3";
  return db_.read([&](Connection& c) { return c.first(sql, {by, user, true}, read<Report>); });
}

int SqlModerationRepo::count_reports_since(Id by, TimeMs since) {
  return db_.read([&](Connection& c) {
    return int(*c.integer("SELECT count(*) FROM reports WHERE reporter = $1 AND created_ms > $2",
                          {by, since}));
  });
}

std::vector<Report> SqlModerationRepo::find_reports(const ReportQuery& q) {
  Values v;
  std::string where = "WHERE 1 = 1";
  if (q.open) where += " AND r.open = " + v.param(*q.open);
  if (q.user) where += " AND r.user_id = " + v.param(q.user);
  // The open queue is read oldest first, from `after`; anything else newest first.
  bool oldest_first = q.open == true;
  if (oldest_first && q.after) where += " AND r.id > " + v.param(q.after);
  if (!oldest_first && q.before) where += " AND r.id < " + v.param(q.before);
  where += oldest_first ? " ORDER BY r.id" : " ORDER BY r.id DESC";
  where += " LIMIT " + v.param(q.limit);
  std::string sql = select_sql<Report>() + where;
  return db_.read([&](Connection& c) { return c.all(sql, v, read<Report>); });
}

bool SqlModerationRepo::close_report(Id id, Id by, TimeMs at, const std::string& resolution,
                                     const AuditEntry& entry) {
  return db_.write([&](Connection& c) {
    if (c.execute("UPDATE reports SET open = $1, closed_by = $2, closed_ms = $3, "
                  "resolution = $4 WHERE id = $5 AND open = $6",
                  {false, by, at, resolution, id, true}) == 0)
      return false;
    insert_entry(c, entry);
    return true;
  });
}

void SqlModerationRepo::set_role(Id user, Role role, const AuditEntry& entry) {
  db_.write([&](Connection& c) {
    c.execute("UPDATE users SET role = $1 WHERE id = $2", {role_name(role), user});
    insert_entry(c, entry);
  });
}

void SqlModerationRepo::set_muted_until(Id user, TimeMs until, const AuditEntry& entry) {
  db_.write([&](Connection& c) {
    c.execute("UPDATE users SET muted_until_ms = $1 WHERE id = $2", {until, user});
    insert_entry(c, entry);
  });
}

void SqlModerationRepo::set_banned(Id user, TimeMs banned, const AuditEntry& entry) {
  db_.write([&](Connection& c) {
    c.execute("UPDATE users SET banned_ms = $1 WHERE id = $2", {banned, user});
    insert_entry(c, entry);
  });
}

std::vector<Id> SqlModerationRepo::unrate_games_of(Id user, const AuditEntry& entry) {
  return db_.write([&](Connection& c) {
    std::vector<Id> ids = c.all(
        std::string("SELECT id FROM games WHERE (black = $1 OR white = $1) AND rated = $2 "
                    "AND status = 'finished' ORDER BY id") +
            db_.lock_rows(),
        {user, true}, [](Row& r) { return r.i64(); });
    for (Id id : ids) {
      // The version moves, so that other servers hear of the change as of any other.
      c.execute("UPDATE games SET rated = $1, version = version + 1 WHERE id = $2", {false, id});
      AuditEntry e = entry;
      e.target_kind = "game";
      e.target = id;
      insert_entry(c, e);
    }
    if (ids.empty()) insert_entry(c, entry);
    return ids;
  });
}

bool SqlModerationRepo::remove_line(WrittenLine kind, Id id, TimeMs at, const AuditEntry& entry) {
  std::string sql = std::string("UPDATE ") + line_table(kind) +
                    " SET removed_ms = $1 WHERE id = $2 AND removed_ms = 0";
  return db_.write([&](Connection& c) {
    if (c.execute(sql, {at, id}) == 0) return false;
    insert_entry(c, entry);
    return true;
  });
}

std::optional<Comment> SqlModerationRepo::find_line(WrittenLine kind, Id id) {
  static const std::string comment = select_sql<Comment>() + "WHERE c.id = $1";
  static const std::string chat = select_sql<ChatLine, ChatTable>() + "WHERE c.id = $1";
  if (kind == WrittenLine::Message) return std::nullopt;
  return db_.read([&](Connection& c) {
    return kind == WrittenLine::Comment ? c.first(comment, {id}, read<Comment>)
                                     : c.first(chat, {id}, read<ChatLine, ChatTable>);
  });
}

Id SqlModerationRepo::add_audit_entry(const AuditEntry& entry) {
  static const std::string sql = insert_sql<AuditEntry>() + " RETURNING id";
  Values v;
  bind(v, entry, ColumnNames::For::Insert);
  return *db_.write_returning(sql, v);
}

std::vector<AuditEntry> SqlModerationRepo::audit_log(Id user, Id before, int limit) {
  Values v;
  std::string where = "WHERE 1 = 1";
  if (user) where += " AND l.user_id = " + v.param(user);
  if (before) where += " AND l.id < " + v.param(before);
  std::string sql = select_sql<AuditEntry>() + where + " ORDER BY l.id DESC LIMIT " + v.param(limit);
  return db_.read([&](Connection& c) { return c.all(sql, v, read<AuditEntry>); });
}

}  // namespace kirin::server::sql
