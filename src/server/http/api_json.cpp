#include "server/http/api_json.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "server/domain/accounts.h"
#include "server/domain/clocks.h"
#include "notation/notation_error.h"
#include "rules/catalog.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"
#include "server/http/message.h"
#include "server/http/move_details.h"
#include "server/store/record_text.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

const char* status_word(ChallengeStatus s) {
  switch (s) {
    case ChallengeStatus::Open:
      return "open";
    case ChallengeStatus::Accepted:
      return "accepted";
    case ChallengeStatus::Declined:
      return "declined";
    case ChallengeStatus::Cancelled:
      return "cancelled";
  }
  return "open";
}


const char* color_choice_word(ColorChoice c) {
  switch (c) {
    case ColorChoice::ChallengerBlack:
      return "black";
    case ColorChoice::ChallengerWhite:
      return "white";
    case ColorChoice::Random:
      return "random";
  }
  return "black";
}

[[noreturn]] void bad_field(const char* field, const std::string& what) {
  throw HttpError(400, "bad_request", std::string("field \"") + field + "\" " + what);
}

// An option value as the rules read it: "true", "3", "lishogi".
std::string option_text(const char* field, const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_unsigned()) return std::to_string(value.get<uint64_t>());
  if (value.is_number_integer()) return std::to_string(value.get<int64_t>());
  bad_field(field, "must hold strings, booleans or integers");
}

// "options": {"NAME": VALUE} (applied in name order) or [["NAME", VALUE], ...] (in the given
// order), appended to the setup's.
void read_setup_options(const json& body, GameSetup& setup) {
  auto it = body.find("options");
  if (it == body.end() || it->is_null()) return;
  if (it->is_object()) {
    for (const auto& [name, value] : it->items())
      setup.options.emplace_back(name, option_text("options", value));
  } else if (it->is_array()) {
    for (const json& pair : *it) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string())
        bad_field("options", "must be an object or a list of [name, value] pairs");
      setup.options.emplace_back(pair[0].get<std::string>(), option_text("options", pair[1]));
    }
  } else {
    bad_field("options", "must be an object or a list of [name, value] pairs");
  }
}

}  // namespace

const char* result_word(Result r) {
  switch (r) {
    case Result::Ongoing:
      return "ongoing";
    case Result::BlackWins:
      return "black";
    case Result::WhiteWins:
      return "white";
    case Result::Draw:
      return "draw";
  }
  return "ongoing";
}

const char* color_word(Color c) { return c == kBlack ? "black" : "white"; }

json to_json(const User& user, bool with_email) {
  json j = {{"id", user.id}, {"name", user.name}, {"created", user.created}};
  if (with_email) j["email"] = user.email;
  return j;
}

json to_json(const Preferences& prefs) {
  return {{"board_style", prefs.board_style}, {"flip", prefs.flip},
          {"piece_set", prefs.piece_set},     {"turn_mail", prefs.turn_mail},
          {"accept_messages", prefs.accept_messages}, {"message_mail", prefs.message_mail},
          {"profiles", prefs.profiles}};
}

json to_json(const Message& m) {
  return {{"id", m.id},     {"from", m.from.name}, {"to", m.to.name},
          {"text", m.text}, {"at", m.at},          {"read", m.read ? json(m.read) : json(nullptr)},
          {"warning", m.warning}};
}

json to_json(const PlayerRef& player) {
  if (!player.id) return nullptr;
  return {{"id", player.id}, {"name", player.name}};
}

json to_json(const GameSetup& setup) {
  json options = json::array();  // pairs, in the order they are applied
  for (const auto& [name, value] : setup.options) options.push_back({name, value});
  return {{"game", setup.game},         {"profile", setup.profile},
          {"options", options},         {"drops", setup.drops ? json(*setup.drops) : json(nullptr)},
          {"handicap", setup.handicap}, {"sfen", setup.start_sfen},
          {"level", setup.computer_level}, {"takebacks", setup.takebacks}};
}

json to_json(const TimeControl& tc) {
  json j = {{"text", describe(tc)}, {"kind", record_text::tc_kind_text(tc.kind)}};
  if (tc.kind == TimeControl::Kind::Live) {
    j["main_ms"] = tc.main_ms;
    j["byoyomi_ms"] = tc.byoyomi_ms;
    j["increment_ms"] = tc.increment_ms;
    j["periods"] = byoyomi_periods(tc);
  } else if (tc.kind == TimeControl::Kind::Correspondence) {
    j["days_per_move"] = tc.days_per_move;
  }
  return j;
}

json to_json(const Challenge& c) {
  return {{"id", c.id},
          {"challenger", to_json(c.challenger)},
          {"opponent", to_json(c.challenged)},
          {"setup", to_json(c.setup)},
          {"color", color_choice_word(c.color)},
          {"time_control", to_json(c.time_control)},
          {"status", status_word(c.status)},
          {"rated", c.setup.rated},
          {"game", c.game ? json(c.game) : json(nullptr)},
          {"rematch_of", c.rematch_of ? json(c.rematch_of) : json(nullptr)},
          {"created", c.created}};
}

json to_json(const MoveRecord& m) {
  return {{"ply", m.ply}, {"usi", m.usi}, {"time_used_ms", m.time_used_ms}, {"at", m.at}};
}

json to_json(const Comment& c) {
  return {{"id", c.id}, {"ply", c.ply}, {"user", to_json(c.user)}, {"text", c.text}, {"at", c.at}};
}

json to_json(const ImportedGame& g) {
  return {{"id", g.id},
          {"imported_by", to_json(g.imported_by)},
          {"format", g.format},
          {"game", g.game},
          {"start_sfen", g.start_sfen},
          {"black", g.black},
          {"white", g.white},
          {"event", g.event},
          {"played_at", g.played_at},
          {"moves", g.moves},
          {"result", result_word(g.result)},
          {"ending", g.ending},
          {"rated", false},
          {"created", g.created}};
}

json to_json(const GameState& g) {
  json sealed = nullptr;
  if (g.sealed) {
    sealed = {{"by", g.sealed->by}, {"at", g.sealed->at}};
    if (!g.sealed->usi.empty()) sealed["usi"] = g.sealed->usi;  // only the sealer sees it
  }
  return {{"id", g.id},
          {"setup", to_json(g.setup)},
          {"black", to_json(g.black)},
          {"white", to_json(g.white)},
          {"time_control", to_json(g.time_control)},
          {"status", record_text::status_text(g.status)},
          {"rated", g.setup.rated},
          // An aborted game has no result.
          {"result", g.status == GameStatus::Aborted ? "none" : result_word(g.result)},
          {"reason", g.reason},
          {"result_text", describe_result(g)},
          {"ply", g.ply},
          {"to_move", color_word(side_to_move(g))},
          {"version", g.version},
          {"draw_offer", g.draw_offer ? json(color_word(*g.draw_offer)) : json(nullptr)},
          {"takeback_offer",
           g.takeback_offer ? json(color_word(*g.takeback_offer)) : json(nullptr)},
          {"sealed", sealed},
          {"tournament", g.tournament ? json(g.tournament) : json(nullptr)},
          {"created", g.created},
          {"updated", g.updated},
          {"tournament", g.tournament ? json(g.tournament) : json(nullptr)},
          {"berserk_allowed", g.berserk_allowed},
          {"berserk", {{"black", g.berserk[kBlack]}, {"white", g.berserk[kWhite]}}}};
}

json to_json(const GameView& v) {
  json j = to_json(v.state);
  j["game_name"] = v.game_name;
  j["start_sfen"] = v.start_sfen;
  j["sfen"] = v.sfen;
  j["to_move"] = color_word(v.to_move);
  j["moves"] = json::array();
  for (const MoveRecord& m : v.moves) j["moves"].push_back(to_json(m));
  j["comments"] = json::array();
  for (const Comment& c : v.comments) j["comments"].push_back(to_json(c));
  j["comments_total"] = v.comments_total;
  j["legal_moves"] = v.legal_moves;
  BoardHints hints = board_hints(v);
  j["legal_move_details"] = std::move(hints.legal_move_details);
  j["check"] = std::move(hints.check);
  j["other_spellings"] = std::move(hints.other_spellings);
  j["clock"] = {{"black_ms", v.clock_ms[kBlack]},
                {"white_ms", v.clock_ms[kWhite]},
                {"black_periods", v.periods_left[kBlack]},
                {"white_periods", v.periods_left[kWhite]},
                {"running", v.running ? json(color_word(*v.running)) : json(nullptr)},
                {"deadline", v.deadline ? json(*v.deadline) : json(nullptr)},
                {"abort_at", v.abort_at ? json(*v.abort_at) : json(nullptr)},
                {"now", v.now}};
  j["result_text"] = v.result_text;
  j["computer"] = v.computer ? json(color_word(*v.computer)) : json(nullptr);
  j["analysed"] = v.analysed;
  // A finished rated game's rating changes, by colour (lishogi's rating and ratingDiff).
  j["ratings"] = nullptr;
  for (const RatingChange& c : v.rating_changes) {
    if (j["ratings"].is_null()) j["ratings"] = json::object();
    j["ratings"][c.user.id == v.state.black.id ? "black" : "white"] = to_json(c);
  }
  return j;
}

namespace {

// Ratings are shown rounded, as lishogi does; a difference is that of the rounded values, so
// that before + diff = after on screen.
long rounded(double v) { return std::lround(v); }

}  // namespace

json to_json(const Rating& r) {
  return {{"user", to_json(r.user)},
          {"game", r.game},
          {"rating", rounded(r.value.rating)},
          {"deviation", rounded(r.value.deviation)},
          {"volatility", r.value.volatility},
          {"provisional", is_provisional(r.value)},
          {"games", r.games},
          {"last_played", r.last_played ? json(r.last_played) : json(nullptr)}};
}

json to_json(const RatingChange& c) {
  return {{"user", to_json(c.user)},
          {"game", c.game},
          {"game_id", c.game_id},
          {"before", rounded(c.before.rating)},
          {"before_provisional", is_provisional(c.before)},
          {"after", rounded(c.after.rating)},
          {"diff", rounded(c.after.rating) - rounded(c.before.rating)},
          {"deviation", rounded(c.after.deviation)},
          {"provisional", is_provisional(c.after)},
          {"at", c.at}};
}

json to_json(const Standing& s) {
  return {{"user", to_json(s.user)}, {"game", s.game},     {"wins", s.wins},
          {"losses", s.losses},      {"draws", s.draws},   {"score", s.score()},
          {"games", s.wins + s.losses + s.draws}};
}

json to_json(const Event& e) {
  if (e.kind == EventKind::Tournament) {
    // What changed, for the page to reload what it shows: {"type": "tournament", ...}.
    json j = {{"type", "tournament"}, {"kind", "tournament"}, {"tournament", e.tournament},
              {"what", e.text}};
    if (e.game) j["game"] = e.game;
    return j;
  }
  json users = json::array();
  for (const PlayerRef& u : e.users) users.push_back(u.name);
  json j = {{"kind", event_kind_name(e.kind)}, {"text", e.text}, {"users", users}};
  if (e.game) {
    j["game"] = e.game;
    j["ply"] = e.ply;
  }
  if (e.challenge) j["challenge"] = e.challenge;
  if (e.message) j["message"] = e.message;
  if (e.removed) j["removed"] = e.removed;
  if (!e.by.name.empty()) j["by"] = e.by.name;
  if (e.rematch_of) j["rematch_of"] = e.rematch_of;
  return j;
}

namespace {

json time_or_null(TimeMs t) { return t ? json(t) : json(nullptr); }
json id_or_null(Id id) { return id ? json(id) : json(nullptr); }

std::string game_name(const std::string& id) {
  try {
    if (auto v = builtin_variant(id)) return v->name;
  } catch (const std::exception&) {
    // a game this build does not know (a newer node's): its id stands in
  }
  return id;
}

}  // namespace

json to_json(const Tournament& t, int entries) {
  const TournamentSettings& s = t.settings;
  const bool arena = s.kind == TournamentKind::Arena;
  return {{"id", t.id},
          {"kind", kind_name(s.kind)},
          {"name", s.name},
          {"description", s.description},
          {"status", status_name(t.status)},
          {"creator", to_json(t.creator)},
          {"game", s.setup.game},
          {"game_name", game_name(s.setup.game)},
          {"setup", to_json(s.setup)},
          {"rated", s.setup.rated},
          {"time_control", to_json(s.time_control)},
          {"minutes", s.minutes},
          {"rounds", s.rounds},
          {"double", s.double_round},
          {"round_interval", s.round_interval_s},
          {"round", t.round},
          {"starts_at", time_or_null(s.starts_at)},
          {"created", t.created},
          {"started", time_or_null(t.started)},
          {"finished", time_or_null(t.finished)},
          {"ends_at", arena ? time_or_null(t.deadline) : json(nullptr)},
          {"next_round_at", arena ? json(nullptr) : time_or_null(t.deadline)},
          {"max_players", s.max_players},
          {"min_rating", s.min_rating},
          {"min_rated_games", s.min_rated_games},
          {"berserk", arena && s.berserk},
          {"private", !s.password_hash.empty()},
          {"entries", entries},
          {"computer", {{"entries", s.computer_entries}, {"level", s.computer_level}}}};
}

json to_json(const TournamentStanding& s) {
  return {{"rank", s.rank},
          {"user", {{"id", s.entry.user.id}, {"name", s.name}}},
          {"entry", s.entry.id},
          {"computer", s.entry.computer},
          {"score", s.points2 / 2.0},
          {"buchholz", s.buchholz2 / 2.0},
          {"sonneborn_berger", s.sonneborn4 / 4.0},
          {"wins", s.wins},
          {"draws", s.draws},
          {"losses", s.losses},
          {"byes", s.byes},
          {"sheet", s.sheet},
          {"fire", s.fire},
          {"withdrawn", s.entry.withdrawn},
          {"rating", s.entry.rating},
          {"playing", id_or_null(s.playing)}};
}

json to_json(const TournamentPairing& p) {
  return {{"round", p.round},
          {"game", id_or_null(p.game)},
          {"black", p.black},
          {"white", id_or_null(p.white)},
          {"result", result_word(p.result)},
          {"reason", p.reason},
          {"counted", p.counted},
          {"berserk_black", p.berserk_black},
          {"berserk_white", p.berserk_white}};
}

json to_json(const TournamentView& v) {
  json j = to_json(v.tournament, v.entries);
  j["standings"] = json::array();
  for (const TournamentStanding& s : v.standings) j["standings"].push_back(to_json(s));
  j["page"] = v.page;
  j["pages"] = v.pages;
  j["pairings"] = json::array();
  for (const TournamentPairing& p : v.pairings) j["pairings"].push_back(to_json(p));
  j["me"] = v.mine ? json{{"entry", v.mine->id}, {"withdrawn", v.mine->withdrawn}} : json(nullptr);
  j["my_game"] = id_or_null(v.my_game);
  j["rules"] = v.rules;
  j["stats"] = {{"games", v.stats.games},
                {"black_wins", v.stats.black_wins},
                {"white_wins", v.stats.white_wins},
                {"draws", v.stats.draws},
                {"berserks", v.stats.berserks},
                {"average_rating", std::lround(v.stats.average_rating)}};
  // The podium: the first three of the final standings (on the first page, where they are).
  j["podium"] = json::array();
  if (v.tournament.status == TournamentStatus::Finished)
    for (const TournamentStanding& s : v.standings)
      if (s.rank <= 3) j["podium"].push_back(to_json(s));
  return j;
}

const json& require_object(const json& body) {
  if (!body.is_object())
    throw HttpError(400, "bad_request", "the request body must be a JSON object");
  return body;
}

std::optional<std::string> optional_string(const json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) bad_field(field, "must be a string");
  return it->get<std::string>();
}

std::vector<std::string> required_names(const json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) bad_field(field, "is required");
  if (it->is_string()) return {it->get<std::string>()};
  if (!it->is_array()) bad_field(field, "must be a name or an array of names");
  std::vector<std::string> out;
  for (const json& name : *it) {
    if (!name.is_string()) bad_field(field, "must be a name or an array of names");
    out.push_back(name.get<std::string>());
  }
  return out;
}

std::string required_string(const json& body, const char* field) {
  std::optional<std::string> value = optional_string(body, field);
  if (!value) bad_field(field, "is required");
  return *value;
}

std::optional<int> optional_int(const json& body, const char* field, int min, int max) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return std::nullopt;
  // Read as wide as JSON holds it and compared before narrowing: 4294967297 is not 1.
  bool in_range = false;
  if (it->is_number_unsigned())
    in_range = it->get<uint64_t>() <= uint64_t(std::max(max, 0)) &&
               int64_t(it->get<uint64_t>()) >= min;
  else if (it->is_number_integer())
    in_range = it->get<int64_t>() >= min && it->get<int64_t>() <= max;
  if (!in_range)
    bad_field(field, "must be a whole number from " + std::to_string(min) + " to " +
                         std::to_string(max));
  return int(it->get<int64_t>());
}

std::optional<bool> optional_bool(const json& body, const char* field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null()) return std::nullopt;
  if (!it->is_boolean()) bad_field(field, "must be true or false");
  return it->get<bool>();
}

ChallengeRequest read_challenge_request(const json& body) {
  require_object(body);
  ChallengeRequest r;
  r.opponent = optional_string(body, "opponent").value_or("");
  r.setup.game = optional_string(body, "game").value_or("chu");
  r.setup.profile = optional_string(body, "profile").value_or("");
  r.setup.handicap = optional_string(body, "handicap").value_or("");
  r.setup.start_sfen = optional_string(body, "sfen").value_or("");
  r.setup.drops = optional_bool(body, "drops");
  r.setup.takebacks = optional_bool(body, "takebacks").value_or(true);
  r.setup.computer_level = optional_int(body, "level", 0, kMaxComputerLevel).value_or(0);
  r.setup.rated = optional_bool(body, "rated").value_or(false);
  r.rematch_of = optional_int(body, "rematch_of", 1, std::numeric_limits<int>::max()).value_or(0);
  read_setup_options(body, r.setup);
  std::string color = optional_string(body, "color").value_or("black");
  if (color == "black")
    r.color = ColorChoice::ChallengerBlack;
  else if (color == "white")
    r.color = ColorChoice::ChallengerWhite;
  else if (color == "random")
    r.color = ColorChoice::Random;
  else
    bad_field("color", "must be \"black\", \"white\" or \"random\" (the challenger's colour)");
  r.time_control = read_time_control(optional_string(body, "time_control").value_or("none"));
  // The byoyomi periods as a field of their own, for forms: the same as "... periods N".
  if (std::optional<int> periods =
          optional_int(body, "periods", 1, TimeControl::kMaxPeriods)) {
    if (!byoyomi_periods(r.time_control))
      throw ServiceError(ErrorCode::Invalid, "byoyomi periods need a time_control with a byoyomi",
                         "periods");
    r.time_control.periods = *periods;
  }
  return r;
}

TournamentRequest read_tournament_request(const json& body) {
  require_object(body);
  TournamentRequest r;
  TournamentSettings& s = r.settings;
  const std::string kind = required_string(body, "kind");
  std::optional<TournamentKind> named = tournament_kind_named(kind);
  if (!named)
    throw ServiceError(ErrorCode::Invalid,
                       "kind must be \"arena\", \"swiss\" or \"robin\", not " + quoted_input(kind),
                       "kind");
  s.kind = *named;
  s.name = optional_string(body, "name").value_or("");
  s.description = optional_string(body, "description").value_or("");
  s.setup.game = optional_string(body, "game").value_or("chu");
  s.setup.profile = optional_string(body, "profile").value_or("");
  s.setup.drops = optional_bool(body, "drops");
  read_setup_options(body, s.setup);
  s.setup.rated = optional_bool(body, "rated").value_or(false);
  s.time_control = read_time_control(required_string(body, "time_control"));
  constexpr int kMost = std::numeric_limits<int>::max();
  s.minutes = optional_int(body, "minutes", 0, kMost).value_or(0);
  s.rounds = optional_int(body, "rounds", 0, kMost).value_or(0);
  s.double_round = optional_bool(body, "double").value_or(false);
  s.round_interval_s = optional_int(body, "round_interval", 0, kMost).value_or(0);
  if (auto it = body.find("starts_at"); it != body.end() && !it->is_null()) {
    if (!it->is_number_integer() || it->get<int64_t>() < 0)
      bad_field("starts_at", "must be a time in milliseconds since the epoch, or 0");
    s.starts_at = it->get<int64_t>();
  }
  s.max_players = optional_int(body, "max_players", 0, kMost).value_or(0);
  s.min_rating = optional_int(body, "min_rating", 0, kMost).value_or(0);
  s.min_rated_games = optional_int(body, "min_rated_games", 0, kMost).value_or(0);
  s.berserk = optional_bool(body, "berserk").value_or(s.kind == TournamentKind::Arena);
  r.password = optional_string(body, "password").value_or("");
  if (auto it = body.find("computer"); it != body.end() && !it->is_null()) {
    if (!it->is_object()) bad_field("computer", "must be an object {\"entries\": N, \"level\": L}");
    s.computer_entries = optional_int(*it, "entries", 0, kMost).value_or(0);
    s.computer_level = optional_int(*it, "level", 0, kMost).value_or(0);
  }
  return r;
}

Preferences read_preferences(const json& body, Preferences current) {
  require_object(body);
  if (auto style = optional_string(body, "board_style")) current.board_style = *style;
  if (auto set = optional_string(body, "piece_set")) current.piece_set = *set;
  if (auto flip = optional_bool(body, "flip")) current.flip = *flip;
  if (auto on = optional_bool(body, "turn_mail")) current.turn_mail = *on;
  if (auto on = optional_bool(body, "accept_messages")) current.accept_messages = *on;
  if (auto on = optional_bool(body, "message_mail")) current.message_mail = *on;
  // {"chu": "pbmserv"} sets a game's default profile, {"chu": null} or "" clears it; the games
  // not named keep theirs.
  if (auto it = body.find("profiles"); it != body.end() && !it->is_null()) {
    if (!it->is_object()) bad_field("profiles", "must be an object {\"GAME\": \"PROFILE\"}");
    if (it->size() > 64) bad_field("profiles", "more than 64 games");
    for (const auto& [game, profile] : it->items()) {
      if (!profile.is_null() && !profile.is_string())
        bad_field("profiles", "the profile of " + game + " must be a string or null");
      try {
        Accounts::set_default_profile(current, game,
                                      profile.is_null() ? "" : profile.get<std::string>());
      } catch (const ServiceError& e) {
        throw ServiceError(ErrorCode::Invalid, e.what(), "profiles");
      }
    }
  }
  return current;
}

}  // namespace kirin::server::http
