// Each subcommand registers itself on the top-level app; its callback does the work.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "rules/position.h"

namespace kirin::server {
struct GameOptions;
struct ChallengeLimits;
struct TournamentOptions;
}
namespace kirin::server::sql {
enum class SqliteSync;
}

namespace kirin::cli {

void register_variants(CLI::App& app);    // variants, show-variant
void register_perft(CLI::App& app);       // perft
void register_moves(CLI::App& app);       // moves, play-moves
void register_bench(CLI::App& app);       // bench
void register_analyze(CLI::App& app);     // analyze
void register_mate(CLI::App& app);        // mate (solve a mating problem)
void register_play(CLI::App& app);        // play (against the engine, in the terminal)
void register_match(CLI::App& app);       // match
void register_engine(CLI::App& app);      // engine (USI / XBoard)
void register_serve(CLI::App& app);       // serve (the game server)
void register_command(CLI::App& app);     // command (text commands on stdin)
void register_mail(CLI::App& app);        // mail (the play-by-email gateway)
void register_ratings(CLI::App& app);     // ratings recompute
void register_admin(CLI::App& app);       // admin role (moderation from the shell)
void register_backup(CLI::App& app);      // backup (a copy of the server's store)

// --sqlite-synchronous normal|full, of kirin serve, command, mail and bench server.
void add_sqlite_synchronous_option(CLI::App& cmd, server::sql::SqliteSync& value);
// --first-move-timeout SECONDS, --computer NAME, --forecast-lines N and --forecast-plies N,
// of kirin serve, command and mail: every process that plays moves must judge a late first
// move and a forecast alike.
void add_first_move_options(CLI::App& cmd, server::GameOptions& games);
// --rated-min-account-age HOURS and --rated-min-games N, of kirin serve, command and mail:
// who may play rated, whichever door the challenge comes through.
void add_rated_options(CLI::App& cmd, server::ChallengeLimits& limits);
// --tournament-max-players N, --tournament-computer-entries N and --tournaments-per-day N, of
// kirin serve, command and mail: every door creates and joins events alike.
void add_tournament_options(CLI::App& cmd, server::TournamentOptions& options);

}  // namespace kirin::cli
