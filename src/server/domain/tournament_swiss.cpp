// Swiss: a round's pairing as one weighted matching, whose costs put the event's rules in
// order (docs/TOURNAMENTS.md, "Swiss"): an earlier rule gives way only when the later ones
// cannot make up for it, because each rule's cost outweighs the most all later ones can add.
#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <unordered_set>

#include "server/domain/tournament_matching.h"
#include "server/domain/tournament_pairing.h"

namespace kirin::server::tournament {
namespace {

// Past these a difference weighs no more (a cost must stay small, docs/TOURNAMENTS.md).
constexpr int kScoreCap = 16;  // half points
constexpr int kOrderCap = 15;  // places away from the Dutch partner

// What a player's colours ask for.
struct ColourNeeds {
  char last = 0;       // the last colour played ('b' or 'w'; 0: none yet)
  char forbidden = 0;  // the colour played the last two games: a third in a row is the rule
  int balance = 0;     // Blacks minus Whites
};

ColourNeeds colour_needs(const std::string& colours) {
  ColourNeeds needs;
  char before_last = 0;
  for (char c : colours) {
    if (c != 'b' && c != 'w') continue;  // a bye or an absence
    before_last = needs.last;
    needs.last = c;
    needs.balance += c == 'b' ? 1 : -1;
  }
  if (needs.last && needs.last == before_last) needs.forbidden = needs.last;
  return needs;
}

// The cost of a player's getting colour c: [0] the same colour three times in a row, [1] an
// imbalance of two (2) or a colour not alternated (1).
struct ColourCost {
  int streak = 0, preference = 0;
  bool operator<(const ColourCost& o) const {
    return streak != o.streak ? streak < o.streak : preference < o.preference;
  }
};

ColourCost colour_cost(const ColourNeeds& n, char c) {
  ColourCost cost;
  if (c == n.forbidden) cost.streak = 1;
  int balance = n.balance + (c == 'b' ? 1 : -1);
  if (std::abs(balance) >= 2) cost.preference = 2;
  else if (c == n.last) cost.preference = 1;
  return cost;
}

ColourCost pair_cost(const ColourNeeds& black, const ColourNeeds& white) {
  ColourCost b = colour_cost(black, 'b'), w = colour_cost(white, 'w');
  return {b.streak + w.streak, b.preference + w.preference};
}

struct Ranked {
  const SwissPlayer* player;
  ColourNeeds needs;
  int group = 0;     // score group, 0 the highest
  int place = 0;     // place inside it, 0 its top
  int group_size = 0;
};

// How far a pair is from the Dutch order (the top half of a score group against its bottom
// half, in order; a player floating down meets the top of the group below).
int order_cost(const Ranked& hi, const Ranked& lo) {
  int cost;
  if (hi.group == lo.group) cost = std::abs(lo.place - hi.place - hi.group_size / 2);
  else cost = (hi.group_size - 1 - hi.place) + lo.place;
  return std::min(cost, kOrderCap);
}

// The multipliers that make each rule outweigh all the later ones in any matching of `pairs`
// pairs (docs/TOURNAMENTS.md gives the order).
struct Weights {
  int64_t order = 1, preference = 0, streak = 0, score = 0;
};
Weights weights_for(int players) {
  const int64_t pairs = players / 2 + 1;
  Weights w;
  w.preference = kOrderCap * pairs + 1;
  w.streak = w.preference * (4 * pairs + 1);
  w.score = w.streak * (pairs + 1);
  // The costliest matching must stay weighable (tournament_matching.h): very large events
  // drop the order inside score groups first.
  if (w.score > kMaxMatchingWeight / (kScoreCap * kScoreCap * pairs * 2)) {
    w.order = 0;
    w.preference = 1;
    w.streak = 4 * pairs + 1;
    w.score = w.streak * (pairs + 1);
  }
  return w;
}

}  // namespace

SwissRound pair_swiss(const std::vector<SwissPlayer>& players, const Forbidden& forbidden) {
  // The ranking: score, then rating, then the order given.
  std::vector<Ranked> ranked;
  std::unordered_set<Id> seen;
  for (const SwissPlayer& p : players) {
    if (seen.insert(p.entry).second) ranked.push_back({&p, colour_needs(p.colours)});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
    if (a.player->points2 != b.player->points2) return a.player->points2 > b.player->points2;
    return a.player->rating > b.player->rating;
  });
  const int n = int(ranked.size());
  for (int i = 0, group = -1; i < n; ++i) {
    if (i == 0 || ranked[i].player->points2 != ranked[i - 1].player->points2) {
      ++group;
      int size = 1;
      while (i + size < n && ranked[i + size].player->points2 == ranked[i].player->points2)
        ++size;
      for (int k = 0; k < size; ++k) {
        ranked[i + k].group = group;
        ranked[i + k].place = k;
        ranked[i + k].group_size = size;
      }
    }
  }

  auto may_meet = [&](const Ranked& a, const Ranked& b) {
    const auto& met = a.player->opponents;
    if (std::find(met.begin(), met.end(), b.player->entry) != met.end()) return false;
    const auto& met_b = b.player->opponents;
    if (std::find(met_b.begin(), met_b.end(), a.player->entry) != met_b.end()) return false;
    return !(forbidden && forbidden(a.player->entry, b.player->entry));
  };
  std::vector<std::vector<bool>> allowed(n, std::vector<bool>(n, false));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) allowed[i][j] = allowed[j][i] = may_meet(ranked[i], ranked[j]);

  auto edges_without = [&](int out) {
    std::vector<MatchingEdge> edges;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (i != out && j != out && allowed[i][j]) edges.push_back({i, j, 0});
    return edges;
  };

  SwissRound round;
  // The bye, when the count is odd: the lowest-ranked player without one, such that everyone
  // else can still be paired; a second bye only when no one without one will do.
  int bye = -1;
  if (n % 2 == 1) {
    std::vector<int> candidates;
    for (int pass = 0; pass < 2; ++pass)
      for (int i = n - 1; i >= 0; --i)
        if (ranked[i].player->had_bye == (pass == 1)) candidates.push_back(i);
    int best_size = -1;
    for (int c : candidates) {
      int size = max_matching_size(n, edges_without(c));
      if (size > best_size) {
        best_size = size;
        bye = c;
      }
      if (2 * size == n - 1) break;  // everyone else paired
    }
    round.bye = ranked[bye].player->entry;
  }

  const Weights w = weights_for(n);
  std::vector<MatchingEdge> edges = edges_without(bye);
  for (MatchingEdge& e : edges) {
    const Ranked& hi = ranked[e.a];
    const Ranked& lo = ranked[e.b];
    int score = std::min(std::abs(hi.player->points2 - lo.player->points2), kScoreCap);
    ColourCost colours =
        std::min(pair_cost(hi.needs, lo.needs), pair_cost(lo.needs, hi.needs));
    e.cost = score * score * w.score + colours.streak * w.streak +
             colours.preference * w.preference + order_cost(hi, lo) * w.order;
  }
  std::vector<int> mate = min_cost_max_matching(n, edges);

  // Colours: the cheaper way round; a tie goes to the higher-ranked player's wish to
  // alternate, then to the lower-ranked one's, then by board: the top board's higher-ranked
  // player takes Black, the next board's White, and so on.
  int board = 0;
  for (int i = 0; i < n; ++i) {
    if (i == bye) continue;
    if (mate[i] < 0) {
      round.unpaired.push_back(ranked[i].player->entry);
      continue;
    }
    if (mate[i] < i) continue;
    const Ranked& hi = ranked[i];
    const Ranked& lo = ranked[mate[i]];
    ColourCost hi_black = pair_cost(hi.needs, lo.needs), lo_black = pair_cost(lo.needs, hi.needs);
    bool hi_takes_black;
    if (hi_black < lo_black || lo_black < hi_black) hi_takes_black = hi_black < lo_black;
    else if (hi.needs.last) hi_takes_black = hi.needs.last == 'w';
    else if (lo.needs.last) hi_takes_black = lo.needs.last == 'b';
    else hi_takes_black = board % 2 == 0;
    ++board;
    round.games.push_back(hi_takes_black ? std::pair{hi.player->entry, lo.player->entry}
                                         : std::pair{lo.player->entry, hi.player->entry});
  }
  return round;
}

}  // namespace kirin::server::tournament
