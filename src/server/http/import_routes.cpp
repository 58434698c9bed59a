// Imported game records: POST /api/import reads a record (KIF, USI, Game Courier) and keeps it
// (or, with "preview": true, only reads it); GET /api/imports/{id} gives one back for the
// analysis board; GET /api/imports lists the signed-in user's.
#include "server/http/api_json.h"
#include "server/http/api_routes.h"

namespace kirin::server::http {

using nlohmann::json;

void add_import_routes(Router& router, const ApiServices& s) {
  router.add("POST", "/api/import", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    json body = require_object(r.json());
    ImportRequest request;
    request.format = required_string(body, "format");
    request.text = required_string(body, "text");
    request.game = optional_string(body, "game").value_or("");
    if (optional_bool(body, "preview").value_or(false))
      return json_response(to_json(s.imports.preview(user.id, request)));
    return json_response(to_json(s.imports.import(user.id, request)), 201);
  });
  router.add("GET", "/api/imports", [s](const Request& r) {
    User user = signed_in(s.accounts, r);
    json list = json::array();
    for (const ImportedGame& g : s.imports.imports_of(user.id)) {
      json j = to_json(g);
      j["plies"] = g.moves.size();
      j.erase("moves");  // the list is a summary
      list.push_back(j);
    }
    return json_response({{"imports", list}});
  });
  // Anyone with the link may open an imported game, as anyone may watch a game.
  router.add("GET", "/api/imports/{id}", [s](const Request& r) {
    return json_response(to_json(s.imports.get(id_param(r, "id"))));
  });
}

}  // namespace kirin::server::http
