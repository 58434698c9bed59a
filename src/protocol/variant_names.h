// Game names as the protocols spell them, mapped to Kirin's built-in games.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kirin::protocol {

// USI (UCI_Variant): a Kirin id or alias, or lishogi's name ("chushogi", "standard").
// Returns the Kirin id; throws VariantError naming the games Kirin plays, also for lishogi
// variants that Kirin does not have ("minishogi", "annanshogi", ...).
std::string kirin_id_from_usi(std::string_view name);

// XBoard: the games whose rules xboard 4.9 knows itself, under its names: chu, dai, shogi.
// The other games are not offered. As engine-defined variants xboard would need a `piece`
// command (Betza) for each piece and its piece-to-char table, or it applies its own moves to
// their letters and forfeits legal ones (tried: sho, chuseireigi10); and it cannot draw 12x12
// with holdings ("Recompile to support this BOARD_RANKS or BOARD_FILES!"). docs/ENGINE.md.
std::vector<std::string> xboard_variant_names();
// The Kirin id for an XBoard variant name; "" if Kirin offers no such variant.
std::string kirin_id_from_xboard(std::string_view name);

}  // namespace kirin::protocol
