// Round robin: Berger's tables, as FIDE publishes them (Handbook C.05, annex 1).
#include "server/domain/tournament_pairing.h"

namespace kirin::server::tournament {

std::vector<std::vector<std::pair<int, int>>> berger_rounds(int n, bool double_round) {
  std::vector<std::vector<std::pair<int, int>>> rounds;
  if (n < 2) return rounds;
  // Players 1..m, m even (a dummy m when n is odd). m stays put while the others turn: in
  // round r, m meets the p with 2p = r + 1 (mod m - 1), on the first board, named first in
  // even rounds; board b + 1 holds p + b and p - b (mod m - 1), the one from which the other
  // is an odd number of places on named first. The first named moves first: Black in Kirin.
  const int m = n % 2 == 0 ? n : n + 1;
  const int k = m - 1;
  auto mod = [k](int x) { return ((x % k) + k) % k; };
  for (int r = 1; r <= k; ++r) {
    int p = 1;
    while (mod(2 * p - (r + 1)) != 0) ++p;
    std::vector<std::pair<int, int>> games;
    if (m == n) {  // else p sits out this round
      if (r % 2 == 0) games.emplace_back(m - 1, p - 1);
      else games.emplace_back(p - 1, m - 1);
    }
    for (int b = 1; b < m / 2; ++b) {
      int x = mod(p - 1 + b) + 1, y = mod(p - 1 - b) + 1;
      if (mod(y - x) % 2 == 1) games.emplace_back(x - 1, y - 1);
      else games.emplace_back(y - 1, x - 1);
    }
    rounds.push_back(std::move(games));
  }
  if (double_round) {
    // The same rounds again, colours swapped; the first cycle's last two rounds exchanged, as
    // FIDE recommends, so that no one plays one colour three times in a row across the cycles.
    std::vector<std::vector<std::pair<int, int>>> second;
    for (const auto& round : rounds) {
      std::vector<std::pair<int, int>> swapped;
      for (auto [a, b] : round) swapped.emplace_back(b, a);
      second.push_back(std::move(swapped));
    }
    if (k >= 2) std::swap(rounds[size_t(k - 2)], rounds[size_t(k - 1)]);
    rounds.insert(rounds.end(), second.begin(), second.end());
  }
  return rounds;
}

}  // namespace kirin::server::tournament
