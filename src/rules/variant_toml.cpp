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

}  // namespace

std::shared_ptr<Variant> load_variant_toml(std::string_view text, const std::string& origin) {
  const toml::table root = parse(text, origin);
  Reader r(root, origin);
  auto v = std::make_shared<Variant>();

  const toml::table* game = root["game"].as_table();
  if (!game) r.fail("missing [game] table", nullptr);
  v->id = r.str(*game, "id", "[game]", true);
  v->name = r.str(*game, "name", "[game]", true);
  v->description = r.str(*game, "description", "[game]", false);
  v->files = int(r.integer(*game, "files", "[game]", true));
  v->ranks = int(r.integer(*game, "ranks", "[game]", true));
  v->zone = int(r.integer(*game, "zone", "[game]", true));
  v->setup = r.str(*game, "setup", "[game]", true);
  std::string style = r.str(*game, "sfen_style", "[game]", false, "shogi");
  if (style == "shogi") v->sfen_style = Variant::SfenStyle::Shogi;
  else if (style == "lishogi-chu") v->sfen_style = Variant::SfenStyle::LishogiChu;
  else r.fail("[game]: sfen_style must be \"shogi\" or \"lishogi-chu\", not \"" + style + "\"",
              game->get("sfen_style"));
  if (const toml::array* aliases = (*game)["aliases"].as_array())
    for (const auto& a : *aliases)
      if (auto s = a.value<std::string>()) v->aliases.push_back(*s);
  if (const toml::node* node = root.get("names")) {
    const toml::table* names = node->as_table();
    if (!names) r.fail("[names] must be a table", node);
    for (const auto& [key, value] : *names)
      if (key.str() != "usi" && key.str() != "fairy_stockfish" && key.str() != "xboard")
        r.fail("[names]: unknown key '" + std::string(key.str()) +
                   "' (usi, fairy_stockfish or xboard)",
               &value);
    v->names.usi = r.str(*names, "usi", "[names]", false);
    v->names.fairy_stockfish = r.str(*names, "fairy_stockfish", "[names]", false);
    v->names.xboard = r.str(*names, "xboard", "[names]", false);
  }

  // Pieces. Promotions name their target by id, so resolve them after all are read.
  const toml::array* pieces = root["piece"].as_array();
  if (!pieces || pieces->empty()) r.fail("no [[piece]] entries", nullptr);
  v->pieces.emplace_back();  // kind 0: none
  std::vector<std::pair<std::string, const toml::node*>> promotes;
  std::vector<const toml::table*> piece_tables;  // for error locations
  for (size_t i = 0; i < pieces->size(); ++i) {
    const toml::table* t = (*pieces)[i].as_table();
    if (!t) r.fail("[[piece]] #" + std::to_string(i + 1) + " is not a table", &(*pieces)[i]);
    PieceType pt;
    std::string ctx = "[[piece]] #" + std::to_string(i + 1);
    pt.id = r.str(*t, "id", ctx, true);
    ctx = "piece " + pt.id;
    if (v->kind_by_id(pt.id)) r.fail(ctx + ": duplicate piece id", t->get("id"));
    pt.name = r.str(*t, "name", ctx, true);
    pt.kanji = r.str(*t, "kanji", ctx, false);
    pt.abbrev = r.str(*t, "abbrev", ctx, true);
    pt.sfen = r.str(*t, "sfen", ctx, false);
    pt.betza = r.str(*t, "betza", ctx, false);
    if (pt.betza.empty() && !t->get("skip_first") && !t->get("sting") && !t->get("area"))
      r.fail(ctx + ": missing field 'betza'", t);
    try {
      if (!pt.betza.empty()) pt.spec = parse_betza(pt.betza);
    } catch (const BetzaError& e) {
      r.fail(ctx + ": betza \"" + pt.betza + "\" at offset " + std::to_string(e.offset()) + ": " +
                 e.what(),
             t->get("betza"));
    }
    pt.sting = r.str(*t, "sting", ctx, false);
    pt.skip_first = r.str(*t, "skip_first", ctx, false);
    if (std::string sting = pt.sting; !sting.empty()) {
      try {
        add_stinging_moves(pt.spec, sting);
      } catch (const BetzaError& e) {
        r.fail(ctx + ": sting \"" + sting + "\" at offset " + std::to_string(e.offset()) + ": " +
                   e.what(),
               t->get("sting"));
      }
    }
    pt.impasse_value = int(r.integer(*t, "impasse_value", ctx, false, 1));
    if (int64_t value = r.integer(*t, "value", ctx, false, 0); value < 0 || value > 100000)
      r.fail(ctx + ": value must be from 0 to 100000", t->get("value"));
    else
      pt.value = int(value);
    if (std::string skipping = r.str(*t, "skip_first", ctx, false); !skipping.empty()) {
      try {
        add_skipping_slides(pt.spec, skipping);
      } catch (const BetzaError& e) {
        r.fail(ctx + ": skip_first \"" + skipping + "\" at offset " + std::to_string(e.offset()) +
                   ": " + e.what(),
               t->get("skip_first"));
      }
    }
    auto small = [&](const char* key, int max) {
      int64_t n = r.integer(*t, key, ctx, false, 0);
      if (n < 0 || n > max)
        r.fail(ctx + ": " + key + " must be from 0 to " + std::to_string(max), t->get(key));
      return int(n);
    };
    pt.area = small("area", 3);
    pt.burn = small("burn", 2);
    pt.igui = small("igui", 2);
    pt.range_jumps = small("range_jumps", 2);
    pt.rank = small("rank", 100);
    pt.burn_immune = r.boolean(*t, "burn_immune", ctx);
    pt.freezes = r.boolean(*t, "freezes", ctx);
    pt.royal = r.boolean(*t, "royal", ctx);
    pt.lion = r.boolean(*t, "lion", ctx);
    pt.minor = r.boolean(*t, "minor", ctx);
    pt.last_rank_promotion = r.boolean(*t, "last_rank_promotion", ctx);
    pt.one_per_file = r.boolean(*t, "one_per_file", ctx);
    pt.no_drop_mate = r.boolean(*t, "no_drop_mate", ctx);
    promotes.emplace_back(r.str(*t, "promotes", ctx, false), t->get("promotes"));
    v->pieces.push_back(std::move(pt));
    piece_tables.push_back(t);
  }
  for (size_t k = 1; k < v->pieces.size(); ++k) {
    const auto& [target, node] = promotes[k - 1];
    if (target.empty()) continue;
    auto to = v->kind_by_id(target);
    if (!to) r.fail("piece " + v->pieces[k].id + ": promotes to unknown piece '" + target + "'", node);
    if (v->pieces[*to].promoted_from)
      r.fail("piece " + target + " is the promotion of two pieces", node);
    v->pieces[k].promotes_to = *to;
    v->pieces[*to].promoted_from = Kind(k);
  }
  // A promoted piece is written '+' and its base piece's letter; others need their own letter.
  auto sfen_node = [&](size_t k) -> const toml::node* {
    const toml::table* t = piece_tables[k - 1];
    const toml::node* n = t->get("sfen");
    return n ? n : t;
  };
  for (size_t k = 1; k < v->pieces.size(); ++k) {
    PieceType& pt = v->pieces[k];
    if (pt.promoted_from) {
      const std::string& base = v->pieces[pt.promoted_from].sfen;
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
  for (size_t a = 1; a < v->pieces.size(); ++a)
    for (size_t b = a + 1; b < v->pieces.size(); ++b)
      if (v->pieces[a].sfen == v->pieces[b].sfen)
        r.fail("pieces " + v->pieces[a].id + " and " + v->pieces[b].id + " share the SFEN '" +
                   v->pieces[a].sfen + "'",
               sfen_node(b));

  // Options: the game declares which rule options it has and their defaults.
  if (const toml::table* opts = root["options"].as_table()) {
    for (const auto& [key, node] : *opts) {
      std::string name(key.str());
      std::string value = node_text(node);
      OptionInfo info;
      info.name = name;
      v->option_infos.push_back(info);
      try {
        v->set_option(name, value);
      } catch (const VariantError& e) {
        r.fail(std::string("[options] ") + e.what(), &node);
      }
    }
  }
  for (auto& info : v->option_infos) describe_option(info);
  // Macros: [macros.NAME] maps each value to a table of options it sets.
  if (const toml::node* mnode = root.get("macros")) {
    const toml::table* ms = mnode->as_table();
    if (!ms) r.fail("[macros] must be a table of [macros.NAME] tables", mnode);
    for (const auto& [mname, node] : *ms) {
      std::string ctx = "[macros." + std::string(mname.str()) + "]";
      const toml::table* mt = node.as_table();
      if (!mt) r.fail(ctx + " must be a table", &node);
      OptionMacro macro;
      macro.name = std::string(mname.str());
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
      try {
        v->add_macro(std::move(macro));
      } catch (const VariantError& e) {
        r.fail(e.what(), &node);
      }
    }
  }
  if (const toml::table* profs = root["profiles"].as_table()) {
    for (const auto& [pname, pnode] : *profs) {
      const toml::table* pt = pnode.as_table();
      if (!pt) r.fail("[profiles." + std::string(pname.str()) + "] must be a table", &pnode);
      auto& values = v->profiles[std::string(pname.str())];
      for (const auto& [key, node] : *pt) values[std::string(key.str())] = node_text(node);
    }
  }
  v->default_profile = r.str(*game, "default_profile", "[game]", false);

  if (const toml::array* hs = root["handicap"].as_array()) {
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
      v->handicaps.push_back(hc);
    }
  }

  try {
    v->compile();
    // Check every profile once so that a broken one is reported at load, not at use.
    RuleOptions defaults = v->rules;
    for (const auto& [pname, _] : v->profiles) {
      v->apply_profile(pname);
      v->rules = defaults;
    }
    if (!v->default_profile.empty()) v->apply_profile(v->default_profile);
    for (auto& info : v->option_infos) info.default_value = v->option_value(info.name);
  } catch (const VariantError& e) {
    throw VariantError(origin + ": " + e.what());
  }
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
