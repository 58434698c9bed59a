// Game records imported from files: a KIF record (lishogi's Chu KIF or standard shogi KIF), a
// start SFEN with USI moves, or Game Courier's move list. Every move is checked; the game is
// kept as an ImportedGame (records.h): the record's names, never rated, in no player's list,
// for the analysis board. One service behind the HTTP route and the web page.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "server/domain/account_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/import_repo.h"
#include "server/domain/rate_limit.h"

namespace kirin::server {

struct ImportOptions {
  // Of a record's text; a request is also refused past the HTTP body limit (64 KiB).
  std::size_t max_bytes = 48 * 1024;
  int max_moves = 5000;         // of a record
  std::size_t per_minute = 10;  // imports and previews by one user, in any minute
};

struct ImportRequest {
  std::string format;  // "kif", "usi" or "gamecourier"
  std::string text;
  // The game (id or alias): needed for USI and Game Courier; a KIF record's 手合割 or board
  // says it (without either, this game, else the moves' style: Chu or shogi).
  std::string game;
};

class ImportService {
 public:
  ImportService(Storage& storage, NowFn now = system_now, ImportOptions options = {});

  // Reads and checks the record without keeping it: what the import page previews.
  // Throws ServiceError: invalid (field "format", "game", "text", or where the record is
  // wrong: "line N", "move N", "sfen"), too_many_requests, not_found (no such user).
  ImportedGame preview(Id user, const ImportRequest& request);
  // Reads, checks and keeps it; returns it with its id.
  ImportedGame import(Id user, const ImportRequest& request);

  ImportedGame get(Id id);  // not_found
  std::vector<ImportedGame> imports_of(Id user, int limit = 50);  // newest first

  const ImportOptions& options() const { return options_; }

 private:
  ImportedGame read(Id user, const ImportRequest& request);

  ImportRepo& import_repo_;
  AccountRepo& account_repo_;
  NowFn now_;
  ImportOptions options_;
  RateLimit rate_;
};

}  // namespace kirin::server
