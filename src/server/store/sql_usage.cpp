// Uses counted per key and hour (UsageRepo), in SQL both databases run.
#include "server/store/repositories.h"

namespace kirin::server::sql {

bool SqlUsageRepo::count_use(const std::string& kind, const std::string& key, TimeMs hour,
                             int limit, TimeMs forget_before) {
  // The upsert adds one only below the limit: at the limit it changes no row and returns
  // none, however many processes count at once (each row's update takes turns).
  static const std::string count =
      "INSERT INTO usage_counts (kind, key, hour_ms, uses) VALUES ($1, $2, $3, 1) "
      "ON CONFLICT (kind, key, hour_ms) DO UPDATE SET uses = usage_counts.uses + 1 "
      "WHERE usage_counts.uses < $4 RETURNING uses";
  Values use{kind, key, hour, limit}, old{forget_before};
  bool counted = false;
  db_.write_all({{count, use, [&](Cursor&) { counted = true; }},
                 {"DELETE FROM usage_counts WHERE hour_ms < $1", old}});
  return counted;
}

}  // namespace kirin::server::sql
