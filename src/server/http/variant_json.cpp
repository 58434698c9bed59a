#include "server/http/variant_json.h"

#include <cctype>
#include <map>
#include <mutex>

#include "notation/notation_error.h"
#include "notation/piece_diagram.h"
#include "notation/piece_words.h"
#include "rules/catalog.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

// Tokens are stored as White writes them ("d", "+d", "a'"); Black's has the letter upper case.
std::string black_token(std::string token) {
  for (char& c : token) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return token;
}

json token_or_null(const Variant& v, Kind k) { return k ? json(v.piece(k).sfen) : json(nullptr); }

const OptionInfo* find_option(const Variant& v, const std::string& name) {
  for (const OptionInfo& o : v.option_infos)
    if (o.name == name) return &o;
  return nullptr;
}

// An option's value as JSON of its type: true, 1000, "lishogi" (a macro's "custom" stays text).
json typed_value(const OptionInfo* info, const std::string& text) {
  if (info && info->type == "bool" && (text == "true" || text == "false")) return text == "true";
  if (info && info->type == "int" && !text.empty() &&
      text.find_first_not_of("-0123456789") == std::string::npos) {
    try {
      return std::stoll(text);
    } catch (const std::exception&) {
    }
  }
  return text;
}

json diagram_json(const PieceType& p) {
  PieceDiagramGrid d = piece_diagram_grid(p);
  json cells = json::array();
  for (const std::string& row : d.rows) {
    json line = json::array();
    for (char c : row) line.push_back(std::string(1, c));
    cells.push_back(std::move(line));
  }
  return {{"size", 2 * d.reach + 1},
          {"center", {d.reach, d.reach}},
          {"cells", std::move(cells)},
          {"notes", d.notes}};
}

json words_json(const Words& w) { return {{"en", w.en}, {"ja", w.ja}}; }

json rules_text_json(const Variant& v) {
  json out = json::array();
  for (const Words& w : rules_text(v)) out.push_back(words_json(w));
  return out;
}

json profile_json(const Variant& v, const std::string& name,
                  const std::map<std::string, std::string>& values) {
  json settings = json::object();
  for (const auto& [option, value] : values)
    settings[option] = typed_value(find_option(v, option), value);
  std::shared_ptr<Variant> applied = std::make_shared<Variant>(v);
  applied->apply_profile(name);
  // Only the pieces whose sentence the profile changes (a forced promotion, drops...).
  json moves_text = json::object();
  for (Kind k = 1; k <= v.num_kinds(); ++k)
    if (Words w = piece_moves_text(*applied, k); w.en != piece_moves_text(v, k).en)
      moves_text[v.piece(k).sfen] = words_json(w);
  return {{"name", name},
          {"settings", std::move(settings)},
          {"drops", applied->rules.drops},
          {"sfen_fields", sfen_fields(*applied)},
          {"rules_text", rules_text_json(*applied)},
          {"moves_text", std::move(moves_text)}};
}

}  // namespace

std::vector<std::string> sfen_fields(const Variant& v) {
  // As notation/sfen.cpp writes them: lishogi's Chu layout has the Lion square third and
  // hands (with drops) fourth; the shogi layout hands third and the Lion square (with the
  // counter-strike rule) fourth.
  std::vector<std::string> fields = {"board", "side"};
  if (v.sfen_style == Variant::SfenStyle::LishogiChu) {
    fields.push_back("lion_square");
    if (v.rules.drops) fields.push_back("hands");
  } else {
    fields.push_back("hands");
    if (v.rules.counter_strike) fields.push_back("lion_square");
  }
  fields.push_back("move_number");
  return fields;
}

json variant_summary_json(const Variant& v) {
  return {{"id", v.id},
          {"name", v.name},
          {"name_ja", v.name_ja.empty() ? json(nullptr) : json(v.name_ja)},
          {"aliases", v.aliases},
          {"description", v.description},
          {"files", v.files},
          {"ranks", v.ranks},
          {"drops", v.rules.drops},
          {"default_profile", v.default_profile.empty() ? json(nullptr) : json(v.default_profile)}};
}

json piece_json(const Variant& v, Kind k) {
  const PieceType& p = v.piece(k);
  json j = {{"token", p.sfen},
            {"token_black", black_token(p.sfen)},
            {"id", p.id},
            {"name", p.name},
            {"kanji", p.kanji},
            {"abbrev", p.abbrev},
            {"betza", p.betza},
            {"royal", p.royal},
            {"lion", p.lion},
            {"promoted", p.promoted_from != 0},
            {"promotes_to", token_or_null(v, p.promotes_to)},
            {"promoted_from", token_or_null(v, p.promoted_from)},
            {"in_hand_as", p.royal ? json(nullptr) : token_or_null(v, p.demotes_to)},
            {"diagram", diagram_json(p)},
            {"moves_text", words_json(piece_moves_text(v, k))}};
  if (!p.sting.empty()) j["sting"] = p.sting;
  if (!p.skip_first.empty()) j["skip_first"] = p.skip_first;
  json powers = json::object();
  if (p.area) powers["area"] = p.area;
  if (p.burn) powers["burn"] = p.burn;
  if (p.burn_immune) powers["burn_immune"] = true;
  if (p.igui) powers["igui"] = p.igui;
  if (p.range_jumps) {
    powers["range_jumps"] = p.range_jumps;
    powers["rank"] = p.rank;
  }
  if (p.freezes) powers["freezes"] = true;
  if (!powers.empty()) j["powers"] = std::move(powers);
  return j;
}

json variant_detail_json(const Variant& v) {
  json j = variant_summary_json(v);
  j["zone_ranks"] = v.zone;
  j["setup_sfen"] = v.setup;
  j["sfen_style"] = v.sfen_style == Variant::SfenStyle::LishogiChu ? "lishogi-chu" : "shogi";
  j["sfen_fields"] = sfen_fields(v);
  // What a client needs to split a board field into tokens (notation/sfen.cpp reads it so).
  j["sfen_tokens"] = {
      {"pattern", "\\+?[A-Za-z]'*[~=]*|[0-9]+|/"},
      {"description",
       "a piece is an optional '+' (promoted), one letter (upper case Black, lower case White) "
       "and any number of primes (Dai: a', n'); '~' and '=' after it are pbmserv's "
       "promotion-deferral marks; a number is that many empty squares (12 on a 12-wide "
       "board); '/' ends a rank, from rank a (White's side) down; hands are [count]token runs "
       "or '-'"}};
  json hand = json::array();
  for (Kind k : v.hand_kinds) hand.push_back(v.piece(k).sfen);
  j["hand_order"] = std::move(hand);

  json profiles = json::array();
  for (const auto& [name, values] : v.profiles) profiles.push_back(profile_json(v, name, values));
  j["profiles"] = std::move(profiles);
  j["rules_text"] = rules_text_json(v);

  json options = json::array();
  for (const OptionInfo& o : v.option_infos) {
    json option = {{"name", o.name},
                   {"type", o.type == "choice" ? "enum" : o.type},
                   {"default", typed_value(&o, o.default_value)},
                   {"description", o.description}};
    if (o.type == "choice") option["values"] = o.choices;
    if (v.find_macro(o.name)) option["macro"] = true;
    options.push_back(std::move(option));
  }
  j["options"] = std::move(options);

  json handicaps = json::array();
  for (const Handicap& h : v.handicaps)
    handicaps.push_back({{"name", h.name},
                         {"aliases", h.aliases},
                         {"description", h.description},
                         {"sfen", h.sfen}});
  j["handicaps"] = std::move(handicaps);

  json pieces = json::array();
  for (int k = 1; k <= v.num_kinds(); ++k) pieces.push_back(piece_json(v, Kind(k)));
  j["pieces"] = std::move(pieces);
  j["diagram_legend"] = {{"X", "the piece"},
                         {".", "cannot go there"},
                         {"o", "moves or captures there"},
                         {"m", "moves there, cannot capture"},
                         {"x", "captures there, cannot move there"},
                         {"|", "slides vertically"},
                         {"-", "slides horizontally"},
                         {"/", "slides diagonally"},
                         {"\\", "slides diagonally"},
                         {"^", "hops (cannon) along this line"},
                         {"*", "reaches this square by two steps through an empty square"},
                         {"1-9", "a limited slide ends here: its range"}};
  return j;
}

void add_variant_routes(Router& router) {
  // The definitions never change while the server runs: built once, on first use.
  static const json list = [] {
    json variants = json::array();
    for (const std::string& id : builtin_variant_ids())
      variants.push_back(variant_summary_json(*builtin_variant(id)));
    return json{{"variants", std::move(variants)}};
  }();
  router.add("GET", "/api/variants", [](const Request&) { return json_response(list); });
  router.add("GET", "/api/variants/{variant}", [](const Request& r) {
    static std::mutex mutex;
    static std::map<std::string, Response> details;  // by canonical id
    const std::string& name = r.params.at("variant");
    std::shared_ptr<Variant> v;
    try {
      v = builtin_variant(name);
    } catch (const VariantError&) {
      // The rules' message has the name raw: a NUL in it would end the message there.
      std::string known;
      for (const std::string& id : builtin_variant_ids()) known += (known.empty() ? "" : ", ") + id;
      throw HttpError(404, "not_found",
                      "unknown game " + quoted_input(name) + " (known games: " + known + ")");
    }
    {
      std::lock_guard lock(mutex);
      if (auto it = details.find(v->id); it != details.end()) return it->second;
    }
    Response response = json_response(variant_detail_json(*v));
    std::lock_guard lock(mutex);
    return details.emplace(v->id, std::move(response)).first->second;
  });
}

}  // namespace kirin::server::http
