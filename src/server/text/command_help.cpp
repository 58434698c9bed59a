// The help texts of the command interface.
#include "notation/written_move.h"
#include "rules/catalog.h"
#include "server/text/command_text.h"
#include "server/text/commands.h"

namespace kirin::server {
namespace {

const char* const kGeneralHelp =
    R"(Kirin game server: commands, one a line (words separated by blanks).

signup USER PASSWORD EMAIL
    Open an account. A name has 2 to 24 letters, digits, '_' or '-' and starts
    with a letter; a password has at least 8 characters. By mail, EMAIL must be
    the address you send from (you may leave it out).

GAME challenge USER1 USER2 [options]
    Propose a game: USER1 plays Black, USER2 White. Black moves first, except
    in a handicap game, where White (the stronger player) does. You must be
    USER1 or USER2; the other player accepts or declines (below), and then the
    game starts. By mail, send it from your account's address and add
    -password=YOURS. A challenge to the computer (USER2 kirin) starts at once.
    Options:
      -drops               captured pieces may be dropped
      -handicap=SPEC       a named handicap (chushogi: 2ln, 3ln), pieces taken
                           from White (RL), squares emptied (8b,1a) or set
                           (8b=G), shogi's 2p, 4p, 6p...; forms combine: RL,8b=G
      -dai, -daishogi      chushogi: play Dai Shogi instead
      -lion                Dai Shogi: Chu Shogi's Lion rules and promotion limits
      -option=NAME=VALUE   any rule option of the game (see 'help GAME')
      -profile=NAME        a rule profile of the game (chushogi: pbmserv, jcsa)
      -level=N             against the computer (USER2 kirin): its strength, 1 to 8
      -password=YOURS      your password (needed by mail)

GAME accept CHALLENGE USER PASSWORD    GAME decline CHALLENGE USER PASSWORD
    Answer a challenge sent to you: accepting starts the game and gives its
    board number.

GAME move BOARD USER PASSWORD MOVE
    Play a move. MOVE in pbmserv notation: 7g-7f, P7g-7f, Bx3c+ (+ promotes,
    = declines: where promotion is optional you must say which), S7d-7c=, P*5e
    (drop), Lnx!4f (a Lion takes on 4f and stays), Lnx6f-5e (takes on 6f, goes
    on to 5e); or Game Courier's: p 7g-7f, n 7g-6f; n 6f-5e; or USI: 7g7f.

GAME board BOARD [USER]      (or: GAME show BOARD [USER])
    Show the board, drawn with USER's settings.

GAME resign BOARD USER PASSWORD
    Resign the game.

GAME abort BOARD USER PASSWORD
    End the game with no result: only before both players have moved.

GAME games USER
    List USER's games: board number, game, opponent, colour, status and whose
    move it is.

GAME set USER PASSWORD [flip|noflip] [standard|alternate|small]
    Change how your boards are drawn (without options: show the settings).
      flip       turn the board when you play White: your pieces at the bottom
      noflip     Black always at the bottom
                                          +----+----+
      standard   the default style        |\ N/|/+P\|
                                          +----+----+
      alternate  Shogi-L style            | wN |+bP |
                                          +----+----+
      small      small board              |wN bG bP+|

help [GAME]
    This text, or a game's rules, options, handicaps and pieces.

A line starting with '#' or '>' is skipped; a line '--' (or a signature marker
'-- ') ends the commands.

Examples:
  signup alice correct-horse alice@example.org
  chushogi challenge alice bob -password=correct-horse
  chushogi accept 7 bob battery-staple
  chushogi challenge alice bob -handicap=2ln
  chushogi challenge alice bob -dai -lion
  shogi challenge alice bob -handicap=RL
  chushogi move 12 alice correct-horse P8i-8h
  chushogi move 12 alice correct-horse Ln7j-6h
  chushogi board 12 alice
  chushogi games alice
  chushogi set alice correct-horse flip small
  chushogi resign 12 alice correct-horse
)";

// Accounts and what players say to each other (issue 19).
const char* const kSocialHelp =
    R"(
Your account, and messages between players:

change password USER OLD-PASSWORD NEW-PASSWORD
    Change your password. Every session signed in with the old one ends.

change address USER PASSWORD [EMAIL]
    Change your account's e-mail address. By mail, EMAIL must be the address
    you send from (you may leave it out): a mail from elsewhere cannot move
    your account's mail away, even with your password.

add USER PASSWORD EMAIL
    The same as signup. (pbmserv adds an address to an account; an account
    here has one address: change it with 'change address'.)

signoff USER PASSWORD      delete USER PASSWORD
    Close your account (both words do the same). Its games stay in the archive
    under its name and in your opponents' records, and the name stays yours:
    nobody can sign up with it, and nobody can sign in as it any more. Your
    open challenges are withdrawn; your unfinished games end: a game you have
    not moved in yet is aborted, any other one is resigned. Nothing here is
    erased, since every game belongs to its opponent's record too.

message USER PASSWORD TO-USER [TO-USER...]
TEXT...
    Send a private message to up to 10 players: its text is the lines after
    the command, up to a blank line (or the end of the mail). It waits in
    their inbox on the web, and is mailed to them unless they said not to.
    At most 10 messages a minute (each player named counts), 2000 characters.

GAME chat BOARD USER PASSWORD
TEXT...
    Say something in the game's chat, which only its two players see (the
    web's public comments are for everyone). The text is the lines after the
    command, up to a blank line. At most 10 lines a minute, 2000 characters.

multiple
    Nothing to do: every line of a mail is read as a command here.

Not here: broadcast (a mail to every player) is what spammers want from a
public server; write to the players you know with 'message'.

Examples:
  change password alice correct-horse battery-staple-9
  change address alice correct-horse alice@example.net
  message alice correct-horse bob carol
  Shall we play a rematch tonight?

  chushogi chat 12 alice correct-horse
  Good game so far!
)";

}  // namespace

std::string CommandInterface::help(std::string_view game) {
  std::string games;
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    games += "  " + id;
    for (const std::string& a : v->aliases) games += ", " + a;
    games += ": " + v->name + "\n";
  }
  if (game.empty())
    return std::string(kGeneralHelp) + kSocialHelp + "\nGAME is one of these (any name):\n" +
           games;

  std::shared_ptr<Variant> v;
  try {
    v = builtin_variant(lower(game));
  } catch (const VariantError&) {
    throw CommandError("help: unknown game '" + std::string(game.substr(0, 64)) + "'",
                       "The games:\n" + games);
  }
  std::string out = v->name + " (" + v->id;
  for (const std::string& a : v->aliases) out += ", " + a;
  out += "): " + v->description + ".\n";
  out += "Board " + std::to_string(v->files) + "x" + std::to_string(v->ranks) +
         "; files numbered 1 to " + std::to_string(v->files) +
         " from Black's right, ranks lettered from White's side (a).\n";
  if (v->id == "chu")
    out += "'chushogi challenge ... -dai' plays Dai Shogi; -dai -lion adds Chu's Lion rules.\n";
  if (!v->profiles.empty()) {
    out += "\nRule profiles (-profile=NAME):";
    for (const auto& [name, settings] : v->profiles)
      out += " " + name + (name == v->default_profile ? " (the default)" : "");
    out += "\n";
  }
  out += "\nHandicaps (-handicap=NAME or pbmserv's syntax, see 'help'):\n";
  if (v->handicaps.empty()) out += "  none named\n";
  for (const Handicap& h : v->handicaps) {
    out += "  " + h.name;
    for (const std::string& a : h.aliases) out += ", " + a;
    out += ": " + h.description + "\n";
  }
  out += "\nRule options (-option=NAME=VALUE; the value now shown is the default):\n";
  for (const OptionInfo& o : v->option_infos) {
    out += "  " + o.name + "=" + v->option_value(o.name);
    if (!o.choices.empty()) {
      out += " (";
      for (size_t i = 0; i < o.choices.size(); ++i) out += (i ? "|" : "") + o.choices[i];
      out += ")";
    }
    if (!o.description.empty()) out += ": " + o.description;
    out += "\n";
  }
  out += "\nPieces (pbmserv codes; a promoted piece is '+' and its code):\n";
  std::string line;
  for (Kind k = 1; k <= v->num_kinds(); ++k) {
    if (v->piece(k).promoted_from) continue;
    std::string item = pbm_code(*v, k) + " " + v->piece(k).name;
    if (v->piece(k).promotes_to) item += " (+: " + v->piece(v->piece(k).promotes_to).name + ")";
    if (!line.empty() && line.size() + item.size() > 76) {
      out += "  " + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : "; ") + item;
  }
  if (!line.empty()) out += "  " + line + "\n";
  return out;
}

}  // namespace kirin::server
