// kirin: one binary, one subcommand per job (like git).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "notation/notation_error.h"
#include "rules/betza.h"
#include "rules/variant.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Kirin: rules engine, AI and game server for the large shogi variants.\n"
      "Chu Shogi, Dai Shogi, Chu Seireigi, Dai Seireigi, Mitsugumi Shogi and more.",
      "kirin"};
  app.require_subcommand(1);
  app.fallthrough();
  app.set_version_flag("--version", "kirin 0.1.0");
  kirin::cli::register_variants(app);
  kirin::cli::register_perft(app);
  kirin::cli::register_moves(app);
  kirin::cli::register_bench(app);
  kirin::cli::register_analyze(app);
  kirin::cli::register_mate(app);
  kirin::cli::register_play(app);
  kirin::cli::register_match(app);
  kirin::cli::register_engine(app);
  kirin::cli::register_serve(app);
  kirin::cli::register_command(app);
  kirin::cli::register_mail(app);
  kirin::cli::register_ratings(app);
  kirin::cli::register_admin(app);

  auto named = [&](const CLI::App* sub) { return sub->check_name(argv[1]); };
  if (argc > 1 && argv[1][0] != '-' && app.get_subcommands(named).empty()) {
    std::string known;
    for (const CLI::App* sub : app.get_subcommands({})) known += " " + sub->get_name();
    std::cerr << "kirin: error: unknown command '" << argv[1] << "' (commands:" << known
              << ")\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "kirin: error: " << e.what() << "\n(run 'kirin --help' for usage)\n";
    return 2;
  } catch (const kirin::NotationError& e) {
    std::cerr << "kirin: error: " << e.what() << "\n";
    return 2;
  } catch (const kirin::VariantError& e) {
    std::cerr << "kirin: error: " << e.what() << "\n";
    return 2;
  } catch (const kirin::cli::UsageError& e) {
    std::cerr << "kirin: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "kirin: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
