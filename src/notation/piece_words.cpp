#include "notation/piece_words.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>

namespace kirin {
namespace {

// ---- Directions -------------------------------------------------------------------------
// The eight one-step directions as bits, in turning order (so that a difference of indices is
// an angle): forward, forward-right, right, back-right, back, back-left, left, forward-left.
constexpr std::array<Vec, 8> kSteps = {{{0, 1}, {1, 1}, {1, 0}, {1, -1},
                                        {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}};

int sign(int x) { return (x > 0) - (x < 0); }

// The index of a vector's direction, or -1 if it is not along a line (a Knight's leap).
int direction_of(Vec v) {
  if (v.dx != 0 && v.dy != 0 && std::abs(v.dx) != std::abs(v.dy)) return -1;
  Vec unit{int8_t(sign(v.dx)), int8_t(sign(v.dy))};
  for (int i = 0; i < 8; ++i)
    if (kSteps[i] == unit) return i;
  return -1;
}

int distance_of(Vec v) { return std::max(std::abs(v.dx), std::abs(v.dy)); }

struct DirectionGroup {
  unsigned mask;
  const char* en;
  const char* ja;
};
// Named sets of directions, the larger first: a set of directions is said as the fewest
// names, greedily.
constexpr std::array<DirectionGroup, 15> kGroups = {{
    {0xFF, "in any direction", "全方向"},
    {0x55, "orthogonally", "縦横"},
    {0xAA, "diagonally", "斜め"},
    {0x11, "vertically", "前後"},
    {0x44, "sideways", "左右"},
    {0x82, "diagonally forward", "斜め前"},
    {0x28, "diagonally backward", "斜め後ろ"},
    {0x01, "straight forward", "前"},
    {0x10, "straight backward", "後ろ"},
    {0x04, "to the right", "右"},
    {0x40, "to the left", "左"},
    {0x02, "diagonally forward-right", "右斜め前"},
    {0x80, "diagonally forward-left", "左斜め前"},
    {0x08, "diagonally backward-right", "右斜め後ろ"},
    {0x20, "diagonally backward-left", "左斜め後ろ"},
}};

std::string join_en(const std::vector<std::string>& parts, const std::string& last = " or ") {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += i + 1 == parts.size() ? last : ", ";
    out += parts[i];
  }
  return out;
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

// "orthogonally or diagonally forward" / "縦横・斜め前".
Words directions(unsigned mask) {
  std::vector<std::string> en, ja;
  for (const DirectionGroup& g : kGroups)
    if ((mask & g.mask) == g.mask) {
      en.push_back(g.en);
      ja.push_back(g.ja);
      mask &= ~g.mask;
    }
  return {join_en(en), join(ja, "・")};
}

const char* ordinal_en(int n) {
  static const std::array<const char*, 8> names = {"",      "first", "second", "third",
                                                   "fourth", "fifth", "sixth",  "seventh"};
  return n >= 0 && n < int(names.size()) ? names[n] : "farther";
}

std::string number_en(int n) {
  static const std::array<const char*, 10> names = {"no",   "one", "two", "three", "four",
                                                    "five", "six", "seven", "eight", "nine"};
  return n >= 0 && n < int(names.size()) ? names[n] : std::to_string(n);
}

// What a move may do where it lands, as a qualifier after the squares.
Words mode_words(uint8_t mode) {
  bool move = mode & kModeMove, capture = mode & kModeCapture;
  if (move && !capture) return {" without capturing", "（取れない）"};
  if (capture && !move) return {" only to capture", "（取るときのみ）"};
  return {"", ""};
}

// ---- Destinations -------------------------------------------------------------------------
// Squares reached at once (a leap, or a two-step path through an empty square), said as
// "the second square orthogonally" / "縦横の2マス目" or "a square two forward and one
// sideways" / "前2・横1のマス".
std::vector<Words> destination_phrases(const std::vector<Vec>& squares) {
  // Lines: by distance, the set of directions.
  std::map<int, unsigned> lines;
  // Oblique: by (long side vertical?, long, short), the signs of the vertical part.
  std::map<std::tuple<bool, int, int>, std::set<int>> oblique;
  for (Vec v : squares) {
    int d = direction_of(v);
    if (d >= 0) {
      lines[distance_of(v)] |= 1u << d;
      continue;
    }
    int ax = std::abs(v.dx), ay = std::abs(v.dy);
    oblique[{ay > ax, std::max(ax, ay), std::min(ax, ay)}].insert(sign(v.dy));
  }
  std::vector<Words> out;
  for (auto [distance, mask] : lines) {
    Words dirs = directions(mask);
    out.push_back({std::string("the ") + ordinal_en(distance) + " square " + dirs.en,
                   dirs.ja + "の" + std::to_string(distance) + "マス目"});
  }
  // Every square a leap of one shape reaches in all eight ways: "a Knight's-move square".
  for (auto it = oblique.begin(); it != oblique.end();) {
    auto [vertical_long, long_side, short_side] = it->first;
    auto other = oblique.find({!vertical_long, long_side, short_side});
    if (vertical_long && it->second.size() == 2 && other != oblique.end() &&
        other->second.size() == 2) {
      bool knight = long_side == 2 && short_side == 1;
      std::string shape = std::to_string(long_side) + "・" + std::to_string(short_side);
      out.push_back({knight ? "a Knight's-move square in any direction"
                            : "any square " + number_en(long_side) + " squares one way and " +
                                  number_en(short_side) + " the other",
                     knight ? "八方の桂馬跳びのマス" : "八方の" + shape + "跳びのマス"});
      oblique.erase(other);
      it = oblique.erase(it);
    } else {
      ++it;
    }
  }
  for (const auto& [shape, signs] : oblique) {
    auto [vertical_long, long_side, short_side] = shape;
    std::string vert_en = signs.size() == 2 ? "forward or backward"
                          : *signs.begin() > 0 ? "forward"
                                               : "backward";
    std::string vert_ja = signs.size() == 2 ? "前後" : *signs.begin() > 0 ? "前" : "後ろ";
    int vertical = vertical_long ? long_side : short_side;
    int sideways = vertical_long ? short_side : long_side;
    std::string en_v = number_en(vertical) + " " + vert_en;
    std::string en_s = number_en(sideways) + " sideways";
    std::string ja_v = vert_ja + std::to_string(vertical);
    std::string ja_s = "横" + std::to_string(sideways);
    out.push_back({"a square " + (vertical_long ? en_v + " and " + en_s : en_s + " and " + en_v),
                   (vertical_long ? ja_v + "・" + ja_s : ja_s + "・" + ja_v) + "のマス"});
  }
  return out;
}

// The destinations joined: "the second square orthogonally, or to a square ..." / "...・...".
Words destinations(const std::vector<Vec>& squares) {
  std::vector<std::string> en, ja;
  for (const Words& d : destination_phrases(squares)) {
    en.push_back(d.en);
    ja.push_back(d.ja);
  }
  return {join(en, ", or to "), join(ja, "・")};
}

// ---- The sentence builder -----------------------------------------------------------------
struct Clauses {
  std::vector<Words> list;
  void add(std::string en, std::string ja) { list.push_back({std::move(en), std::move(ja)}); }
  Words text() const {
    Words out;
    for (const Words& c : list) {
      if (c.en.empty()) continue;
      std::string en = c.en;
      en[0] = char(std::toupper(static_cast<unsigned char>(en[0])));
      out.en += (out.en.empty() ? "" : " ") + en + ".";
      out.ja += c.ja + "。";
    }
    return out;
  }
};

std::string plain_name(const PieceType& p) {
  // "Lion (promoted Kirin)" is a Lion.
  std::string name = p.name;
  if (size_t paren = name.find(" ("); paren != std::string::npos) name.resize(paren);
  return name;
}

std::string japanese_name(const PieceType& p) { return p.kanji.empty() ? plain_name(p) : p.kanji; }

// The names of the pieces with a property, "Pawn or Lance" / "歩兵・香車".
template <class Pred>
Words names_where(const Variant& v, Pred pred, const std::string& last = " or ") {
  std::vector<std::string> en, ja;
  std::set<std::string> seen;
  for (Kind k = 1; k <= v.num_kinds(); ++k)
    if (pred(v.piece(k)) && seen.insert(plain_name(v.piece(k))).second) {
      en.push_back(plain_name(v.piece(k)));
      ja.push_back(japanese_name(v.piece(k)));
    }
  return {join_en(en, last), join(ja, "・")};
}

// Steps and slides: "any number of squares orthogonally; one square diagonally".
void describe_steps_and_slides(const MoveSpec& s, bool whole_lion_square, Clauses& out) {
  // (kind, range, mode): kind 0 unlimited slide, 1 limited slide, 2 step; skipping and
  // hopping slides are said apart.
  std::map<std::tuple<int, int, uint8_t>, unsigned> groups;
  for (const SlideSpec& sl : s.slides)
    if (!sl.hop && !sl.skip_first && direction_of(sl.v) >= 0 && distance_of(sl.v) == 1)
      groups[{sl.range ? 1 : 0, -int(sl.range), sl.mode}] |= 1u << direction_of(sl.v);
  if (!whole_lion_square)
    for (const LeapSpec& l : s.leaps)
      if (distance_of(l.v) == 1) groups[{2, 0, l.mode}] |= 1u << direction_of(l.v);
  std::vector<std::string> en, ja;
  for (const auto& [key, mask] : groups) {
    auto [kind, neg_range, mode] = key;
    Words dirs = directions(mask), m = mode_words(mode);
    if (kind == 0) {
      en.push_back("any number of squares " + dirs.en + m.en);
      ja.push_back(dirs.ja + "に何マスでも" + m.ja);
    } else if (kind == 1) {
      en.push_back("up to " + number_en(-neg_range) + " squares " + dirs.en + m.en);
      ja.push_back(dirs.ja + "に" + std::to_string(-neg_range) + "マスまで" + m.ja);
    } else {
      en.push_back("one square " + dirs.en + m.en);
      ja.push_back(dirs.ja + "に1マス" + m.ja);
    }
  }
  if (!en.empty()) out.add("moves " + join(en, "; "), join(ja, "、") + "動ける");

  // Slides of other shapes: skipping (Heavenly Tetrarch) and hopping (cannons).
  std::map<std::tuple<bool, int, uint8_t>, unsigned> special;
  for (const SlideSpec& sl : s.slides)
    if ((sl.hop || sl.skip_first) && direction_of(sl.v) >= 0)
      special[{sl.hop, sl.range, sl.mode}] |= 1u << direction_of(sl.v);
  for (const auto& [key, mask] : special) {
    auto [hop, range, mode] = key;
    Words dirs = directions(mask), m = mode_words(mode);
    if (hop) {
      out.add("hops over exactly one piece " + dirs.en + " to any square beyond it" + m.en,
              dirs.ja + "に駒をちょうど1枚飛び越えて、その先のどのマスへも動ける" + m.ja);
    } else if (range) {
      out.add("moves " + dirs.en + " to the second " +
                  (range == 3 ? std::string("or third") : "to " + std::string(ordinal_en(range))) +
                  " square, passing over the adjacent square whatever stands there (it cannot "
                  "stop on it)" + m.en,
              dirs.ja + "の隣のマスを（駒があっても）飛び越えて、2〜" + std::to_string(range) +
                  "マス目へ動ける（隣のマスには止まれない）" + m.ja);
    } else {
      out.add("moves any number of squares " + dirs.en +
                  " beyond the adjacent square, passing over it whatever stands there (it "
                  "cannot stop on it)" + m.en,
              dirs.ja + "の隣のマスを（駒があっても）飛び越えて、その先へ何マスでも動ける" +
                  "（隣のマスには止まれない）" + m.ja);
    }
  }
}

// Leaps beyond the adjacent squares: "jumps to the second square orthogonally".
void describe_jumps(const MoveSpec& s, bool whole_lion_square, Clauses& out) {
  if (whole_lion_square) {
    out.add("jumps to any square up to two squares away, over any piece in between",
            "2マス以内のどのマスへも、間の駒を越えて跳べる");
    return;
  }
  // Riders (a leap repeated in a line while the landing squares are empty: "NN").
  std::map<uint8_t, std::vector<Vec>> riders;
  for (const SlideSpec& sl : s.slides)
    if (!sl.hop && !sl.skip_first && (direction_of(sl.v) < 0 || distance_of(sl.v) > 1))
      riders[sl.mode].push_back(sl.v);
  for (const auto& [mode, squares] : riders) {
    Words to = destinations(squares);
    Words m = mode_words(mode);
    out.add("jumps again and again in a straight line, as long as it lands on empty squares, "
            "to " + to.en + m.en,
            to.ja + "への跳びを、空きマスに着地する限り一直線に繰り返せる" + m.ja);
  }
  std::map<uint8_t, std::vector<Vec>> by_mode;
  for (const LeapSpec& l : s.leaps)
    if (distance_of(l.v) > 1) by_mode[l.mode].push_back(l.v);
  for (const auto& [mode, squares] : by_mode) {
    Words to = destinations(squares);
    Words m = mode_words(mode);
    out.add("jumps to " + to.en + " (over any piece in between)" + m.en,
            to.ja + "へ、間の駒を越えて跳べる" + m.ja);
  }
}

// The relative turn of a second step: 0 straight on, 4 straight back.
int turn_of(const TwoLegSpec& t) {
  int a = direction_of(t.first), b = direction_of(t.second);
  return a < 0 || b < 0 ? -1 : (b - a + 8) % 8;
}

// Where a second step may go, relative to the first: "in any direction" / "どの方向へも".
Words second_step_words(const std::set<int>& turns) {
  if (turns == std::set<int>{0, 1, 2, 3, 5, 6, 7}) return {" in any direction", "どの方向へも"};
  if (turns == std::set<int>{0}) return {" in the same direction", "同じ方向へ"};
  if (turns == std::set<int>{0, 2, 6}) return {" straight on or at a right angle", "直進か直角に"};
  return {"", ""};
}

// Two-step moves: Lion double moves, stings, igui, passes, and the bent paths of lame leaps.
void describe_two_steps(const PieceType& p, Clauses& out) {
  const MoveSpec& s = p.spec;
  unsigned igui = 0, pass = 0;
  // (second-step mode) -> first directions, and the turns the second step may take.
  std::map<uint8_t, std::pair<unsigned, std::set<int>>> onward;
  std::vector<Vec> bent;
  for (const TwoLegSpec& t : s.two_legs) {
    int first = direction_of(t.first);
    bool back = t.first.dx + t.second.dx == 0 && t.first.dy + t.second.dy == 0;
    if (back) {
      if (t.mode1 & kModeCapture) igui |= 1u << first;
      if (t.mode1 & kModeMove) pass |= 1u << first;
      continue;
    }
    if (t.mode1 & kModeCapture) {
      auto& [mask, turns] = onward[t.mode2];
      mask |= 1u << first;
      turns.insert(turn_of(t));
    }
    if (t.mode1 & kModeMove) bent.push_back({int8_t(t.first.dx + t.second.dx),
                                             int8_t(t.first.dy + t.second.dy)});
  }
  for (const auto& [mode2, what] : onward) {
    Words firsts = directions(what.first), second = second_step_words(what.second);
    if (mode2 & kModeCapture)
      out.add("captures a piece one square " + firsts.en + " and may then step once more" +
                  second.en +
                  ", capturing again or not (a double move)",
              firsts.ja + "に1マスの駒を取ってから、さらに" + second.ja +
                  "1マス動ける（2枚取りも可）");
    else
      out.add("after capturing one square " + firsts.en +
                  ", may step once more" + second.en + " to an empty square (a sting)",
              firsts.ja + "に1マスの駒を取った後、さらに" + second.ja + "空きマスへ1マス動ける");
  }
  if (igui == 0xFF) {
    out.add("captures an adjacent piece without moving (igui)", "隣の駒を動かずに取れる（居食い）");
  } else if (igui) {
    Words d = directions(igui);
    out.add("captures a piece one square " + d.en + " without moving (igui)",
            d.ja + "に1マスの駒を動かずに取れる（居食い）");
  }
  if (pass == 0xFF) {
    out.add("may pass its turn by stepping to an empty adjacent square and back",
            "隣の空きマスへ出て戻ることで手番をパスできる");
  } else if (pass) {
    Words d = directions(pass);
    out.add("may pass its turn by stepping " + d.en + " to an empty square and back",
            d.ja + "の空きマスへ出て戻ることで手番をパスできる");
  }
  // A bent path reaches squares no single move does: through an empty square only.
  std::erase_if(bent, [&](Vec to) {
    if (to == Vec{}) return true;
    for (const LeapSpec& l : s.leaps)
      if (l.v == to) return true;
    for (const SlideSpec& sl : s.slides)
      if (!sl.hop && !sl.skip_first && direction_of(to) == direction_of(sl.v) &&
          distance_of(sl.v) == 1 && (sl.range == 0 || sl.range >= distance_of(to)))
        return true;
    return false;
  });
  std::sort(bent.begin(), bent.end(), [](Vec a, Vec b) {
    return std::tie(a.dy, a.dx) < std::tie(b.dy, b.dx);
  });
  bent.erase(std::unique(bent.begin(), bent.end()), bent.end());
  if (!bent.empty()) {
    Words to = destinations(bent);
    out.add("moves in two steps, the first to an empty square, to " + to.en,
            to.ja + "へ、空きマスを経由して2歩で動ける");
  }
}

void describe_powers(const Variant& v, const PieceType& p, Clauses& out) {
  if (p.area)
    out.add("area move: up to " + number_en(p.area) +
                " King steps in one turn through empty squares, in any directions; a capture "
                "ends it, and coming back to its own square is a pass",
            "範囲移動：空きマスを通って王の動きで" + std::to_string(p.area) +
                "歩まで進める（駒を取るとそこで止まり、元のマスに戻ればパス）");
  if (p.burn) {
    bool immune = false;
    for (Kind k = 1; k <= v.num_kinds(); ++k) immune = immune || v.piece(k).burn_immune;
    out.add("after moving, burns (captures) up to " + number_en(p.burn) +
                " enemy pieces next to where it stops" +
                (immune ? std::string(", except those that cannot be burned") : ""),
            "動いた後、止まったマスに隣接する敵の駒を" + std::to_string(p.burn) +
                "枚まで焼き払える（取れる）" + (immune ? "（焼かれない駒を除く）" : ""));
  }
  if (p.burn_immune) out.add("cannot be burned", "焼かれない");
  if (p.igui)
    out.add("captures up to " + number_en(p.igui) + " adjacent enemy pieces without moving",
            "動かずに隣接する敵の駒を" + std::to_string(p.igui) + "枚まで取れる");
  if (p.range_jumps)
    out.add("range capture: a capturing slide may jump over up to " + number_en(p.range_jumps) +
                " pieces of either side ranked below it (its rank is " + std::to_string(p.rank) +
                "), capturing each enemy it jumps or leaving it",
            "範囲取り：走って駒を取るとき、格下（この駒の格は" + std::to_string(p.rank) +
                "）の駒を敵味方問わず" + std::to_string(p.range_jumps) +
                "枚まで飛び越せ、越えた敵の駒は取っても残してもよい");
  if (p.freezes)
    out.add("freezes the enemy pieces next to it: they cannot move (other freezing pieces "
            "excepted)",
            "隣接する敵の駒を動けなくする（凍結。同じく凍結させる駒は除く）");
}

// How many of the last ranks a piece of Black could never move from, if any.
int dead_ranks(const Variant& v, const PieceType& p) {
  int n = 0;
  for (int row = 0; row < v.ranks; ++row) {
    bool any = false;
    for (int col = 0; col < v.files; ++col) any = any || p.dead[0][make_square(col, row)];
    if (!any) break;
    ++n;
  }
  return n;
}

void describe_promotion_and_drops(const Variant& v, const PieceType& p, Clauses& out) {
  if (p.promotes_to) {
    const PieceType& to = v.piece(p.promotes_to);
    std::string zone = std::to_string(v.zone);
    out.add("promotes to " + plain_name(to) + " in the last " + zone + " ranks",
            "敵陣" + zone + "段目以内で" + japanese_name(to) + "に成れる");
    if (int dead = dead_ranks(v, p); dead && v.rules.force_last_rank_promotion)
      out.add(dead == 1 ? "must promote on the last rank"
                        : "must promote on the last " + number_en(dead) + " ranks",
              dead == 1 ? "最終段では必ず成る"
                        : "最後の" + std::to_string(dead) + "段では必ず成る");
  }
  if (!v.rules.drops || p.royal) return;
  if (p.promoted_from) {
    const PieceType& base = v.piece(p.demotes_to);
    out.add("when captured, goes to hand as " + plain_name(base),
            "取られると" + japanese_name(base) + "として持ち駒になる");
    return;
  }
  std::vector<std::string> en, ja;
  if (dead_ranks(v, p)) {
    en.push_back("not where it could never move");
    ja.push_back("動けない場所には打てない");
  }
  if (p.one_per_file) {
    en.push_back("not on a file that holds an unpromoted " + plain_name(p) + " of its side");
    ja.push_back("二歩禁止");
  }
  if (p.no_drop_mate) {
    en.push_back("not to give checkmate");
    ja.push_back("打って詰ますことはできない");
  }
  if (!en.empty()) out.add("when dropped: " + join(en, "; "), join(ja, "、"));
}

// Whether the steps and leaps make up every square within two, moving or capturing (a Lion).
bool reaches_whole_lion_square(const MoveSpec& s) {
  int n = 0;
  for (const LeapSpec& l : s.leaps)
    if (distance_of(l.v) <= 2 && l.mode == (kModeMove | kModeCapture)) ++n;
  return n == 24;
}

}  // namespace

Words piece_moves_text(const Variant& v, Kind k) {
  const PieceType& p = v.piece(k);
  Clauses out;
  bool lion_square = reaches_whole_lion_square(p.spec);
  describe_steps_and_slides(p.spec, lion_square, out);
  describe_jumps(p.spec, lion_square, out);
  describe_two_steps(p, out);
  describe_powers(v, p, out);
  if (out.list.empty()) out.add("cannot move", "動けない");
  describe_promotion_and_drops(v, p, out);
  return out.text();
}

std::vector<Words> rules_text(const Variant& v) {
  const RuleOptions& r = v.rules;
  std::vector<Words> out;
  auto add = [&](std::string en, std::string ja) {
    out.push_back({std::move(en), std::move(ja)});
  };
  std::string zone = std::to_string(v.zone);
  Words royals = names_where(v, [](const PieceType& p) { return p.royal; }, " and ");
  // The first royal piece (the King), for rules that speak of one.
  Words king{"King", "玉"};
  for (Kind k = 1; k <= v.num_kinds(); ++k)
    if (v.piece(k).royal) {
      king = {plain_name(v.piece(k)), japanese_name(v.piece(k))};
      break;
    }
  bool several_royals = royals.en != king.en;
  Words last_rank = names_where(v, [](const PieceType& p) { return p.last_rank_promotion; });
  Words minors = names_where(v, [](const PieceType& p) { return p.minor; });
  bool has_lions = std::any_of(v.pieces.begin() + 1, v.pieces.end(),
                               [](const PieceType& p) { return p.lion; });

  add("The promotion zone is the last " + zone + " ranks, on the opponent's side.",
      "敵陣（成れる区域）は相手側の" + zone + "段。");
  if (r.promotion == RuleOptions::Promotion::Lishogi)
    add("A piece may promote when it enters the zone, or when it captures with its move "
        "starting or ending in the zone" +
            (last_rank.en.empty() ? std::string(".")
                                  : "; a " + last_rank.en + " may also promote on the last rank."),
        "敵陣に入るとき、または敵陣の中で（敵陣から）駒を取るときに成れる。" +
            (last_rank.ja.empty() ? std::string("") : last_rank.ja + "は最終段でも成れる。"));
  else
    add("A piece may promote on any move into, out of or within the zone.",
        "敵陣に入る手、敵陣から出る手、敵陣の中で動く手で成れる。");
  if (r.force_last_rank_promotion)
    add("A piece that could never move again from where it lands must promote (such as a Pawn "
        "on the last rank).",
        "行き所のない位置（最終段の歩兵など）に動く駒は必ず成る。");
  if (r.promotion_deferral)
    add("A piece that declines promotion on entering the zone may promote on its next move only "
        "with a capture; a Pawn that declines may promote later only on the last rank.",
        "敵陣に入るときに成らなかった駒は、次の手では駒を取るときだけ成れる。成らなかった歩兵は、"
        "以後は最終段でのみ成れる。");

  if (r.check_rule) {
    add("Checkmate wins: no move may leave your own " + king.en + " attacked.",
        "王手を放置する手は指せず、詰ませれば勝ち。");
    if (r.check_every_step && std::any_of(v.pieces.begin() + 1, v.pieces.end(),
                                          [](const PieceType& p) { return p.has_two_step; }))
      add("A two-step move may not expose your " + king.en + " on its first step either.",
          "二回動きの途中でも、自玉を取られる形にしてはいけない。");
  } else {
    add((several_royals ? "Capture both the opponent's " : "Capture the opponent's ") + royals.en +
            " to win; a move that leaves your own " + king.en + " attacked is allowed.",
        "相手の" + royals.ja + (several_royals ? "をすべて" : "を") +
            "取れば勝ち。自玉を取られる形にする手も指せる。");
  }
  if (r.bare_king)
    add("Bare King: a side left with nothing but " +
            (several_royals ? "royal pieces (" + royals.en + ")" : "its " + king.en) +
            " loses, unless it can bare the other side at once.",
        "裸玉：" + (several_royals ? "王駒（" + royals.ja + "）" : king.ja) +
            "だけになった側の負け（直後に相手も裸玉にできる場合を除く）。");
  if (r.no_moves_loses) add("A side with no legal move loses.", "指せる手がない側の負け。");

  if (has_lions && r.lion_protection)
    add("A Lion may not capture a protected Lion two squares away, unless its first step "
        "captured a piece other than a " + minors.en + "." +
            (r.lion_protection_by_recapture
                 ? " Protected means that the capturing Lion could be taken back."
                 : ""),
        "獅子は、2マス離れた相手の獅子に紐が付いていれば取れない（1歩目で" + minors.ja +
            "以外の駒を取った場合は取れる）。" +
            (r.lion_protection_by_recapture ? "紐とは、取った獅子を取り返せることをいう。" : ""));
  if (has_lions && r.counter_strike) {
    add("Counter-strike: after a Lion is taken by a piece other than a Lion, the other side "
        "may not take a Lion with a piece other than a Lion on the next move." +
            std::string(r.counter_strike_same_square
                            ? " A Lion standing on the square of that capture may still be "
                              "taken."
                            : "") +
            (r.counter_strike_binds_lions ? " Lions may not take a Lion then either." : "") +
            (r.bridge_lifts_counter_strike
                 ? " A double capture whose first victim is not a " + minors.en +
                       " neither sets this rule nor is barred by it."
                 : ""),
        std::string("獅子を獅子以外の駒で取られた直後の手では、獅子以外の駒で獅子を取れない。") +
            (r.counter_strike_same_square ? "ただし、その取られたマスにいる獅子は取れる。" : "") +
            (r.counter_strike_binds_lions ? "その手では獅子も獅子を取れない。" : "") +
            (r.bridge_lifts_counter_strike
                 ? "1枚目が" + minors.ja + "以外の2枚取りには、この規則は働かない。"
                 : ""));
  }

  if (r.drops)
    add("Captured pieces go to the captor's hand (promoted ones as they were before "
        "promoting) and may be dropped on an empty square instead of a move.",
        "取った駒は持ち駒になり（成り駒は元に戻る）、手番に空きマスへ打てる。");
  else
    add("Captured pieces leave the game: there are no drops.",
        "取った駒は使えない（持ち駒はない）。");

  Words burners = names_where(v, [](const PieceType& p) { return p.burn > 0; });
  if (!burners.en.empty())
    add("Burning: after moving, a " + burners.en +
            " may also capture enemy pieces next to where it stops.",
        "焼き：" + burners.ja + "は動いた後、隣接する敵の駒も取れる。");
  Words freezers = names_where(v, [](const PieceType& p) { return p.freezes; });
  if (!freezers.en.empty())
    add("Freezing: an enemy piece next to a " + freezers.en + " cannot move.",
        "凍結：" + freezers.ja + "に隣接する敵の駒は動けない。");
  Words rangers = names_where(v, [](const PieceType& p) { return p.range_jumps > 0; });
  if (!rangers.en.empty())
    add("Range capture: when capturing by a slide, a " + rangers.en +
            " may jump over lower-ranked pieces on its way.",
        "範囲取り：" + rangers.ja + "は走って取るとき、途中の格下の駒を飛び越せる。");
  if (r.no_consecutive_skips)
    add("A player may not pass (leave the board as it was) on two turns in a row.",
        "2手続けてパスすることはできない。");

  std::string repetition_en =
      r.repetition == RuleOptions::Repetition::Lishogi
          ? "The same position with the same side to move four times ends the game, judged as "
            "lishogi does (only once 13 positions have passed since the last capture, "
            "promotion or Pawn or Lance move)."
          : "The same position with the same side to move four times ends the game.";
  std::string repetition_ja =
      r.repetition == RuleOptions::Repetition::Lishogi
          ? "同一局面（手番も同じ）が4回現れると千日手で終局（lishogiと同じく、最後の駒取り・成り・"
            "歩兵香車の手から13局面以上の後で判定）。"
          : "同一局面（手番も同じ）が4回現れると千日手で終局。";
  if (!r.perpetual_attacker_loses) {
    repetition_en += " It is a draw.";
    repetition_ja += "引き分けになる。";
  } else if (r.perpetual == RuleOptions::Perpetual::Check) {
    repetition_en += " The side that gave check with every move of it loses; otherwise a draw.";
    repetition_ja += "連続王手の千日手は王手をかけた側の負け、それ以外は引き分け。";
  } else {
    repetition_en +=
        " The side whose every move of it attacked (the King, or a piece it could capture) "
        "loses; otherwise a draw.";
    repetition_ja += "その間ずっと攻め続けた側（王手・駒当たり）の負け、それ以外は引き分け。";
  }
  add(repetition_en, repetition_ja);

  if (r.impasse_points)
    add("Impasse: once both " + king.en +
            "s stand in their promotion zones and neither is in check, the game ends; a side "
            "with fewer than " + std::to_string(r.impasse_points) +
            " points loses (a draw if neither or both fall short).",
        "入玉：双方の玉が敵陣に入り、どちらも王手されていなければ終局。" +
            std::to_string(r.impasse_points) +
            "点未満の側の負け（双方とも足りるか足りなければ引き分け）。");
  if (r.max_plies)
    add("The game is drawn after " + std::to_string(r.max_plies) + " moves (plies).",
        std::to_string(r.max_plies) + "手に達すると引き分け。");
  return out;
}

}  // namespace kirin
