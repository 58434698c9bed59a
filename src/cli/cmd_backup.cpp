// kirin backup: a copy of the game server's store while the server runs
// (server/store/backup.h; docs/OPERATIONS.md says how to restore it).
#include <chrono>
#include <iostream>
#include <string>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "server/domain/storage.h"
#include "server/store/backup.h"

namespace kirin::cli {

void register_backup(CLI::App& app) {
  struct Args {
    std::string db = "sqlite:var/kirin.db";
    std::string file;
    bool force = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "backup",
      "Copy the game server's store to FILE while servers keep playing on it.\n"
      "SQLite: SQLite's online backup, holding one read transaction, so the copy is the\n"
      "database as it was when the backup began: every move acknowledged before then is in it.\n"
      "It never blocks the server's writes; the copy is checked with PRAGMA integrity_check\n"
      "and is itself a database: restore by serving it (kirin serve --db sqlite:FILE, the\n"
      "server stopped, or copy it over the old file).\n"
      "PostgreSQL: runs pg_dump --format=custom (postgresql-client), the URL's password passed\n"
      "in PGPASSWORD, not on its command line; restore with pg_restore --clean --dbname=URL\n"
      "FILE into a database of the same name. See docs/OPERATIONS.md.");
  cmd->add_option("--db", args->db,
                  "the store: sqlite:PATH or postgresql://... (as kirin serve --db)")
      ->capture_default_str();
  cmd->add_option("FILE", args->file, "the backup file to write")->required();
  cmd->add_flag("--force", args->force, "replace FILE if it exists");
  cmd->callback([args] {
    server::sql::BackupOptions options;
    options.force = args->force;
    auto started = std::chrono::steady_clock::now();
    auto last = started;
    options.snapshot_taken = [] {
      std::cerr << "backup: the copy holds the store as of now\n";
    };
    options.progress = [&](int remaining, int total) {
      auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(1) || remaining == 0) return;  // large stores only
      last = now;
      std::cerr << "backup: " << (total - remaining) << " of " << total << " pages copied\n";
    };
    server::sql::BackupResult result;
    try {
      result = server::sql::backup_store(args->db, args->file, options);
    } catch (const server::StoreError& e) {
      throw UsageError(e.what());
    }
    std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
    std::cout << "Backed up to " << args->file << " (" << result.bytes << " bytes";
    if (result.pages) std::cout << ", " << result.pages << " pages, integrity ok";
    std::cout << ") in " << static_cast<int>(took.count() * 1000) << " ms.\n";
  });
}

}  // namespace kirin::cli
