#include "server/store/database.h"

namespace kirin::server::sql {

std::vector<int64_t> Database::run_write_all(const Statement* statements, size_t count) {
  std::vector<int64_t> changed;
  run_write([&](Connection& c) {
    for (size_t i = 0; i < count; ++i) {
      const Statement& s = statements[i];
      changed.push_back(c.run(s.sql, s.params.data(), s.params.size(), s.on_row));
    }
  });
  return changed;
}

std::string Database::same_name(std::string_view column, std::string_view param) const {
  if (dialect() == Dialect::Sqlite)  // users.name is COLLATE NOCASE: ASCII case folded
    return std::string(column) + " = " + std::string(param);
  // As the unique index on users.name has it (lower() would depend on the locale).
  auto fold = [](std::string_view x) {
    return "translate(" + std::string(x) +
           ", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')";
  };
  return fold(column) + " = " + fold(param);
}

}  // namespace kirin::server::sql
