// The mate solver: proves or refutes a mate under the conventions of a mating problem
// (rules/mating.h), for every game and every power, with a depth-first proof-number search
// (df-pn) over a transposition table. What `kirin mate`, USI `go mate`, `kirin bench mate`, the
// server's problems room and the analysis board's "find a mate" use.
//
// The attacker is the side to move, or the side given (then the search starts with a defence:
// does every defence lose?). Every line returned with Mate has been replayed and checked
// (check_mating_line); a line that failed that check is never returned (the answer is Unknown).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/mating.h"

namespace kirin {

struct MateLimits {
  int64_t nodes = 0;        // positions visited; 0 = no limit
  int64_t movetime_ms = 0;  // 0 = no limit
  int max_moves = 0;        // the longest mate looked for, in the attacker's moves; 0 = any
  // After a first proof: find the shortest mate and prove that none is shorter (the budget
  // allowing), and give the longest defence at every defender's move.
  bool shorten = true;
  bool proof = false;  // build the proof of a mate (MateResult::proof)
  // Shogi's futile-interposition convention (無駄合, rules/mating.h), where the game has drops
  // and the check rule: futile interpositions are not counted in the length, and a line may
  // end where only they are left; each must still lose, and is searched once the counted
  // defences of its node are proved, without a depth limit (under the convention again).
  bool futile_interpositions = true;
  // The first depth limit in plies (0: the solver's, 600), doubled whenever it alone kept the
  // root from a proof: what tests of long mates set lower.
  int first_depth_limit = 0;
  // Hand dominance in the table (games with drops; engine/mate_table.h): a proof holds for
  // the same board with more pieces in the attacker's hand, a disproof with fewer. Off: each
  // hand is a position of its own (what tests compare against).
  bool hand_dominance = true;
};

enum class MateStatus {
  Mate,     // proved: `line` mates whatever the defender does
  NoMate,   // proved that no mate exists (within max_moves, if set)
  Unknown,  // the budget ran out, or stop() was called
};
const char* to_string(MateStatus s);  // "mate", "no mate", "unknown"

// Why a solve answered Unknown.
enum class MateStop {
  None,
  Movetime,    // --movetime ran out
  Nodes,       // --nodes ran out
  Stopped,     // stop() was called
  DepthLimit,  // every line left open was cut at the deepest the solver goes (kMaxPlies)
  Unchecked,   // proved, but the line could not be completed or failed its replay
};
const char* to_string(MateStop s);  // "time budget", "node budget", "stopped", ...

struct MateResult {
  MateStatus status = MateStatus::Unknown;
  // Mate: the line from the position, attacker's moves and the longest defence found, ending
  // with the defender mated (empty when the defender to move is mated already: a mate in 0).
  // NoMate at a defender-to-move root: the refuting defence (one move).
  std::vector<Move> line;
  int64_t nodes = 0;
  int64_t time_ms = 0;
  // Mate: the length is the shortest: no mate in one move less was proved, within the budget
  // (else the mate is "in at most" mate_moves()).
  bool exact = false;
  // Mate: a mate in at most mate_moves() is proved (by a search limited to that length). When
  // false, only an unlimited search proved the mate: the line mates against the defences it
  // shows, and a longer defence may exist.
  bool bounded = false;
  // The futile-interposition convention applied (MateLimits::futile_interpositions, and the
  // game has drops and the check rule): the length leaves them out.
  bool futile_convention = false;
  // Mate, when MateLimits::proof: the proof, every attacker-to-move position of it once,
  // parents before children (notation/mate_proof writes it as text). Every defence of every
  // listed move leads to a listed position or cannot keep a royal; its longest line is
  // mate_moves() long. Empty if the budget ran out before it was complete.
  std::vector<ProofPosition> proof;
  // Mate: when the first proof and its line were complete, before the shortening pass (what
  // "solved within" measures).
  int64_t proved_ms = 0;
  // The length of the mate in the attacker's moves (0 unless Mate).
  int mate_moves() const;
  MateStop stop = MateStop::None;  // why, when Unknown
  int hashfull = 0;                // per mille of the table in use at the end
  int64_t collections = 0;         // times the full table's least-worked half was cleared
};

// What a mate's length is proved to be: "exact" (the shortest), "at_most" (a bound), or
// "unbounded" (the line's own length; a longer defence may exist): the API's and USI's words.
const char* mate_length_word(bool exact, bool bounded);

// Reported about once a second during a long solve.
struct MateProgress {
  int64_t nodes = 0;
  int64_t time_ms = 0;
  int hashfull = 0;  // per mille of the table in use
  int64_t collections = 0;  // times the table was full and its least-worked half cleared
  uint32_t root_pn = 0, root_dn = 0;  // the root's proof and disproof numbers
};

class MateSolver {
 public:
  explicit MateSolver(size_t hash_mb = 64);
  ~MateSolver();
  MateSolver(const MateSolver&) = delete;
  MateSolver& operator=(const MateSolver&) = delete;

  void set_hash_mb(size_t mb);  // resizes and clears the table
  size_t hash_mb() const;
  // The largest table this machine can hold: three quarters of its physical memory.
  static size_t max_hash_mb();

  // Solves the game's current position (its history is the repetition history). Runs on the
  // caller's thread until proved, disproved, out of budget or stopped.
  MateResult solve(const Game& game, const MateLimits& limits,
                   std::optional<Color> attacker = std::nullopt,
                   const std::function<void(const MateProgress&)>& progress = {});

  // Ends a running solve as soon as possible (thread-safe); it answers Unknown.
  void stop() { stop_.store(true, std::memory_order_relaxed); }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::atomic<bool> stop_{false};
};

}  // namespace kirin
