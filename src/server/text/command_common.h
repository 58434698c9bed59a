// What the text commands share (commands.h is the interface): the parsed line, the usage
// lines and their errors, names of games and players, and the replay of a stored game.
// Each group of commands is a file of its own (account_commands.cpp, board_commands.cpp,
// game_commands.cpp), all member functions of CommandInterface.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "notation/notation_error.h"
#include "rules/game.h"
#include "server/domain/games.h"
#include "server/domain/tournament_records.h"
#include "server/text/command_text.h"
#include "server/text/commands.h"

namespace kirin::server {

struct CommandInterface::Parsed {
  Words w;
  std::shared_ptr<const Variant> game;  // the <game> word's game; null for "signup", "help"
  std::string game_word;                // as written, in lower case
  std::string verb;                     // in lower case
  size_t first = 0;                     // the first argument's word
  std::string text;                     // a message's or chat line's text (takes_text)
};

const char* color_name(Color c);
// A user's text in a message, at most 100 characters, control characters drawn.
std::string quoted(std::string_view s);

// --- Usage ---

// The form of a command: "chushogi move BOARD USER PASSWORD MOVE".
std::string usage(const std::string& game, const std::string& verb);
[[noreturn]] void bad_usage(const std::string& game, const std::string& verb,
                            const std::string& why);
void want_words(const Words& w, size_t least, size_t most, const std::string& game,
                const std::string& verb);

// --- Names ---

// The games, with their aliases: "chu (chushogi), dai (daishogi), ...".
std::string game_list();
// Chu and Dai are one family: pbmserv's chushogi command plays both.
bool same_game(const std::string& a, const std::string& b);
// `quote`: whether an error may show the word (not in a command that carries a password:
// the word may be the password, written in the wrong place).
Id board_number(const std::string& word, bool quote = true);
std::string player(const GameState& s, Color c);  // "Black (alice)"
std::string players(const GameState& s);          // "alice (Black) against bob (White)"
// The game setup in words: "with drops, handicap 2ln, with Chu Shogi's Lion rules".
std::string setup_note(const GameSetup& s);
// A rule option in words: "with Chu Shogi's Lion rules" for Dai's -lion, else NAME=VALUE.
std::string option_note(const std::string& name, const std::string& value);
// A -tc=SPEC option's time control: a word, so '_' stands for a blank ("600_byoyomi_30x3",
// "300+5", "3_days", lishogi's "10|30(3)"). Throws CommandError after `where` ("challenge: ").
TimeControl read_time_control_word(std::string_view spec, const std::string& where);
// A game's clock in words when it runs: each side's main time left, and its periods with a
// byoyomi ("Clocks: Black 9:58, 30s x3; White 10:00, 30s x3"); empty without a live clock.
std::string clock_line(const GameView& v);

// Rows as a table, columns two blanks apart, left-aligned but for a first column of numbers.
std::string table(const std::vector<std::vector<std::string>>& rows, bool numbers_first = true);

// --- Ratings ---

// A rating as shown, rounded, with lishogi's '?' while provisional: "1662?".
std::string rating_text(const Glicko2Rating& r);
// "alice's shogi rating: 1500? -> 1662? (+162)\n"
std::string rating_change_line(const RatingChange& c);

// --- Positions ---

struct Replayed {
  Game game;
  std::string last_move;  // pbmserv notation, "" before the first move
};
// The game as stored, replayed from its start (the rules' history matters: repetition, the
// promotion-deferral marks of pbmserv's rules).
Replayed replay(const GameView& v);
// A move word with pbmserv's move number: "7g-7f#12" is move 12 (the first move is 1).
struct MoveNumber {
  std::string move;
  std::optional<int> moveno;
};
// Throws CommandError (after `where`) for a '#' not followed by a number from 1.
MoveNumber split_move_number(const std::string& word, const std::string& where);
// After move `ply` of `v`'s game: the moves that conditional moves (queue) answered with at
// once, "" if none.
std::string answered_at_once(const GameView& v, int ply);
// Reads a move in pbmserv, Game Courier or USI notation (commands.h says how).
Move read_written_move(const Position& pos, const std::string& text);

}  // namespace kirin::server
