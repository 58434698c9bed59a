#include "rules/betza.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace kirin {
namespace {

enum class AtomClass { Orthogonal, Diagonal, Oblique, Mixed };

struct Atom {
  std::vector<Vec> vecs;
  AtomClass cls;
  bool rider;
};

std::vector<Vec> symmetric(int a, int b) {  // all (±a, ±b) and (±b, ±a), without duplicates
  std::vector<Vec> out;
  for (int sx : {1, -1})
    for (int sy : {1, -1})
      for (int swap : {0, 1}) {
        int x = (swap ? b : a) * sx, y = (swap ? a : b) * sy;
        Vec v{int8_t(x), int8_t(y)};
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
      }
  return out;
}

bool atom_of(char c, Atom& atom) {
  switch (c) {
    case 'W': atom = {symmetric(0, 1), AtomClass::Orthogonal, false}; return true;
    case 'D': atom = {symmetric(0, 2), AtomClass::Orthogonal, false}; return true;
    case 'H': atom = {symmetric(0, 3), AtomClass::Orthogonal, false}; return true;
    case 'F': atom = {symmetric(1, 1), AtomClass::Diagonal, false}; return true;
    case 'A': atom = {symmetric(2, 2), AtomClass::Diagonal, false}; return true;
    case 'G': atom = {symmetric(3, 3), AtomClass::Diagonal, false}; return true;
    case 'N': atom = {symmetric(1, 2), AtomClass::Oblique, false}; return true;
    case 'C': atom = {symmetric(1, 3), AtomClass::Oblique, false}; return true;
    case 'Z': atom = {symmetric(2, 3), AtomClass::Oblique, false}; return true;
    case 'R': atom = {symmetric(0, 1), AtomClass::Orthogonal, true}; return true;
    case 'B': atom = {symmetric(1, 1), AtomClass::Diagonal, true}; return true;
    case 'K':
    case 'Q': {
      auto v = symmetric(0, 1);
      auto d = symmetric(1, 1);
      v.insert(v.end(), d.begin(), d.end());
      atom = {v, AtomClass::Mixed, c == 'Q'};
      return true;
    }
    default: return false;
  }
}

const std::vector<Vec>& king_steps() {
  static const std::vector<Vec> steps = [] {
    Atom k;
    atom_of('K', k);
    return k.vecs;
  }();
  return steps;
}

bool is_single_step(const Atom& atom) {
  return !atom.rider && std::all_of(atom.vecs.begin(), atom.vecs.end(), [](Vec v) {
    return std::abs(v.dx) <= 1 && std::abs(v.dy) <= 1;
  });
}

// Direction letters for the first leg, absolute (as seen from Black).
bool select_absolute(Vec v, AtomClass cls, std::string_view dirs) {
  if (dirs.empty()) return true;
  if (cls == AtomClass::Mixed) {
    bool diagonal = v.dx != 0 && v.dy != 0;
    return select_absolute(v, diagonal ? AtomClass::Diagonal : AtomClass::Orthogonal, dirs);
  }
  auto single = [&](char c) {
    bool narrow = std::abs(v.dy) > std::abs(v.dx);  // oblique: closer to the vertical
    switch (c) {
      case 'f': return v.dy > 0 && (cls != AtomClass::Oblique || narrow);
      case 'b': return v.dy < 0 && (cls != AtomClass::Oblique || narrow);
      case 'l': return v.dx < 0 && (cls != AtomClass::Oblique || !narrow);
      case 'r': return v.dx > 0 && (cls != AtomClass::Oblique || !narrow);
      case 's': return cls == AtomClass::Oblique ? !narrow : v.dx != 0;
      case 'v': return cls == AtomClass::Oblique ? narrow : v.dy != 0;
    }
    return false;
  };
  auto pair = [&](char a, char b, bool& matched) {  // two-letter forms, order-insensitive
    std::string p{std::min(a, b), std::max(a, b)};
    matched = true;
    if (cls == AtomClass::Diagonal) {
      if (p == "fl") return v.dy > 0 && v.dx < 0;
      if (p == "fr") return v.dy > 0 && v.dx > 0;
      if (p == "bl") return v.dy < 0 && v.dx < 0;
      if (p == "br") return v.dy < 0 && v.dx > 0;
    } else if (cls == AtomClass::Oblique) {
      bool narrow = std::abs(v.dy) > std::abs(v.dx);
      if (a == b && (a == 'f' || a == 'b' || a == 'l' || a == 'r')) return single(a);
      if (p == "fs") return v.dy > 0 && !narrow;
      if (p == "bs") return v.dy < 0 && !narrow;
      if (p == "fl") return v.dy > 0 && v.dx < 0;
      if (p == "fr") return v.dy > 0 && v.dx > 0;
      if (p == "bl") return v.dy < 0 && v.dx < 0;
      if (p == "br") return v.dy < 0 && v.dx > 0;
    }
    matched = false;
    return false;
  };
  for (size_t i = 0; i < dirs.size(); ++i) {
    if (i + 1 < dirs.size()) {
      bool matched = false;
      bool hit = pair(dirs[i], dirs[i + 1], matched);
      if (matched) {
        if (hit) return true;
        ++i;
        continue;
      }
    }
    if (single(dirs[i])) return true;
  }
  return false;
}

// Direction letters for a later leg, relative to the previous leg's direction `p`.
bool select_relative(Vec v, Vec p, std::string_view dirs) {
  if (dirs.empty()) return true;
  int dot = v.dx * p.dx + v.dy * p.dy;
  int cross = p.dx * v.dy - p.dy * v.dx;  // > 0: v points to the left of p
  auto single = [&](char c) {
    switch (c) {
      case 'f': return cross == 0 && dot > 0;
      case 'b': return cross == 0 && dot < 0;
      case 'l': return dot == 0 && cross > 0;
      case 'r': return dot == 0 && cross < 0;
      case 's': return dot == 0 && cross != 0;
      case 'v': return cross == 0;
    }
    return false;
  };
  for (size_t i = 0; i < dirs.size(); ++i) {
    char a = dirs[i];
    if (i + 1 < dirs.size() && (a == 'f' || a == 'b') &&
        (dirs[i + 1] == 'l' || dirs[i + 1] == 'r' || dirs[i + 1] == 's')) {
      char b = dirs[++i];
      bool fwd = a == 'f' ? dot > 0 : dot < 0;
      bool side = b == 's' ? cross != 0 : (b == 'l' ? cross > 0 : cross < 0);
      if (fwd && side) return true;
      continue;
    }
    if (single(a)) return true;
  }
  return false;
}

struct Leg {
  std::string dirs;
  uint8_t mode = 0;  // 0 = not given
  size_t offset = 0;
};

void add_leap(MoveSpec& spec, Vec v, uint8_t mode) {
  for (auto& l : spec.leaps)
    if (l.v == v) {
      l.mode |= mode;
      return;
    }
  spec.leaps.push_back({v, mode});
  spec.max_leap = std::max({spec.max_leap, std::abs(int(v.dx)), std::abs(int(v.dy))});
}

void add_slide(MoveSpec& spec, SlideSpec s) {
  for (auto& o : spec.slides)
    if (o.v == s.v && o.mode == s.mode && o.hop == s.hop && o.skip_first == s.skip_first) {
      if (o.range != 0 && (s.range == 0 || s.range > o.range)) o.range = s.range;
      return;
    }
  spec.slides.push_back(s);
}

void add_two_leg(MoveSpec& spec, TwoLegSpec t) {
  for (auto& o : spec.two_legs) {
    if (o.first == t.first && o.second == t.second) {
      if (o.mode1 == t.mode1) {
        o.mode2 |= t.mode2;
        return;
      }
      if (o.mode2 == t.mode2) {
        o.mode1 |= t.mode1;
        return;
      }
    }
  }
  spec.two_legs.push_back(t);
}

// A plain step is redundant when a slide in the same direction already covers it.
void drop_covered_leaps(MoveSpec& spec) {
  std::erase_if(spec.leaps, [&](const LeapSpec& l) {
    for (const auto& s : spec.slides)
      if (!s.hop && !s.skip_first && s.v == l.v && (s.mode & l.mode) == l.mode) return true;
    return false;
  });
}

}  // namespace

MoveSpec parse_betza(std::string_view text) {
  MoveSpec spec;
  if (text.empty()) throw BetzaError("empty XBetza string", 0);
  size_t i = 0;
  while (i < text.size()) {
    std::vector<Leg> legs(1);
    legs.back().offset = i;
    // Modifiers and leg separators up to the atom.
    while (i < text.size() && std::islower(static_cast<unsigned char>(text[i]))) {
      char c = text[i];
      Leg& leg = legs.back();
      if (c == 'a') {
        legs.emplace_back();
        legs.back().offset = i + 1;
      } else if (c == 'm') {
        leg.mode |= kModeMove;
      } else if (c == 'c') {
        leg.mode |= kModeCapture;
      } else if (c == 'p') {
        leg.mode |= kModeHop;
      } else if (std::string_view("fbslrv").find(c) != std::string_view::npos) {
        leg.dirs += c;
      } else {
        throw BetzaError(std::string("unsupported XBetza modifier '") + c + "'", i);
      }
      ++i;
    }
    if (i >= text.size())
      throw BetzaError("XBetza modifiers without an atom at the end", text.size());
    size_t atom_at = i;
    Atom atom;
    if (!atom_of(text[i], atom))
      throw BetzaError(std::string("unknown XBetza atom '") + text[i] + "'", i);
    ++i;
    if (i < text.size() && text[i] == text[atom_at] && !atom.rider) {  // doubled atom: a rider
      atom.rider = true;
      ++i;
    }
    int range = 0;
    size_t range_at = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      range = range * 10 + (text[i] - '0');
      if (range > 64) throw BetzaError("XBetza range is too large", range_at);
      ++i;
    }
    if (i > range_at && range == 0) throw BetzaError("XBetza range must be at least 1", range_at);

    if (legs.size() > 2)
      throw BetzaError("XBetza moves of more than two legs are not supported", atom_at);
    if (legs.size() == 1) {
      const Leg& leg = legs[0];
      uint8_t mode = leg.mode & (kModeMove | kModeCapture);
      bool hop = leg.mode & kModeHop;
      if (mode == 0) mode = kModeMove | kModeCapture;
      bool rides = atom.rider || range > 0;
      if (hop && !rides)
        throw BetzaError("the hop mode 'p' needs a sliding atom here", leg.offset);
      int selected = 0;
      for (Vec v : atom.vecs) {
        if (!select_absolute(v, atom.cls, leg.dirs)) continue;
        ++selected;
        if (rides && !(range == 1 && !hop))
          add_slide(spec, {v, uint8_t(range), mode, hop, false});
        else
          add_leap(spec, v, mode);
      }
      if (selected == 0)
        throw BetzaError("XBetza direction modifiers '" + leg.dirs + "' select no move",
                         leg.offset);
    } else {
      if (atom.rider || range > 0)
        throw BetzaError("sliding legs in multi-leg XBetza moves are not supported", atom_at);
      uint8_t mode1 = legs[0].mode ? legs[0].mode : uint8_t(kModeMove);
      uint8_t mode2 = legs[1].mode & (kModeMove | kModeCapture);
      if (legs[1].mode & kModeHop)
        throw BetzaError("the hop mode 'p' is only supported on the first leg", legs[1].offset);
      if (mode2 == 0) mode2 = kModeMove | kModeCapture;
      // XBetza writes a continuation leg's directions in the King's system, so a one-step
      // atom may turn by 45 degrees (`afsW` is the Xiangqi Horse); without direction letters
      // the second leg keeps the atom's own steps.
      const std::vector<Vec>& second_steps =
          is_single_step(atom) && !legs[1].dirs.empty() ? king_steps() : atom.vecs;
      int selected = 0;
      for (Vec v1 : atom.vecs) {
        if (!select_absolute(v1, atom.cls, legs[0].dirs)) continue;
        for (Vec v2 : second_steps) {
          if (!select_relative(v2, v1, legs[1].dirs)) continue;
          ++selected;
          add_two_leg(spec, {v1, mode1, v2, mode2});
        }
      }
      if (selected == 0)
        throw BetzaError("XBetza direction modifiers select no move", legs[0].offset);
      for (Vec v : atom.vecs)
        spec.max_leap = std::max({spec.max_leap, 2 * std::abs(int(v.dx)), 2 * std::abs(int(v.dy))});
    }
  }
  drop_covered_leaps(spec);
  return spec;
}

void add_skipping_slides(MoveSpec& spec, std::string_view slides) {
  MoveSpec parsed = parse_betza(slides);
  if (!parsed.leaps.empty() || !parsed.two_legs.empty() ||
      std::any_of(parsed.slides.begin(), parsed.slides.end(), [](const SlideSpec& s) {
        return s.hop || std::abs(s.v.dx) > 1 || std::abs(s.v.dy) > 1 || s.range == 1;
      }))
    throw BetzaError("skipping slides are plain W/F/R/B/Q slides of range 2 or more", 0);
  for (SlideSpec s : parsed.slides) {
    s.skip_first = true;
    add_slide(spec, s);
  }
}

void add_stinging_moves(MoveSpec& spec, std::string_view steps) {
  MoveSpec first = parse_betza(steps);
  if (!first.slides.empty() || !first.two_legs.empty() ||
      std::any_of(first.leaps.begin(), first.leaps.end(), [](const LeapSpec& l) {
        return std::abs(l.v.dx) > 1 || std::abs(l.v.dy) > 1;
      }))
    throw BetzaError("stinging moves start with single steps (W, F, K with directions)", 0);
  Atom king;
  atom_of('K', king);
  for (const LeapSpec& l : first.leaps) {
    add_leap(spec, l.v, kModeMove | kModeCapture);
    for (Vec v2 : king.vecs) add_two_leg(spec, {l.v, kModeCapture, v2, kModeMove});
  }
  spec.max_leap = std::max(spec.max_leap, 2);
  drop_covered_leaps(spec);
}

}  // namespace kirin
