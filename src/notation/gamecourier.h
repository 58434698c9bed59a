// Moves in Game Courier's "full algebraic notation" (chessvariants.com; the "How to Move
// Pieces" help of seeds 000 and 002, docs/spec/chu_seireigi.md §A.9 and §B.2).
//
// Grammar (parts separated by ';', blanks around them ignored):
//
//   move      := drop | leg [';' leg] {';' (removal | promotion)}
//   leg       := [label ' '] square '-' square ['+' | '=']   "p 7g-7f"; a Lion's double move or
//                                                          igui is two legs, the second starting
//                                                          where the first ended:
//                                                          "n 7g-6f; n 6f-5e", "n 7g-6f; n 6f-7g"
//   drop      := label '*' square | label '-' square       "p*5e"
//   removal   := '@-' square | square '-'                  a piece taken where the mover does not
//                                                          stop (Mitsugumi burns and jumps)
//   promotion := label '-' square                          the promoted piece put on the last
//                                                          leg's square: "p 7d-7c; +p-7c"
//   label     := the piece's SFEN letter in Kirin's game definition, promoted '+' and the
//                letter ("+p", Dai's "a'"): lower case for Black, upper case for White
//
// Decisions (sources in brackets):
// * Labels: Game Courier's labels are case-sensitive, "uppercase letters for White and lowercase
//   letters for Black" [seed 000 help], and the Chu Seireigi presets draw lower-case pieces on
//   Black's side [seed 000 diagram; chu_seireigi.md §B.2]. Their letters are the ones Kirin's
//   chu-seireigi games use as SFEN letters (Lion Hawk I, Strong Bear U, ...), so every game's
//   labels are its SFEN letters. Chu's and Dai's Game Courier labels are not in the seeds
//   (UNCONFIRMED): they get lishogi's letters (Lion n, Go-Between i). Labels are read in
//   either case (the square says whose piece it is).
// * Coordinates: the shogi presets of seed 000 label files 12..1 from the left and ranks a..l
//   from the top (rank a on White's side): the same squares as USI ("7g"). Chess-style
//   coordinates (files a.. from Black's left, ranks 1.. from Black's side, "f6" for 7g) are
//   an option for presets that use them.
// * Promotion: Game Courier's own way, a second move putting the promoted piece on the square
//   [seed 000 help: "p e7-e8; q-e8"]. No such part is no promotion, unless the piece must
//   promote. A trailing '+' on the leg is also read as a promotion, '=' as none.
// * Drops: "p*5e" as the shogi presets write them; "p-5e" (a piece put directly on a square,
//   Game Courier's generic form) is read too.
// * A second leg that returns to the start is an igui (a piece stood there) or a pass.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "notation/notation_error.h"
#include "rules/position.h"

namespace kirin {

struct GameCourierOptions {
  enum class Coords {
    Shogi,  // "7g": file number, rank letter from the top (the shogi presets)
    Chess,  // "f6": file letter from Black's left, rank number from Black's side
  };
  Coords coords = Coords::Shogi;
};

// Reads a move and finds it among the legal moves; throws NotationError (field "move") as
// parse_pbm_move does.
Move parse_gamecourier_move(const Position& pos, std::string_view text,
                            const GameCourierOptions& options = {});

// Writes a legal move: "p 7g-7f", "n 7g-6f; n 6f-5e", "p 7d-7c; +p-7c", "p*5e".
std::string to_gamecourier_move(const Position& pos, const Move& m,
                                const GameCourierOptions& options = {});

// A game's moves from `start` as a Game Courier move list: one move a line, numbered from 1,
// "1. p 7g-7f" for Black and "1... P 3c-3d" for White (a game White starts, a handicap one,
// opens with "1... ").
std::string gamecourier_log(const Position& start, const std::vector<Move>& moves,
                            const GameCourierOptions& options = {});

// Reads such a move list back: the moves from `start`, each checked; a line may hold several
// numbered moves ("1. p 7g-7f 1... P 3c-3d") or one unnumbered move; blank lines are skipped.
// Throws NotationError with the field "move N" and a message naming the move and its line.
std::vector<Move> read_gamecourier_log(const Position& start, std::string_view text,
                                       const GameCourierOptions& options = {});

// A piece's label ("p", "+P", "a'") and a square's name in Game Courier's coordinates.
std::string gamecourier_label(const Variant& v, Kind k, Color c);
std::string gamecourier_square(const Variant& v, Square s, const GameCourierOptions& options = {});

}  // namespace kirin
