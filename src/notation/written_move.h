// What a move written with a piece name and squares says (pbmserv's "Lnx6f-5e", Game
// Courier's "n 7g-6f; n 6f-5e"), matched against the legal moves in one place, so that both
// notations accept the same moves and explain a refusal the same way. Also the piece codes of
// pbmserv (seed 003), which its board drawings share.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "notation/notation_error.h"
#include "rules/position.h"

namespace kirin {

struct WrittenMove {
  bool drop = false;
  Kind piece = 0;             // the piece named, 0 if none
  size_t piece_offset = 0;    // where its name starts in the text (for a wrong-piece error)
  Square from = kNoSquare;    // kNoSquare: not given (implied by the piece)
  std::vector<Square> path;   // the squares the mover steps to: {to} or {mid, to}; a drop: {to}
  // Pieces taken where the mover does not stop: the victim of an igui when `path` is empty
  // (the mover stays), then further ones (a second igui, burned or jumped pieces).
  std::vector<Square> victims;
  enum class Promotion { Unmarked, Promote, Decline } promotion = Promotion::Unmarked;
  // Unmarked where promotion is optional: pbmserv asks which (an error), Game Courier reads
  // it as no promotion (a promotion there is a second, explicit step).
  bool unmarked_declines = false;
};

// The legal move the text means. Throws NotationError (field "move"): a wrong piece (offset of
// its name), "no legal move '<text>': <reason>" or "ambiguous move '<text>': ..." (offset -1).
// `spell` writes a legal move, to list the candidates of an ambiguous one; `label` names a
// piece kind of the side to move as the notation does ("Ln", "n").
Move resolve_written_move(const Position& pos, const WrittenMove& w, std::string_view text,
                          const std::function<std::string(const Move&)>& spell,
                          const std::function<std::string(Kind)>& label);

// pbmserv's code of a piece kind: its own for Chu, Dai and shogi ("Ky", "DH", "DK"; the
// rest are the games' Western abbreviations), the game's abbreviation in other games; a
// promoted piece is '+' and the code of the piece it promoted from ("+DH").
std::string pbm_code(const Variant& v, Kind k);
// The code without a promotion mark: that of the unpromoted piece ("DH" for a "+DH").
std::string pbm_base_code(const Variant& v, Kind k);

// Every name a piece is known by in pbmserv text, lower case: pbmserv's code, the game's
// abbreviation ("Kr" and "Ky" both name the Kirin), '+' with any name of the unpromoted piece.
// A name that would mean two pieces is left out unless it is one's pbmserv code.
std::map<std::string, Kind> pbm_piece_names(const Variant& v);

}  // namespace kirin
