// Test helper: a lishogi Chu SFEN from a short list of pieces, so a test shows its position as
// "Lion on 7g, Gold on 7f" instead of a 12-rank string.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace kirin::test {

struct Put {
  std::string square;  // "7g"
  std::string piece;   // SFEN token: "N", "+o"; upper case is Black
};

// Board, side to move, Lion-capture field, move 1.
inline std::string make_sfen(const std::vector<Put>& pieces, char side = 'b',
                             const std::string& lion_field = "-") {
  std::array<std::array<std::string, 12>, 12> grid;  // [row: rank a = 0][col: file 12 = 0]
  for (const Put& p : pieces) {
    int file = std::stoi(p.square);
    int row = p.square.back() - 'a';
    std::string& cell = grid[row][12 - file];
    EXPECT_TRUE(cell.empty()) << "two pieces on " << p.square;
    cell = p.piece;
  }
  std::string out;
  for (int row = 0; row < 12; ++row) {
    if (row) out += '/';
    int empty = 0;
    for (int col = 0; col < 12; ++col) {
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
  return out + " " + side + " " + lion_field + " 1";
}

}  // namespace kirin::test
