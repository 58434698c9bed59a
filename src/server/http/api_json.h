// The API's JSON: service records to JSON for responses, and request bodies read into service
// requests. Field names are the ones docs/API.md shows; a bad request field is an HttpError
// 400 "bad_request" that names the field.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/domain/challenges.h"
#include "server/domain/events.h"
#include "server/domain/games.h"
#include "server/domain/records.h"
#include "server/domain/tournaments.h"

namespace kirin::server::http {

nlohmann::json to_json(const User& user, bool with_email = false);
nlohmann::json to_json(const Preferences& prefs);
nlohmann::json to_json(const PlayerRef& player);  // {"id":1,"name":"ann"}, null for none
nlohmann::json to_json(const GameSetup& setup);
nlohmann::json to_json(const TimeControl& tc);
nlohmann::json to_json(const Challenge& challenge);
nlohmann::json to_json(const MoveRecord& move);
nlohmann::json to_json(const Comment& comment);  // a chat line too
nlohmann::json to_json(const Message& message);
nlohmann::json to_json(const GameState& game);  // the summary: no moves, position or clocks
nlohmann::json to_json(const GameView& view);   // everything a board page needs
nlohmann::json to_json(const Event& event);
nlohmann::json to_json(const Rating& rating);
nlohmann::json to_json(const RatingChange& change);
nlohmann::json to_json(const Standing& standing);
nlohmann::json to_json(const ImportedGame& game);  // with its moves
// Tournaments (docs/API.md, "Tournaments"): the summary T (`entries`: how many entered), a
// standings row, a pairing, and the whole page (T and the rest).
nlohmann::json to_json(const Tournament& t, int entries);
nlohmann::json to_json(const TournamentStanding& s);
nlohmann::json to_json(const TournamentPairing& p);
nlohmann::json to_json(const TournamentView& v);

const char* color_word(Color c);  // "black", "white"
const char* result_word(Result r);  // "ongoing", "black", "white", "draw"

// Reading request bodies.
const nlohmann::json& require_object(const nlohmann::json& body);
std::optional<std::string> optional_string(const nlohmann::json& body, const char* field);
std::string required_string(const nlohmann::json& body, const char* field);
// A name or an array of names (message recipients).
std::vector<std::string> required_names(const nlohmann::json& body, const char* field);
// A whole number from min to max (a larger one, however large, is refused naming the field).
std::optional<int> optional_int(const nlohmann::json& body, const char* field, int min, int max);
std::optional<bool> optional_bool(const nlohmann::json& body, const char* field);

ChallengeRequest read_challenge_request(const nlohmann::json& body);
// POST /api/tournaments' body: the settings (password_hash left empty) and the plain password.
struct TournamentRequest {
  TournamentSettings settings;
  std::string password;
};
TournamentRequest read_tournament_request(const nlohmann::json& body);
// The fields present replace those of `current`.
Preferences read_preferences(const nlohmann::json& body, Preferences current);

}  // namespace kirin::server::http
