#include "server/store/database.h"

namespace kirin::server::sql {

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
