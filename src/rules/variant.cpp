#include "rules/variant.h"

#include <algorithm>
#include <functional>

namespace kirin {
namespace {

struct OptionBinding {
  const char* name;
  const char* type;
  std::vector<std::string> choices;
  const char* description;
  std::function<void(RuleOptions&, const std::string&)> set;
  std::function<std::string(const RuleOptions&)> get;
};

bool parse_bool(const std::string& v, bool& out) {
  if (v == "true" || v == "1" || v == "yes" || v == "on") return out = true, true;
  if (v == "false" || v == "0" || v == "no" || v == "off") return out = false, true;
  return false;
}

OptionBinding bool_option(const char* name, bool RuleOptions::*field, const char* description) {
  return {name, "bool", {"true", "false"}, description,
          [field, name](RuleOptions& r, const std::string& v) {
            bool b;
            if (!parse_bool(v, b))
              throw VariantError(std::string("option ") + name + " takes true or false, not '" +
                                 v + "'");
            r.*field = b;
          },
          [field](const RuleOptions& r) { return std::string(r.*field ? "true" : "false"); }};
}

const std::vector<OptionBinding>& option_bindings() {
  static const std::vector<OptionBinding> bindings = [] {
    std::vector<OptionBinding> b;
    b.push_back({"promotion", "choice", {"lishogi", "shogi"},
                 "when a piece may promote: lishogi (entering the zone, a capture with start or "
                 "end in it, Pawn/Lance to the last rank) or shogi (any move into, out of or "
                 "within the zone)",
                 [](RuleOptions& r, const std::string& v) {
                   if (v == "lishogi") r.promotion = RuleOptions::Promotion::Lishogi;
                   else if (v == "shogi") r.promotion = RuleOptions::Promotion::Shogi;
                   else throw VariantError("option promotion takes lishogi or shogi, not '" + v + "'");
                 },
                 [](const RuleOptions& r) {
                   return std::string(r.promotion == RuleOptions::Promotion::Lishogi ? "lishogi"
                                                                                      : "shogi");
                 }});
    b.push_back(bool_option("force_last_rank_promotion",
                            &RuleOptions::force_last_rank_promotion,
                            "a piece that could never move again (Pawn or Lance on the last "
                            "rank) must promote"));
    b.push_back(bool_option("promotion_deferral", &RuleOptions::promotion_deferral,
                            "a piece that declines promotion on entering the zone may promote "
                            "on its next move only with a capture, and a Pawn that declines "
                            "only on the last rank (pbmserv)"));
    b.push_back(bool_option("lion_protection", &RuleOptions::lion_protection,
                            "a Lion may not capture a protected Lion two squares away, unless "
                            "its first step captured a piece other than a Pawn or Go-Between"));
    b.push_back(bool_option("lion_protection_by_recapture",
                            &RuleOptions::lion_protection_by_recapture,
                            "for lion_protection, a Lion is protected when the capturing Lion "
                            "could be taken back after the move, so a Pawn or Go-Between taken "
                            "on the first step no longer protects (H. G. Muller; HaChu)"));
    b.push_back(bool_option("counter_strike", &RuleOptions::counter_strike,
                            "after a Lion is captured by a non-Lion, the opponent's non-Lion "
                            "pieces may not capture a Lion on the next move"));
    b.push_back(bool_option("counter_strike_same_square",
                            &RuleOptions::counter_strike_same_square,
                            "the counter-strike rule still lets a Lion standing on the square "
                            "of the capture be taken (lishogi)"));
    b.push_back(bool_option("counter_strike_binds_lions",
                            &RuleOptions::counter_strike_binds_lions,
                            "the counter-strike rule bars the opponent's Lions too: no Lion may "
                            "be captured by anything on the next move (XBoard 4.9.1)"));
    b.push_back(bool_option("bridge_lifts_counter_strike",
                            &RuleOptions::bridge_lifts_counter_strike,
                            "a Lion taken as the second victim of a double capture whose first "
                            "victim is not a Pawn or Go-Between does not trigger the "
                            "counter-strike rule (pbmserv)"));
    b.push_back(bool_option("bare_king", &RuleOptions::bare_king,
                            "a side left with a lone royal against more loses (JCSA)"));
    b.push_back(bool_option("no_moves_loses", &RuleOptions::no_moves_loses,
                            "a side with no legal move loses"));
    b.push_back({"repetition", "choice", {"lishogi", "exact"},
                 "fourfold repetition: lishogi (judged once 13 positions are stored, as "
                 "lishogi does) or exact",
                 [](RuleOptions& r, const std::string& v) {
                   if (v == "lishogi") r.repetition = RuleOptions::Repetition::Lishogi;
                   else if (v == "exact") r.repetition = RuleOptions::Repetition::Exact;
                   else throw VariantError("option repetition takes lishogi or exact, not '" + v + "'");
                 },
                 [](const RuleOptions& r) {
                   return std::string(r.repetition == RuleOptions::Repetition::Lishogi
                                          ? "lishogi"
                                          : "exact");
                 }});
    b.push_back({"perpetual", "choice", {"attack", "check"},
                 "what counts as a perpetual attack: attack (the royal is attacked or the moved "
                 "piece could capture, lishogi Chu) or check (the move gives check, shogi)",
                 [](RuleOptions& r, const std::string& v) {
                   if (v == "attack") r.perpetual = RuleOptions::Perpetual::Attack;
                   else if (v == "check") r.perpetual = RuleOptions::Perpetual::Check;
                   else throw VariantError("option perpetual takes attack or check, not '" + v + "'");
                 },
                 [](const RuleOptions& r) {
                   return std::string(r.perpetual == RuleOptions::Perpetual::Attack ? "attack"
                                                                                     : "check");
                 }});
    b.push_back(bool_option("drops", &RuleOptions::drops,
                            "captured pieces go to the captor's hand, unpromoted, and may be "
                            "dropped on an empty square instead of moving"));
    b.push_back(bool_option("check_rule", &RuleOptions::check_rule,
                            "no move may leave the mover's royal attacked (with two royals, "
                            "only the last one is protected); checkmate wins"));
    b.push_back(bool_option("check_every_step", &RuleOptions::check_every_step,
                            "with the check rule, the first step of a two-step move may not "
                            "leave the royal attacked either"));
    b.push_back(bool_option("perpetual_attacker_loses", &RuleOptions::perpetual_attacker_loses,
                            "on fourfold repetition, a side that made only attacking moves "
                            "since the first occurrence loses"));
    b.push_back(bool_option("no_consecutive_skips", &RuleOptions::no_consecutive_skips,
                            "a player may not pass (skip) on two turns in a row"));
    b.push_back({"impasse_points", "int", {},
                 "impasse: once both royals stand in their promotion zones (neither in check), "
                 "the game ends and a side with fewer points than this loses (0: no impasse rule)",
                 [](RuleOptions& r, const std::string& v) {
                   char* end = nullptr;
                   long n = std::strtol(v.c_str(), &end, 10);
                   if (v.empty() || *end || n < 0 || n > 10000)
                     throw VariantError(
                         "option impasse_points takes a number from 0 to 10000, not '" + v + "'");
                   r.impasse_points = int(n);
                 },
                 [](const RuleOptions& r) { return std::to_string(r.impasse_points); }});
    b.push_back({"max_plies", "int", {}, "the game is drawn after this many plies (0: no limit)",
                 [](RuleOptions& r, const std::string& v) {
                   char* end = nullptr;
                   long n = std::strtol(v.c_str(), &end, 10);
                   if (v.empty() || *end || n < 0 || n > 100000)
                     throw VariantError("option max_plies takes a number from 0 to 100000, not '" +
                                        v + "'");
                   r.max_plies = int(n);
                 },
                 [](const RuleOptions& r) { return std::to_string(r.max_plies); }});
    return b;
  }();
  return bindings;
}

const OptionBinding* find_binding(std::string_view name) {
  for (const auto& b : option_bindings())
    if (name == b.name) return &b;
  return nullptr;
}

int16_t offset_for(Vec v, Color c) {
  return int16_t(c == kBlack ? offset_of(v.dx, -v.dy) : offset_of(-v.dx, v.dy));
}

}  // namespace

bool describe_option(OptionInfo& info) {
  const OptionBinding* b = find_binding(info.name);
  if (!b) return false;
  info.type = b->type;
  info.choices = b->choices;
  info.description = b->description;
  return true;
}

std::string square_name(const Variant& v, Square s) {
  return std::to_string(v.files - col_of(s)) + char('a' + row_of(s));
}

std::optional<Kind> Variant::kind_by_sfen(std::string_view token) const {
  for (size_t k = 1; k < pieces.size(); ++k)
    if (pieces[k].sfen == token) return Kind(k);
  return std::nullopt;
}

std::optional<Kind> Variant::kind_by_id(std::string_view pid) const {
  for (size_t k = 1; k < pieces.size(); ++k)
    if (pieces[k].id == pid) return Kind(k);
  return std::nullopt;
}

namespace {

// Does a macro's value name match what the user wrote? Booleans in any spelling.
bool same_value(const std::string& name, std::string_view value) {
  if (name == value) return true;
  bool a, b;
  return parse_bool(name, a) && parse_bool(std::string(value), b) && a == b;
}

std::string join_values(const OptionMacro& m, const char* sep) {
  std::string out;
  for (const auto& v : m.values) out += (out.empty() ? "" : sep) + v.value;
  return out;
}

}  // namespace

const OptionMacro* Variant::find_macro(std::string_view macro) const {
  for (const auto& m : macros)
    if (m.name == macro) return &m;
  return nullptr;
}

void Variant::add_macro(OptionMacro macro) {
  const std::string where = "macro " + macro.name;
  bool taken = find_binding(macro.name) != nullptr ||
               std::any_of(option_infos.begin(), option_infos.end(),
                           [&](const OptionInfo& o) { return o.name == macro.name; });
  if (taken) throw VariantError(where + ": that name is already a rule option or macro");
  if (macro.values.empty()) throw VariantError(where + ": has no values");
  for (auto& v : macro.values) {
    if (v.settings.empty())
      throw VariantError(where + ", value " + v.value + ": sets no option");
    for (auto& [option, value] : v.settings) {
      const OptionBinding* b = find_binding(option);
      // Captured by a name: clang before 16 (the fuzz build's) cannot capture a binding.
      bool declared = std::any_of(option_infos.begin(), option_infos.end(),
                                  [&name = option](const OptionInfo& o) { return o.name == name; });
      if (find_macro(option) || !b || !declared)
        throw VariantError(where + ", value " + v.value + ": '" + option +
                           "' is not one of the game's [options]");
      RuleOptions scratch = rules;
      try {
        b->set(scratch, value);
      } catch (const VariantError& e) {
        throw VariantError(where + ", value " + v.value + ": " + e.what());
      }
      value = b->get(scratch);
    }
  }
  OptionInfo info;
  info.name = macro.name;
  bool boolean = macro.values.size() == 2 &&
                 std::all_of(macro.values.begin(), macro.values.end(), [](const auto& v) {
                   return v.value == "true" || v.value == "false";
                 }) &&
                 macro.values[0].value != macro.values[1].value;
  info.type = boolean ? "bool" : "choice";
  for (const auto& v : macro.values) info.choices.push_back(v.value);
  info.description = macro.description;
  std::string sets;
  for (const auto& v : macro.values) {
    sets += (sets.empty() ? "" : "; ") + v.value + ":";
    for (const auto& [option, value] : v.settings) sets += " " + option + "=" + value;
  }
  info.description += (info.description.empty() ? "" : " ") + std::string("[") + sets + "]";
  option_infos.push_back(std::move(info));
  macros.push_back(std::move(macro));
}

void Variant::set_option(std::string_view option, std::string_view value) {
  if (const OptionMacro* m = find_macro(option)) {
    for (const auto& v : m->values)
      if (same_value(v.value, value)) {
        for (const auto& [setting, val] : v.settings) set_option(setting, val);
        return;
      }
    throw VariantError("option " + m->name + " takes " + join_values(*m, " or ") + ", not '" +
                       std::string(value) + "'");
  }
  bool declared = std::any_of(option_infos.begin(), option_infos.end(),
                              [&](const OptionInfo& o) { return o.name == option; });
  const OptionBinding* b = find_binding(option);
  if (!declared || !b) {
    std::string known;
    for (const auto& o : option_infos) known += (known.empty() ? "" : ", ") + o.name;
    throw VariantError("game " + id + " has no option '" + std::string(option) +
                       "' (its options: " + (known.empty() ? "none" : known) + ")");
  }
  b->set(rules, std::string(value));
}

void Variant::apply_profile(std::string_view profile) {
  auto it = profiles.find(std::string(profile));
  if (it == profiles.end()) {
    std::string known;
    for (const auto& [pname, _] : profiles) known += (known.empty() ? "" : ", ") + pname;
    throw VariantError("game " + id + " has no rule profile '" + std::string(profile) +
                       "' (its profiles: " + (known.empty() ? "none" : known) + ")");
  }
  for (const auto& [option, value] : it->second)
    if (find_macro(option)) set_option(option, value);
  for (const auto& [option, value] : it->second)
    if (!find_macro(option)) set_option(option, value);
}

std::string Variant::option_value(std::string_view option) const {
  if (const OptionMacro* m = find_macro(option)) {
    for (const auto& v : m->values)
      if (std::all_of(v.settings.begin(), v.settings.end(),
                      [&](const auto& s) { return option_value(s.first) == s.second; }))
        return v.value;
    return "custom";
  }
  const OptionBinding* b = find_binding(option);
  return b ? b->get(rules) : std::string();
}

namespace {

// The board and the promotion zone fit the tables; the piece kinds fit a Piece code.
void check_dimensions(const Variant& v) {
  if (v.files < 1 || v.ranks < 1 || v.files > kMaxFiles || v.ranks > kMaxRanks)
    throw VariantError("game " + v.id + ": board size " + std::to_string(v.files) + "x" +
                       std::to_string(v.ranks) + " is outside 1x1..16x16");
  if (v.zone < 0 || v.zone > v.ranks)
    throw VariantError("game " + v.id + ": promotion zone depth " + std::to_string(v.zone) +
                       " does not fit the board");
  if (int(v.pieces.size()) - 1 > kMaxKinds)
    throw VariantError("game " + v.id + ": more than " + std::to_string(kMaxKinds) +
                       " piece kinds");
}

// Each colour's promotion zone and last rank.
void mark_zones(Variant& v) {
  for (int c = 0; c < 2; ++c) {
    v.in_zone[c].fill(false);
    v.on_last_rank[c].fill(false);
    for (int row = 0; row < v.ranks; ++row)
      for (int col = 0; col < v.files; ++col) {
        Square s = make_square(col, row);
        v.in_zone[c][s] = c == kBlack ? row < v.zone : row >= v.ranks - v.zone;
        v.on_last_rank[c][s] = c == kBlack ? row == 0 : row == v.ranks - 1;
      }
  }
}

// Can two of the piece's move types reach the same square (a jump and a slide, an area move,
// a range capture)? The generator then keeps one move per destination (PieceType::dedupe).
bool reaches_a_square_twice(const PieceType& pt) {
  if (pt.area || pt.burn || pt.range_jumps) return true;
  for (const auto& l : pt.spec.leaps)
    for (const auto& sl : pt.spec.slides) {
      if (sl.hop || sl.v.dx * l.v.dy != sl.v.dy * l.v.dx) continue;
      int steps = sl.v.dx ? l.v.dx / sl.v.dx : l.v.dy / sl.v.dy;
      int first = sl.skip_first ? 2 : 1;
      if (steps >= first && (sl.range == 0 || steps <= sl.range) && steps * sl.v.dx == l.v.dx &&
          steps * sl.v.dy == l.v.dy)
        return true;
    }
  return false;
}

bool moves_forward_only(const MoveSpec& spec) {
  return spec.two_legs.empty() &&
         std::all_of(spec.leaps.begin(), spec.leaps.end(),
                     [](const LeapSpec& l) { return l.v.dy > 0; }) &&
         std::all_of(spec.slides.begin(), spec.slides.end(),
                     [](const SlideSpec& s) { return s.v.dy > 0; });
}

// The moves of a piece of colour c as mailbox offsets. `game_id` names the game in the error
// thrown when its two-step moves are too many for the table.
MoveTable move_table(const PieceType& pt, Color c, const std::string& game_id) {
  MoveTable t;
  for (const auto& l : pt.spec.leaps) t.leaps.push_back({offset_for(l.v, c), l.mode});
  for (const auto& s : pt.spec.slides)
    t.slides.push_back({offset_for(s.v, c), s.range, s.mode, s.hop, s.skip_first});
  for (const auto& tl : pt.spec.two_legs) {
    int16_t o1 = offset_for(tl.first, c), o2 = offset_for(tl.second, c);
    if (std::find(t.shapes.begin(), t.shapes.end(), std::make_pair(o1, o2)) == t.shapes.end())
      t.shapes.emplace_back(o1, o2);
    // First legs that capture (or hop); their second legs are gathered below.
    uint8_t active = tl.mode1 & (kModeCapture | kModeHop);
    bool known = std::any_of(t.firsts.begin(), t.firsts.end(), [&](const auto& f) {
      return f.off == o1 && f.mode == active;
    });
    if (active && !known) t.firsts.push_back({o1, active, 0, 0});
    if (tl.mode1 & kModeMove) {
      int16_t disp = int16_t(o1 + o2);
      // A quiet two-step to a square the piece can also reach with a plain jump of the
      // same power is the same move; keep one.
      bool covered =
          disp != 0 && std::any_of(t.leaps.begin(), t.leaps.end(), [&](const auto& l) {
            return l.off == disp && (l.mode & tl.mode2) == tl.mode2;
          });
      if (!covered) {
        auto it = std::find_if(t.quiet_paths.begin(), t.quiet_paths.end(),
                               [&](const auto& q) {
                                 return q.disp == disp && (disp == 0 || q.mode == tl.mode2);
                               });
        if (it == t.quiet_paths.end()) {
          t.quiet_paths.push_back({disp, tl.mode2, {}});
          it = t.quiet_paths.end() - 1;
        }
        it->paths.emplace_back(o1, o2);
      }
    }
  }
  // Seconds are stored contiguously per first leg.
  for (auto& f : t.firsts) {
    f.begin = uint8_t(t.seconds.size());
    for (const auto& tl : pt.spec.two_legs) {
      if (offset_for(tl.first, c) != f.off || !(tl.mode1 & f.mode)) continue;
      int16_t o2 = offset_for(tl.second, c);
      auto dup = std::find_if(t.seconds.begin() + f.begin, t.seconds.end(),
                              [&](const auto& s) { return s.off == o2; });
      if (dup != t.seconds.end())
        dup->mode |= tl.mode2;
      else
        t.seconds.push_back({o2, tl.mode2});
    }
    if (t.seconds.size() > 255)
      throw VariantError("game " + game_id + ", piece " + pt.id + ": too many two-step moves");
    f.end = uint8_t(t.seconds.size());
  }
  return t;
}

// Enters the captures of piece p (colour c), whose moves are `t`, in the reverse attack
// tables; attacks those cannot hold (hops, skips, blockable two-steps) are checked the slow
// way (has_hop_attacks).
void add_reverse_attacks(Variant& v, const MoveTable& t, Piece p, int c) {
  auto leap_attack = [&](int16_t off) {
    auto it = std::find_if(v.leap_attacks[c].begin(), v.leap_attacks[c].end(),
                           [&](const auto& a) { return a.off == off; });
    if (it == v.leap_attacks[c].end()) {
      v.leap_attacks[c].push_back({off, {}});
      it = v.leap_attacks[c].end() - 1;
    }
    it->by[p] = true;
  };
  for (const auto& l : t.leaps)
    if (l.mode & kModeCapture) leap_attack(l.off);
  for (const auto& f : t.firsts)
    if (f.mode & kModeCapture) leap_attack(f.off);
  for (const auto& q : t.quiet_paths)
    if (q.disp != 0 && (q.mode & kModeCapture)) v.has_hop_attacks = v.hop_attacker[p] = true;
  for (const auto& sl : t.slides) {
    if (!(sl.mode & kModeCapture)) continue;
    if (sl.hop || sl.skip_first) {
      v.has_hop_attacks = v.hop_attacker[p] = true;
      continue;
    }
    auto it = std::find_if(v.ray_attacks[c].begin(), v.ray_attacks[c].end(),
                           [&](const auto& a) { return a.dir == sl.off; });
    if (it == v.ray_attacks[c].end()) {
      v.ray_attacks[c].push_back({sl.off, {}});
      it = v.ray_attacks[c].end() - 1;
    }
    uint8_t range = sl.range ? sl.range : 255;
    if (range > it->range[p]) it->range[p] = range;
  }
}

// Variant::captures_one for a piece with moves `t`.
bool captures_one_piece(const PieceType& pt, const MoveTable& t) {
  return t.firsts.empty() && !pt.area && !pt.igui && !pt.burn && !pt.range_jumps &&
         std::none_of(t.quiet_paths.begin(), t.quiet_paths.end(),
                      [](const auto& q) { return q.mode & kModeCapture; });
}

// The squares from which no move of the piece, of colour c, stays on the board.
void mark_dead_squares(const Variant& v, PieceType& pt, int c) {
  for (int row = 0; row < v.ranks; ++row)
    for (int col = 0; col < v.files; ++col) {
      bool moves = false;
      auto lands = [&](Vec d) {
        int dx = c == kBlack ? d.dx : -d.dx, dy = c == kBlack ? -d.dy : d.dy;
        return v.on_board(col + dx, row + dy);
      };
      for (const auto& l : pt.spec.leaps) moves |= lands(l.v);
      for (const auto& s : pt.spec.slides) moves |= lands(s.v);
      for (const auto& tl : pt.spec.two_legs) moves |= lands(tl.first);
      pt.dead[c][make_square(col, row)] = !moves;
    }
}

// Everything derived from one piece kind: its own properties, and for each colour its move
// table, its attacks and its flags by Piece code.
void compile_piece(Variant& v, Kind k) {
  PieceType& pt = v.pieces[k];
  if (pt.spec.max_leap > kPad)
    throw VariantError("game " + v.id + ", piece " + pt.id + ": jumps of more than " +
                       std::to_string(kPad) + " squares are not supported");
  pt.has_two_step = !pt.spec.two_legs.empty();
  v.has_freezers |= pt.freezes;
  v.has_burners |= pt.burn > 0;
  v.has_untabled_captures |= pt.area || pt.burn || pt.igui || pt.range_jumps;
  pt.dedupe = reaches_a_square_twice(pt);
  pt.forward_only = moves_forward_only(pt.spec);
  for (int c = 0; c < 2; ++c) {
    Piece p = make_piece(k, Color(c));
    v.is_lion[p] = pt.lion;
    v.is_royal[p] = pt.royal;
    v.is_minor[p] = pt.minor;
    const MoveTable& t = v.tables[k][c] = move_table(pt, Color(c), v.id);
    add_reverse_attacks(v, t, p, c);
    v.captures_one[p] = captures_one_piece(pt, t);
    mark_dead_squares(v, pt, c);
  }
}

// The reverse attack tables turned forward, by Piece code (attacks_of), and every ray
// direction of either colour (ray_dirs): what a Position needs to keep attack counts.
void index_attacks_by_piece(Variant& v) {
  for (int c = 0; c < 2; ++c) {
    for (const auto& a : v.leap_attacks[c])
      for (int p = 0; p < 256; ++p)
        if (a.by[p]) v.attacks_of[p].leaps.push_back(a.off);
    for (const auto& a : v.ray_attacks[c]) {
      auto it = std::find_if(v.ray_dirs.begin(), v.ray_dirs.end(),
                             [&](const auto& r) { return r.dir == a.dir; });
      if (it == v.ray_dirs.end()) {
        v.ray_dirs.push_back({a.dir, {}});
        it = v.ray_dirs.end() - 1;
      }
      for (int p = 0; p < 256; ++p)
        if (a.range[p]) {
          v.attacks_of[p].rays.emplace_back(a.dir, a.range[p]);
          it->range[p] = a.range[p];  // a piece code has one colour: no clash
        }
    }
  }
}

}  // namespace

void Variant::compile() {
  check_dimensions(*this);
  mark_zones(*this);
  is_lion.fill(false);
  is_royal.fill(false);
  is_minor.fill(false);
  captures_one.fill(false);
  hand_kinds.clear();
  for (size_t k = 1; k < pieces.size(); ++k) {
    PieceType& pt = pieces[k];
    pt.demotes_to = pt.promoted_from ? pt.promoted_from : Kind(k);
    if (!pt.promoted_from && !pt.royal) hand_kinds.push_back(Kind(k));
  }
  for (int c = 0; c < 2; ++c) {
    leap_attacks[c].clear();
    ray_attacks[c].clear();
  }
  for (auto& a : attacks_of) a = {};
  ray_dirs.clear();
  has_hop_attacks = false;
  hop_attacker = {};
  has_freezers = false;
  has_burners = false;
  has_untabled_captures = false;
  for (size_t k = 1; k < pieces.size(); ++k) compile_piece(*this, Kind(k));
  index_attacks_by_piece(*this);
}

}  // namespace kirin
