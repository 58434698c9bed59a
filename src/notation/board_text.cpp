#include "notation/board_text.h"

#include <algorithm>
#include <cctype>

namespace kirin {

std::string hand_list(const Position& pos, Color c, const std::function<std::string(Kind)>& code) {
  std::string out;
  for (Kind k : pos.variant().hand_kinds)
    if (int n = pos.hand(c, k)) {
      out += (out.empty() ? "" : " ") + code(k);
      if (n > 1) out += "x" + std::to_string(n);
    }
  return out.empty() ? "-" : out;
}

std::string board_text(const Position& pos, const BoardTextStyle& style) {
  const Variant& v = pos.variant();
  size_t width = 2;  // the longest token: an abbreviation with White's 'v'
  for (Kind k = 1; k <= v.num_kinds(); ++k) width = std::max(width, v.piece(k).abbrev.size() + 1);
  const size_t cell = width + 2;  // the token between two spaces (or brackets when marked)
  auto pad = [&](std::string s, size_t w) {
    if (s.size() < w) s.insert(0, w - s.size(), ' ');
    return s;
  };

  std::string files;
  for (int i = 0; i < v.files; ++i) {
    int col = style.flip ? v.files - 1 - i : i;
    files += pad(std::to_string(v.files - col), cell - 1) + " ";
  }
  std::string out = "    " + files + "\n";
  for (int i = 0; i < v.ranks; ++i) {
    int row = style.flip ? v.ranks - 1 - i : i;
    out += "  " + std::string(1, char('a' + row)) + " ";  // then cells of `cell` characters
    for (int j = 0; j < v.files; ++j) {
      int col = style.flip ? v.files - 1 - j : j;
      Square s = make_square(col, row);
      Piece p = pos.at(s);
      std::string token;
      if (is_piece(p)) {
        token = v.piece(kind_of(p)).abbrev;
        if (color_of(p) == kWhite) {
          for (char& ch : token) ch = char(std::tolower(static_cast<unsigned char>(ch)));
          token = "v" + token;  // 'v': points down the board, as in Japanese diagrams
        }
      } else {
        token = ".";
      }
      bool mark = s == style.highlight_from || s == style.highlight_to;
      std::string shown = pad(token, width);
      out += mark ? "[" + shown + "]" : " " + shown + " ";
    }
    out += " " + std::string(1, char('a' + row)) + "\n";
  }
  out += "    " + files + "\n";
  if (v.rules.drops) {
    auto abbrev = [&](Kind k) { return v.piece(k).abbrev; };
    out += "  Black in hand: " + hand_list(pos, kBlack, abbrev) + "\n";
    out += "  White in hand: " + hand_list(pos, kWhite, abbrev) + "\n";
  }
  out += std::string("  ") + (pos.side_to_move() == kBlack ? "Black" : "White") + " to move\n";
  return out;
}

}  // namespace kirin
