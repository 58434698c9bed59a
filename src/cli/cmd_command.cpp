// kirin command: the game server's text commands (pbmserv's play-by-email grammar,
// server/text/commands.h) read from stdin, one a line, answered on stdout.
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/game_args.h"
#include "cli/mail_notices.h"
#include "cli/subcommands.h"
#include "server/domain/services.h"
#include "server/store/sql_storage.h"
#include "server/text/command_text.h"
#include "server/text/commands.h"

namespace kirin::cli {

void register_command(CLI::App& app) {
  struct Args {
    std::string db = "sqlite:var/kirin.db";
    server::SqliteSync sqlite_synchronous = server::SqliteSync::Normal;
    server::GameOptions games;
    server::ChallengeLimits challenges;
    server::TournamentOptions tournaments;
    std::string from;
    bool echo = false;
    NoticeArgs notices;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "command",
      "Run game-server commands (the play-by-email grammar) read from stdin, one a line");
  cmd->add_option("--db", args->db,
                  "the store: sqlite:PATH (the file and its directory are created if missing)")
      ->capture_default_str();
  add_sqlite_synchronous_option(*cmd, args->sqlite_synchronous);
  add_first_move_options(*cmd, args->games);
  add_rated_options(*cmd, args->challenges);
  add_tournament_options(*cmd, args->tournaments);
  cmd->add_option("--from", args->from,
                  "act as a mail from this address: then a challenge must name the account "
                  "with this address (by default you are the operator and may start games "
                  "between any users)");
  cmd->add_flag("--echo", args->echo,
                 "write each command ('> ' and the line, its password as ***) before its reply, "
                 "as a mail's reply does: for a file of commands");
  args->notices.add_to(cmd);
  cmd->footer(
      "Each reply goes to stdout, a line of dashes between replies; the commands themselves\n"
      "are not written back unless --echo asks for it. Blank lines and lines\n"
      "starting with '#' are skipped; a line '--' ends the input. The exit code is 0: a\n"
      "refused command is a reply whose first line starts with 'error: '.\n\n"
      "Commands (pbmserv's play-by-email grammar; the command 'help' explains all of it):\n"
      "  signup USER PASSWORD EMAIL\n"
      "  GAME challenge USER1 USER2 [-drops] [-handicap=SPEC] [-dai] [-lion] "
      "[-option=NAME=VALUE] [-profile=NAME] [-level=N] [-rated]\n"
      "  GAME standings | ratings | history\n"
      "  GAME move BOARD USER PASSWORD MOVE     (pbmserv 7g-7f, Game Courier p 7g-7f, USI 7g7f)\n"
      "  GAME board BOARD [USER]\n"
      "  GAME moves BOARD                       (the game's moves as text)\n"
      "  GAME resign BOARD USER PASSWORD\n"
      "  GAME games USER\n"
      "  GAME set USER PASSWORD [flip|noflip] [standard|alternate|small]\n"
      "  help [GAME]\n"
      "GAME: chushogi (chu), daishogi (dai), shogi, chuseireigi, ... ('help' lists them).\n\n"
      "Example:\n"
      "  printf '%s\\n' 'signup alice secret-1 alice@example.org' \\\n"
      "    'signup bob secret-2 bob@example.org' 'chushogi challenge alice bob' \\\n"
      "    'chushogi move 1 alice secret-1 P8i-8h' | kirin command --db sqlite:games.db");
  cmd->callback([args] {
    if (args->db.rfind("sqlite:", 0) == 0) {
      std::filesystem::path dir = std::filesystem::path(args->db.substr(7)).parent_path();
      std::error_code ec;
      if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    }
    std::unique_ptr<server::Services> services;
    try {
      server::ServiceOptions options;
      options.games = args->games;
      options.challenges = args->challenges;
      options.tournaments = args->tournaments;
      services = std::make_unique<server::Services>(
          server::open_storage(args->db, {.sqlite_sync = args->sqlite_synchronous}), options);
    } catch (const server::StoreError& e) {
      throw UsageError(e.what());
    }
    server::CommandInterface commands(services->accounts(), services->challenges(),
                                      services->games(), services->messages(),
                                      services->problems(),
                                      {services->blocks(), services->reports(),
                                       services->moderation()},
                                      services->tournaments());
    NoticeMailer mailer(args->notices, *services, commands);
    server::CommandContext ctx;
    ctx.sender_email = args->from;
    ctx.operator_mode = args->from.empty();

    std::string line;
    int replies = 0;
    while (std::getline(std::cin, line)) {
      server::LineKind kind = server::classify_line(line);
      if (kind == server::LineKind::Skip) continue;
      if (kind == server::LineKind::Stop) break;
      if (replies++) std::cout << server::CommandInterface::kSeparator << "\n";
      // A message's or chat line's text: the lines after it, up to a blank line or the end.
      std::string text, more;
      bool stopped = false;
      if (server::line_takes_text(line))
        while (std::getline(std::cin, more) && more.find_first_not_of(" \t\r") != more.npos) {
          if ((stopped = server::classify_line(more) == server::LineKind::Stop)) break;
          text += more + "\n";
        }
      if (args->echo) std::cout << "> " << server::CommandInterface::masked(line) << "\n";
      std::cout << commands.run(line, ctx, text) << std::flush;
      if (stopped) break;
    }
  });
}

}  // namespace kirin::cli
