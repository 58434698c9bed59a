#include "notation/usi.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "notation/sfen.h"
#include "rules/illegal_move.h"
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
  throw NotationError("malformed move " + quoted_input(text) + " at offset " +
                          std::to_string(offset) + ": " + why,
                      "move", long(offset));
}

[[noreturn]] void illegal(std::string_view text, const std::string& why) {
  throw NotationError("illegal move " + quoted_input(text) + ": " + why, "move", -1);
}

// A short reason why a move between these squares is not legal, for the error message.
std::string reason(const Position& pos, Square from, Square mid, Square to, bool promote) {
  const Variant& v = pos.variant();
  if (auto why = piece_refusal(pos, from)) return *why;
  const PieceType& pt = v.piece(kind_of(pos.at(from)));
  // A two-step through an empty square is also the direct move to its end.
  auto meant = [&](const Move& m) {
    return m.from == from && m.to == to && (!mid || m.mid == mid || pos.at(mid) == kEmpty);
  };
  MoveList list;
  generate_moves(pos, list);
  bool reaches = false, with_promotion = false, without = false;
  for (const Move& m : list) {
    if (!meant(m)) continue;
    reaches = true;
    (m.promotes() ? with_promotion : without) = true;
  }
  if (reaches && !(promote ? with_promotion : without)) return promotion_refusal(pt, promote);
  if (auto rule = forbidding_rule(pos, meant)) return *rule;
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

// A drop: "P*5e" (the piece letter, with any primes, then '*' and the square).
static Move parse_drop(const Position& pos, std::string_view text, size_t star) {
  const Variant& v = pos.variant();
  if (star == 0) malformed(text, "a drop starts with the piece letter, as in P*5e", 0);
  std::string token(text.substr(0, star));
  token[0] = char(std::tolower(static_cast<unsigned char>(token[0])));
  auto kind = v.kind_by_sfen(token);
  if (!kind || token[0] == '+')
    malformed(text, quoted_input(text.substr(0, star)) + " is not a piece of game " + v.id,
              0);
  Square to = parse_square(v, text.substr(star + 1));
  if (to == kNoSquare)
    malformed(text, "expected a square of the board after '*'", star + 1);
  Move m{kNoSquare, kNoSquare, to, Move::kDrop, *kind};
  MoveList list;
  generate_moves(pos, list);
  for (const Move& x : list)
    if (x == m) return m;
  illegal(text, drop_refusal(pos, *kind, to));
}

Move parse_usi(const Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  if (text.empty()) malformed(text, "empty move", 0);
  if (size_t star = text.find('*'); star != std::string_view::npos)
    return parse_drop(pos, text, star);
  std::vector<Square> squares;
  size_t i = 0;
  while (i < text.size() && squares.size() < 3) {
    size_t at = i;
    Square s;
    if (!read_square(v, text, i, s)) break;
    if (s == kNoSquare)
      malformed(text, quoted_input(text.substr(at, i - at)) + " is not a square of the " +
                          std::to_string(v.files) + "x" + std::to_string(v.ranks) + " board",
                at);
    squares.push_back(s);
  }
  if (squares.size() < 2)
    malformed(text, "expected a move such as 7g7f, 8h8c+ or 7g6f5e", i);
  // Kirin's extension for further victims (burned, jumped, a second igui): "x<square>" each.
  std::vector<Square> kills;
  while (i < text.size() && text[i] == 'x') {
    size_t at = ++i;
    Square s;
    if (!read_square(v, text, i, s) || s == kNoSquare)
      malformed(text, "expected a square after 'x'", at);
    if (kills.size() == 2) malformed(text, "at most two further victims", at - 1);
    kills.push_back(s);
  }
  bool promote = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '=' || text[i] == '?')) {
    promote = text[i] == '+';
    ++i;
  }
  if (i != text.size())
    malformed(text, "unexpected " + quoted_input(text.substr(i)), i);

  Square from = squares[0];
  Square mid = squares.size() == 3 ? squares[1] : kNoSquare;
  Square to = squares.back();
  MoveList list;
  generate_moves(pos, list);

  if (!kills.empty()) {
    // The victims in any order; a double igui ("7g6f7gx8f") names one of them in the middle.
    const bool igui = mid && to == from;
    std::vector<Square> named = kills;
    if (igui) named.push_back(mid);
    auto same_kills = [&](const Move& m) {
      std::vector<Square> k;
      if (igui) k.push_back(m.mid);
      for (Square s : m.kill)
        if (s) k.push_back(s);
      return std::is_permutation(k.begin(), k.end(), named.begin(), named.end());
    };
    MoveList all;
    generate_every_piece_moves(pos, all);
    for (const Move& m : all) {
      if (m.from != from || m.to != to || m.promotes() != promote || !same_kills(m)) continue;
      if (!igui && m.mid != mid) continue;
      // The piece the player named, though the generator lists another's igui for the same
      // position: the record keeps the move that was played.
      for (const Move& c : list)
        if (same_result(pos, c, m)) return m;
    }
    illegal(text, "the piece on " + square_name(v, from) + " cannot make this capture");
  }

  if (!mid) {
    if (from == to) illegal(text, "a piece cannot move to its own square");
    for (const Move& m : list)
      if (m.from == from && m.to == to && !m.is_two_step() && !m.has_kills() &&
          m.promotes() == promote)
        return m;
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
  // An area mover (Mitsugumi) passes by stepping out to an empty neighbour and back.
  const PieceType& mover = v.piece(kind_of(p));
  if (mover.area && to == from && distance(from, mid) == 1) shape = true;
  if (mover.igui && to == from && distance(from, mid) == 1 && is_piece(pos.at(mid))) shape = true;
  if (!shape)
    illegal(text, "the " + v.piece(kind_of(p)).name + " on " + square_name(v, from) +
                      " cannot step through " + square_name(v, mid) + " to " + square_name(v, to));
  if (pos.at(mid) == kEmpty) {
    // Through an empty square: the same move as the pass or the direct jump. Only a stay can
    // promote (shogi-style promotion, in the zone): that piece's promotion on the spot.
    if (promote && to != from) illegal(text, "a two-step move cannot promote");
    for (const Move& m : list) {
      if (m.promotes() != promote) continue;
      if (to == from) {
        // A pass leaves the same position whichever piece makes it: the one pass move.
        if (m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty &&
            (!promote || m.from == from))
          return m;
      } else if (m.from == from && m.to == to && !m.is_two_step() && !m.has_kills()) {
        return m;
      }
    }
    illegal(text, reason(pos, from, mid, to, promote));
  }
  // Another piece's igui of the same victim may stand for this one in the generated list: it
  // is legal, and the piece named is the one that moved (the record keeps it).
  MoveList all;
  generate_every_piece_moves(pos, all);
  for (const Move& m : all) {
    if (m.from != from || m.mid != mid || m.to != to || m.promotes() != promote) continue;
    for (const Move& c : list)
      if (same_result(pos, c, m)) return m;
  }
  illegal(text, reason(pos, from, mid, to, promote));
}

std::string to_usi(const Position& pos, const Move& m) {
  const Variant& v = pos.variant();
  if (m.is_drop()) {
    std::string token = v.piece(m.drop_kind).sfen;
    token[0] = char(std::toupper(static_cast<unsigned char>(token[0])));
    return token + "*" + square_name(v, m.to);
  }
  std::string out = square_name(v, m.from);
  if (m.is_two_step()) out += square_name(v, m.mid);
  out += square_name(v, m.to);
  for (Square k : m.kill)
    if (k) out += 'x' + square_name(v, k);
  if (m.promotes()) out += '+';
  return out;
}

std::string to_usi_line(const Position& start, const std::vector<Move>& moves) {
  Position pos = start;
  std::string out;
  for (const Move& m : moves) {
    if (!out.empty()) out += ' ';
    out += to_usi(pos, m);
    Undo u;
    pos.do_move(m, u);
  }
  return out;
}

}  // namespace kirin
