// The game definitions as the web UI reads them (GET /api/variants, /api/variants/{id}):
// board, SFEN syntax, rule options and profiles, handicaps, and each piece with its SFEN
// tokens and its move diagram as data. docs/API.md shows an example.
#pragma once

#include <nlohmann/json.hpp>

#include "rules/variant.h"
#include "server/http/router.h"

namespace kirin::server::http {

// id, name, aliases, description, files, ranks, drops (under the default rules),
// default_profile.
nlohmann::json variant_summary_json(const Variant& v);
// The summary and everything else a board needs; `v` with its default profile applied.
nlohmann::json variant_detail_json(const Variant& v);
nlohmann::json piece_json(const Variant& v, Kind kind);

// The names of the SFEN fields after the board, as this game writes them under its current
// options: {"side", "hands", "move_number"}, with "lion_square" where the counter-strike
// rule needs it.
std::vector<std::string> sfen_fields(const Variant& v);

// GET /api/variants and GET /api/variants/{id} (an id or alias; 404 naming the known games).
void add_variant_routes(Router& router);

}  // namespace kirin::server::http
