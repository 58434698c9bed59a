// Swiss and round-robin standings: points, Buchholz and Sonneborn-Berger, from the counted
// results alone (docs/TOURNAMENTS.md, "Tie-breaks").
#include <algorithm>
#include <unordered_map>

#include "server/domain/tournament_pairing.h"

namespace kirin::server::tournament {

std::vector<ScoreLine> standings(TournamentKind kind, const std::vector<Id>& entries,
                                 const std::vector<Played>& results) {
  std::vector<ScoreLine> lines;
  std::unordered_map<Id, size_t> index;
  for (Id e : entries) {
    if (index.emplace(e, lines.size()).second) lines.push_back({.entry = e});
  }
  auto line = [&](Id e) -> ScoreLine* {
    auto it = index.find(e);
    return it == index.end() ? nullptr : &lines[it->second];
  };
  // A result between entries both listed (a bye: its one entry), and finished.
  auto counts = [&](const Played& p) {
    if (p.result == Result::Ongoing || !line(p.black)) return false;
    return p.white == 0 || (line(p.white) && p.white != p.black);
  };

  // Points first: the tie-breaks read every opponent's final score.
  for (const Played& p : results) {
    if (!counts(p)) continue;
    ScoreLine* black = line(p.black);
    if (p.white == 0) {  // a bye: a point
      black->points2 += 2;
      ++black->byes;
      continue;
    }
    ScoreLine* white = line(p.white);
    switch (p.result) {
      case Result::BlackWins:
        black->points2 += 2;
        ++black->wins;
        ++white->losses;
        break;
      case Result::WhiteWins:
        white->points2 += 2;
        ++white->wins;
        ++black->losses;
        break;
      default:
        black->points2 += 1;
        white->points2 += 1;
        ++black->draws;
        ++white->draws;
        break;
    }
  }
  // Buchholz: the sum of the opponents' scores. Sonneborn-Berger: the scores of the opponents
  // beaten, and half those drawn with. A bye counts in both as a draw against oneself (FIDE's
  // old rule made simple): the player's own score in Buchholz, half of it in Sonneborn-Berger.
  for (const Played& p : results) {
    if (!counts(p)) continue;
    ScoreLine* black = line(p.black);
    if (p.white == 0) {
      black->buchholz2 += black->points2;
      black->sonneborn4 += black->points2;
      continue;
    }
    ScoreLine* white = line(p.white);
    black->buchholz2 += white->points2;
    white->buchholz2 += black->points2;
    // In quarter points: a win adds the opponent's score (2 x half points), a draw half of it.
    int black_share = p.result == Result::BlackWins ? 2 : p.result == Result::Draw ? 1 : 0;
    int white_share = p.result == Result::WhiteWins ? 2 : p.result == Result::Draw ? 1 : 0;
    black->sonneborn4 += black_share * white->points2;
    white->sonneborn4 += white_share * black->points2;
  }
  std::stable_sort(lines.begin(), lines.end(), [kind](const ScoreLine& a, const ScoreLine& b) {
    if (a.points2 != b.points2) return a.points2 > b.points2;
    if (kind != TournamentKind::Robin && a.buchholz2 != b.buchholz2)
      return a.buchholz2 > b.buchholz2;
    return a.sonneborn4 > b.sonneborn4;
  });
  return lines;
}

}  // namespace kirin::server::tournament
