#include "notation/board_styles.h"

#include <algorithm>

#include "notation/board_text.h"
#include "notation/written_move.h"

namespace kirin {
namespace {

std::string hand_line(const Position& pos, Color c) {
  auto code = [&](Kind k) { return pbm_base_code(pos.variant(), k); };
  return std::string(c == kBlack ? "Black" : "White") + " in hand: " + hand_list(pos, c, code);
}

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

}  // namespace

std::optional<BoardStyle> parse_board_style(std::string_view name) {
  if (name == "standard") return BoardStyle::Standard;
  if (name == "alternate") return BoardStyle::Alternate;
  if (name == "small") return BoardStyle::Small;
  return std::nullopt;
}

const char* board_style_name(BoardStyle style) {
  switch (style) {
    case BoardStyle::Standard: return "standard";
    case BoardStyle::Alternate: return "alternate";
    case BoardStyle::Small: return "small";
  }
  return "standard";
}

std::string board_text_pbm(const Position& pos, BoardStyle style, bool flip) {
  const Variant& v = pos.variant();
  size_t longest = 1;
  for (Kind k = 1; k <= v.num_kinds(); ++k) longest = std::max(longest, pbm_base_code(v, k).size());
  const bool grid = style != BoardStyle::Small;
  const size_t width = longest + (grid ? 3 : 2);  // see the cell layouts below
  const size_t code_at = grid ? 2 : 1;             // file numbers stand over the codes
  const Color bottom = flip ? kWhite : kBlack;
  // A mail is read 80 columns wide: a grid too wide for it ("|" + the cells with their '|' +
  // " a") leaves out the rules between columns (Dai: 79 columns, not 93). Its pieces' marks
  // ("/ P\\ N/", " wN  bP ") still part the cells.
  const bool columns_ruled = grid && 1 + v.files * (width + 1) + 2 <= kMailColumns;

  auto cell = [&](Piece p) {
    std::string c;
    if (!is_piece(p)) {
      c = grid ? "" : " .";
    } else {
      Kind k = kind_of(p);
      std::string code = pbm_base_code(v, k);
      code.resize(longest, ' ');
      const bool promoted = v.piece(k).promoted_from != 0;
      const char owner = color_of(p) == kBlack ? 'b' : 'w';
      switch (style) {
        case BoardStyle::Standard: {  // "/+P\": points up, "\ N/": down
          bool up = color_of(p) == bottom;
          c = std::string(1, up ? '/' : '\\') + (promoted ? '+' : ' ') + code + (up ? '\\' : '/');
          break;
        }
        case BoardStyle::Alternate:  // " wN ", "+bP "
          c = std::string(1, promoted ? '+' : ' ') + owner + code + ' ';
          break;
        case BoardStyle::Small: {  // "wN ", "bP+"
          std::string name = pbm_base_code(v, k) + (promoted ? "+" : "");
          c = std::string(1, owner) + name;
          break;
        }
      }
    }
    c.resize(width, ' ');
    return c;
  };

  std::vector<int> cols(v.files), rows(v.ranks);
  for (int i = 0; i < v.files; ++i) cols[i] = flip ? v.files - 1 - i : i;
  for (int i = 0; i < v.ranks; ++i) rows[i] = flip ? v.ranks - 1 - i : i;

  std::string numbers = " ";
  for (int col : cols) {
    std::string n = std::string(code_at, ' ') + std::to_string(v.files - col);
    n.resize(width + (columns_ruled ? 1 : 0), ' ');
    numbers += n;
  }
  numbers = rstrip(numbers) + "\n";
  std::string rule = "+";
  for (size_t i = 0; i < cols.size(); ++i) {
    rule += std::string(width, '-');
    if (columns_ruled || i + 1 == cols.size()) rule += '+';
  }
  rule += "\n";

  std::string out;
  if (v.rules.drops) out += hand_line(pos, ~bottom) + "\n";
  out += numbers + rule;
  for (int row : rows) {
    std::string line = "|";
    for (int col : cols) {
      line += cell(pos.at(make_square(col, row)));
      if (columns_ruled) line += '|';
    }
    if (!columns_ruled) line += '|';
    out += line + " " + char('a' + row) + "\n";
    if (grid) out += rule;
  }
  if (!grid) out += rule;
  out += numbers;
  if (v.rules.drops) out += hand_line(pos, bottom) + "\n";
  out += std::string(pos.side_to_move() == kBlack ? "Black" : "White") + " to move\n";
  return out;
}

}  // namespace kirin
