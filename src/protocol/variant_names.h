// Game names as the protocols spell them, mapped to Kirin's built-in games: the games' [names]
// tables (docs/VARIANTS.md) say which, this file only how they are used.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kirin::protocol {

// USI (UCI_Variant): every game's id, then the games' USI names ("chushogi", "standard").
std::vector<std::string> usi_variant_names();
// USI (UCI_Variant): a Kirin id or alias, or a game's USI name. Returns the Kirin id; throws
// VariantError naming the games Kirin plays, also for another program's game that Kirin does
// not have (lishogi's "minishogi", "annanshogi", ...).
std::string kirin_id_from_usi(std::string_view name);

// XBoard: the games whose rules xboard 4.9 knows itself (those with an XBoard name), under
// those names: chu, dai, shogi.
// The other games are not offered. As engine-defined variants xboard would need a `piece`
// command (Betza) for each piece and its piece-to-char table, or it applies its own moves to
// their letters and forfeits legal ones (tried: sho, chuseireigi10); and it cannot draw 12x12
// with holdings ("Recompile to support this BOARD_RANKS or BOARD_FILES!"). docs/ENGINE.md.
std::vector<std::string> xboard_variant_names();
// The Kirin id for an XBoard variant name; "" if Kirin offers no such variant.
std::string kirin_id_from_xboard(std::string_view name);

}  // namespace kirin::protocol
