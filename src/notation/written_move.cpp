#include "notation/written_move.h"

#include <algorithm>
#include <cctype>

#include "notation/sfen.h"
#include "rules/illegal_move.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

const char* side_name(Color c) { return c == kBlack ? "Black" : "White"; }

[[noreturn]] void no_legal_move(std::string_view text, const std::string& why) {
  throw NotationError("no legal move " + quoted_input(text) + ": " + why, "move", -1);
}

// The written move reduced to the fields of a Move, given the square it starts from.
struct Shape {
  Square mid = kNoSquare, to = kNoSquare;
  std::vector<Square> kills;
};

Shape shape_of(const WrittenMove& w, Square from) {
  Shape s;
  if (w.path.empty()) {  // igui: the first victim is the square stepped to and back from
    s.mid = w.victims.empty() ? kNoSquare : w.victims[0];
    s.to = from;
    s.kills.assign(w.victims.begin() + (w.victims.empty() ? 0 : 1), w.victims.end());
  } else {
    if (w.path.size() == 2) s.mid = w.path[0];
    s.to = w.path.back();
    s.kills = w.victims;
  }
  return s;
}

// pbmserv's pass (jitto) written as a move to the square it starts from: "Ln7g-7g".
bool is_pass(const WrittenMove& w) {
  return w.from && w.path.size() == 1 && w.path[0] == w.from && w.victims.empty();
}

bool same_squares(std::vector<Square> a, std::vector<Square> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

std::vector<Square> kills_of(const Move& m) {
  std::vector<Square> k;
  for (Square s : m.kill)
    if (s) k.push_back(s);
  return k;
}

// Does the generated move `m` (of any piece, see generate_every_piece_moves) do what `w` says?
// The capture marks ('x' or '-') are not checked: the squares decide.
bool matches(const Position& pos, const WrittenMove& w, const Move& m) {
  if (m.is_drop()) return false;
  const Variant& v = pos.variant();
  Piece p = pos.at(m.from);
  if (w.piece && kind_of(p) != w.piece) return false;
  if (w.from && m.from != w.from) return false;
  Shape s = shape_of(w, m.from);
  if (!s.to) return false;
  const bool m_stays = m.is_two_step() && m.to == m.from;
  if (is_pass(w)) {  // "Ln7g-7g": any pass of the piece (an empty neighbour and back)
    return m_stays && m.from == w.from && pos.at(m.mid) == kEmpty && !m.has_kills() &&
           distance(m.mid, m.from) == 1;
  }
  if (s.mid && s.to == m.from) {  // stays: an igui or a pass
    if (!m_stays) return false;
    if (is_piece(pos.at(s.mid))) {
      std::vector<Square> written = s.kills, made = kills_of(m);
      written.push_back(s.mid);
      made.push_back(m.mid);
      return same_squares(written, made);
    }
    // A pass: the same whichever empty neighbour the piece steps through ("x!" takes a piece).
    return !w.path.empty() && pos.at(m.mid) == kEmpty && !m.has_kills() && s.kills.empty() &&
           distance(s.mid, m.from) == 1;
  }
  if (s.mid && pos.at(s.mid) == kEmpty) {
    // A two-step through an empty square is the plain move to its end, if the piece has that
    // shape (an area mover any two king steps).
    if (m.mid || m.to != s.to || !same_squares(s.kills, kills_of(m))) return false;
    const MoveTable& t = v.tables[kind_of(p)][color_of(p)];
    for (const auto& [o1, o2] : t.shapes)
      if (m.from + o1 == s.mid && s.mid + o2 == s.to) return true;
    return v.piece(kind_of(p)).area >= 2 && distance(m.from, s.mid) == 1 &&
           distance(s.mid, s.to) == 1;
  }
  return m.mid == s.mid && m.to == s.to && !m_stays && same_squares(s.kills, kills_of(m));
}

// What the move tries to do, for "the Pawn on 7g cannot <what>".
std::string attempt(const Position& pos, const WrittenMove& w) {
  const Variant& v = pos.variant();
  auto name = [&](Square s) { return square_name(v, s); };
  std::string what;
  if (is_pass(w)) return "pass (a pass steps to an empty square next to it and back)";
  if (w.path.empty()) {
    if (w.victims.empty()) return "move";
    Square victim = w.victims[0];
    if (!is_piece(pos.at(victim))) return "capture on " + name(victim) + ": it is empty";
    what = "capture on " + name(victim) + " without moving";
  } else if (w.path.size() == 2) {
    Square mid = w.path[0], to = w.path[1];
    if (w.from && to == w.from)
      what = is_piece(pos.at(mid)) ? "capture on " + name(mid) + " without moving"
                                   : "pass by stepping to " + name(mid) + " and back";
    else if (is_piece(pos.at(mid)))
      what = "capture on " + name(mid) + " and go on to " + name(to);
    else
      what = "go through " + name(mid) + " to " + name(to);
  } else {
    what = "go to " + name(w.path[0]);
  }
  size_t first = w.path.empty() ? 1 : 0;
  for (size_t i = first; i < w.victims.size(); ++i)
    what += (i == first ? ", taking " : " and ") + name(w.victims[i]);
  return what;
}

std::string reason(const Position& pos, const WrittenMove& w) {
  const Variant& v = pos.variant();
  if (auto rule = forbidding_rule(pos, [&](const Move& m) { return matches(pos, w, m); }))
    return *rule;
  std::string what = attempt(pos, w);
  if (w.from) {
    const PieceType& pt = v.piece(kind_of(pos.at(w.from)));
    return "the " + pt.name + " on " + square_name(v, w.from) + " cannot " + what;
  }
  return std::string("no ") + (w.piece ? v.piece(w.piece).name : "piece") + " of " +
         side_name(pos.side_to_move()) + " can " + what;
}

}  // namespace

Move resolve_written_move(const Position& pos, const WrittenMove& w, std::string_view text,
                          const std::function<std::string(const Move&)>& spell,
                          const std::function<std::string(Kind)>& label) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  MoveList legal;
  generate_moves(pos, legal);

  if (w.drop) {
    if (w.promotion == WrittenMove::Promotion::Promote)
      no_legal_move(text, "a dropped piece does not promote");
    Move m{kNoSquare, kNoSquare, w.path.back(), Move::kDrop, w.piece};
    for (const Move& x : legal)
      if (x == m) return m;
    no_legal_move(text, drop_refusal(pos, w.piece, m.to));
  }

  if (w.from) {
    if (auto why = piece_refusal(pos, w.from)) no_legal_move(text, *why);
    Piece p = pos.at(w.from);
    const PieceType& pt = v.piece(kind_of(p));
    if (w.piece && kind_of(p) != w.piece)
      throw NotationError("wrong piece in " + quoted_input(text) + ": the piece on " +
                              square_name(v, w.from) + " is a " + pt.name + " (" +
                              label(kind_of(p)) + "), not a " + v.piece(w.piece).name + " (" +
                              label(w.piece) + ")",
                          "move", long(w.piece_offset));
  } else if (w.piece) {
    bool have = false;
    for (int i = 0; i < pos.count(us) && !have; ++i)
      have = kind_of(pos.at(pos.squares(us)[i])) == w.piece;
    if (!have)
      no_legal_move(text, std::string(side_name(us)) + " has no " + v.piece(w.piece).name +
                              " on the board");
  }

  // Match every piece's moves, then take the legal move with the same result (one igui or
  // pass stands for all pieces' that leave the same position).
  MoveList all;
  generate_every_piece_moves(pos, all);
  // An igui kept is the first one written that way (the piece the text names, where it names
  // one), not the generator's stand-in: the record keeps the move that was played.
  std::vector<Move> found, results;
  for (const Move& m : all) {
    if (!matches(pos, w, m)) continue;
    for (const Move& c : legal)
      if (same_result(pos, c, m)) {
        if (std::find(results.begin(), results.end(), c) == results.end()) {
          results.push_back(c);
          found.push_back(is_igui(pos, m) ? m : c);
        }
        break;
      }
  }
  if (found.empty()) no_legal_move(text, reason(pos, w));

  auto mover = [&](const Move& m) -> const PieceType& { return v.piece(kind_of(pos.at(m.from))); };
  using P = WrittenMove::Promotion;
  std::vector<Move> kept;
  bool promoting = false, plain = false;
  for (const Move& m : found) (m.promotes() ? promoting : plain) = true;
  for (const Move& m : found) {
    bool keep = w.promotion == P::Promote   ? m.promotes()
                : w.promotion == P::Decline ? !m.promotes()
                : promoting && plain && w.unmarked_declines ? !m.promotes()
                                                            : true;
    if (keep) kept.push_back(m);
  }
  if (kept.empty())
    no_legal_move(text, promotion_refusal(mover(found[0]), w.promotion == P::Promote));
  if (kept.size() == 1) return kept[0];
  if (kept.size() == 2 && kept[0].promotes() != kept[1].promotes()) {
    Move a = kept[0], b = kept[1];
    a.flags &= uint8_t(~Move::kPromote);
    b.flags &= uint8_t(~Move::kPromote);
    if (a == b)
      throw NotationError("ambiguous move " + quoted_input(text) + ": the " + mover(a).name +
                              " may promote here; add + to promote or = to decline",
                          "move", -1);
  }
  std::string list;
  for (size_t i = 0; i < kept.size(); ++i)
    list += (i == 0 ? "" : i + 1 == kept.size() ? " or " : ", ") + spell(kept[i]);
  throw NotationError("ambiguous move " + quoted_input(text) + ": it could be " + list, "move",
                      -1);
}

std::string pbm_base_code(const Variant& v, Kind k) {
  const PieceType& pt = v.piece(k);
  if (pt.promoted_from) return pbm_base_code(v, pt.promoted_from);
  // pbmserv's own codes where they differ from the games' abbreviations (seed 003).
  if (v.id == "chu" || v.id == "dai" || v.id == "shogi") {
    if (pt.id == "kirin") return "Ky";
    if (pt.id == "dragon-horse") return "DH";
    if (pt.id == "dragon-king") return "DK";
  }
  std::string code = pt.abbrev;
  if (!code.empty() && code[0] == '+') code.erase(0, 1);
  if (code.empty()) {  // no abbreviation: the SFEN letter
    code = pt.sfen;
    if (!code.empty() && code[0] == '+') code.erase(0, 1);
    if (!code.empty()) code[0] = char(std::toupper(static_cast<unsigned char>(code[0])));
  }
  return code;
}

std::string pbm_code(const Variant& v, Kind k) {
  return (v.piece(k).promoted_from ? "+" : "") + pbm_base_code(v, k);
}

std::map<std::string, Kind> pbm_piece_names(const Variant& v) {
  std::map<std::string, Kind> names;
  for (Kind k = 1; k <= v.num_kinds(); ++k) names[lower(pbm_code(v, k))] = k;
  const std::map<std::string, Kind> primary = names;
  std::map<std::string, int> clashes;
  auto add = [&](const std::string& alias, Kind k) {
    if (alias.empty() || primary.count(alias)) return;
    auto [it, fresh] = names.emplace(alias, k);
    if (!fresh && it->second != k) clashes[alias] = 1;
  };
  for (Kind k = 1; k <= v.num_kinds(); ++k) {
    const PieceType& pt = v.piece(k);
    add(lower(pt.abbrev), k);
    if (pt.promoted_from) {
      std::string base = v.piece(pt.promoted_from).abbrev;
      if (!base.empty() && base[0] != '+') add("+" + lower(base), k);
    }
  }
  for (const auto& [alias, _] : clashes) names.erase(alias);
  return names;
}

}  // namespace kirin
