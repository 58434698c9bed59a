// kirin engine: play through a GUI or a bot framework over USI (default) or XBoard/CECP.
#include <iostream>
#include <string>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "protocol/text_util.h"
#include "protocol/usi_engine.h"
#include "protocol/xboard_engine.h"

namespace kirin::cli {

void register_engine(CLI::App& app) {
  struct Args {
    std::string protocol = "auto";
    std::string variant = "chu";
    std::string profile;
    std::vector<std::string> options;
    size_t hash = 64;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "engine", "Run as an engine for a GUI: USI, or XBoard/CECP (docs/ENGINE.md)");
  cmd->add_option("--protocol", args->protocol,
                  "usi, xboard, or auto: XBoard if the first command is 'xboard' or "
                  "'protover', else USI")
      ->capture_default_str()
      ->check(CLI::IsMember({"usi", "xboard", "auto"}));
  cmd->add_option("--variant,-v", args->variant, "the game until the GUI chooses another")
      ->capture_default_str();
  cmd->add_option("--profile", args->profile, "rule profile of that game, e.g. lishogi or jcsa");
  cmd->add_option("--option,-o", args->options, "set a rule option of that game, NAME=VALUE")
      ->allow_extra_args(false);
  cmd->add_option("--hash", args->hash, "transposition table size in MiB")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  cmd->callback([args] {
    protocol::EngineConfig config;
    config.rules.variant = args->variant;
    config.rules.profile = args->profile;
    for (const std::string& o : args->options) {
      auto eq = o.find('=');
      if (eq == std::string::npos || eq == 0)
        throw UsageError("--option takes NAME=VALUE, not '" + o + "'");
      config.rules.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
    }
    config.hash_mb = args->hash;
    config.rules.build();  // a bad game, profile or option is a usage error, before any I/O

    std::ios::sync_with_stdio(false);
    // Untied: reading a command would otherwise flush std::cout from this thread while the
    // search thread writes a line through LineWriter, and the race wrote lines twice (a second
    // bestmove the GUI takes for its next answer).
    std::cin.tie(nullptr);
    std::string first;
    bool xboard = args->protocol == "xboard";
    if (args->protocol == "auto") {
      // The first non-empty line decides; it is then handled as that protocol's command.
      while (std::getline(std::cin, first) && protocol::split_command(first).first.empty()) {
      }
      std::string word = protocol::split_command(first).first;
      xboard = word == "xboard" || word == "protover";
    }
    if (xboard) {
      protocol::XboardEngine engine(std::cin, std::cout, config);
      if (!first.empty() && !engine.handle(first)) return;
      engine.run();
    } else {
      protocol::UsiEngine engine(std::cin, std::cout, config);
      if (!first.empty() && !engine.handle(first)) return;
      engine.run();
    }
  });
}

}  // namespace kirin::cli
