#include "notation/piece_diagram.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace kirin {
namespace {

char leap_mark(uint8_t mode) {
  bool m = mode & kModeMove, c = mode & kModeCapture;
  return m && c ? 'o' : m ? 'm' : 'x';
}

char slide_mark(Vec v) {
  if (v.dx == 0) return '|';
  if (v.dy == 0) return '-';
  return (v.dx > 0) == (v.dy > 0) ? '/' : '\\';
}

std::string direction_name(Vec v) {
  std::string s;
  if (v.dy > 0) s += "forward";
  if (v.dy < 0) s += "back";
  if (v.dx != 0) s += std::string(s.empty() ? "" : "-") + (v.dx > 0 ? "right" : "left");
  if (std::abs(v.dx) > 1 || std::abs(v.dy) > 1)
    s += " (" + std::to_string(v.dx) + "," + std::to_string(v.dy) + ")";
  return s;
}

}  // namespace

PieceDiagramGrid piece_diagram_grid(const PieceType& piece) {
  const MoveSpec& s = piece.spec;
  // Big enough for every jump, with room to show where slides go.
  int reach = std::max(1, s.max_leap);
  for (const auto& sl : s.slides)
    reach = std::max(reach, sl.range ? sl.range * std::max(std::abs(sl.v.dx), std::abs(sl.v.dy))
                                     : 3);
  reach = std::min(reach, 7);
  int size = 2 * reach + 1;
  std::vector<std::string> grid(size, std::string(size, '.'));
  auto cell = [&](int dx, int dy) -> char* {
    int col = dx + reach, row = reach - dy;
    if (col < 0 || row < 0 || col >= size || row >= size) return nullptr;
    return &grid[row][col];
  };
  for (const auto& sl : s.slides) {
    for (int k = 1; sl.range == 0 || k <= sl.range; ++k) {
      char* c = cell(sl.v.dx * k, sl.v.dy * k);
      if (!c) break;
      *c = sl.hop ? '^' : slide_mark(sl.v);
      if (sl.range && k == sl.range) *c = char('0' + std::min<int>(sl.range, 9));
    }
  }
  for (const auto& l : s.leaps)
    if (char* c = cell(l.v.dx, l.v.dy)) *c = leap_mark(l.mode);
  // Squares reached only by two steps through an empty square (a lame leap).
  bool lame = false;
  for (const auto& t : s.two_legs)
    if (Vec to{int8_t(t.first.dx + t.second.dx), int8_t(t.first.dy + t.second.dy)};
        (t.mode1 & kModeMove) && to != Vec{})
      if (char* c = cell(to.dx, to.dy); c && *c == '.') {
        *c = '*';
        lame = true;
      }
  *cell(0, 0) = 'X';

  PieceDiagramGrid out{reach, std::move(grid), {}};
  auto note = [&](std::string line) { out.notes.push_back(std::move(line)); };
  if (!s.two_legs.empty()) {
    bool pass = false, igui = false, double_capture = false;
    std::vector<std::string> firsts, quiet;
    for (const auto& t : s.two_legs) {
      bool back = t.first.dx + t.second.dx == 0 && t.first.dy + t.second.dy == 0;
      if (back && (t.mode1 & kModeMove)) pass = true;
      if (back && (t.mode1 & kModeCapture)) igui = true;
      if ((t.mode1 & kModeCapture) && !back && (t.mode2 & kModeCapture)) double_capture = true;
      if (back) continue;
      std::string d = direction_name(t.first);
      for (auto [mode, list] : {std::pair{kModeCapture, &firsts}, std::pair{kModeMove, &quiet}})
        if ((t.mode1 & mode) && std::find(list->begin(), list->end(), d) == list->end())
          list->push_back(d);
    }
    auto join = [](const std::vector<std::string>& v) {
      std::string r;
      for (size_t i = 0; i < v.size(); ++i) r += (i ? ", " : "") + v[i];
      return r;
    };
    if (!firsts.empty())
      note("two-step: capture one step " + join(firsts) + ", then step on " +
           (double_capture ? "(capturing again or not)" : "to an empty square (sting)") +
           (igui ? ", or back to the start (igui)" : ""));
    if (firsts.empty() && igui)
      note("igui: captures an adjacent piece and steps back to the start");
    if (!quiet.empty())
      note(std::string("two-step through an empty square") + (lame ? " (*)" : "") +
           ": first step " + join(quiet));
    if (pass) note("pass: may step to an empty neighbour and back");
  }
  if (piece.area)
    note("area move: up to " + std::to_string(piece.area) +
         " king steps through empty squares, a capture ends it");
  if (piece.burn)
    note("burns up to " + std::to_string(piece.burn) + " adjacent enemies after moving");
  if (piece.igui)
    note("captures up to " + std::to_string(piece.igui) + " adjacent enemies without moving");
  if (piece.range_jumps)
    note("range capture: jumps up to " + std::to_string(piece.range_jumps) +
         " pieces of rank below " + std::to_string(piece.rank) + " to capture beyond");
  if (piece.freezes) note("freezes adjacent enemy pieces");
  return out;
}

std::string piece_diagram(const PieceType& piece) {
  PieceDiagramGrid d = piece_diagram_grid(piece);
  std::string out;
  for (const auto& row : d.rows) {
    out += "    ";
    for (size_t i = 0; i < row.size(); ++i) {
      out += row[i];
      if (i + 1 < row.size()) out += ' ';
    }
    out += '\n';
  }
  for (const auto& line : d.notes) out += "    " + line + "\n";
  return out;
}

}  // namespace kirin
