// Kirin's rules for the browser's page (web/src/shogi/rulesWasm.ts): one call, on the page's own
// thread, answers what POST /api/positions answers (the position after a game's moves, its legal
// moves in canonical USI, the other spellings, the royals in check and the result), from the
// same functions (notation/game_start, notation/position_moves), so a board needs no request
// per click. The request and the answer are JSON, as over HTTP; with "sfens": true the answer
// also holds the SFEN of every position from the start (sfens[i]: after i moves), which the
// page shows instead of moving pieces itself.
#include <emscripten.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "notation/game_start.h"
#include "notation/notation_error.h"
#include "notation/position_moves.h"
#include "notation/sfen.h"
#include "rules/game.h"

namespace {

using nlohmann::json;
using namespace kirin;

// A request the page got wrong, as the server's 400 answer says it.
struct BadRequest {
  std::string message, field;
};

std::string text_field(const json& request, const char* name, const char* fallback = "") {
  auto it = request.find(name);
  if (it == request.end() || it->is_null()) return fallback;
  if (!it->is_string())
    throw BadRequest{std::string("field \"") + name + "\" must be a string", name};
  return it->get<std::string>();
}

// An option's value as the rules read it: "true", "3", "lishogi".
std::string option_value(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer()) return value.dump();
  throw BadRequest{"field \"options\" must hold strings, booleans or integers", "options"};
}

// The request's game setup, with the fields POST /api/positions takes ("variant" for the game,
// "sfen" for the start); "options" is {"NAME": VALUE} or [["NAME", VALUE], ...].
StartSetup read_setup(const json& request) {
  StartSetup s;
  if (!request.contains("variant") || !request["variant"].is_string())
    throw BadRequest{"field \"variant\" is required: a game id or alias such as \"chu\"",
                     "variant"};
  s.game = request["variant"].get<std::string>();
  s.profile = text_field(request, "profile");
  s.handicap = text_field(request, "handicap");
  s.start_sfen = text_field(request, "sfen");
  if (auto it = request.find("drops"); it != request.end() && !it->is_null()) {
    if (!it->is_boolean()) throw BadRequest{"field \"drops\" must be true or false", "drops"};
    s.drops = it->get<bool>();
  }
  if (auto it = request.find("options"); it != request.end() && !it->is_null()) {
    const char* shape = "field \"options\" must be an object or a list of [name, value] pairs";
    if (it->is_object()) {
      for (const auto& [name, value] : it->items())
        s.options.emplace_back(name, option_value(value));
    } else if (it->is_array()) {
      for (const json& pair : *it) {
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string())
          throw BadRequest{shape, "options"};
        s.options.emplace_back(pair[0].get<std::string>(), option_value(pair[1]));
      }
    } else {
      throw BadRequest{shape, "options"};
    }
  }
  return s;
}

std::vector<std::string> read_moves(const json& request) {
  std::vector<std::string> moves;
  auto it = request.find("moves");
  if (it == request.end() || it->is_null()) return moves;
  if (!it->is_array()) throw BadRequest{"field \"moves\" must be a list of USI moves", "moves"};
  if (it->size() > kMaxReplayedMoves)
    throw BadRequest{std::to_string(it->size()) + " moves are more than the " +
                         std::to_string(kMaxReplayedMoves) +
                         " an analysis replays: send the SFEN of a later position and the "
                         "moves since",
                     "moves"};
  for (std::size_t i = 0; i < it->size(); ++i) {
    if (!(*it)[i].is_string()) {
      std::string field = "moves[" + std::to_string(i) + "]";
      throw BadRequest{field + " must be a string such as \"7g7f\"", field};
    }
    moves.push_back((*it)[i].get<std::string>());
  }
  return moves;
}

json error_answer(const char* code, const std::string& message, const std::string& field,
                  long offset) {
  json error = {{"code", code}, {"message", message}};
  if (!field.empty()) error["field"] = field;
  if (offset >= 0) error["offset"] = offset;
  return {{"error", std::move(error)}};
}

// The setup's fields as the request names them.
std::string request_field(const std::string& field) {
  if (field == "game") return "variant";
  if (field == "start_sfen") return "sfen";
  return field;
}

json answer(const std::string& text) {
  json request = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (request.is_discarded() || !request.is_object())
    throw BadRequest{"the request must be a JSON object", ""};
  StartSetup setup = read_setup(request);
  std::vector<std::string> moves = read_moves(request);
  bool with_sfens = false;
  if (auto it = request.find("sfens"); it != request.end() && !it->is_null()) {
    if (!it->is_boolean()) throw BadRequest{"field \"sfens\" must be true or false", "sfens"};
    with_sfens = it->get<bool>();
  }

  std::optional<BuiltStart> built;
  try {
    built = build_start(setup);
  } catch (const NotationError& e) {
    return error_answer("invalid", e.what(), request_field(e.field()), e.offset());
  }
  Game game(built->start);
  json sfens = json::array({to_sfen(game.position())});
  try {
    play_usi_moves(game, moves, [&](const Game& after) {
      if (with_sfens) sfens.push_back(to_sfen(after.position()));
    });
  } catch (const NotationError& e) {
    return error_answer("invalid", e.what(), e.field(), e.offset());
  }

  PositionMoves legal = position_moves(game);
  const Outcome& outcome = game.outcome();
  json out = {{"variant", built->variant->id},
              {"sfen", to_sfen(game.position())},
              {"to_move", game.position().side_to_move() == kBlack ? "black" : "white"},
              {"legal_moves", std::move(legal.legal_moves)},
              {"other_spellings", std::move(legal.other_spellings)},
              {"check", std::move(legal.check)},
              {"result", outcome.over() ? json(describe(outcome)) : json(nullptr)}};
  if (with_sfens) out["sfens"] = std::move(sfens);
  return out;
}

std::string last_answer;

// As the server writes its answers: a byte of a user's text that is not UTF-8 (an error message
// may quote one byte of a character) becomes U+FFFD.
std::string text_of(const json& answer) {
  return answer.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

extern "C" {

// Answers one request (JSON text, UTF-8); the answer (JSON text) stays valid until the next
// call. An error is {"error": {"code", "message", "field", "offset"}}, as the server's.
EMSCRIPTEN_KEEPALIVE const char* kirin_rules_position(const char* request) {
  try {
    last_answer = text_of(answer(request));
  } catch (const BadRequest& e) {
    last_answer = text_of(error_answer("bad_request", e.message, e.field, -1));
  } catch (const std::exception& e) {
    last_answer =
        text_of(error_answer("internal", std::string("the rules failed: ") + e.what(), "", -1));
  }
  return last_answer.c_str();
}

}  // extern "C"
