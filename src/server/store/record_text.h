// How record fields (records.h) are written in a database: enums as words, option lists and
// preferences as JSON text. Both databases hold the same values. A stored text that does not
// read back (broken JSON) throws StoreError.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/domain/game_analysis.h"
#include "server/domain/records.h"
#include "server/domain/tournament_records.h"

namespace kirin::server::record_text {

const char* tc_kind_text(TimeControl::Kind k);
TimeControl::Kind tc_kind_of(const std::string& s);

const char* status_text(GameStatus s);
GameStatus status_of(const std::string& s);

const char* result_text(Result r);
Result result_of(const std::string& s);

const char* challenge_status_text(ChallengeStatus s);
ChallengeStatus challenge_status_of(const std::string& s);

const char* color_choice_text(ColorChoice c);
ColorChoice color_choice_of(const std::string& s);

// "arena", "swiss", "robin"; "created", "running", "finished", "cancelled" (tournaments.h).
const char* tournament_kind_text(TournamentKind k);
TournamentKind tournament_kind_of(const std::string& s);  // throws StoreError if unknown
const char* tournament_status_text(TournamentStatus s);
TournamentStatus tournament_status_of(const std::string& s);  // throws StoreError if unknown

const char* color_text(Color c);  // "black", "white"
Color color_of(const std::string& s);

// [[NAME, VALUE], ...]
std::string options_json(const std::vector<std::pair<std::string, std::string>>& options);
std::vector<std::pair<std::string, std::string>> options_of(const std::string& text);

// Words separated by spaces (an imported game's USI moves).
std::string words_text(const std::vector<std::string>& words);
std::vector<std::string> words_of(const std::string& text);

// A forecast's lines: a line a row, its USI moves separated by spaces.
std::string forecast_lines_text(const std::vector<std::vector<std::string>>& lines);
std::vector<std::vector<std::string>> forecast_lines_of(const std::string& text);

// A game's analysis: a line per position, "cp 35 7g7f 3c3d", "mate -3 ...", or "-" (none).
std::string analysis_positions_text(const std::vector<std::optional<PositionEval>>& positions);
std::vector<std::optional<PositionEval>> analysis_positions_of(const std::string& text);

std::string preferences_json(const Preferences& p);
Preferences preferences_of(const std::string& text);  // defaults for what is missing

}  // namespace kirin::server::record_text
