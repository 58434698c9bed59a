// The text command interface of the game server: pbmserv's play-by-email grammar (seed 003,
// docs/spec/README.md §3), one command a line, answered in plain text. `kirin command`
// (stdin), `kirin mail` (a mail's body, as its sender) and POST /api/command run it.
//
//   signup USER PASSWORD EMAIL
//   <game> challenge USER1 USER2 [-drops] [-handicap=SPEC] [-dai|-daishogi] [-lion]
//                                [-option=NAME=VALUE]... [-profile=NAME] [-level=N]
//                                [-rated|-casual]
//   <game> accept|decline|withdraw CHALLENGE USER PASSWORD
//   <game> challenges USER PASSWORD      (the pending challenges, received and sent)
//   <game> move BOARD USER PASSWORD MOVE[#moveno]
//   <game> move BOARD USER PASSWORD undo|propose|accept|reject|resign
//   <game> queue BOARD USER PASSWORD [MOVE[#moveno] MOVE...|clear]
//   <game> preview BOARD MOVE[#moveno] MOVE...
//   <game> show BOARD[#MOVE]... [USER]   (also: board)
//   <game> show USER... [all|active|inactive|next]
//   <game> showas USER PASSWORD [BOARD...|all|active|inactive|next]
//   <game> analysis BOARD                a finished game's kept computer analysis
//   all show USER [next|active]
//   list [<game>...]
//   multiple                             (not needed: every line of a text is a command)
//   <game> resign BOARD USER PASSWORD
//   <game> abort BOARD USER PASSWORD     (before both players have moved: no result)
//   <game> games [USER...] [all|active|inactive|next]
//   <game> standings | ratings | history (each player's results, the ratings, the latest
//                                         finished games)
//   <game> set USER PASSWORD [flip|noflip] [standard|alternate|small]
//   help [SUBJECT...]                    (a command, a game, "commands"; also: <game> help)
//   change password USER OLD NEW         change address USER PASSWORD [EMAIL]
//   signoff USER PASSWORD                delete USER PASSWORD   (both close the account)
//   add USER PASSWORD [EMAIL]            (signup's synonym)
//   message USER PASSWORD TO...          (the text: the lines after it, up to a blank line)
//   <game> chat BOARD USER PASSWORD      (the same)
//   problems [COLLECTION]                the mating problems, by series
//   problem COLLECTION NAME [MOVE...|solution|proof]  one problem; an attempt at it; its solution
//   <game> mate SFEN [MOVE...]           the mate solver on a position (SFEN: its fields as words)
//   block USER PASSWORD OTHER            unblock USER PASSWORD OTHER
//   report USER PASSWORD OTHER REASON [board=N] [TEXT...]
//   mod USER PASSWORD reports | ACTION OTHER [hours=N] REASON...   (moderators)
//   <game> tournaments                   upcoming, running, finished tournaments
//   <game> tournament ID [PAGE]          one: its rules, standings, crosstable
//   <game> tournament join ID USER PASSWORD [-password=EVENTPASSWORD]
//   <game> tournament withdraw|start|cancel ID USER PASSWORD
//   <game> tournament create arena|swiss|robin [-OPTION...] USER PASSWORD
//
// <game> is a game's id or alias in any letter case ("chushogi", "chu", "dai", "shogi").
// Board numbers are the server's game ids, the same as the web's.
//
// Decisions:
// * Who may start a game. A challenge starts the game at once (as on pbmserv: USER1 Black,
//   USER2 White; who moves first is the start position's, White in a handicap game). It has
//   no password, so it must come from USER1 or USER2: a mail whose From: address is the
//   e-mail address of USER1's or USER2's account (compared ignoring case), or a signed-in
//   user (CommandContext::sender_user) who is one of them. The local operator
//   (`kirin command`, who holds the database file anyway) may start games between any users.
// * Moves, resignations and settings carry the player's password, checked as a log-in is
//   (Accounts::check_password: throttled per name and per sender). A move must come from the
//   player to move. A text (a mail, a POST /api/command) runs at most max_password_checks
//   commands that carry a password (signup too: it hashes one); the further ones are refused.
// * A password is never shown: run_text's echo of each line masks it, and a reply never
//   repeats it. When a line's words do not fit the form of its command, every argument might
//   be the password, so all of them are masked; a board number that is not one is not
//   quoted back in a command that carries a password.
// * MOVE#moveno (pbmserv): moveno is the number of the move being played (the first move is
//   1); a move for any other is refused and nothing changes (check_expected_ply, the API's
//   expected_ply). undo asks to take back your last move, propose offers a draw, accept and
//   reject answer the opponent's request to take back, else their draw offer (reject also
//   withdraws your own request to take back).
// * A move is read as pbmserv notation first ("7g-7f", "Ln7g-6f", "Lnx!4f", "Lnx6f-5e"), then
//   Game Courier's ("L 7l-7k", "n 7g-6f; n 6f-5e"), then USI ("7g7f"). The first notation
//   that reads the text to its end decides: a pbmserv move that is well formed but not legal
//   is refused with pbmserv's reason, and is not read again as Game Courier, except that Game
//   Courier's reading wins when pbmserv's reason was a wrong piece code (Game Courier's
//   labels are other letters: "n" is Chu's Lion) and Game Courier's move does not silently
//   decline an optional promotion (pbmserv asks for '+' or '=' there, on purpose).
// * `board BOARD [USER]` is public (as on pbmserv). It is drawn in USER's style and, if USER's
//   `flip` setting is on and USER plays White in that game, turned so that USER's pieces are
//   at the bottom; without USER, in the style of the signed-in user or of the player whose
//   address sent the mail, else the standard style with Black at the bottom.
// * <game> must be the board's game (Chu and Dai count as one: pbmserv's chushogi command
//   plays both), so that a move sent to the wrong board number is refused.
// * Over mail, signup's EMAIL must be the sender's address (it may be left out).
// * Errors: the reply's first line starts "error: " and says what was wrong; the command has
//   changed nothing.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/accounts.h"
#include "server/domain/challenges.h"
#include "server/domain/games.h"
#include "server/domain/messages.h"
#include "server/domain/moderation.h"
#include "server/domain/problems.h"
#include "server/domain/tournaments.h"

namespace kirin::server {

struct CommandContext {
  std::string sender_email;    // the mail's From: address; empty if none
  Id sender_user = 0;          // a signed-in user (an HTTP session); 0 if none
  bool operator_mode = false;  // the local operator: may start games between any users
  // Who sends the commands, as the login throttle counts clients: the HTTP client's address;
  // if empty, sender_email is (a mail's sender).
  std::string client;
  // A door's own limit on mate solves, called before each solve that runs (kirin mail's per
  // message and per sender and hour): throws ServiceError too_many_requests. None: no limit.
  std::function<void()> charge_solve;

  // The client the limits count: `client`, else the mail's sender ("": the operator).
  const std::string& counted_client() const { return client.empty() ? sender_email : client; }
};

// How one line of a command text is treated by run_text.
enum class LineKind {
  Command,  // run it
  Skip,     // blank, a '#' comment, or quoted ("> ...", as a mail reply quotes)
  Stop,     // the end of the commands: "--", a signature marker "-- ", a quoted original
            // ("-----Original Message-----", "On ... wrote:")
};
LineKind classify_line(std::string_view line);

struct Words;  // command_text.h

// pbmserv's filters of a list of games: every game, the unfinished ones, the finished ones, or
// those where the player named is to move.
enum class GameFilter { All, Active, Inactive, Next };

class CommandInterface {
 public:
  static constexpr size_t kMaxLineBytes = 1000;
  static constexpr size_t kMaxWords = 32;
  static constexpr int kMaxCommandsPerText = 20;
  static constexpr int kMaxPasswordChecksPerText = 3;
  static constexpr const char* kSeparator = "----------------------------------------";

  CommandInterface(Accounts& accounts, Challenges& challenges, GameService& games,
                   Messages& messages, ProblemService& problems, ModerationServices moderation,
                   Tournaments& tournaments);

  // Runs one command and returns its reply (ending in a newline). Never throws: every failure
  // is a reply whose first line starts with "error: ". `text` is what a command that carries
  // a text (takes_text: message, chat) sends: run_text gives it the lines after the command.
  std::string run(std::string_view line, const CommandContext& ctx, std::string_view text = {});

  // Runs the commands of a text (a mail's body): each Command line (LineKind) in turn, at most
  // `max_commands`, up to a Stop line, and of them at most `max_password_checks` that carry a
  // password (the local operator's are not counted). A command that takes a text (message, chat:
  // takes_text) takes the lines after it, up to a blank line, a Stop line or the end, as its text:
  // they are not run as commands, and not echoed. The reply gives each command as "> " and the line
  // (its password shown as ***), then its reply; replies are separated by kSeparator lines.
  // Lines that start no command (starts_command: "Hi Kirin,", "Thanks!", "Sent from my
  // iPhone") are not run: one note at the end names them.
  std::string run_text(std::string_view text, const CommandContext& ctx,
                       int max_commands = kMaxCommandsPerText,
                       int max_password_checks = kMaxPasswordChecksPerText);

  // Whether a command of the text may ask the mate solver (asks_solver): the HTTP route runs
  // such a text on the solver's threads, any other on the password hashing threads.
  static bool text_asks_solver(std::string_view text);
  MateService& mate_solver() { return problems_.mate(); }

  // Whether the line starts as a command does: with a command word ("help", "signup", "list",
  // "all"...) or a game's name. For mail: pbmserv reads the command from the Subject line,
  // and a subject that is not one ("Re: ...", "my move") is not taken for one.
  static bool starts_command(std::string_view line);

  // The line as run_text echoes it: normalized, passwords replaced by "***".
  static std::string masked(std::string_view line);

  // The help text: the grammar with examples (no subject, or "commands"), one command's
  // entry ("move"), or one game's rules, options, handicaps and pieces ("chushogi"). Throws
  // CommandError for any other subject.
  static std::string help(std::string_view subject = {});

  // A game's board as `board BOARD USER` draws it for that user (their style and flip).
  // Throws ServiceError (not_found).
  std::string board_for(Id game, Id viewer);
  // A tournament as `GAME tournament ID PAGE` shows it: the event, its rules, a page of its
  // standings (Swiss, robin: with the crosstable). Throws ServiceError (not_found).
  std::string tournament_text(Id id, int page = 1);
  Tournaments& tournaments() { return tournaments_; }

 private:
  struct Parsed;
  std::string dispatch(const Parsed& p, const CommandContext& ctx);
  std::string signup(const Parsed& p, size_t first, const CommandContext& ctx);
  std::string challenge(const Parsed& p, const CommandContext& ctx);
  User challenger(const User& black, const User& white, const std::optional<std::string>& password,
                  const CommandContext& ctx);
  std::string answer_challenge(const Parsed& p, const CommandContext& ctx);  // and withdraw
  std::string pending_challenges(const Parsed& p, const CommandContext& ctx);
  std::string move(const Parsed& p, const CommandContext& ctx);
  std::string board(const Parsed& p, const CommandContext& ctx);  // board, show
  std::string analysis(const Parsed& p);  // a game's computer analysis (analysis_commands.cpp)
  std::string show_users(const Parsed& p, const CommandContext& ctx);
  std::string showas(const Parsed& p, const CommandContext& ctx);
  std::string all_show(const Words& w, const CommandContext& ctx);
  std::string list(const Words& w);
  std::string all_games(const Parsed& p, GameFilter filter);
  // resign, abort or berserk: a player's action on a board that takes no argument.
  std::string board_action(const Parsed& p, const CommandContext& ctx);
  std::string games(const Parsed& p, const CommandContext& ctx);
  std::string set(const Parsed& p, const CommandContext& ctx);
  std::string standings(const Parsed& p, const CommandContext& ctx);
  std::string ratings(const Parsed& p, const CommandContext& ctx);
  std::string history(const Parsed& p, const CommandContext& ctx);
  // play_commands.cpp
  std::string proposal(const Parsed& p, const User& u, const GameView& v,
                       const std::string& word);
  std::string preview(const Parsed& p, const CommandContext& ctx);
  std::string queue(const Parsed& p, const CommandContext& ctx);
  [[noreturn]] std::string held_move(const Parsed& p);
  std::string change(const Parsed& p, const CommandContext& ctx);  // password or address
  std::string close_account(const Parsed& p, const CommandContext& ctx);  // signoff, delete
  std::string message(const Parsed& p, const CommandContext& ctx);
  std::string chat(const Parsed& p, const CommandContext& ctx);
  // moderation_commands.cpp
  std::string block(const Parsed& p, const CommandContext& ctx, bool on);  // block, unblock
  std::string report(const Parsed& p, const CommandContext& ctx);
  std::string mod(const Parsed& p, const CommandContext& ctx);
  // problem_commands.cpp
  std::string problems(const Words& w);
  std::string problem(const Words& w, const CommandContext& ctx);
  std::string mate(const Parsed& p, const CommandContext& ctx);
  // tournament_commands.cpp
  std::string tournaments(const Parsed& p, const CommandContext& ctx);
  std::string tournament(const Parsed& p, const CommandContext& ctx);
  std::string create_tournament(const Parsed& p, const CommandContext& ctx);

  User check_password(const std::string& name, const std::string& password,
                      const CommandContext& ctx);
  // GAME VERB USER PASSWORD ...: the user, their password checked; errors after "VERB: ".
  User password_user(const Parsed& p, const CommandContext& ctx);
  // GAME VERB BOARD USER PASSWORD ...: the user, their password checked; errors after `where`.
  User board_player(const Parsed& p, const std::string& where, const CommandContext& ctx);
  GameView board_view(const Parsed& p, const std::string& board_word, Id viewer);
  Preferences viewer_preferences(const GameView& v, const std::string& user_word,
                                 const CommandContext& ctx);
  // The board (after `at_ply` moves, if given) with its players, moves and status.
  std::string draw(const GameView& v, const Preferences& prefs, Id viewer,
                   std::optional<int> at_ply = std::nullopt);
  // Boards one after the other, at most a command's worth; `more` says how to see the rest.
  // Drawn as `as` sees them (showas: their settings, and what only they may see), or (null)
  // as the sender's settings draw them.
  std::string draw_boards(const std::vector<GameState>& games, const std::string& more,
                          const User* as, const CommandContext& ctx);
  // The player of the game who sends the command (signed in, or the mail's address), or 0.
  Id sender_in(const GameView& v, const CommandContext& ctx);
  std::vector<GameState> games_of_family(Id user, const std::string& game);  // newest first
  std::vector<User> named_users(const Parsed& p, size_t from, size_t to);

  Accounts& accounts_;
  Challenges& challenges_;
  GameService& games_;
  Messages& messages_;
  ProblemService& problems_;
  ModerationServices moderation_;
  Tournaments& tournaments_;
};

}  // namespace kirin::server
