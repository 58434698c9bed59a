#include "server/text/commands.h"

#include <algorithm>
#include <vector>

#include "rules/catalog.h"
#include "server/domain/service_error.h"
#include "server/text/command_common.h"

namespace kirin::server {
namespace {

// The commands that follow a game's word, as the errors list them.
constexpr const char* kGameVerbs =
    "challenge, challenges, accept, decline, withdraw, move, board, show, showas, moves, resign, "
    "abort, berserk, games, set, standings, ratings, history, preview, queue, chat, mate, "
    "tournaments, tournament, analysis";

}  // namespace

CommandInterface::CommandInterface(Accounts& accounts, Challenges& challenges, GameService& games,
                                   Messages& messages, ProblemService& problems,
                                   ModerationServices moderation, Tournaments& tournaments)
    : accounts_(accounts),
      challenges_(challenges),
      games_(games),
      messages_(messages),
      problems_(problems),
      moderation_(moderation),
      tournaments_(tournaments) {}

std::string CommandInterface::run(std::string_view line, const CommandContext& ctx,
                                  std::string_view text) {
  Words words;
  std::string error;
  try {
    words = split_words(normalize_line(line, kMaxLineBytes), kMaxWords);
    Parsed p{words};
    p.text = text;
    return dispatch(p, ctx);
  } catch (const CommandError& e) {
    error = "error: " + std::string(e.what()) + "\n" + e.detail() +
            (e.detail().empty() || e.detail().back() == '\n' ? "" : "\n");
  } catch (const ServiceError& e) {
    error = "error: " + std::string(e.what()) + "\n";
  } catch (const StoreError& e) {
    error = "error: the server's store failed, try again later (" + std::string(e.what()) + ")\n";
  } catch (const std::exception& e) {
    error = "error: internal error (" + std::string(e.what()) + ")\n";
  }
  return without_secrets(std::move(error), words);
}

bool CommandInterface::starts_command(std::string_view line) {
  // pbmserv's commands that start with a word of their own (its command summary); the rest
  // start with a game.
  static const std::vector<std::string> words = {
      "help",    "signup",    "add",      "change", "signoff", "delete",
      "list",    "message",   "broadcast", "multiple", "all", "problems", "problem",
      "block",   "unblock",   "report",    "mod"};
  Words w;
  try {
    w = split_words(normalize_line(line.substr(0, kMaxLineBytes), kMaxLineBytes), kMaxWords);
  } catch (const CommandError&) {
    return false;
  }
  if (w.size() == 0) return false;
  std::string first = lower(w[0]);
  if (std::find(words.begin(), words.end(), first) != words.end()) return true;
  try {
    builtin_variant(first);
    return true;
  } catch (const VariantError&) {
    return false;
  }
}

std::string CommandInterface::dispatch(const Parsed& parsed, const CommandContext& ctx) {
  Parsed p = parsed;
  const Words& w = p.w;
  if (w.size() == 0) throw CommandError("empty command: send 'help' for the commands");
  std::string first = lower(w[0]);
  if (first == "help") {  // pbmserv: help [SUBJECT...]
    std::string out = help(w[1]);
    for (size_t i = 2; i < w.size(); ++i) out += "\n" + help(w[i]);
    return out;
  }
  if (first == "signup" || first == "add") return signup(p, 1, ctx);
  if (first == "change") return change(p, ctx);
  if (first == "signoff" || first == "delete") return close_account(p, ctx);
  if (first == "message") return message(p, ctx);
  if (first == "block" || first == "unblock") return block(p, ctx, first == "block");
  if (first == "report") return report(p, ctx);
  if (first == "mod") return mod(p, ctx);
  if (first == "broadcast")
    throw CommandError(
        "broadcast does not exist here: a mail to every player is what spammers want from a "
        "public server. Write to players you know with 'message'.");
  if (first == "list") return list(w);
  if (first == "all") return all_show(w, ctx);
  if (first == "problems") return problems(w);
  if (first == "problem") return problem(w, ctx);
  if (first == "multiple")
    return "'multiple' is not needed here: the server runs every command of a text, one a "
           "line (at most " +
           std::to_string(kMaxCommandsPerText) + ").\n";

  try {
    p.game = builtin_variant(first);
  } catch (const VariantError&) {
    throw CommandError("unknown game or command " + quoted(w[0]) +
                           ": a command starts with signup, help, list, all, change, message, "
                           "block, unblock, report, mod, problems, problem or a game",
                       "The games: " + game_list() + ".\nSend 'help' for the commands.");
  }
  p.game_word = first;
  if (w.size() < 2)
    throw CommandError(quoted(w[0]) +
                       " needs a command after it: " + std::string(kGameVerbs) + " or help");
  p.verb = lower(w[1]);
  p.first = 2;
  if (p.verb == "challenge") return challenge(p, ctx);
  if (p.verb == "accept" || p.verb == "decline" || p.verb == "withdraw")
    return answer_challenge(p, ctx);
  if (p.verb == "challenges") return pending_challenges(p, ctx);
  if (p.verb == "move") return move(p, ctx);
  if (p.verb == "board" || p.verb == "show" || p.verb == "moves") return board(p, ctx);
  if (p.verb == "showas") return showas(p, ctx);
  if (p.verb == "analysis") return analysis(p);
  if (p.verb == "resign" || p.verb == "abort" || p.verb == "berserk") return board_action(p, ctx);
  if (p.verb == "games") return games(p, ctx);
  if (p.verb == "set") return set(p, ctx);
  if (p.verb == "standings") return standings(p, ctx);
  if (p.verb == "ratings") return ratings(p, ctx);
  if (p.verb == "history") return history(p, ctx);
  if (p.verb == "preview") return preview(p, ctx);
  if (p.verb == "queue") return queue(p, ctx);
  if (p.verb == "submit" || p.verb == "confirm") held_move(p);
  if (p.verb == "chat") return chat(p, ctx);
  if (p.verb == "mate") return mate(p, ctx);
  if (p.verb == "tournaments") return tournaments(p, ctx);
  if (p.verb == "tournament") return tournament(p, ctx);
  if (p.verb == "signup") return signup(p, 2, ctx);
  if (p.verb == "help") {
    if (w.size() > 2) bad_usage("", "help", "help: too many words");
    return help(p.game->id);
  }
  throw CommandError("unknown command " + quoted(w[1]) + " for " + p.game_word +
                     ": the commands are " + std::string(kGameVerbs) + " and help");
}

}  // namespace kirin::server
