#include "engine/repetition.h"

namespace kirin {

int earlier_occurrence(const std::vector<uint64_t>& hashes, int window) {
  const int n = int(hashes.size());
  if (n == 0) return -1;
  const uint64_t h = hashes[n - 1];
  for (int i = n - 3; i >= 0 && i >= n - 1 - window; i -= 2)
    if (hashes[i] == h) return i;
  return -1;
}

RepetitionVerdict judge_repetition(const std::vector<uint8_t>& attacking, int first,
                                   const RuleOptions& rules) {
  if (!rules.perpetual_attacker_loses) return RepetitionVerdict::Draw;
  const int n = int(attacking.size());
  bool mover_attacked = true, other_attacked = true;  // every move of each side since `first`
  for (int i = first + 1; i < n; ++i) {
    bool& all = (n - 1 - i) % 2 == 0 ? mover_attacked : other_attacked;
    all = all && attacking[i];
  }
  if (rules.repetition == RuleOptions::Repetition::Lishogi)
    return mover_attacked ? RepetitionVerdict::SideToMoveWins : RepetitionVerdict::Draw;
  if (mover_attacked == other_attacked) return RepetitionVerdict::Draw;
  return mover_attacked ? RepetitionVerdict::SideToMoveWins : RepetitionVerdict::SideToMoveLoses;
}

}  // namespace kirin
