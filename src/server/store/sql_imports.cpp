// Imported game records (ImportRepo), in SQL both databases run.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {

Id SqlImportRepo::add_imported_game(const ImportedGame& g) {
  static const std::string sql = insert_sql<ImportedGame>() + " RETURNING id";
  Values v;
  bind(v, g, ColumnNames::For::Insert);
  return *db_.write_returning(sql, v);
}

std::optional<ImportedGame> SqlImportRepo::find_imported_game(Id id) {
  static const std::string sql = select_sql<ImportedGame>() + "WHERE i.id = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {id}, read<ImportedGame>); });
}

std::vector<ImportedGame> SqlImportRepo::list_imported_games(Id user, int limit) {
  static const std::string sql =
      select_sql<ImportedGame>() + "WHERE i.imported_by = $1 ORDER BY i.id DESC LIMIT $2";
  return db_.read([&](Connection& c) { return c.all(sql, {user, limit}, read<ImportedGame>); });
}

}  // namespace kirin::server::sql
