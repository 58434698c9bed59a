// Test helpers shared by the rule tests: an SFEN from a short list of pieces (so a test shows
// its position as "Lion on 7g, Gold on 7f" instead of a board string), and moves as USI text.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"

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

}  // namespace kirin::test
