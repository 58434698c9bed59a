// Arena: the sheet of an entry's points and the pairing of the waiting players, by lishogi's
// and lichess's rules (their ArenaSheet, PairingSystem and AntmaPairing; docs/TOURNAMENTS.md).
#include <algorithm>
#include <cstdlib>
#include <unordered_set>

#include "server/domain/tournament_matching.h"
#include "server/domain/tournament_pairing.h"

namespace kirin::server::tournament {
namespace {

// lishogi's thresholds, in plies.
constexpr int kBerserkMinPly = 14;  // a berserk win counts its extra point from here
constexpr int kQuickDrawPly = 20;   // a draw before this scores nothing
constexpr int kLongGamePly = 60;    // a draw from here scores even right after another draw

enum class Kind { Win, Draw, Loss, QuickDraw };

// Two wins in a row, the last games first: the next game is on fire.
bool on_fire(const std::vector<Kind>& done) {
  size_t n = done.size();
  return n >= 2 && done[n - 1] == Kind::Win && done[n - 2] == Kind::Win;
}

// Whether the last result that was not a loss was a draw (or a quick draw): then a short draw
// scores nothing (lishogi's "second draw gives zero points", against draw arrangements).
bool after_draw(const std::vector<Kind>& done) {
  for (auto it = done.rbegin(); it != done.rend(); ++it) {
    if (*it == Kind::Loss) continue;
    return *it != Kind::Win;
  }
  return false;
}

}  // namespace

std::string ArenaSheet::text() const {
  std::string out;
  for (int p : points) {
    if (!out.empty()) out += ' ';
    out += std::to_string(p);
  }
  return out;
}

ArenaSheet arena_sheet(const std::vector<ArenaGame>& games) {
  ArenaSheet sheet;
  std::vector<Kind> done;
  for (const ArenaGame& g : games) {
    if (g.outcome == Result::Ongoing) continue;  // not counted
    const bool fire = on_fire(done);
    Kind kind;
    int points = 0;
    bool doubled = false;
    switch (g.outcome) {
      case Result::BlackWins:  // won
        kind = Kind::Win;
        points = fire ? 4 : 2;
        doubled = fire;
        if (g.berserk && g.ply >= kBerserkMinPly) points += 1;
        break;
      case Result::Draw:
        if (g.ply < kQuickDrawPly) {
          kind = Kind::QuickDraw;  // nothing, and it ends a streak
        } else {
          kind = Kind::Draw;
          if (fire) {
            points = 2;
            doubled = true;
          } else {
            points = (g.ply < kLongGamePly && after_draw(done)) ? 0 : 1;
          }
        }
        break;
      default:  // lost
        kind = Kind::Loss;
        break;
    }
    done.push_back(kind);
    sheet.points.push_back(points);
    sheet.on_fire.push_back(doubled);
    sheet.total += points;
  }
  sheet.fire = on_fire(done);
  return sheet;
}

namespace {

// Players are split in groups of this many by rank before the matching (lichess's
// maxGroupSize): the matching of 100 takes about a millisecond, of 1,000 about a second.
constexpr size_t kArenaGroup = 100;

// Who takes Black: fewer Blacks so far; then who had White last; then a coin thrown from the
// two entries (the same two entries always get the same answer).
std::pair<Id, Id> arena_colours(const ArenaPlayer& a, const ArenaPlayer& b) {
  bool a_black;
  if (a.blacks != b.blacks) {
    a_black = a.blacks < b.blacks;
  } else if ((a.last_colour == 'w') != (b.last_colour == 'w')) {
    a_black = a.last_colour == 'w';
  } else {
    uint64_t h = uint64_t(std::min(a.entry, b.entry)) * 0x9E3779B97F4A7C15ull ^
                 uint64_t(std::max(a.entry, b.entry)) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    a_black = ((h & 1) != 0) == (a.entry < b.entry);
  }
  return a_black ? std::pair{a.entry, b.entry} : std::pair{b.entry, a.entry};
}

bool may_meet(const ArenaPlayer& a, const ArenaPlayer& b, const Forbidden& forbidden) {
  if (a.entry == b.entry) return false;
  if (a.last_opponent == b.entry || b.last_opponent == a.entry) return false;  // no rematch
  return !(forbidden && forbidden(a.entry, b.entry));
}

// The best pairs among `group` (sorted by rank): the most pairs, then the least sum of rank
// distance times lichess's rank factor (2,000 near the top, 300 at the bottom, so that leaders
// meet leaders) plus the rating distance. Appends the pairs; returns who stayed unpaired.
std::vector<const ArenaPlayer*> match_group(const std::vector<const ArenaPlayer*>& group,
                                            int max_rank, const Forbidden& forbidden,
                                            std::vector<std::pair<Id, Id>>& out) {
  std::vector<MatchingEdge> edges;
  const int n = int(group.size());
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const ArenaPlayer& a = *group[i];
      const ArenaPlayer& b = *group[j];
      if (!may_meet(a, b, forbidden)) continue;
      int64_t top = std::min(a.rank, b.rank);
      int64_t factor = 300 + 1700 * std::max<int64_t>(0, max_rank - top) / max_rank;
      int64_t cost = std::abs(a.rank - b.rank) * factor + std::abs(a.rating - b.rating);
      edges.push_back({i, j, cost});
    }
  }
  std::vector<int> mate = min_cost_max_matching(n, edges);
  std::vector<const ArenaPlayer*> left;
  for (int i = 0; i < n; ++i) {
    if (mate[i] < 0) left.push_back(group[i]);
    else if (mate[i] > i) out.push_back(arena_colours(*group[i], *group[mate[i]]));
  }
  return left;
}

}  // namespace

std::vector<std::pair<Id, Id>> pair_arena(const std::vector<ArenaPlayer>& waiting, int ranked,
                                          bool first_pairing, const Forbidden& forbidden) {
  std::vector<const ArenaPlayer*> order;
  std::unordered_set<Id> seen;  // an entry listed twice is paired once
  for (const ArenaPlayer& p : waiting)
    if (seen.insert(p.entry).second) order.push_back(&p);
  std::stable_sort(order.begin(), order.end(),
                   [](const ArenaPlayer* a, const ArenaPlayer* b) { return a->rank < b->rank; });
  std::vector<std::pair<Id, Id>> pairs;
  if (first_pairing) {
    // Neighbours in the ranking: 1-2, 3-4...; a forbidden neighbour is passed over for the
    // next one down.
    std::vector<bool> taken(order.size(), false);
    for (size_t i = 0; i < order.size(); ++i) {
      if (taken[i]) continue;
      for (size_t j = i + 1; j < order.size(); ++j) {
        if (taken[j] || !may_meet(*order[i], *order[j], forbidden)) continue;
        taken[i] = taken[j] = true;
        pairs.push_back(arena_colours(*order[i], *order[j]));
        break;
      }
    }
    return pairs;
  }
  int max_rank = std::max(ranked, 1);
  for (const ArenaPlayer* p : order) max_rank = std::max(max_rank, p->rank);
  // Groups of kArenaGroup by rank, each matched on its own; whoever a group leaves unpaired
  // tries again at the top of the next one.
  std::vector<const ArenaPlayer*> carried;
  size_t start = 0;
  while (start < order.size()) {
    size_t end = std::min(order.size(), start + kArenaGroup);
    // A last group of a few players is joined to this one rather than matched alone.
    if (order.size() - end < kArenaGroup / 4) end = order.size();
    std::vector<const ArenaPlayer*> group = carried;
    group.insert(group.end(), order.begin() + long(start), order.begin() + long(end));
    carried = match_group(group, max_rank, forbidden, pairs);
    start = end;
  }
  return pairs;
}

}  // namespace kirin::server::tournament
