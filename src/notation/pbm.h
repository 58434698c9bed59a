// Moves as the play-by-email server pbmserv (gamerz.net, seed 003 and its shogi help page;
// docs/spec/README.md §3) reads them, and the standard form Kirin writes.
//
// Grammar (blanks around the text are ignored; piece codes are case-insensitive):
//
//   move    := drop | board
//   drop    := piece '*' square                          "P*5e"
//   board   := [piece [' ']] [from] step+ victim* [promo]  "7g-7f", "P7g-7f", "Bx3c+", "S7d-7c="
//            | [piece [' ']] [from] victim+ [promo]      igui: "Lnx!4f" (take 4f, stay)
//   step    := ('-' | 'x') square                        one step, or two for a Lion-type
//                                                        double move: "Lnx6f-5e", "Ln7gx6fx5e"
//   victim  := "x!" square                               a piece taken without going there
//   promo   := '+' (promote) | '=' (decline)
//   piece   := pbmserv's code ("P", "Ln", "Ky", "DH", promoted "+DH"), also the game's own
//              abbreviation ("Kr", "H"); the game's abbreviations in games pbmserv lacks
//   square  := file number and rank letter ("7g", "12a") or rank letter and file number
//              ("g7"): files numbered right to left, ranks lettered from the top (as USI);
//              all squares of one move in the same order
//
// A move names its piece or its from square or both: without a piece code the from square is
// needed ("7g-7f", "7gx!6f"); with one it may be left out when only one such piece can make the
// move ("P-7f", "Lnx6f-5e"). A given code must name the piece on the from square. 'x' and '-'
// are not checked against the board (a capture written '-' is still the capture). Where
// promotion is optional the move must say '+' or '=' (a silent choice is too easily wrong in
// a game by mail); a forced one needs no mark. A double move through an empty square is the
// direct jump ("Ln7g-6f-5e" = "Ln7g-5e", and so "Ln7g-6fx5e" with 6f empty); a pass is a step
// to an empty square and back ("Ln7g-6f-7g").
// "x!" after a move (Kirin's extension, no pbmserv game has it) names further pieces taken
// where the mover does not stop: Mitsugumi's burned and jumped pieces, a second igui victim.
#pragma once

#include <string>
#include <string_view>

#include "notation/notation_error.h"
#include "rules/position.h"

namespace kirin {

// Full: always the from square ("P7g-7f", "Ln7gx!6f"), pbmserv's "<piece><from>" form, which
// reads the same in any position. Short: the from square only where the move needs it
// ("P-7f", "Lnx!6f", "G6i-5h").
enum class PbmForm { Full, Short };

// Reads a move and finds it among the legal moves; throws NotationError (field "move"): a
// malformed text or unknown piece code (with the character offset), a wrong piece, or "no
// legal move '<text>': <reason>".
Move parse_pbm_move(const Position& pos, std::string_view text);

// Writes a legal move: piece code, from square (Full), '-' or 'x', the destination, then '+'
// for a promotion or '=' for a promotion declined; a drop "P*5e"; an igui "Ln7gx!6f"; a double
// move "Ln7gx6f-5e"; a pass "Ln7g-6f-7g" (always with its from square).
std::string to_pbm_move(const Position& pos, const Move& m, PbmForm form = PbmForm::Full);

}  // namespace kirin
