// Test helper: an SFEN from a short list of pieces, so a test shows its position as "Lion on
// 7g, Gold on 7f" instead of a board string.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

}  // namespace kirin::test
