// Private messages and a game's chat (SocialRepo), in SQL both databases run.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {
namespace {

const std::string& select_message() {
  static const std::string sql = select_sql<Message>();
  return sql;
}

// A page of the messages whose `party` (recipient: the inbox; sender: the Sent view) is $1,
// below id $2 (0: from the newest), newest first, at most $3.
std::string messages_page_sql(const char* party) {
  return select_message() + "WHERE m." + party +
         " = $1 AND m.removed_ms = 0 AND (CAST($2 AS BIGINT) = 0 OR m.id < CAST($2 AS BIGINT)) "
         "ORDER BY m.id DESC LIMIT $3";
}

}  // namespace

Id SqlSocialRepo::add_chat_line(const ChatLine& line) {
  static const std::string sql = insert_sql<ChatLine, ChatTable>() + " RETURNING id";
  Values v;
  bind<ChatLine, ChatTable>(v, line, ColumnNames::For::Insert);
  return *db_.write_returning(sql, v);
}

std::vector<ChatLine> SqlSocialRepo::chat_of(Id game) {
  static const std::string sql =
      select_sql<ChatLine, ChatTable>() + "WHERE c.game_id = $1 AND c.removed_ms = 0 ORDER BY c.id";
  return db_.read([&](Connection& c) { return c.all(sql, {game}, read<ChatLine, ChatTable>); });
}

Id SqlSocialRepo::add_message(const Message& m) {
  static const std::string sql = insert_sql<Message>() + " RETURNING id";
  Values v;
  bind(v, m, ColumnNames::For::Insert);
  return *db_.write_returning(sql, v);
}

std::optional<Message> SqlSocialRepo::find_message(Id id) {
  static const std::string sql = select_message() + "WHERE m.id = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {id}, read<Message>); });
}

std::vector<Message> SqlSocialRepo::find_messages(Id user, Id before, int limit) {
  static const std::string sql = messages_page_sql("recipient");
  return db_.read([&](Connection& c) { return c.all(sql, {user, before, limit}, read<Message>); });
}

std::vector<Message> SqlSocialRepo::find_sent_messages(Id user, Id before, int limit) {
  static const std::string sql = messages_page_sql("sender");
  return db_.read([&](Connection& c) { return c.all(sql, {user, before, limit}, read<Message>); });
}

bool SqlSocialRepo::mark_message_read(Id message, Id user, TimeMs at) {
  return db_.write_one("UPDATE messages SET read_ms = $1 WHERE id = $2 AND recipient = $3 "
                       "AND read_ms = 0",
                       {at, message, user}) > 0;
}

int SqlSocialRepo::count_unread_messages(Id user) {
  return db_.read([&](Connection& c) {
    return int(*c.integer("SELECT count(*) FROM messages WHERE recipient = $1 AND read_ms = 0 "
                          "AND removed_ms = 0",
                          {user}));
  });
}

}  // namespace kirin::server::sql
