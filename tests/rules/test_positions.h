// Test helpers shared by the rule tests: an SFEN from a short list of pieces (so a test shows
// its position as "Lion on 7g, Gold on 7f" instead of a board string), and moves as USI text.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/movegen.h"

namespace kirin::test {

struct Put {
  std::string square;  // "7g"
  std::string piece;   // SFEN token: "N", "+o", "F'"; upper case is Black
};

// A square board of `n` files and ranks: board, side to move, third field (the lishogi
// Lion-capture square or the hands), move 1.
inline std::string board_sfen(int n, const std::vector<Put>& pieces, char side = 'b',
                              const std::string& third = "-") {
  std::vector<std::vector<std::string>> grid(n, std::vector<std::string>(n));  // [row][col]
  for (const Put& p : pieces) {
    int file = std::stoi(p.square);
    int row = p.square.back() - 'a';
    EXPECT_TRUE(file >= 1 && file <= n && row >= 0 && row < n) << p.square;
    std::string& cell = grid[row][n - file];
    EXPECT_TRUE(cell.empty()) << "two pieces on " << p.square;
    cell = p.piece;
  }
  std::string out;
  for (int row = 0; row < n; ++row) {
    if (row) out += '/';
    int empty = 0;
    for (int col = 0; col < n; ++col) {
      if (grid[row][col].empty()) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += grid[row][col];
    }
    if (empty) out += std::to_string(empty);
  }
  return out + " " + side + " " + third + " 1";
}

// The 12x12 board of Chu Shogi and its relatives.
inline std::string make_sfen(const std::vector<Put>& pieces, char side = 'b',
                             const std::string& third = "-") {
  return board_sfen(12, pieces, side, third);
}

inline std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// A game id as a test name ("chu-seireigi-2023" gives "chuseireigi2023"), for the suites
// that run once per game.
inline std::string game_param_name(const ::testing::TestParamInfo<std::string>& p) {
  std::string n;
  for (char c : p.param)
    if (std::isalnum(static_cast<unsigned char>(c))) n += c;
  return n;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Is the USI text (any accepted spelling) a legal move?
inline bool legal(const Position& pos, const std::string& text) {
  try {
    parse_usi(pos, text);
    return true;
  } catch (const NotationError&) {
    return false;
  }
}

// Plays one move on a copy of the position and returns the new SFEN.
inline std::string after(Position pos, const std::string& text) {
  Move m = parse_usi(pos, text);
  Undo u;
  pos.do_move(m, u);
  return to_sfen(pos);
}

// How a test writes a move; most tests use USI as it is.
using Spell = std::string (*)(const Position&, const Move&);

// The legal moves, written by `spell` and sorted, duplicates kept (so that they show up).
inline std::vector<std::string> all_moves(const Position& pos, Spell spell = to_usi) {
  MoveList list;
  generate_moves(pos, list);
  EXPECT_FALSE(list.overflow);
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(spell(pos, m));
  return sorted(out);
}

// ...only those of the piece on `square`.
inline std::vector<std::string> moves_from(const Position& pos, const std::string& square,
                                           Spell spell = to_usi) {
  Square from = parse_square(pos.variant(), square);
  EXPECT_NE(from, kNoSquare) << square;
  MoveList list;
  generate_moves(pos, list);
  EXPECT_FALSE(list.overflow);
  std::vector<std::string> out;
  for (const Move& m : list)
    if (m.from == from) out.push_back(spell(pos, m));
  return sorted(out);
}

// Is the word a lone destination square, optionally with '+' ("7f", "10d+")?
inline bool is_destination(const std::string& w) {
  size_t i = 0;
  while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i]))) ++i;
  if (i == 0 || i > 2 || i >= w.size() || !std::islower(static_cast<unsigned char>(w[i])))
    return false;
  ++i;
  if (i < w.size() && w[i] == '+') ++i;
  return i == w.size();
}

// "7g" + "7f 7e+ 7g6f7g" -> {"7g7f", "7g7e+", "7g6f7g"}, sorted: a lone square is a
// destination from `from`, any other word is a whole move.
inline std::vector<std::string> expect_moves(const std::string& from, const std::string& list) {
  std::vector<std::string> out;
  for (const std::string& w : words(list)) out.push_back(is_destination(w) ? from + w : w);
  return sorted(out);
}

// The SFEN token of the piece on `square` ("+O", "n"), or "" if it is empty.
inline std::string piece_on(const Position& pos, const std::string& square) {
  Piece p = pos.at(parse_square(pos.variant(), square));
  if (!is_piece(p)) return "";
  std::string token = pos.variant().piece(kind_of(p)).sfen;
  if (color_of(p) == kBlack)
    for (char& c : token) c = char(std::toupper(static_cast<unsigned char>(c)));
  return token;
}

// Squares reached from 7g on an empty 12x12 board, by ray and pattern (hand-listed).
namespace from_7g {
const std::string kFwd = "7f 7e 7d 7c 7b 7a ";
const std::string kBack = "7h 7i 7j 7k 7l ";
const std::string kSide = "12g 11g 10g 9g 8g 6g 5g 4g 3g 2g 1g ";
const std::string kFwdLeft = "8f 9e 10d 11c 12b ";
const std::string kFwdRight = "6f 5e 4d 3c 2b 1a ";
const std::string kBackLeft = "8h 9i 10j 11k 12l ";
const std::string kBackRight = "6h 5i 4j 3k 2l ";
const std::string kDiag = kFwdLeft + kFwdRight + kBackLeft + kBackRight;
const std::string kRook = kFwd + kBack + kSide;
const std::string kQueen = kRook + kDiag;
const std::string kKing = "8f 7f 6f 8g 6g 8h 7h 6h ";
const std::string kGold = "8f 7f 6f 8g 6g 7h ";
const std::string kLionBox =
    "9e 8e 7e 6e 5e 9f 8f 7f 6f 5f 9g 8g 6g 5g 9h 8h 7h 6h 5h 9i 8i 7i 6i 5i ";
// The squares of those rays inside Black's zone (ranks a-d).
const std::string kFwdZone = "7d 7c 7b 7a ";
const std::string kDiagZone = "10d 11c 12b 4d 3c 2b 1a ";
}  // namespace from_7g

// The data rows of a tab-separated file (no blank or '#' lines), each with its line number.
// (Read while the test list is built, before any test runs: an unreadable file gives no rows,
// and the tests that count their cases fail.)
inline std::vector<std::pair<int, std::vector<std::string>>> tsv_rows(const std::string& path) {
  std::vector<std::pair<int, std::vector<std::string>>> rows;
  std::ifstream in(path);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, '\t');) fields.push_back(f);
    rows.push_back({n, fields});
  }
  return rows;
}

}  // namespace kirin::test
