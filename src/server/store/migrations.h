// The schema's versions: one list of steps for both databases (migrations.cpp), the SQL
// given per database only where it must differ. A database records its version in the table
// schema_version; opening it applies the steps it lacks in one transaction and refuses a
// version newer than this program's.
#pragma once

#include <string_view>
#include <vector>

#include "server/store/database.h"

namespace kirin::server::sql {

struct Migration {
  const char* what;      // why the step exists
  const char* sqlite;    // nullptr: no such step in SQLite
  const char* postgres;  // nullptr: none in PostgreSQL; kSame: SQLite's text
};

// The steps `d` takes, in order.
std::vector<std::string_view> migrations(Dialect d);
int latest_schema_version(Dialect d);

// Brings the schema to the latest version, inside the caller's transaction (which keeps other
// processes out meanwhile); throws StoreError naming the store if it is newer.
void migrate(Connection& c, std::string_view store_name);
int schema_version(Connection& c);

}  // namespace kirin::server::sql
