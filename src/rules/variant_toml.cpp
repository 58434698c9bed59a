// Reads a game definition from TOML (format: docs/VARIANTS.md).
#include <toml++/toml.h>

#include <sstream>

#include "rules/variant.h"

namespace kirin {
namespace {

std::string where(const toml::node& node, const std::string& origin) {
  const auto& src = node.source();
  std::ostringstream out;
  out << origin;
  if (src.begin.line) out << ":" << src.begin.line << ":" << src.begin.column;
  return out.str();
}

std::string node_text(const toml::node& n) {
  if (n.is_string()) return *n.value<std::string>();
  if (n.is_boolean()) return *n.value<bool>() ? "true" : "false";
  if (n.is_integer()) return std::to_string(*n.value<int64_t>());
  return {};
}

class Reader {
 public:
  Reader(const toml::table& root, std::string origin) : root_(root), origin_(std::move(origin)) {}

  std::string str(const toml::table& t, const char* key, const std::string& ctx, bool required,
                  std::string fallback = {}) {
    const toml::node* n = t.get(key);
    if (!n) {
      if (required) fail(ctx + ": missing field '" + key + "'", &t);
      return fallback;
    }
    auto v = n->value<std::string>();
    if (!v) fail(ctx + ": field '" + key + "' must be a string", n);
    return *v;
  }
  int64_t integer(const toml::table& t, const char* key, const std::string& ctx, bool required,
                  int64_t fallback = 0) {
    const toml::node* n = t.get(key);
    if (!n) {
      if (required) fail(ctx + ": missing field '" + key + "'", &t);
      return fallback;
    }
    auto v = n->value<int64_t>();
    if (!v) fail(ctx + ": field '" + key + "' must be an integer", n);
    return *v;
  }
  bool boolean(const toml::table& t, const char* key, const std::string& ctx) {
    const toml::node* n = t.get(key);
    if (!n) return false;
    auto v = n->value<bool>();
    if (!v) fail(ctx + ": field '" + key + "' must be true or false", n);
    return *v;
  }
  [[noreturn]] void fail(const std::string& msg, const toml::node* n) {
    throw VariantError(where(n ? *n : static_cast<const toml::node&>(root_), origin_) + ": " + msg);
  }

 private:
  const toml::table& root_;
  std::string origin_;
};

toml::table parse(std::string_view text, const std::string& origin) {
  try {
    return toml::parse(text, origin);
  } catch (const toml::parse_error& e) {
    std::ostringstream out;
    out << origin << ":" << e.source().begin.line << ":" << e.source().begin.column << ": "
        << e.description();
    throw VariantError(out.str());
  }
}

// [game]: what the game is called, its board and its start.
void read_game(Reader& r, const toml::table& game, Variant& v) {
  v.id = r.str(game, "id", "[game]", true);
  v.name = r.str(game, "name", "[game]", true);
  v.name_ja = r.str(game, "name_ja", "[game]", false);
  v.description = r.str(game, "description", "[game]", false);
  v.files = int(r.integer(game, "files", "[game]", true));
  v.ranks = int(r.integer(game, "ranks", "[game]", true));
  v.zone = int(r.integer(game, "zone", "[game]", true));
  v.setup = r.str(game, "setup", "[game]", true);
  std::string style = r.str(game, "sfen_style", "[game]", false, "shogi");
  if (style == "shogi") v.sfen_style = Variant::SfenStyle::Shogi;
  else if (style == "lishogi-chu") v.sfen_style = Variant::SfenStyle::LishogiChu;
  else r.fail("[game]: sfen_style must be \"shogi\" or \"lishogi-chu\", not \"" + style + "\"",
              game.get("sfen_style"));
  if (const toml::array* aliases = game["aliases"].as_array())
    for (const auto& a : *aliases)
      if (auto s = a.value<std::string>()) v.aliases.push_back(*s);
}

// [names]: the game's names in other programs.
void read_names(Reader& r, const toml::table& root, Variant& v) {
  const toml::node* node = root.get("names");
  if (!node) return;
  const toml::table* names = node->as_table();
  if (!names) r.fail("[names] must be a table", node);
  for (const auto& [key, value] : *names)
    if (key.str() != "usi" && key.str() != "fairy_stockfish" && key.str() != "xboard")
      r.fail("[names]: unknown key '" + std::string(key.str()) +
                 "' (usi, fairy_stockfish or xboard)",
             &value);
  v.names.usi = r.str(*names, "usi", "[names]", false);
  v.names.fairy_stockfish = r.str(*names, "fairy_stockfish", "[names]", false);
  v.names.xboard = r.str(*names, "xboard", "[names]", false);
}

// Runs `add`, which reads the moves written in field `key` (`text`) into a piece's MoveSpec; a
// Betza error is reported at that field.
template <class Add>
void read_moves(Reader& r, const toml::table& t, const std::string& ctx, const char* key,
                const std::string& text, Add&& add) {
  try {
    add();
  } catch (const BetzaError& e) {
    r.fail(ctx + ": " + key + " \"" + text + "\" at offset " + std::to_string(e.offset()) + ": " +
               e.what(),
           t.get(key));
  }
}

// One [[piece]] entry, the `number`th, but its promotion: that names a piece that may come
// later (link_promotions).
PieceType read_piece(Reader& r, const toml::table& t, size_t number, const Variant& v) {
  PieceType pt;
  pt.id = r.str(t, "id", "[[piece]] #" + std::to_string(number), true);
  const std::string ctx = "piece " + pt.id;
  if (v.kind_by_id(pt.id)) r.fail(ctx + ": duplicate piece id", t.get("id"));
  pt.name = r.str(t, "name", ctx, true);
  pt.kanji = r.str(t, "kanji", ctx, false);
  pt.abbrev = r.str(t, "abbrev", ctx, true);
  pt.sfen = r.str(t, "sfen", ctx, false);
  pt.betza = r.str(t, "betza", ctx, false);
  if (pt.betza.empty() && !t.get("skip_first") && !t.get("sting") && !t.get("area"))
    r.fail(ctx + ": missing field 'betza'", &t);
  if (!pt.betza.empty())
    read_moves(r, t, ctx, "betza", pt.betza, [&] { pt.spec = parse_betza(pt.betza); });
  pt.sting = r.str(t, "sting", ctx, false);
  pt.skip_first = r.str(t, "skip_first", ctx, false);
  if (!pt.sting.empty())
    read_moves(r, t, ctx, "sting", pt.sting, [&] { add_stinging_moves(pt.spec, pt.sting); });
  pt.impasse_value = int(r.integer(t, "impasse_value", ctx, false, 1));
  if (int64_t value = r.integer(t, "value", ctx, false, 0); value < 0 || value > 100000)
    r.fail(ctx + ": value must be from 0 to 100000", t.get("value"));
  else
    pt.value = int(value);
  if (!pt.skip_first.empty())
    read_moves(r, t, ctx, "skip_first", pt.skip_first,
               [&] { add_skipping_slides(pt.spec, pt.skip_first); });
  auto small = [&](const char* key, int max) {
    int64_t n = r.integer(t, key, ctx, false, 0);
    if (n < 0 || n > max)
      r.fail(ctx + ": " + key + " must be from 0 to " + std::to_string(max), t.get(key));
    return int(n);
  };
  pt.area = small("area", 3);
  pt.burn = small("burn", 2);
  pt.igui = small("igui", 2);
  pt.range_jumps = small("range_jumps", 2);
  pt.rank = small("rank", 100);
  pt.burn_immune = r.boolean(t, "burn_immune", ctx);
  pt.freezes = r.boolean(t, "freezes", ctx);
  pt.royal = r.boolean(t, "royal", ctx);
  pt.lion = r.boolean(t, "lion", ctx);
  pt.minor = r.boolean(t, "minor", ctx);
  pt.last_rank_promotion = r.boolean(t, "last_rank_promotion", ctx);
  pt.one_per_file = r.boolean(t, "one_per_file", ctx);
  pt.no_drop_mate = r.boolean(t, "no_drop_mate", ctx);
  return pt;
}

// The promotion each piece names (by id, with its field for errors; "": none), linked both
// ways: a piece is the promotion of one piece at most.
void link_promotions(Reader& r,
                     const std::vector<std::pair<std::string, const toml::node*>>& promotes,
                     Variant& v) {
  for (size_t k = 1; k < v.pieces.size(); ++k) {
    const auto& [target, node] = promotes[k - 1];
    if (target.empty()) continue;
    auto to = v.kind_by_id(target);
    if (!to)
      r.fail("piece " + v.pieces[k].id + ": promotes to unknown piece '" + target + "'", node);
    if (v.pieces[*to].promoted_from)
      r.fail("piece " + target + " is the promotion of two pieces", node);
    v.pieces[k].promotes_to = *to;
    v.pieces[*to].promoted_from = Kind(k);
  }
}

// A promoted piece is written '+' and its base piece's letter; others need their own letter.
// `tables`: each piece's [[piece]] entry, for error locations.
void check_sfen_letters(Reader& r, const std::vector<const toml::table*>& tables, Variant& v) {
  auto sfen_node = [&](size_t k) -> const toml::node* {
    const toml::table* t = tables[k - 1];
    const toml::node* n = t->get("sfen");
    return n ? n : t;
  };
  for (size_t k = 1; k < v.pieces.size(); ++k) {
    PieceType& pt = v.pieces[k];
    if (pt.promoted_from) {
      const std::string& base = v.pieces[pt.promoted_from].sfen;
      if (!pt.sfen.empty() && pt.sfen != "+" + base)
        r.fail("piece " + pt.id + ": a promoted piece is written '+" + base + "' in SFEN",
               sfen_node(k));
      pt.sfen = "+" + base;
    } else if (pt.sfen.empty() || !std::islower(static_cast<unsigned char>(pt.sfen[0])) ||
               pt.sfen.find_first_not_of('\'', 1) != std::string::npos) {
      r.fail("piece " + pt.id + ": sfen must be one lower-case letter, optionally followed by "
             "primes (c')", sfen_node(k));
    }
  }
  for (size_t a = 1; a < v.pieces.size(); ++a)
    for (size_t b = a + 1; b < v.pieces.size(); ++b)
      if (v.pieces[a].sfen == v.pieces[b].sfen)
        r.fail("pieces " + v.pieces[a].id + " and " + v.pieces[b].id + " share the SFEN '" +
                   v.pieces[a].sfen + "'",
               sfen_node(b));
}

// [[piece]]: the piece kinds, from 1 (kind 0 is none).
void read_pieces(Reader& r, const toml::table& root, Variant& v) {
  const toml::array* pieces = root["piece"].as_array();
  if (!pieces || pieces->empty()) r.fail("no [[piece]] entries", nullptr);
  v.pieces.emplace_back();
  std::vector<std::pair<std::string, const toml::node*>> promotes;
  std::vector<const toml::table*> tables;
  for (size_t i = 0; i < pieces->size(); ++i) {
    const toml::table* t = (*pieces)[i].as_table();
    if (!t) r.fail("[[piece]] #" + std::to_string(i + 1) + " is not a table", &(*pieces)[i]);
    v.pieces.push_back(read_piece(r, *t, i + 1, v));
    promotes.emplace_back(r.str(*t, "promotes", "piece " + v.pieces.back().id, false),
                          t->get("promotes"));
    tables.push_back(t);
  }
  link_promotions(r, promotes, v);
  check_sfen_letters(r, tables, v);
}

// [options]: the rule options the game has, and their defaults.
void read_options(Reader& r, const toml::table& root, Variant& v) {
  if (const toml::table* opts = root["options"].as_table()) {
    for (const auto& [key, node] : *opts) {
      std::string name(key.str());
      std::string value = node_text(node);
      OptionInfo info;
      info.name = name;
      v.option_infos.push_back(info);
      try {
        v.set_option(name, value);
      } catch (const VariantError& e) {
        r.fail(std::string("[options] ") + e.what(), &node);
      }
    }
  }
  for (auto& info : v.option_infos) describe_option(info);
}

// One [macros.NAME] table: each value maps to a table of the options it sets.
OptionMacro read_macro(Reader& r, const std::string& name, const toml::node& node) {
  const std::string ctx = "[macros." + name + "]";
  const toml::table* mt = node.as_table();
  if (!mt) r.fail(ctx + " must be a table", &node);
  OptionMacro macro;
  macro.name = name;
  for (const auto& [key, vnode] : *mt) {
    if (key.str() == "description") {
      auto d = vnode.value<std::string>();
      if (!d) r.fail(ctx + ": description must be a string", &vnode);
      macro.description = *d;
      continue;
    }
    const toml::table* vt = vnode.as_table();
    if (!vt)
      r.fail(ctx + ": value '" + std::string(key.str()) +
                 "' must be a table of the options it sets, e.g. { lion_protection = true }",
             &vnode);
    OptionMacro::Value value;
    value.value = std::string(key.str());
    for (const auto& [option, onode] : *vt)
      value.settings.emplace_back(std::string(option.str()), node_text(onode));
    macro.values.push_back(std::move(value));
  }
  return macro;
}

// [macros]: named shorthands for sets of option values.
void read_macros(Reader& r, const toml::table& root, Variant& v) {
  const toml::node* mnode = root.get("macros");
  if (!mnode) return;
  const toml::table* ms = mnode->as_table();
  if (!ms) r.fail("[macros] must be a table of [macros.NAME] tables", mnode);
  for (const auto& [mname, node] : *ms) {
    OptionMacro macro = read_macro(r, std::string(mname.str()), node);
    try {
      v.add_macro(std::move(macro));
    } catch (const VariantError& e) {
      r.fail(e.what(), &node);
    }
  }
}

// [profiles.NAME]: named sets of option values (checked once compiled).
void read_profiles(Reader& r, const toml::table& root, Variant& v) {
  const toml::table* profs = root["profiles"].as_table();
  if (!profs) return;
  for (const auto& [pname, pnode] : *profs) {
    const toml::table* pt = pnode.as_table();
    if (!pt) r.fail("[profiles." + std::string(pname.str()) + "] must be a table", &pnode);
    auto& values = v.profiles[std::string(pname.str())];
    for (const auto& [key, node] : *pt) values[std::string(key.str())] = node_text(node);
  }
}

// [[handicap]]: the handicap set-ups.
void read_handicaps(Reader& r, const toml::table& root, Variant& v) {
  const toml::array* hs = root["handicap"].as_array();
  if (!hs) return;
  for (const auto& h : *hs) {
    const toml::table* t = h.as_table();
    if (!t) r.fail("[[handicap]] entries must be tables", &h);
    Handicap hc;
    hc.name = r.str(*t, "name", "[[handicap]]", true);
    hc.description = r.str(*t, "description", "handicap " + hc.name, false);
    hc.sfen = r.str(*t, "sfen", "handicap " + hc.name, true);
    if (const toml::array* as = (*t)["aliases"].as_array())
      for (const auto& a : *as)
        if (auto name = a.value<std::string>()) hc.aliases.push_back(*name);
    v.handicaps.push_back(hc);
  }
}

// Builds the game's tables and sets its default profile. Every profile is applied once, so
// that a broken one is reported at load, not at use. Errors name the file, not a field.
void compile_and_check_profiles(Variant& v, const std::string& origin) {
  try {
    v.compile();
    RuleOptions defaults = v.rules;
    for (const auto& [pname, _] : v.profiles) {
      v.apply_profile(pname);
      v.rules = defaults;
    }
    if (!v.default_profile.empty()) v.apply_profile(v.default_profile);
    for (auto& info : v.option_infos) info.default_value = v.option_value(info.name);
  } catch (const VariantError& e) {
    throw VariantError(origin + ": " + e.what());
  }
}

}  // namespace

std::shared_ptr<Variant> load_variant_toml(std::string_view text, const std::string& origin) {
  const toml::table root = parse(text, origin);
  Reader r(root, origin);
  auto v = std::make_shared<Variant>();
  const toml::table* game = root["game"].as_table();
  if (!game) r.fail("missing [game] table", nullptr);
  read_game(r, *game, *v);
  read_names(r, root, *v);
  read_pieces(r, root, *v);
  read_options(r, root, *v);
  read_macros(r, root, *v);
  read_profiles(r, root, *v);
  v->default_profile = r.str(*game, "default_profile", "[game]", false);
  read_handicaps(r, root, *v);
  compile_and_check_profiles(*v, origin);
  return v;
}

OtherGames load_other_games_toml(std::string_view text, const std::string& origin) {
  const toml::table root = parse(text, origin);
  Reader r(root, origin);
  OtherGames other;
  other.program = r.str(root, "program", "other games", true);
  const toml::array* games = root["games"].as_array();
  if (!games) r.fail("missing list 'games'", nullptr);
  for (const auto& g : *games) {
    auto name = g.value<std::string>();
    if (!name) r.fail("'games' must be a list of strings", &g);
    other.games.push_back(*name);
  }
  return other;
}

}  // namespace kirin
