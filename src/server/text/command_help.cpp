// The help texts of the command interface.
#include <string_view>
#include <vector>

#include "notation/written_move.h"
#include "rules/catalog.h"
#include "server/text/command_text.h"
#include "server/text/commands.h"

namespace kirin::server {
namespace {

// The command help's introduction, before the entries.
const char* const kIntro = R"(Kirin game server: commands, one a line (words separated by blanks).)";

// One entry of the help: the words that ask for it alone ('help move') and its text.
struct HelpEntry {
  std::vector<std::string_view> subjects;
  std::string_view text;
};

// The entries, in the order the whole help lists them.
const std::vector<HelpEntry>& help_entries() {
  static const std::vector<HelpEntry> entries = {
      {{"signup"},
       R"(signup USER PASSWORD EMAIL
    Open an account. A name has 2 to 24 letters, digits, '_' or '-' and starts
    with a letter; a password has at least 8 characters. By mail, EMAIL must be
    the address you send from (you may leave it out).)"},
      {{"challenge"},
       R"(GAME challenge USER1 USER2 [options]
    Propose a game: USER1 plays Black, USER2 White. Black moves first, except
    in a handicap game, where White (the stronger player) does. You must be
    USER1 or USER2; the other player accepts or declines (below), and then the
    game starts. By mail, send it from your account's address and add
    -password=YOURS. A challenge to the computer (USER2 kirin) starts at once.
    Options:
      -drops               captured pieces may be dropped
      -handicap=SPEC       a named handicap (chushogi, also -dai: 2ln, 3ln),
                           White's pieces taken by their codes ('help GAME':
                           Ph, Ln, DE, RL in shogi), squares emptied (8b,1a) or
                           set (8b=Ln), shogi's 2p, 4p, 6p...; forms combine:
                           Ph,8b=G. A two-letter code is read whole (RC is the
                           Reverse Chariot; R,C a Rook and a Copper), in any
                           case (ph, PH), since no two codes differ in case only
      -dai, -daishogi      chushogi: play Dai Shogi instead
      -lion                Dai Shogi: Chu Shogi's Lion rules and promotion limits
      -option=NAME=VALUE   any rule option of the game (see 'help GAME')
      -profile=NAME        a rule profile of the game (chushogi: pbmserv, jcsa);
                           without it, yours ('GAME set ... profile=NAME') or
                           the game's default; -profile=default: the game's
      -level=N             against the computer (USER2 kirin): its strength, 1 to 8
      -rated               the result changes both players' ratings (not against
                           the computer, nor with a handicap, a start position
                           or rule options; any profile of the game may be rated)
      -casual              not rated (the default)
      -tc=CLOCK            a clock ('_' for a blank): 600+5 (seconds, increment),
                           600_byoyomi_30 or 600_byoyomi_30x3 (3 periods),
                           lishogi's 10|30(3) (minutes|byoyomi(periods)),
                           3_days (a move); none by default
      -notakeback          no takebacks in this game (undo is refused)
      -password=YOURS      your password (needed by mail))"},
      {{"accept", "decline", "withdraw"},
       R"(GAME accept CHALLENGE USER PASSWORD    GAME decline CHALLENGE USER PASSWORD
    Answer a challenge sent to you: accepting starts the game and gives its
    board number. The challenger is told a refusal by mail.
GAME withdraw CHALLENGE USER PASSWORD
    Take back a challenge you sent while it waits for an answer; the player
    you challenged is told by mail.)"},
      {{"challenges"},
       R"(GAME challenges USER PASSWORD
    Your challenges of GAME (chushogi: Chu and Dai Shogi) that wait for an
    answer: those sent to you and those you sent, each with its number, what
    it is (game, rules, clock, colours, rated or casual) and the commands that
    accept, decline or withdraw it.)"},
      {{"move"},
       R"(GAME move BOARD USER PASSWORD MOVE[#MOVENO]
    Play a move. MOVE in pbmserv notation: 7g-7f, P7g-7f, Bx3c+ (+ promotes,
    = declines: where promotion is optional you must say which), S7d-7c=, P*5e
    (drop), Lnx!4f (a Lion takes on 4f and stays), Lnx6f-5e (takes on 6f, goes
    on to 5e); or Game Courier's: p 7g-7f, n 7g-6f; n 6f-5e; or USI: 7g7f.
    #MOVENO: the number of the move you play (the first move is 1): if the game
    is at another move, the move is refused and nothing changes.
GAME move BOARD USER PASSWORD undo|propose|accept|reject|resign
    undo     ask to take back your last move (and your opponent's reply to
             it, if any): your opponent accepts or rejects; a move ends the
             request. The computer accepts at once.
    propose  offer a draw (if your opponent offered one, you agree); a move
             of your opponent declines it
    accept   accept your opponent's request to take back, else their draw
             offer
    reject   reject it (or withdraw your own request to take back)
    resign   resign the game
    In games without a live clock your opponent is told each of these by
    mail, with the command that answers it.)"},
      {{"pass", "swap"},
       R"(GAME move BOARD USER PASSWORD pass|swap
    pbmserv's pass and swap forms do not fit these games: they have no pass
    (a Lion's pass in Chu is a move of the Lion: Ln7g-7g) and no pie rule.)"},
      {{"preview"},
       R"(GAME preview BOARD MOVE[#MOVENO] MOVE...
    Show the board after these moves from the current position (each word a
    move, both sides' in turn), without playing them.)"},
      {{"queue"},
       R"(GAME queue BOARD USER PASSWORD MOVE[#MOVENO] MOVE...
    Conditional moves (games without a live clock): if your opponent plays the
    first move, your answer, the second, is played at once; then the third
    and fourth, and so on. On your turn the first move is yours and is played
    now, the rest is stored. Each queue adds a line (by default at most 10
    lines of 20 moves); they are private, checked when stored, and dropped
    when the game leaves them.
GAME queue BOARD USER PASSWORD           list your conditional moves
GAME queue BOARD USER PASSWORD clear     delete them)"},
      {{"submit", "confirm"},
       R"(GAME submit BOARD USER PASSWORD MOVE    GAME confirm BOARD USER PASSWORD
    Not in Kirin: pbmserv's submit holds a move until it is confirmed, but
    here a move is played when sent. See the board it leads to first with
    preview, then send it with #MOVENO so that it cannot land on another
    position.)"},
      {{"board", "show"},
       R"(GAME show BOARD[#MOVE]... [USER]      (or: GAME board ...)
    Show boards (at most 10), drawn with USER's settings (else yours). With
    #MOVE, the board as it was after that many moves: 'shogi show 12#30'.
GAME show USER... [all|active|inactive|next]
    Show the boards of these players' games of GAME: the unfinished ones
    (active, the default), the finished ones (inactive), all, or those where
    one of them is to move (next).)"},
      {{"moves"},
       R"(GAME moves BOARD
    The game's moves as text, a line per move number: Black's move, then
    White's ("1. P8i-8h  P5d-5e"; "..." where White moved first, in a
    handicap game), then who is to move or the result. The notation is the
    boards' and the move replies'.)"},
      {{"analysis"},
       R"(GAME analysis BOARD
    A finished game's computer analysis, as a player of it requested it on
    the web: per player the moves marked ?! (inaccuracy), ? (mistake) and
    ?? (blunder), the average centipawn loss and the accuracy, then each
    marked move with the scores before and after it and the better move.)"},
      {{"showas"},
       R"(GAME showas USER PASSWORD [BOARD...|all|active|inactive|next]
    Show boards as USER sees them: in USER's settings, with what only USER
    may see (a sealed move). Without BOARD, USER's unfinished games of GAME.)"},
      {{"all"},
       R"(all show USER [next|active]
    Show the boards of USER's games of every game: the unfinished ones, or
    those where USER is to move (next).)"},
      {{"resign"},
       R"(GAME resign BOARD USER PASSWORD
    Resign the game.)"},
      {{"abort"},
       R"(GAME abort BOARD USER PASSWORD
    End the game with no result: only before both players have moved.)"},
      {{"berserk"},
       R"(GAME berserk BOARD USER PASSWORD
    In an arena game that allows it, before your first move: halve your
    main time and play on without byoyomi or increment, for a point more if
    you win.)"},
      {{"games"},
       R"(GAME games [USER...] [all|active|inactive|next]
    List the players' games of GAME (chushogi: Chu and Dai Shogi): board
    number, game, opponent, colour, status and whose move it is; all of them
    unless a filter says otherwise (as for 'show'). Without USER: everyone's
    unfinished games of GAME, newest first.)"},
      {{"standings"},
       R"(GAME standings
    Each player's finished games of GAME: wins, losses, draws and score (a
    draw scores a half), rated and casual games alike.)"},
      {{"ratings"},
       R"(GAME ratings
    The Glicko-2 ratings in GAME, best first ('?': provisional, while the
    rating is still uncertain). A rated game changes them when it ends.)"},
      {{"history"},
       R"(GAME history
    The latest finished games of GAME: board, day, players, result, rated or
    casual.)"},
      {{"list"},
       R"(list [GAME...]
    The games of this server with their numbers of unfinished boards, or the
    unfinished boards of the games named.)"},
      {{"problems"},
       R"(problems [COLLECTION]
    The mating problems (tsume) of this server: each collection with its
    source, its problems by series, each with its published length in moves
    and the mate Kirin proved.)"},
      {{"problem"},
       R"(problem COLLECTION NAME [MOVE...|solution|proof]
    Without moves: the problem's board (drawn with your board settings when
    you are signed in), who attacks, its length and source. With moves: you
    play the attacker, the server the longest defence. Send your moves and
    the defences so far, your newest move last, in pbmserv notation or USI
    (problem chu-tsume-ab A22 5e5d); the answer says whether it mates and
    gives the defence, or shows the defence that refutes it. Every attacking
    move must attack a royal. 'solution' shows the published line, 'proof'
    Kirin's proof of its mate (every defence answered; tools/proof-check
    checks it).)"},
      {{"mate"},
       R"(GAME mate SFEN [MOVE...]
    Ask the mate solver about a position: the SFEN's fields as words, then
    any moves from it (chushogi mate 5e2s3/2+H1ck+ltc3/... b - 1). The side to
    move attacks; the answer is a mate in N (the shortest, proved so) with
    its line in USI, a mate in at most N (when time ran out first), no mate
    (proved), or unknown when the solver's time ran out.)"},
      {{"tournaments"},
       R"(GAME tournaments
    The tournaments of GAME: upcoming, running and recently finished, each
    with its number, name, kind and clock.)"},
      {{"tournament"},
       R"(GAME tournament ID [PAGE]
    One tournament: its rules in words, and its standings 20 players a page.
    An arena shows each player's points game by game ("on fire" after two
    wins in a row: a win counts double); a Swiss event and a round robin
    show the crosstable (Swiss: a column a round, "5w+" = against rank 5
    with White, won; robin: a column an opponent by rank).
GAME tournament join ID USER PASSWORD [-password=EVENTPASSWORD]
    Enter it (a private event asks for its password). In an event by
    correspondence your games are mailed to you as they are paired: answer
    with GAME move BOARD USER PASSWORD MOVE, as in any game.
GAME tournament withdraw ID USER PASSWORD
    Leave it (an arena: pause; join again to play on). Games being played
    are played out.
GAME tournament start ID USER PASSWORD
GAME tournament cancel ID USER PASSWORD
    For its creator (or a moderator): start it now; cancel it.
GAME tournament create arena|swiss|robin [-OPTION...] USER PASSWORD
    Create one (you need a rated game played). Options:
      -tc=CLOCK            every game's clock (required): 300+5, 600_byoyomi_30
                           (a '_' for each blank), or -days=N by correspondence
      -minutes=N           an arena's length
      -rounds=N            a Swiss event's rounds
      -double              a round robin where every pair meets twice
      -interval=S          seconds between rounds (Swiss, robin; default none)
      -starts=YYYY-MM-DDTHH:MMZ   starts by itself then (UTC); without it,
                           when you start it
      -rated               the games change ratings (-casual: not, the default)
      -max=N               players at most
      -minrating=N, -mingames=N   who may join: a rating in GAME, rated games
      -computer=N, -level=L       the computer enters N times, at level L
      -name=NAME           its name ('_' for blanks)
      -profile=NAME, -drops, -option=NAME=VALUE   the rules, as in challenge
      -noberserk           an arena without berserk
      -password=EVENTPASSWORD     a private event
    Example:  chushogi tournament create robin -days=3 -rated -name=Spring_robin alice secret-pw)"},
      {{"set"},
       R"(GAME set USER PASSWORD [flip|noflip] [standard|alternate|small] [profile=NAME]
    Change how your boards are drawn and the rules your challenges of GAME are
    played under (without options: show the settings).
      profile=NAME  your challenges of GAME without -profile are played
                    under this rule profile ('help GAME' lists them;
                    chushogi: pbmserv, jcsa...); profile=default: the
                    game's own default
      flip       turn the board when you play White: your pieces at the bottom
      noflip     Black always at the bottom
                                          +----+----+
      standard   the default style        |\ N/|/+P\|
                                          +----+----+
      alternate  Shogi-L style            | wN |+bP |
                                          +----+----+
      small      small board              |wN bG bP+|)"},
      {{"change"},
       R"(change password USER OLD-PASSWORD NEW-PASSWORD
    Change your password. Every session signed in with the old one ends.
change address USER PASSWORD [EMAIL]
    Change your account's e-mail address. By mail, EMAIL must be the address
    you send from (you may leave it out): a mail from elsewhere cannot move
    your account's mail away, even with your password.)"},
      {{"add"},
       R"(add USER PASSWORD EMAIL
    The same as signup. (pbmserv adds an address to an account; an account
    here has one address: change it with 'change address'.))"},
      {{"signoff", "delete"},
       R"(signoff USER PASSWORD      delete USER PASSWORD
    Close your account (both words do the same). Its games stay in the archive
    under its name and in your opponents' records, and the name stays yours:
    nobody can sign up with it, and nobody can sign in as it any more. Your
    open challenges are withdrawn; your unfinished games end: a game you have
    not moved in yet is aborted, any other one is resigned. Nothing here is
    erased, since every game belongs to its opponent's record too.)"},
      {{"message"},
       R"(message USER PASSWORD TO-USER [TO-USER...]
TEXT...
    Send a private message to up to 10 players: its text is the lines after
    the command, up to a blank line (or the end of the mail). It waits in
    their inbox on the web, and is mailed to them unless they said not to.
    At most 10 messages a minute (each player named counts), 2000 characters.
    Example:  message alice correct-horse bob carol
              Shall we play a rematch tonight?)"},
      {{"chat"},
       R"(GAME chat BOARD USER PASSWORD
TEXT...
    Say something in the game's chat, which only its two players see (the
    web's public comments are for everyone). The text is the lines after the
    command, up to a blank line. At most 10 lines a minute, 2000 characters.)"},
      {{"block", "unblock"},
       R"(block USER PASSWORD OTHER-USER    unblock USER PASSWORD OTHER-USER
    Block a player: their challenges (and their acceptance of your open ones),
    rematches, messages and chat lines no longer reach you, and you do not
    play them. At most 500 players. unblock lifts it.)"},
      {{"report"},
       R"(report USER PASSWORD OTHER-USER REASON [board=N] [TEXT...]
    Report a player to the moderators. REASON is cheating, abuse, spam,
    boosting (sandbagging, rating manipulation) or other; board=N names the
    game it is about; the rest of the line says what happened. At most 10
    reports an hour, and one open report about a player at a time.
    Example:  report alice correct-horse bob abuse board=12 insults in chat)"},
      {{"mod"},
       R"(mod USER PASSWORD reports
mod USER PASSWORD ACTION OTHER-USER [hours=N] REASON...
    For moderators. 'reports' lists the open reports, oldest first. ACTION:
    warn (a private message marked as a warning), mute (no comments, chat or
    messages; hours=N, 24 by default, 0 until unmuted), unmute, ban (no
    sign-in by any door; sessions end, open challenges close), unban,
    close-challenges, unrate-games (the player's rated games become casual and
    every rating is recomputed). REASON is required (but for unmute and
    unban) and goes to the audit log.
    Example:  mod carol secret-pw mute bob hours=48 insults in game 12's chat)"},
      {{"broadcast"},
       R"(broadcast USER PASSWORD
    Not here: a mail to every player is what spammers want from a public
    server. Write to the players you know with 'message'.)"},
      {{"help"},
       R"(help [SUBJECT...]
    This text ('help commands'), one command's entry ('help move'), or a
    game's rules, options, handicaps and pieces ('help chushogi').)"},
      {{"pbmserv"},
       R"(pbmserv's commands
    Every command of pbmserv's common command page is read here, in its
    grammar, and a mail's command may be its Subject line, as there. These
    do not fit Kirin, and their entries say why: pass and swap (no pass, no
    pie rule), submit and confirm (a move is played when sent: preview it,
    then send it with #MOVENO), broadcast (spam on a public server) and
    multiple (every line is a command anyway). Two differ: add is signup (an
    account has one address), and signoff and delete both close the account,
    whose games stay in the archive.)"},
      {{"multiple"},
       R"(multiple
    pbmserv's way to send several commands in one mail is not needed here:
    every line of a mail's body is a command (at most 20).)"},
  };
  return entries;
}

// After the entries.
const char* const kClosing = R"(A line starting with '#' or '>' is skipped; a line '--' (or a signature marker
'-- ') ends the commands. In a mail, lines that start no command ("Thanks!",
"Sent from my iPhone") are not run: the reply names them once, at its end.

Importing a game record (KIF, USI, Game Courier's list) is no command: a record
is many lines, and here each line is a command of its own (a KIF record's '#'
lines would be skipped, a '--' would end it). Import it on the web page
/import, or with the HTTP API's POST /api/import.

Examples:
  signup alice correct-horse alice@example.org
  chushogi challenge alice bob -password=correct-horse
  chushogi accept 7 bob battery-staple
  chushogi challenges bob battery-staple
  chushogi withdraw 8 alice correct-horse
  chushogi challenge alice bob -handicap=2ln
  chushogi challenge alice bob -dai -lion
  shogi challenge alice bob -handicap=RL
  chushogi move 12 alice correct-horse P8i-8h
  chushogi move 12 alice correct-horse Ln7j-6h#15
  chushogi move 12 alice correct-horse undo
  chushogi preview 12 P8i-8h P3d-3e
  chushogi queue 12 alice correct-horse P3d-3e P8h-8g
  chushogi board 12 alice
  chushogi games alice
  chushogi set alice correct-horse flip small
  chushogi resign 12 alice correct-horse
)";


}  // namespace

std::string CommandInterface::help(std::string_view subject) {
  std::string games;
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    games += "  " + id;
    for (const std::string& a : v->aliases) games += ", " + a;
    games += ": " + v->name + "\n";
  }
  std::string word = lower(subject);
  if (word.empty() || word == "commands") {
    std::string out = std::string(kIntro) + "\n";
    for (const HelpEntry& e : help_entries()) out += "\n" + std::string(e.text) + "\n";
    return out + "\n" + kClosing + "\nGAME is one of these (any name):\n" + games;
  }
  for (const HelpEntry& e : help_entries())
    for (std::string_view s : e.subjects)
      if (word == s) return std::string(e.text) + "\n";
  std::string_view game = subject;

  std::shared_ptr<Variant> v;
  try {
    v = builtin_variant(lower(game));
  } catch (const VariantError&) {
    std::string commands;
    for (const HelpEntry& e : help_entries())
      for (std::string_view s : e.subjects) commands += (commands.empty() ? "" : ", ") + std::string(s);
    throw CommandError("help: no help on '" + std::string(game.substr(0, 64)) +
                           "': ask for a command, a game or 'commands'",
                       "The commands: " + commands + ".\nThe games:\n" + games);
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
