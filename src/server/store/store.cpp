#include "server/store/store.h"

#include <string>

#include "server/store/postgres_store.h"
#include "server/store/sqlite_store.h"

namespace kirin::server {

std::unique_ptr<Store> open_store(std::string_view url, const StoreOptions& options) {
  if (url.starts_with("sqlite:")) {
    std::string path(url.substr(7));
    if (path.empty()) throw StoreError("store URL '" + std::string(url) + "' names no file");
    return std::make_unique<SqliteStore>(path, SqliteStore::Options{.sync = options.sqlite_sync});
  }
  if (url.starts_with("postgresql:") || url.starts_with("postgres:"))
    return std::make_unique<PostgresStore>(std::string(url));
  throw StoreError("store URL '" + std::string(url) +
                   "' has an unknown scheme; expected sqlite:PATH or "
                   "postgresql://[USER@]HOST[:PORT]/DATABASE");
}

}  // namespace kirin::server
