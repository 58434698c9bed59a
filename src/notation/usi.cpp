#include "notation/usi.h"

#include <cctype>
#include <vector>

#include "notation/sfen.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

// Reads "<digits><letter>" at text[i]; returns false if there is none.
bool read_square(const Variant& v, std::string_view text, size_t& i, Square& out) {
  size_t start = i;
  int file = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - start < 2)
    file = file * 10 + (text[i++] - '0');
  if (i == start || i >= text.size() || text[i] < 'a' || text[i] > 'z') {
    i = start;
    return false;
  }
  char rank = text[i++];
  if (file < 1 || file > v.files || rank - 'a' >= v.ranks) {
    out = kNoSquare;
    return true;
  }
  out = make_square(v.files - file, rank - 'a');
  return true;
}

[[noreturn]] void malformed(std::string_view text, const std::string& why, size_t offset) {
  throw NotationError("malformed move '" + std::string(text) + "' at offset " +
                          std::to_string(offset) + ": " + why,
                      "move", long(offset));
}

[[noreturn]] void illegal(std::string_view text, const std::string& why) {
  throw NotationError("illegal move '" + std::string(text) + "': " + why, "move", -1);
}

// A short reason why a move between these squares is not legal, for the error message.
std::string reason(const Position& pos, Square from, Square mid, Square to, bool promote) {
  const Variant& v = pos.variant();
  Piece p = pos.at(from);
  if (!is_piece(p)) return "there is no piece on " + square_name(v, from);
  const PieceType& pt = v.piece(kind_of(p));
  if (color_of(p) != pos.side_to_move())
    return "the " + pt.name + " on " + square_name(v, from) + " belongs to the opponent";
  MoveList list;
  generate_moves(pos, list);
  bool reaches = false, with_promotion = false, without = false;
  for (const Move& m : list) {
    if (m.from != from || m.to != to || (mid && m.mid != mid && pos.at(mid) != kEmpty)) continue;
    reaches = true;
    (m.promotes() ? with_promotion : without) = true;
  }
  if (reaches && promote && !with_promotion)
    return "the " + pt.name + " may not promote on this move";
  if (reaches && !promote && !without) return "the " + pt.name + " must promote on this move";
  // Would the move be legal without the Lion-trading rules?
  Variant relaxed = v;
  relaxed.rules.lion_protection = false;
  relaxed.rules.counter_strike = false;
  Position loose(std::make_shared<const Variant>(relaxed));
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < pos.count(Color(c)); ++i) {
      Square s = pos.squares(Color(c))[i];
      loose.put(s, pos.at(s));
    }
  loose.set_side_to_move(pos.side_to_move());
  MoveList all;
  generate_moves(loose, all);
  for (const Move& m : all)
    if (m.from == from && m.to == to && (!mid || m.mid == mid || pos.at(mid) == kEmpty)) {
      if (v.is_lion[p])
        return "a Lion may not capture a protected Lion two squares away unless its first step "
               "captured a piece other than a Pawn or Go-Between (lion_protection)";
      return "a Lion was just captured by a non-Lion, so no non-Lion piece may capture a Lion "
             "on this move (counter_strike)";
    }
  return "the " + pt.name + " on " + square_name(v, from) + " cannot move " +
         (mid ? "through " + square_name(v, mid) + " " : "") + "to " + square_name(v, to);
}

}  // namespace

Square parse_square(const Variant& v, std::string_view text) {
  size_t i = 0;
  Square s = kNoSquare;
  if (!read_square(v, text, i, s) || i != text.size()) return kNoSquare;
  return s;
}

Move parse_usi(const Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  if (text.empty()) malformed(text, "empty move", 0);
  std::vector<Square> squares;
  size_t i = 0;
  while (i < text.size() && squares.size() < 3) {
    size_t at = i;
    Square s;
    if (!read_square(v, text, i, s)) break;
    if (s == kNoSquare)
      malformed(text, "'" + std::string(text.substr(at, i - at)) + "' is not a square of the " +
                          std::to_string(v.files) + "x" + std::to_string(v.ranks) + " board",
                at);
    squares.push_back(s);
  }
  if (squares.size() < 2)
    malformed(text, "expected a move such as 7g7f, 8h8c+ or 7g6f5e", i);
  bool promote = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '=' || text[i] == '?')) {
    promote = text[i] == '+';
    ++i;
  }
  if (i != text.size())
    malformed(text, "unexpected '" + std::string(text.substr(i)) + "'", i);

  Square from = squares[0];
  Square mid = squares.size() == 3 ? squares[1] : kNoSquare;
  Square to = squares.back();
  MoveList list;
  generate_moves(pos, list);

  if (!mid) {
    if (from == to) illegal(text, "a piece cannot move to its own square");
    for (const Move& m : list)
      if (m.from == from && m.to == to && !m.is_two_step() && m.promotes() == promote) return m;
    illegal(text, reason(pos, from, kNoSquare, to, promote));
  }

  // A two-step: is it a shape this piece has?
  Piece p = pos.at(from);
  if (!is_piece(p) || color_of(p) != pos.side_to_move())
    illegal(text, reason(pos, from, mid, to, promote));
  const MoveTable& t = v.tables[kind_of(p)][color_of(p)];
  bool shape = false;
  for (const auto& [o1, o2] : t.shapes)
    if (from + o1 == mid && mid + o2 == to) shape = true;
  if (!shape)
    illegal(text, "the " + v.piece(kind_of(p)).name + " on " + square_name(v, from) +
                      " cannot step through " + square_name(v, mid) + " to " + square_name(v, to));
  if (pos.at(mid) == kEmpty) {
    // Through an empty square: the same move as the pass or the direct jump.
    if (promote) illegal(text, "a two-step move cannot promote");
    for (const Move& m : list) {
      if (m.promotes()) continue;
      if (to == from) {
        // A pass leaves the same position whichever piece makes it: the one pass move.
        if (m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty) return m;
      } else if (m.from == from && m.to == to && !m.is_two_step()) {
        return m;
      }
    }
    illegal(text, reason(pos, from, mid, to, promote));
  }
  // Another piece's igui of the same victim may stand for this one in the generated list.
  MoveList all;
  generate_every_piece_moves(pos, all);
  for (const Move& m : all) {
    if (m.from != from || m.mid != mid || m.to != to || m.promotes() != promote) continue;
    for (const Move& c : list)
      if (same_result(pos, c, m)) return c;
  }
  illegal(text, reason(pos, from, mid, to, promote));
}

std::string to_usi(const Position& pos, const Move& m) {
  const Variant& v = pos.variant();
  std::string out = square_name(v, m.from);
  if (m.is_two_step()) out += square_name(v, m.mid);
  out += square_name(v, m.to);
  if (m.promotes()) out += '+';
  return out;
}

}  // namespace kirin
