#include "rules/position_check.h"

#include <algorithm>

namespace kirin {
namespace {

std::string color_word(Color c) { return c == kBlack ? "Black" : "White"; }

std::string count_of(int n, const std::string& name) {
  return std::to_string(n) + " " + name + (n == 1 ? "" : "s");
}

// Does every move of the piece keep it on its file (a Pawn: fW)? Then two of them on one file
// cannot come from moves.
bool keeps_its_file(const PieceType& pt) {
  const MoveSpec& s = pt.spec;
  return pt.area == 0 &&
         std::all_of(s.leaps.begin(), s.leaps.end(), [](const auto& l) { return l.v.dx == 0; }) &&
         std::all_of(s.slides.begin(), s.slides.end(),
                     [](const auto& l) { return l.v.dx == 0; }) &&
         std::all_of(s.two_legs.begin(), s.two_legs.end(),
                     [](const auto& l) { return l.first.dx == 0 && l.second.dx == 0; });
}

// A piece standing where it could never move again, although the game makes it promote there.
// Only where every way of arriving there could promote: under shogi's promotion rule a move
// into the zone can always promote, and a forced promotion leaves no unpromoted move (Chu's
// lishogi rules never force one, docs/spec/chu_shogi.md §promotion: "a Pawn or Lance may stay
// unpromoted on the last rank"); a drop there is refused in every game.
void check_dead_pieces(const Position& pos, std::vector<PositionProblem>& out) {
  const Variant& v = pos.variant();
  if (!v.rules.force_last_rank_promotion || v.rules.promotion != RuleOptions::Promotion::Shogi)
    return;
  for (Color c : {kBlack, kWhite})
    for (int i = 0; i < pos.count(c); ++i) {
      const Square s = pos.squares(c)[i];
      const PieceType& pt = v.piece(kind_of(pos.at(s)));
      if (pt.promotes_to && pt.dead[c][s] && v.in_zone[c][s])
        out.push_back({"a " + color_word(c) + " " + pt.name + " on " + square_name(v, s) +
                           " could never move again: game " + v.id +
                           " makes it promote there",
                       s});
    }
}

// Nifu: with drops, two unpromoted Pawns of a side on a file (where Pawns keep their files,
// only a drop could put the second one there, and the game forbids that drop).
void check_one_per_file(const Position& pos, std::vector<PositionProblem>& out) {
  const Variant& v = pos.variant();
  if (!v.rules.drops) return;
  for (Kind k = 1; k <= v.num_kinds(); ++k) {
    const PieceType& pt = v.piece(k);
    if (!pt.one_per_file || !keeps_its_file(pt)) continue;
    for (Color c : {kBlack, kWhite})
      for (int col = 0; col < v.files; ++col) {
        std::vector<Square> on_file;
        for (int row = 0; row < v.ranks; ++row)
          if (pos.at(make_square(col, row)) == make_piece(k, c))
            on_file.push_back(make_square(col, row));
        if (on_file.size() < 2) continue;
        std::string squares;
        for (Square s : on_file) squares += (squares.empty() ? "" : ", ") + square_name(v, s);
        out.push_back({count_of(int(on_file.size()), "unpromoted " + pt.name) + " of " +
                           color_word(c) + " on file " + std::to_string(v.files - col) + " (" +
                           squares + "): game " + v.id + " allows one",
                       on_file[0]});
      }
  }
}

// More pieces of a kind than the game has, promoted ones counted as what they promote from.
void check_supply(const Position& pos, const PieceCounts& supply,
                  std::vector<PositionProblem>& out) {
  const Variant& v = pos.variant();
  const PieceCounts have = piece_counts(pos);
  for (Kind k = 1; k <= v.num_kinds(); ++k) {
    if (have[k] <= supply[k]) continue;
    std::vector<Square> squares;  // in the order the SFEN writes them
    for (Color c : {kBlack, kWhite})
      for (int i = 0; i < pos.count(c); ++i)
        if (v.piece(kind_of(pos.at(pos.squares(c)[i]))).demotes_to == k)
          squares.push_back(pos.squares(c)[i]);
    std::sort(squares.begin(), squares.end());
    std::string where;
    for (Square s : squares) where += (where.empty() ? "" : ", ") + square_name(v, s);
    const Square first = squares.empty() ? kNoSquare : squares[0];
    for (Color c : {kBlack, kWhite})
      if (int n = pos.hand(c, k))
        where += (where.empty() ? "" : ", ") + std::to_string(n) + " in " + color_word(c) +
                 "'s hand";
    out.push_back({count_of(have[k], v.piece(k).name) + ", promoted ones included (" + where +
                       "): game " + v.id + " has " + std::to_string(supply[k]),
                   first, first == kNoSquare ? k : Kind(0)});
  }
}

}  // namespace

PieceCounts piece_counts(const Position& pos) {
  const Variant& v = pos.variant();
  PieceCounts counts{};
  for (Color c : {kBlack, kWhite}) {
    for (int i = 0; i < pos.count(c); ++i)
      ++counts[v.piece(kind_of(pos.at(pos.squares(c)[i]))).demotes_to];
    for (Kind k : v.hand_kinds) counts[k] += pos.hand(c, k);
  }
  return counts;
}

PieceCounts most_of_each(const std::vector<Position>& starts) {
  PieceCounts most{};
  for (const Position& start : starts) {
    const PieceCounts counts = piece_counts(start);
    for (size_t k = 0; k < most.size(); ++k) most[k] = std::max(most[k], counts[k]);
  }
  return most;
}

std::vector<PositionProblem> position_problems(const Position& pos, const PieceCounts& supply) {
  std::vector<PositionProblem> problems;
  check_dead_pieces(pos, problems);
  check_one_per_file(pos, problems);
  check_supply(pos, supply, problems);
  return problems;
}

}  // namespace kirin
