// The searcher: iterative deepening principal-variation search over any Kirin game.
//
// One Searcher per engine instance. search() runs on the caller's thread until a limit is
// reached or stop() is called from another thread; protocol front-ends run it on a worker
// thread and keep reading commands. Every move it returns is legal under the game's rules.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/limits.h"
#include "engine/tt.h"
#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin {

constexpr int kMaxPly = 128;
constexpr int kMateScore = 30000;         // mate in n plies scores kMateScore - n
constexpr int kMateBound = kMateScore - kMaxPly;
constexpr int kInfinity = 32000;

inline bool is_mate_score(int score) { return score >= kMateBound || score <= -kMateBound; }

// A score as the commands that search print it: "cp 35", "mate 3" (moves), "mate -2".
std::string format_score(int score);

// What the searcher reports after each completed iteration (and at the end).
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int score = 0;  // centipawns from the side to move's view, or a mate score
  bool lower_bound = false, upper_bound = false;  // a fail-high / fail-low report
  int64_t nodes = 0;
  int64_t time_ms = 0;
  int64_t nps = 0;
  int hashfull = 0;  // per mille
  int multipv = 1;   // which line (1: the best) when the search looks for several
  std::vector<Move> pv;
};

struct SearchResult {
  Move best{};
  bool has_move = false;  // false only when the game is over (no legal move)
  Move ponder{};
  bool has_ponder = false;
  int score = 0;
  int depth = 0;
  int64_t nodes = 0;
  std::vector<Move> pv;
};

// The moves a search chooses from: the legal moves, without those that leave the mover's only
// royal capturable where another move does not (under rules without check such a move loses at
// once unless it wins first, as by baring the other King; GUIs such as XBoard refuse them).
void root_choices(const Game& game, MoveList& out);

// How many plies a late quiet move is searched shallower (then searched again at full depth
// if it beats alpha): more for later moves at greater depth, less at a principal-variation node,
// for a killer and for a move whose history is good.
struct ReductionContext {
  bool pv_node = false;
  bool killer = false;
  int history = 0;  // MoveOrder::reduction_history of the move
};
int late_move_reduction(int depth, int searched, const ReductionContext& context);

// Internal iterative reduction: how many plies shallower a node is searched that the hash table
// gives no move for (never searched, or searched too shallow to find one). Its moves would be
// searched in a poor order at full depth; a ply less is cheap, and the next iteration finds the
// node in the table with a move.
int internal_iterative_reduction(int depth, bool has_hash_move);

// Does a move put its piece on a square the enemy attacks and no other piece of the mover's
// defends? By the kept attack counts where the position keeps them (a line the move opens or
// closes is not seen there). The quiescence search skips such checks.
bool hangs(const Position& pos, const Move& m);
// The same in a game with drops (a piece taken returns against its owner, dropped) that keeps
// attack counts, for a move to another square; false elsewhere. The search prunes such quiet
// moves near the leaves.
bool hangs_in_drop_game(const Position& pos, const Move& m);

class Searcher {
 public:
  Searcher();
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  void set_hash_mb(size_t mb);  // resizes (and clears) the transposition table
  size_t hash_mb() const;
  void new_game();  // clears the table and the move-ordering history

  // Searches the game's current position; the game's moves are the history that repetition
  // detection needs. `on_info` (may be empty) is called after every iteration, once per line
  // (best first) when limits.multipv asks for several.
  SearchResult search(const Game& game, const SearchLimits& limits,
                      const std::function<void(const SearchInfo&)>& on_info = {});

  // Ends a running search as soon as possible (thread-safe). The search still returns its
  // best move so far.
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  // An infinite or pondering search becomes a timed one (USI ponderhit): the clock starts now.
  void ponderhit();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> ponderhit_{false};
};

}  // namespace kirin
