#include "match/results.h"

namespace kirin::match {
namespace {

std::string wld(const Score& s) {
  return "+" + std::to_string(s.wins) + " -" + std::to_string(s.losses) + " =" +
         std::to_string(s.draws);
}

std::string games_text(int n) { return std::to_string(n) + (n == 1 ? " game" : " games"); }

// By Ending: the name in the summary and the short one of the per-game line.
struct EndingNames {
  const char* name;
  const char* short_name;
};
constexpr EndingNames kEndingNames[kEndings] = {
    {"on the board", "board"},         // Ending::Board
    {"on time", "time"},               // Ending::Time
    {"illegal move", "illegal"},       // Ending::IllegalMove
    {"crash or protocol", "crash"},    // Ending::Crash
    {"adjudicated", "adjudicated"},    // Ending::Adjudication
};

const char* short_name(Ending e) { return kEndingNames[size_t(e)].short_name; }

}  // namespace

Ending ending_of(Termination t) {
  switch (t) {
    case Termination::Rules:
    case Termination::Resignation:
      return Ending::Board;
    case Termination::Time:
      return Ending::Time;
    case Termination::IllegalMove:
      return Ending::IllegalMove;
    case Termination::Crash:
    case Termination::Protocol:
      return Ending::Crash;
    case Termination::Adjudication:
      return Ending::Adjudication;
  }
  return Ending::Crash;
}

const char* ending_name(Ending e) { return kEndingNames[size_t(e)].name; }

double points_for_first(const GameRecord& g, bool first_is_black) {
  if (g.result == Result::Draw) return 0.5;
  return (g.result == Result::BlackWins) == first_is_black ? 1.0 : 0.0;
}

void ResultSplit::add(const GameRecord& g, bool first_is_black) {
  double points = points_for_first(g, first_is_black);
  for (Score* s : {&all, &by_ending[size_t(ending_of(g.termination))]}) {
    if (points == 0.5)
      ++s->draws;
    else if (points == 1)
      ++s->wins;
    else
      ++s->losses;
  }
}

std::string format_split_short(const ResultSplit& r) {
  std::string out;
  for (int e = 0; e < kEndings; ++e) {
    const Score& s = r.by_ending[size_t(e)];
    if (s.games() == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::string(short_name(Ending(e))) + " " + wld(s);
  }
  return out;
}

std::vector<std::string> format_split(const ResultSplit& r) {
  std::vector<std::string> out;
  for (int e = 0; e < kEndings; ++e) {
    const Score& s = r.by_ending[size_t(e)];
    if (s.games() == 0) continue;
    out.push_back(std::string(ending_name(Ending(e))) + ": " + wld(s) + " (" +
                  games_text(s.games()) + ")");
  }
  out.push_back(format_elo(estimate_elo(r.all)));
  // "Elo difference: ..." becomes "Elo on the board: ..." for the games decided there.
  std::string board = format_elo(estimate_elo(r[Ending::Board]));
  out.push_back("Elo on the board" + board.substr(board.find(':')) + " (" +
                games_text(r[Ending::Board].games()) + ")");
  return out;
}

}  // namespace kirin::match
