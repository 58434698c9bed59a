#include "notation/board_svg.h"

#include <algorithm>
#include <sstream>

namespace kirin {
namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

const char* color_name(Color c) { return c == kBlack ? "Black" : "White"; }

std::string hand_text(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  std::string out;
  for (Kind k : v.hand_kinds)
    if (int n = pos.hand(c, k)) {
      out += (out.empty() ? "" : " ") + v.piece(k).abbrev;
      if (n > 1) out += "x" + std::to_string(n);
    }
  return std::string(color_name(c)) + " in hand: " + (out.empty() ? "-" : out);
}

// The piece's letters as drawn: a promoted piece loses its '+' (the red says it).
std::string label(const PieceType& p) {
  std::string text = p.abbrev;
  if (p.promoted_from && !text.empty() && text.front() == '+') text.erase(0, 1);
  return text;
}

void line(std::ostringstream& out, int x1, int y1, int x2, int y2) {
  out << "<line x1=\"" << x1 << "\" y1=\"" << y1 << "\" x2=\"" << x2 << "\" y2=\"" << y2
      << "\"/>\n";
}

void text(std::ostringstream& out, int x, int y, const std::string& content,
          const std::string& attributes = {}) {
  out << "<text x=\"" << x << "\" y=\"" << y << "\"" << attributes << ">" << content << "</text>\n";
}

}  // namespace

std::string board_svg(const Position& pos, const BoardSvgStyle& style) {
  const Variant& v = pos.variant();
  const int cell = std::max(style.cell, 12);
  const bool hands = v.rules.drops;
  const int row_height = cell / 2 + 8;  // a line of text outside the grid
  const int left = 8, top = row_height * (hands ? 2 : 1);
  const int grid_w = v.files * cell, grid_h = v.ranks * cell;
  const int width = left + grid_w + row_height;
  const int height = top + grid_h + row_height * (hands ? 2 : 1) + 8;
  size_t longest = 1;
  for (Kind k = 1; k <= v.num_kinds(); ++k) longest = std::max(longest, label(v.piece(k)).size());
  const int piece_font = std::max(8, int(cell * (longest <= 2 ? 0.45 : 0.34)));
  const int small_font = std::max(9, int(cell * 0.3));
  // Screen position of a board column/row: the board turns around for White's view.
  auto x_of = [&](int col) { return left + (style.flip ? v.files - 1 - col : col) * cell; };
  auto y_of = [&](int row) { return top + (style.flip ? v.ranks - 1 - row : row) * cell; };

  std::ostringstream out;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width
      << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height
      << "\" font-family=\"sans-serif\">\n"
      << "<title>" << escape(v.name) << ", " << color_name(pos.side_to_move())
      << " to move</title>\n"
      << "<rect x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height
      << "\" fill=\"#ffffff\"/>\n"
      << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << grid_w << "\" height=\""
      << grid_h << "\" fill=\"#f3d9a4\" stroke=\"#000000\" stroke-width=\"2\"/>\n"
      << "<g stroke=\"#000000\" stroke-width=\"1\">\n";
  for (int i = 1; i < v.files; ++i) line(out, left + i * cell, top, left + i * cell, top + grid_h);
  for (int i = 1; i < v.ranks; ++i) line(out, left, top + i * cell, left + grid_w, top + i * cell);
  out << "</g>\n";
  // The promotion zones: the first `zone` ranks on each side. The same two lines seen from
  // either side, so flipping does not move them.
  if (v.zone > 0 && 2 * v.zone <= v.ranks) {
    out << "<g stroke=\"#000000\" stroke-width=\"3\">\n";
    for (int row : {v.zone, v.ranks - v.zone})
      line(out, left, top + row * cell, left + grid_w, top + row * cell);
    out << "</g>\n";
  }
  // Coordinates: file numbers above the columns, rank letters right of the rows.
  out << "<g font-size=\"" << small_font << "\" fill=\"#333333\" text-anchor=\"middle\">\n";
  for (int col = 0; col < v.files; ++col)
    text(out, x_of(col) + cell / 2, top - 6, std::to_string(v.files - col));
  for (int row = 0; row < v.ranks; ++row)
    text(out, left + grid_w + row_height / 2, y_of(row) + cell / 2, std::string(1, char('a' + row)),
         " dominant-baseline=\"central\"");
  out << "</g>\n";

  out << "<g font-size=\"" << piece_font << "\" font-weight=\"bold\" text-anchor=\"middle\">\n";
  const Color upright = style.flip ? kWhite : kBlack;
  for (int row = 0; row < v.ranks; ++row)
    for (int col = 0; col < v.files; ++col) {
      Piece p = pos.at(make_square(col, row));
      if (!is_piece(p)) continue;
      const PieceType& type = v.piece(kind_of(p));
      int cx = x_of(col) + cell / 2, cy = y_of(row) + cell / 2;
      std::ostringstream attributes;
      attributes << " dominant-baseline=\"central\" fill=\""
                 << (type.promoted_from ? "#cc0000" : "#000000") << "\"";
      if (color_of(p) != upright)
        attributes << " transform=\"rotate(180 " << cx << " " << cy << ")\"";
      // The title is the tooltip: "White Dragon King".
      text(out, cx, cy,
           "<title>" + std::string(color_name(color_of(p))) + " " + escape(type.name) + "</title>" +
               escape(label(type)),
           attributes.str());
    }
  out << "</g>\n";

  // Hands on their owners' sides, then whose turn it is.
  out << "<g font-size=\"" << small_font << "\" fill=\"#000000\">\n";
  int bottom = top + grid_h;
  if (hands) {
    Color above = style.flip ? kBlack : kWhite;
    text(out, left, top - row_height - 6, escape(hand_text(pos, above)));
    text(out, left, bottom + row_height - 4, escape(hand_text(pos, Color(1 - above))));
    bottom += row_height;
  }
  text(out, left, bottom + row_height - 4,
       std::string(color_name(pos.side_to_move())) + " to move");
  out << "</g>\n</svg>\n";
  return out.str();
}

}  // namespace kirin
