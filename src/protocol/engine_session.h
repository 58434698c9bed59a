// What the USI and XBoard front-ends share: the game being played (the game definition with
// its profile and rule options, the start position and the moves since), and a SearchRunner
// of one thread that runs one search at a time while the front-end keeps reading input; a mate
// solve (USI `go mate`) runs on a thread of its own the same way, never beside a search.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "engine/mate_search.h"
#include "engine/search.h"
#include "engine/search_runner.h"
#include "rules/game.h"
#include "rules/variant.h"

namespace kirin::protocol {

// Which game, under which rules: a built-in game id (or alias), an optional profile and
// explicit rule options applied after it. Kept as text so that it can be rebuilt and changed
// one setting at a time, and a bad setting rejected without touching the current one.
struct GameRules {
  std::string variant = "chu";
  std::string profile;                                       // "" = the game's default
  std::vector<std::pair<std::string, std::string>> options;  // applied in order

  // Builds the game definition; throws VariantError (unknown game, profile or option value).
  std::shared_ptr<const Variant> build() const;
  // Sets a rule option, replacing an earlier value of it.
  void set_option(const std::string& name, const std::string& value);
  // The profile in force in `v` (this game's definition): the chosen one or the default.
  const std::string& profile_in(const Variant& v) const {
    return profile.empty() ? v.default_profile : profile;
  }
};

// The GUI option that sets a rule option of the game: Option_<name> (USI and XBoard).
inline constexpr std::string_view kRuleOptionPrefix = "Option_";

// What a front-end starts with (kirin engine --variant/--profile/--option/--hash).
struct EngineConfig {
  GameRules rules;
  size_t hash_mb = 64;
};

class EngineSession {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  using DoneCallback = std::function<void(const SearchResult&)>;
  using MateDoneCallback = std::function<void(const MateResult&)>;

  // Throws VariantError if `rules` does not build.
  explicit EngineSession(GameRules rules = {}, size_t hash_mb = 64);
  ~EngineSession();  // stops a running search and waits for its on_done
  EngineSession(const EngineSession&) = delete;
  EngineSession& operator=(const EngineSession&) = delete;

  // ---- The game. Change it only while no search runs (the front-ends stop or wait first).
  const GameRules& rules() const { return rules_; }
  const std::shared_ptr<const Variant>& variant() const { return variant_; }
  const Position& start() const { return start_; }
  const Game& game() const { return game_; }
  // Switches to other rules (throws VariantError, leaving everything unchanged) and resets the
  // game to the new start position.
  void set_rules(GameRules rules);
  // Other rules for the same game (a profile or an option changed in a GUI's settings): the
  // start position and the moves played are kept. Throws VariantError if `rules` does not
  // build, or NotationError if the start or a move played is not legal under them; nothing
  // changes then.
  void change_rules(GameRules rules);
  // Starts over from `start` (of the current game definition) with no moves played.
  void set_position(const Position& start);
  void reset_to_start();
  void play(const Move& m);  // a legal move (the caller parsed it against the position)
  // Takes back the last `plies` moves by replaying the rest; false if there are fewer.
  bool take_back(int plies);

  // ---- The searcher.
  void set_hash_mb(size_t mb);
  size_t hash_mb() const { return runner_.hash_mb(); }
  void new_game();  // clears the hash table and the move-ordering history

  // Searches a copy of the current game on the search thread: `on_info` after every
  // iteration, `on_done` once with the result (both on that thread). A search still running
  // is stopped and waited for first, so two never overlap.
  void start_search(const SearchLimits& limits, InfoCallback on_info, DoneCallback on_done);
  // Solves the current game for a mate by `attacker` (none: the side to move; the other side:
  // is the side to move mated whatever it plays) (the mate solver's table is made on first
  // use, of the session's hash size): `on_done` once, on the solver's thread. Like
  // start_search, it first stops and waits for whatever runs.
  void start_mate(const MateLimits& limits, MateDoneCallback on_done,
                  std::optional<Color> attacker = std::nullopt);
  void stop();            // asks the running search or solve to finish now; returns at once
  void wait();            // until it has ended and its on_done has returned
  void stop_and_wait() {
    stop();
    wait();
  }
  void ponderhit();       // a pondering search becomes a timed one
  // A search or solve started, its on_done not yet returned.
  bool searching() const { return searching_.load() || solving_.load(); }
  // The limits of the running (or last) search.
  const SearchLimits& search_limits() const { return limits_; }

 private:
  GameRules rules_;
  std::shared_ptr<const Variant> variant_;
  Position start_;
  Game game_;
  SearchLimits limits_;
  std::atomic<bool> searching_{false};
  SearchRunner::Ticket ticket_ = 0;  // of the running (or last) search
  std::unique_ptr<MateSolver> mate_solver_;  // made by the first start_mate
  std::thread mate_thread_;                  // of the running (or last) solve
  std::atomic<bool> solving_{false};
  // MateSolver::stop() before its solve() has begun could be forgotten when solve() begins:
  // the request is kept here too, and repeated at each progress report.
  std::atomic<bool> mate_stop_requested_{false};
  SearchRunner runner_;  // last: its thread goes first, while the rest still exists
};

}  // namespace kirin::protocol
