// kirin ratings: the game server's ratings (server/domain/ratings.h). `recompute` settles
// every finished rated game again from nothing, in the order they ended: the numbers the
// server's updates gave, or the repair of a rating a failed write left unsettled.
#include <iostream>
#include <string>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "server/domain/services.h"
#include "server/store/sql_storage.h"

namespace kirin::cli {

void register_ratings(CLI::App& app) {
  struct Args {
    std::string db = "sqlite:var/kirin.db";
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("ratings", "The game server's player ratings");
  cmd->require_subcommand(1);
  CLI::App* recompute = cmd->add_subcommand(
      "recompute",
      "Forget every rating and settle every finished rated game again, in the order the games "
      "ended");
  recompute->add_option("--db", args->db,
                        "the store: sqlite:PATH or postgresql://... (as kirin serve --db)")
      ->capture_default_str();
  recompute->footer(
      "Run it with the servers stopped: a game that ends meanwhile could be settled twice\n"
      "over. The result equals the ratings the server kept as the games ended\n"
      "(docs/RATINGS.md).");
  recompute->callback([args] {
    std::unique_ptr<server::Services> services;
    try {
      services = std::make_unique<server::Services>(server::open_storage(args->db));
    } catch (const server::StoreError& e) {
      throw UsageError(e.what());
    }
    int settled = services->ratings().recompute();
    std::cout << "Settled " << settled << " rated game" << (settled == 1 ? "" : "s") << ".\n";
  });
}

}  // namespace kirin::cli
