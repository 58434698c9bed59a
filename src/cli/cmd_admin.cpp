// kirin admin: the operator's moderation from the shell. `role` names the first admin (who
// then names moderators and admins in the web UI or the API), or takes a role back; each
// change is in the audit log with no user (by: the shell).
#include <iostream>
#include <string>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "server/domain/roles.h"
#include "server/domain/service_error.h"
#include "server/domain/services.h"
#include "server/store/sql_storage.h"

namespace kirin::cli {

void register_admin(CLI::App& app) {
  struct Args {
    std::string db = "sqlite:var/kirin.db";
    std::string user, role, reason;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("admin", "The game server's roles, from the shell");
  cmd->require_subcommand(1);
  CLI::App* role = cmd->add_subcommand("role", "Give a user a role: player, moderator or admin");
  role->add_option("USER", args->user, "the account's name (any letter case)")->required();
  role->add_option("ROLE", args->role, "player, moderator or admin")
      ->required()
      ->check(CLI::IsMember({"player", "moderator", "admin"}));
  role->add_option("--db", args->db, "the store: sqlite:PATH or postgresql://... (as kirin serve --db)")
      ->capture_default_str();
  role->add_option("--reason", args->reason, "why, for the audit log");
  role->footer(
      "The shell is how a server gets its first admin: `kirin admin role alice admin`.\n"
      "Admins then set roles through the API or the web UI. A moderator removes comments,\n"
      "chat lines and messages, warns, mutes and bans players and closes reports; an admin\n"
      "also sets roles and reads the audit log (docs/API.md, Moderation). The change is in\n"
      "the audit log, by the shell. Servers running on the store see it at once.");
  role->callback([args] {
    std::unique_ptr<server::Services> services;
    try {
      services = std::make_unique<server::Services>(server::open_storage(args->db));
    } catch (const server::StoreError& e) {
      throw UsageError(e.what());
    }
    try {
      server::User u = services->moderation().set_role(server::Moderation::kShell, args->user,
                                                       *server::role_of(args->role), args->reason);
      std::cout << u.name << " is " << (u.role == server::Role::Admin ? "an " : "a ")
                << server::role_name(u.role) << ".\n";
    } catch (const server::ServiceError& e) {
      throw UsageError(e.what());
    }
  });
}

}  // namespace kirin::cli
