// Imported game records, as the imports module stores them (storage.h).
#pragma once

#include <optional>
#include <vector>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

class ImportRepo {
 public:
  virtual ~ImportRepo() = default;
  virtual Id add_imported_game(const ImportedGame& game) = 0;
  virtual std::optional<ImportedGame> find_imported_game(Id id) = 0;
  // A user's, newest first, at most `limit`.
  virtual std::vector<ImportedGame> list_imported_games(Id user, int limit) = 0;
};

}  // namespace kirin::server
