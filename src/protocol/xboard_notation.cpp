#include "protocol/xboard_notation.h"

#include <cctype>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"

namespace kirin::protocol {
namespace {

[[noreturn]] void malformed(std::string_view text, const std::string& why) {
  throw NotationError("malformed move '" + std::string(text) + "': " + why, "move");
}

[[noreturn]] void illegal(std::string_view text, const std::string& why) {
  throw NotationError("illegal move '" + std::string(text) + "': " + why, "move");
}

// Reads "<letter><digits>" at text[i].
bool read_square(const Variant& v, std::string_view text, size_t& i, Square& out) {
  if (i >= text.size() || text[i] < 'a' || text[i] > 'z') return false;
  size_t start = i;
  int col = text[i++] - 'a';
  int rank = 0;
  size_t digits = i;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - digits < 2)
    rank = rank * 10 + (text[i++] - '0');
  if (i == digits) {
    i = start;
    return false;
  }
  out = col < v.files && rank >= 1 && rank <= v.ranks ? make_square(col, v.ranks - rank)
                                                       : kNoSquare;
  return true;
}

// The pass move of the piece on `from` (or of any piece if `from` is kNoSquare).
bool find_pass(const Position& pos, Square from, Move& out) {
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list)
    if (m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty &&
        (from == kNoSquare || m.from == from) && !m.promotes()) {
      out = m;
      return true;
    }
  // The generator lists one pass per position; another piece's pass leaves the same one.
  if (from != kNoSquare) {
    MoveList every;
    generate_every_piece_moves(pos, every);
    for (const Move& m : every)
      if (m.from == from && m.is_two_step() && m.to == from && pos.at(m.mid) == kEmpty &&
          !m.promotes())
        for (const Move& c : list)
          if (same_result(pos, c, m)) {
            out = c;
            return true;
          }
  }
  return false;
}

// parse_usi's messages quote the USI spelling; keep its reason, quote the XBoard one.
[[noreturn]] void rethrow_as(std::string_view text, const NotationError& e) {
  std::string what = e.what();
  bool is_illegal = what.rfind("illegal", 0) == 0;
  auto colon = what.find("': ");
  std::string reason = colon == std::string::npos ? what : what.substr(colon + 3);
  if (is_illegal) illegal(text, reason);
  malformed(text, reason);
}

}  // namespace

std::string xboard_square(const Variant& v, Square s) {
  return std::string(1, char('a' + col_of(s))) + std::to_string(v.ranks - row_of(s));
}

Square parse_xboard_square(const Variant& v, std::string_view text) {
  size_t i = 0;
  Square s = kNoSquare;
  if (!read_square(v, text, i, s) || i != text.size()) return kNoSquare;
  return s;
}

Move parse_xboard_move(const Position& pos, std::string_view raw) {
  const Variant& v = pos.variant();
  std::string text;
  for (char c : raw)
    if (!std::isspace(static_cast<unsigned char>(c))) text += c;
  if (text.empty()) malformed(raw, "empty move");
  if (text == "@@@@") {
    Move m;
    if (find_pass(pos, kNoSquare, m)) return m;
    illegal(text, "no piece can pass in this position");
  }
  if (size_t at = text.find('@'); at != std::string::npos) {
    if (at == 0) malformed(text, "a drop starts with the piece letter, as in P@e5");
    Square to = parse_xboard_square(v, std::string_view(text).substr(at + 1));
    if (to == kNoSquare) malformed(text, "expected a square of the board after '@'");
    try {
      return parse_usi(pos, text.substr(0, at) + "*" + square_name(v, to));
    } catch (const NotationError& e) {
      rethrow_as(text, e);
    }
  }
  // One or two legs, each "<from><to>"; the second leg starts where the first ended.
  std::vector<Square> squares;
  size_t i = 0;
  while (i < text.size()) {
    Square a, b;
    size_t leg_start = i;
    if (!read_square(v, text, i, a) || !read_square(v, text, i, b))
      malformed(text, "expected a move such as h4h5, b6b10+ or j7k6,k6j7");
    if (a == kNoSquare || b == kNoSquare)
      malformed(text, "'" + text.substr(leg_start, i - leg_start) +
                          "' names a square off the " + std::to_string(v.files) + "x" +
                          std::to_string(v.ranks) + " board");
    if (squares.empty()) {
      squares = {a, b};
    } else {
      if (a != squares.back()) malformed(text, "the second leg must start where the first ended");
      if (squares.size() == 3) malformed(text, "at most two legs");
      squares.push_back(b);
    }
    if (i < text.size() && text[i] == ',') {
      ++i;
      if (i == text.size()) malformed(text, "the second leg is missing");
      continue;
    }
    break;
  }
  bool promote = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '=')) promote = text[i++] == '+';
  if (i != text.size()) malformed(text, "unexpected '" + text.substr(i) + "'");
  if (squares.size() == 2 && squares[0] == squares[1]) {
    Move m;
    if (!promote && find_pass(pos, squares[0], m)) return m;
    illegal(text, "the piece on " + xboard_square(v, squares[0]) + " cannot pass");
  }
  std::string usi;
  for (Square s : squares) usi += square_name(v, s);
  if (promote) usi += '+';
  try {
    return parse_usi(pos, usi);
  } catch (const NotationError& e) {
    rethrow_as(text, e);
  }
}

std::string to_xboard_move(const Position& pos, const Move& m) {
  const Variant& v = pos.variant();
  if (m.is_drop()) {
    std::string token = v.piece(m.drop_kind).sfen;
    token[0] = char(std::toupper(static_cast<unsigned char>(token[0])));
    return token + "@" + xboard_square(v, m.to);
  }
  std::string out;
  if (m.is_two_step()) {
    if (m.to == m.from && pos.at(m.mid) == kEmpty && !m.promotes()) return "@@@@";
    out = xboard_square(v, m.from) + xboard_square(v, m.mid) + "," + xboard_square(v, m.mid) +
          xboard_square(v, m.to);
  } else {
    out = xboard_square(v, m.from) + xboard_square(v, m.to);
  }
  if (m.promotes()) out += '+';
  return out;
}

std::string to_xboard_fen(const Position& pos) {
  const Variant& v = pos.variant();
  std::string sfen = to_sfen(pos);
  std::string board;
  for (char c : sfen.substr(0, sfen.find(' ')))
    if (c != '~' && c != '=') board += c;  // pbmserv deferral marks: not XBoard's
  if (v.rules.drops) {
    board += '[';
    for (Color c : {kBlack, kWhite})
      for (Kind k : v.hand_kinds)
        for (int n = 0; n < pos.hand(c, k); ++n) {
          std::string token = v.piece(k).sfen;
          if (c == kBlack) token[0] = char(std::toupper(static_cast<unsigned char>(token[0])));
          board += token;
        }
    board += ']';
  }
  int full_move = (std::max(1, pos.move_number()) + 1) / 2;
  return board + (pos.side_to_move() == kBlack ? " w" : " b") + " - - 0 " +
         std::to_string(full_move);
}

Position parse_xboard_fen(std::shared_ptr<const Variant> v, std::string_view fen) {
  std::vector<std::string> fields;
  std::string field;
  for (char c : fen) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!field.empty()) fields.push_back(field), field.clear();
    } else {
      field += c;
    }
  }
  if (!field.empty()) fields.push_back(field);
  if (fields.empty()) throw NotationError("empty FEN", "board");
  std::string board = fields[0], holdings;
  if (auto open = board.find('['); open != std::string::npos) {
    if (board.back() != ']') throw NotationError("FEN holdings must end with ']'", "hands");
    holdings = board.substr(open + 1, board.size() - open - 2);
    board.resize(open);
  }
  if (holdings == "-") holdings.clear();
  Color side = kBlack;
  if (fields.size() > 1) {
    if (fields[1] == "w")
      side = kBlack;
    else if (fields[1] == "b")
      side = kWhite;
    else
      throw NotationError("FEN side to move must be 'w' (first player) or 'b', not '" +
                              fields[1] + "'",
                          "side");
  }
  std::string hands = holdings.empty() ? "-" : holdings;
  std::string sfen = board + (side == kBlack ? " b " : " w ");
  if (v->sfen_style == Variant::SfenStyle::LishogiChu)
    sfen += "-" + (v->rules.drops ? " " + hands : std::string());
  else
    sfen += hands + (v->rules.counter_strike ? " -" : "");
  sfen += " 1";
  return parse_sfen(v, sfen);
}

}  // namespace kirin::protocol
