// Mating problems (tsume): the collections built into the binary (problems/*.tsv) and their
// one reader. A problem is an ordinary position (an SFEN) with one published mating line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kirin {

struct Problem {
  std::string name;    // "A12", as the collection numbers it
  std::string series;  // "A": the name's leading letters
  std::string sfen;
  std::vector<std::string> solution;  // the published line in lishogi USI, attacker first
  int line = 0;                       // of the collection's file, for messages
  // The published length in the attacker's moves (a line of 2n-1 plies is a mate in n).
  int published_moves() const { return int(solution.size() + 1) / 2; }
};

struct ProblemCollection {
  std::string id;      // "chu-tsume-ab": the file's name without ".tsv"
  std::string game;    // "chu": the built-in game, the id's part before the first '-'
  std::string title;   // the file's first comment line
  std::string title_ja;  // its "title-ja:" comment line: the title in Japanese ("" if none)
  std::string source;  // its other comment lines, joined: where the problems come from
  std::vector<Problem> problems;
};

// Reads a collection: '#' lines are comments (the first is the title, one starting
// "title-ja:" the title in Japanese, the others until the column header the source), then one
// problem a line as "name<TAB>sfen<TAB>solution". Throws NotationError naming the line for a
// malformed line or a repeated name. Positions and moves are not checked here (that needs the
// game: tests replay every line).
ProblemCollection parse_problem_collection(std::string_view id, std::string_view text);

// The built-in collections, read once, in id order.
const std::vector<ProblemCollection>& builtin_problem_collections();

// A built-in problem by collection id and name, or nullptr.
const Problem* find_problem(std::string_view collection, std::string_view name);

}  // namespace kirin
