// A piece's moves and a game's rules in words, English and Japanese, generated from the game's
// definition (the parsed XBetza, the named powers and the rule options), never written per
// piece: what the how-to-play page and the move-diagram tooltip show.
#pragma once

#include <string>
#include <vector>

#include "rules/variant.h"

namespace kirin {

struct Words {
  std::string en;
  std::string ja;
};

// How the piece moves, its powers, its promotion in the variant's zone, and (in a game with
// drops) the restrictions on dropping it: "Moves any number of squares orthogonally; one
// square diagonally. Promotes to Dragon King in the last 4 ranks." /
// "縦横に何マスでも、斜めに1マス動ける。敵陣4段目以内で龍王に成れる。"
Words piece_moves_text(const Variant& v, Kind k);

// The special rules of the variant under its current options (apply a profile first), one
// sentence each: promotion zone and rule, how the game is won, Lion trading, drops,
// repetition, impasse, the ply limit, and the named powers some pieces have.
std::vector<Words> rules_text(const Variant& v);

}  // namespace kirin
