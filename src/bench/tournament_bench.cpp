// kirin bench tournament (tournament_bench.h). The events are made up as an arena or a Swiss
// leaves them: ranks from scores, ratings that follow the ranks loosely, the last opponents of
// players who just finished, colours so far, a few blocks.
#include "bench/tournament_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "server/domain/tournament_pairing.h"

namespace kirin::bench {
namespace {

using server::Id;
namespace t = server::tournament;

// Times `work` `repeat` times: (best, median) in milliseconds.
template <class F>
std::pair<double, double> time_ms(int repeat, F&& work) {
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    work();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  return {ms.front(), ms[ms.size() / 2]};
}

// About one pair in 5,000 blocked.
bool blocked(Id a, Id b) { return (uint64_t(std::min(a, b)) * 7919 + uint64_t(std::max(a, b))) % 5000 == 0; }

std::vector<t::ArenaPlayer> arena_waiting(int waiting, std::mt19937_64& rng) {
  // The standings hold a fifth more entries than wait (the rest are playing or paused).
  const int ranked = waiting + waiting / 5;
  std::vector<int> ranks(static_cast<size_t>(ranked));
  for (int i = 0; i < ranked; ++i) ranks[size_t(i)] = i + 1;
  std::shuffle(ranks.begin(), ranks.end(), rng);
  ranks.resize(size_t(waiting));
  std::normal_distribution<double> noise(0, 150);
  std::vector<t::ArenaPlayer> players;
  for (int i = 0; i < waiting; ++i) {
    t::ArenaPlayer p;
    p.entry = 10'000 + i;
    p.rank = ranks[size_t(i)];
    p.rating = int(2300 - 1000.0 * p.rank / ranked + noise(rng));
    int games = int(rng() % 12);
    p.blacks = int(rng() % (games + 1));
    p.whites = games - p.blacks;
    p.last_colour = games == 0 ? '-' : (rng() % 2 ? 'b' : 'w');
    players.push_back(p);
  }
  // Most just finished a game against another waiting player, near them in the ranking.
  std::vector<size_t> by_rank(players.size());
  for (size_t i = 0; i < by_rank.size(); ++i) by_rank[i] = i;
  std::sort(by_rank.begin(), by_rank.end(),
            [&](size_t a, size_t b) { return players[a].rank < players[b].rank; });
  for (size_t i = 0; i + 1 < by_rank.size(); i += 2) {
    if (rng() % 5 == 0) continue;  // their opponent is still playing, or paused
    t::ArenaPlayer& a = players[by_rank[i]];
    t::ArenaPlayer& b = players[by_rank[i + 1]];
    a.last_opponent = b.entry;
    b.last_opponent = a.entry;
  }
  return players;
}

std::vector<t::SwissPlayer> swiss_after(int n, int rounds, std::mt19937_64& rng,
                                        const t::Forbidden& forbidden, std::ostream& out) {
  std::vector<t::SwissPlayer> players;
  std::normal_distribution<double> ratings(1600, 300);
  for (int i = 0; i < n; ++i) {
    t::SwissPlayer p;
    p.entry = 20'000 + i;
    p.rating = int(ratings(rng));
    players.push_back(p);
  }
  std::map<Id, size_t> at;
  for (size_t i = 0; i < players.size(); ++i) at[players[i].entry] = i;
  for (int r = 1; r <= rounds; ++r) {
    t::SwissRound round;
    auto [best, _] = time_ms(1, [&] { round = t::pair_swiss(players, forbidden); });
    out << fmt::format("  round {}: {} games, bye {}, {} unpaired, {:.1f} ms\n", r,
                       round.games.size(), round.bye ? "yes" : "no", round.unpaired.size(), best);
    std::set<Id> busy;
    for (auto [b, w] : round.games) {
      t::SwissPlayer& pb = players[at[b]];
      t::SwissPlayer& pw = players[at[w]];
      pb.opponents.push_back(w);
      pw.opponents.push_back(b);
      pb.colours += 'b';
      pw.colours += 'w';
      busy.insert(b);
      busy.insert(w);
      // The higher rated wins more often; a draw now and then.
      double expected = 1 / (1 + std::pow(10.0, (pw.rating - pb.rating) / 400.0));
      double roll = std::uniform_real_distribution<double>(0, 1)(rng);
      if (roll < 0.1) {
        pb.points2 += 1;
        pw.points2 += 1;
      } else if (roll < 0.1 + 0.9 * expected) {
        pb.points2 += 2;
      } else {
        pw.points2 += 2;
      }
    }
    if (round.bye) {
      t::SwissPlayer& p = players[at[round.bye]];
      p.points2 += 2;
      p.had_bye = true;
    }
    for (t::SwissPlayer& p : players)
      if (!busy.count(p.entry)) p.colours += '-';
  }
  return players;
}

}  // namespace

TournamentBenchResult run_tournament_bench(const TournamentBenchOptions& o, std::ostream& out) {
  if (o.arena_players < 2 || o.swiss_players < 2 || o.swiss_rounds < 0 || o.repeat < 1)
    throw std::invalid_argument("tournament bench: at least 2 players each and one repetition");
  TournamentBenchResult result;
  std::mt19937_64 rng(o.seed);
  const t::Forbidden forbidden = blocked;

  std::vector<t::ArenaPlayer> waiting = arena_waiting(o.arena_players, rng);
  const int ranked = o.arena_players + o.arena_players / 5;
  std::vector<std::pair<Id, Id>> pairs;
  auto [first_best, first_median] =
      time_ms(o.repeat, [&] { pairs = t::pair_arena(waiting, ranked, true, forbidden); });
  out << fmt::format("arena, first pairing: {} waiting, {} pairs: {:.2f} ms (best {:.2f})\n",
                     waiting.size(), pairs.size(), first_median, first_best);
  auto [arena_best, arena_median] =
      time_ms(o.repeat, [&] { pairs = t::pair_arena(waiting, ranked, false, forbidden); });
  out << fmt::format("arena: {} waiting of {} ranked, {} pairs: {:.2f} ms (best {:.2f}, median of {})\n",
                     waiting.size(), ranked, pairs.size(), arena_median, arena_best, o.repeat);
  result.arena_ms = arena_median;
  result.arena_pairs = pairs.size();

  out << fmt::format("swiss: {} players, {} random rounds first\n", o.swiss_players,
                     o.swiss_rounds);
  std::vector<t::SwissPlayer> players = swiss_after(o.swiss_players, o.swiss_rounds, rng, forbidden, out);
  t::SwissRound round;
  auto [swiss_best, swiss_median] =
      time_ms(o.repeat, [&] { round = t::pair_swiss(players, forbidden); });
  out << fmt::format("swiss: round {} of {} players, {} games: {:.1f} ms (best {:.1f}, median of {})\n",
                     o.swiss_rounds + 1, o.swiss_players, round.games.size(), swiss_median,
                     swiss_best, o.repeat);
  result.swiss_ms = swiss_median;
  result.swiss_games = round.games.size();
  return result;
}

}  // namespace kirin::bench
