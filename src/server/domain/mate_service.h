// The mate solver (engine/mate_search) as the server offers it: the problems room's answers
// (problems.h) and the analysis board's "find a mate". A solve is costly, so it is bounded:
// a time budget per request (a default, and a maximum any request is clamped to), a few solves
// at once server-wide on a WorkPool of their own, its queue fair between askers (one client
// address, or one user without an address, takes one turn in each round, and has at most
// queue_per_client solves waiting or running; past the threads and a short queue a solve is
// refused as busy), a number of solves per minute for each user and each client address, and
// a table per thread allocated once and reused. Proved answers are remembered by position, so
// the same question is not solved twice. solve() holds its caller while it waits and runs;
// post() runs a whole request on the solver's threads instead, so that the HTTP workers never
// wait for a solve (the solve inside it then runs at once, on the thread it holds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/mate_search.h"
#include "rules/game.h"
#include "server/domain/clocks.h"
#include "server/domain/rate_limit.h"
#include "server/domain/records.h"
#include "server/domain/work_pool.h"

namespace kirin::server {

struct MateOptions {
  int threads = 1;               // solves at once, server-wide; 0 switches the solver off
  std::size_t queue_limit = 4;   // solves waiting for a thread; more are refused (busy)
  std::size_t queue_per_client = 1;    // one asker's solves waiting or running (too_many_requests)
  int64_t default_movetime_ms = 3000;  // a request that names no time
  int64_t max_movetime_ms = 10000;     // the most any request gets: longer asks are clamped
  std::size_t hash_mb = 32;            // the table of each solver thread
  std::size_t per_minute = 20;  // solves one user, and one client address, may ask for
  std::size_t cache_entries = 1000;    // proved answers remembered
  std::size_t max_moves = 3000;        // moves a request may replay before its position
  // Positions a solve may visit besides its time (0: no limit): a budget that gives the same
  // answer on any machine (tests).
  int64_t nodes = 0;
};

// Who asks: counted against per_minute by user (if signed in) and by client address (if
// known). Neither: the local operator (`kirin command`), who is not limited.
struct Asker {
  Id user = 0;
  std::string client;  // the HTTP client's address, or a mail's sender
  // The door's own limit (kirin mail's: per message, per sender and hour), called when a
  // solve is about to run (not for an answer remembered): throws ServiceError to refuse it.
  std::function<void()> charge;
};

struct MateAnswer {
  MateStatus status = MateStatus::Unknown;
  // Mate: the whole line, attacker's moves and the longest defence, in lishogi USI from the
  // position. NoMate at a defender-to-move position: the refuting defence.
  std::vector<std::string> line;
  int mate_moves = 0;  // Mate: the length in the attacker's moves
  bool exact = false;  // Mate: proved the shortest (else a mate in at most mate_moves)
  // Mate: a mate in at most mate_moves is proved. When false (and not exact), only the line
  // is proved to mate against the defences it shows: a longer defence may exist.
  bool bounded = false;
  int64_t nodes = 0, time_ms = 0;
  int64_t movetime_ms = 0;  // the budget it had (after clamping)
  bool cached = false;      // answered from the remembered answers, without solving
};

// "mate", "no_mate", "unknown": the API's words.
const char* mate_status_word(MateStatus s);

// Reads `moves[index]` (lishogi USI) in `game`'s position; throws ServiceError (invalid,
// field "moves[INDEX]") for a move that does not read, is not legal, or comes after the end.
Move read_usi_move(const Game& game, const std::string& text, std::size_t index);

class MateService {
 public:
  explicit MateService(MateOptions options = {}, NowFn now = system_now);
  ~MateService();  // stop()
  MateService(const MateService&) = delete;
  MateService& operator=(const MateService&) = delete;

  const MateOptions& options() const { return options_; }
  // The budget a request gets: the default for 0, at most the maximum.
  int64_t budget(int64_t movetime_ms) const;

  // Solves the game's position for `attacker` (the side to move if none: then the search
  // starts with a defence). `rules` names the game and its rule options (setup_key), for the
  // remembered answers. Throws ServiceError: too_many_requests (the asker is over
  // per_minute; answers remembered do not count), busy (the solver is switched off, or every
  // thread and place in the queue is taken), invalid (the game is over).
  MateAnswer solve(const Game& game, const std::string& rules, std::optional<Color> attacker,
                   int64_t movetime_ms, const Asker& asker);

  // The analysis board's question: the setup's start position (setup.start_sfen) after
  // `moves`, the side to move attacking. Throws ServiceError naming the field: the setup's
  // ("game", "profile", "option NAME", "start_sfen"), "moves[I]", and those of solve.
  MateAnswer solve(GameSetup setup, const std::vector<std::string>& moves, int64_t movetime_ms,
                   const Asker& asker);

  // Runs `task` (a request that may solve: a problem attempt, a find-a-mate question) on a
  // solver thread in `asker`'s turn, then `then` (its answer) once its place is free, and
  // returns at once; its solve runs there without queueing again. Throws ServiceError busy (every
  // thread and place taken) or too_many_requests (the asker has queue_per_client waiting or
  // running). With the solver switched off, runs `task` on the caller's thread (its solves are
  // refused, the book still answers). Neither may throw.
  void post(const Asker& asker, std::function<void()> task, std::function<void()> then);

  std::size_t queue_length() const { return pool_.waiting(); }  // solves waiting for a thread

  // Ends the running solves and those waiting (they answer unknown) and refuses new ones.
  // Idempotent.
  void stop();

  // For the metrics: solves waiting for a thread, and running.
  std::size_t waiting() const { return pool_.waiting(); }
  std::size_t running();

 private:
  std::optional<MateAnswer> remembered(const std::string& key);
  void remember(const std::string& key, const MateAnswer& answer);
  void take_solve(const Asker& asker);
  // Throws the refusal's ServiceError, if any.
  void refuse(WorkPool::Refusal refusal) const;
  MateAnswer run(const Game& game, std::optional<Color> attacker, int64_t movetime_ms);

  MateOptions options_;
  RateLimit per_user_, per_client_;
  std::mutex mutex_;
  bool stopping_ = false;
  std::vector<std::unique_ptr<MateSolver>> idle_;  // solvers made and free, tables kept
  std::vector<MateSolver*> running_;
  // The remembered answers, newest first, and where each key is in the list.
  std::list<std::pair<std::string, MateAnswer>> cache_;
  std::unordered_map<std::string, std::list<std::pair<std::string, MateAnswer>>::iterator>
      cache_index_;
  WorkPool pool_;  // last: its threads go first
};

// The part of a setup that decides the rules, for MateService::solve's `rules`:
// "chu|lishogi|drops=true".
std::string setup_key(const GameSetup& setup);

}  // namespace kirin::server
