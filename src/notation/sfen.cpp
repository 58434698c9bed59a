#include "notation/sfen.h"

#include <cctype>
#include <vector>

namespace kirin {
namespace {

struct Field {
  std::string_view text;
  size_t offset;  // of the field within the whole SFEN
};

std::vector<Field> split_fields(std::string_view sfen) {
  std::vector<Field> fields;
  size_t i = 0;
  while (i < sfen.size()) {
    while (i < sfen.size() && (sfen[i] == ' ' || sfen[i] == '_')) ++i;
    if (i >= sfen.size()) break;
    size_t start = i;
    while (i < sfen.size() && sfen[i] != ' ' && sfen[i] != '_') ++i;
    fields.push_back({sfen.substr(start, i - start), start});
  }
  return fields;
}

[[noreturn]] void fail(const std::string& msg, const char* field, size_t offset) {
  throw NotationError("SFEN " + std::string(field) + " at offset " + std::to_string(offset) +
                          ": " + msg,
                      field, long(offset));
}

}  // namespace

std::string square_name(const Variant& v, Square s) {
  return std::to_string(v.files - col_of(s)) + char('a' + row_of(s));
}

Position parse_sfen(std::shared_ptr<const Variant> variant, std::string_view sfen) {
  const Variant& v = *variant;
  Position pos(variant);
  auto fields = split_fields(sfen);
  if (fields.empty()) throw NotationError("empty SFEN", "board", 0);
  if (fields.size() > 4)
    fail("unexpected extra field '" + std::string(fields[4].text) + "'", "end", fields[4].offset);

  // Board.
  const Field& board = fields[0];
  int row = 0, col = 0;
  for (size_t i = 0; i < board.text.size();) {
    size_t at = board.offset + i;
    char c = board.text[i];
    if (c == '/') {
      if (col != v.files)
        fail("rank " + std::string(1, char('a' + row)) + " has " + std::to_string(col) +
                 " squares, expected " + std::to_string(v.files),
             "board", at);
      ++row;
      col = 0;
      ++i;
      if (row >= v.ranks) fail("more than " + std::to_string(v.ranks) + " ranks", "board", at);
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = 0;
      while (i < board.text.size() && std::isdigit(static_cast<unsigned char>(board.text[i])))
        n = n * 10 + (board.text[i++] - '0');
      if (n == 0) fail("an empty-square count must be at least 1", "board", at);
      col += n;
      if (col > v.files)
        fail("rank " + std::string(1, char('a' + row)) + " is longer than " +
                 std::to_string(v.files) + " squares",
             "board", at);
      continue;
    }
    std::string token;
    if (c == '+') {
      if (i + 1 >= board.text.size() || !std::isalpha(static_cast<unsigned char>(board.text[i + 1])))
        fail("'+' must be followed by a piece letter", "board", at);
      token = board.text.substr(i, 2);
      i += 2;
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      token = std::string(1, c);
      ++i;
    } else {
      fail(std::string("unexpected character '") + c + "'", "board", at);
    }
    char letter = token.back();
    Color color = std::isupper(static_cast<unsigned char>(letter)) ? kBlack : kWhite;
    token.back() = char(std::tolower(static_cast<unsigned char>(letter)));
    auto kind = v.kind_by_sfen(token);
    if (!kind) fail("unknown piece '" + std::string(board.text.substr(at - board.offset, token.size())) +
                        "' in game " + v.id,
                    "board", at);
    if (col >= v.files)
      fail("rank " + std::string(1, char('a' + row)) + " is longer than " +
               std::to_string(v.files) + " squares",
           "board", at);
    if (pos.count(color) >= 255) fail("too many pieces", "board", at);
    pos.put(make_square(col, row), make_piece(*kind, color));
    ++col;
  }
  if (row != v.ranks - 1 || col != v.files)
    fail("the board has " + std::to_string(row + 1) + " ranks" +
             (col != v.files ? " and its last rank " + std::to_string(col) + " squares" : "") +
             ", expected " + std::to_string(v.ranks) + " ranks of " + std::to_string(v.files),
         "board", board.offset + board.text.size());

  // Side to move.
  if (fields.size() > 1) {
    const Field& f = fields[1];
    if (f.text == "b")
      pos.set_side_to_move(kBlack);
    else if (f.text == "w")
      pos.set_side_to_move(kWhite);
    else
      fail("side to move must be 'b' or 'w', not '" + std::string(f.text) + "'", "side", f.offset);
  }

  // Third field: the counter-strike square (lishogi Chu) or the pieces in hand.
  if (fields.size() > 2) {
    const Field& f = fields[2];
    if (v.sfen_style == Variant::SfenStyle::LishogiChu) {
      if (f.text != "-") {
        size_t i = 0;
        int file = 0;
        while (i < f.text.size() && std::isdigit(static_cast<unsigned char>(f.text[i])))
          file = file * 10 + (f.text[i++] - '0');
        bool ok = i > 0 && i + 1 == f.text.size() && file >= 1 && file <= v.files &&
                  f.text[i] >= 'a' && f.text[i] < 'a' + v.ranks;
        if (!ok)
          fail("the Lion-capture field must be '-' or a square such as 7g, not '" +
                   std::string(f.text) + "'",
               "lion square", f.offset);
        pos.set_counter_strike(make_square(v.files - file, f.text[i] - 'a'));
      }
    } else if (f.text != "-") {
      fail("pieces in hand are not supported for game " + v.id, "hands", f.offset);
    }
  }

  // Move number.
  if (fields.size() > 3) {
    const Field& f = fields[3];
    long n = 0;
    for (char c : f.text) {
      if (!std::isdigit(static_cast<unsigned char>(c)) || n > 100000000)
        fail("move number must be a positive integer, not '" + std::string(f.text) + "'",
             "move number", f.offset);
      n = n * 10 + (c - '0');
    }
    if (n < 1) fail("move number must be at least 1", "move number", f.offset);
    pos.set_move_number(int(n));
  }
  return pos;
}

std::string to_sfen(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out;
  for (int row = 0; row < v.ranks; ++row) {
    if (row) out += '/';
    int empty = 0;
    for (int col = 0; col < v.files; ++col) {
      Piece p = pos.at(make_square(col, row));
      if (!is_piece(p)) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      std::string token = v.piece(kind_of(p)).sfen;
      if (color_of(p) == kBlack)
        for (char& c : token) c = char(std::toupper(static_cast<unsigned char>(c)));
      out += token;
    }
    if (empty) out += std::to_string(empty);
  }
  out += pos.side_to_move() == kBlack ? " b " : " w ";
  if (v.sfen_style == Variant::SfenStyle::LishogiChu && pos.counter_strike() != kNoSquare)
    out += square_name(v, pos.counter_strike());
  else
    out += '-';
  int n = pos.move_number();
  out += ' ' + std::to_string(n < 1 ? 1 : n > 9999 ? 9999 : n);
  return out;
}

}  // namespace kirin
