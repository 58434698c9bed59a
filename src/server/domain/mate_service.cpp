#include "server/domain/mate_service.h"

#include <fmt/core.h>

#include <algorithm>

#include "notation/notation_error.h"
#include "notation/usi.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"

namespace kirin::server {

const char* mate_status_word(MateStatus s) {
  switch (s) {
    case MateStatus::Mate: return "mate";
    case MateStatus::NoMate: return "no_mate";
    case MateStatus::Unknown: return "unknown";
  }
  return "unknown";
}

Move read_usi_move(const Game& game, const std::string& text, std::size_t index) {
  const std::string field = fmt::format("moves[{}]", index);
  if (game.outcome().over())
    throw ServiceError(ErrorCode::Invalid,
                       fmt::format("{} {}: the game is already over ({})", field,
                                   quoted_input(text), describe(game.outcome())),
                       field);
  try {
    return parse_usi(game.position(), text);
  } catch (const NotationError& e) {
    throw ServiceError(ErrorCode::Invalid, field + ": " + e.what(), field, e.offset());
  }
}

std::string setup_key(const GameSetup& setup) {
  std::string key = setup.game + "|" + setup.profile;
  for (const auto& [name, value] : setup.options) key += "|" + name + "=" + value;
  if (setup.drops) key += *setup.drops ? "|drops=true" : "|drops=false";
  return key;
}

MateService::MateService(MateOptions options, NowFn now)
    : options_(options),
      per_user_(options.per_minute, now),
      per_client_(options.per_minute, std::move(now)),
      pool_(options.threads, options.queue_limit, options.queue_per_client) {}

namespace {
// Whose turn a solve takes: the client address, else the user; "" for the local operator.
std::string turn_of(const Asker& asker) {
  if (!asker.client.empty()) return asker.client;
  return asker.user ? "user:" + std::to_string(asker.user) : std::string();
}
}  // namespace

void MateService::refuse(WorkPool::Refusal refusal) const {
  const long retry = long((budget(0) + 999) / 1000);
  if (refusal == WorkPool::Refusal::owner_busy)
    throw ServiceError(ErrorCode::TooManyRequests,
                       fmt::format("you have {} solve{} waiting or running already: ask again "
                                   "when {} answered",
                                   options_.queue_per_client,
                                   options_.queue_per_client == 1 ? "" : "s",
                                   options_.queue_per_client == 1 ? "it has" : "they have"))
        .retry_after(retry);
  if (refusal != WorkPool::Refusal::none)
    throw ServiceError(ErrorCode::Busy,
                       fmt::format("the server is solving for others ({} at once, {} waiting at "
                                   "most); try again in a few seconds",
                                   options_.threads, options_.queue_limit))
        .retry_after(retry);
}

void MateService::post(const Asker& asker, std::function<void()> task,
                       std::function<void()> then) {
  if (options_.threads <= 0) {
    task();
    return then();
  }
  refuse(pool_.try_post(turn_of(asker), std::move(task), std::move(then)));
}

MateService::~MateService() { stop(); }

std::size_t MateService::running() {
  std::lock_guard lock(mutex_);
  return running_.size();
}

void MateService::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (MateSolver* solver : running_) solver->stop();
  }
  pool_.stop(true);  // the requests waiting answer at once: their solves find it stopping
}

int64_t MateService::budget(int64_t movetime_ms) const {
  if (movetime_ms <= 0) return std::min(options_.default_movetime_ms, options_.max_movetime_ms);
  return std::min(movetime_ms, options_.max_movetime_ms);
}

std::optional<MateAnswer> MateService::remembered(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = cache_index_.find(key);
  if (it == cache_index_.end()) return std::nullopt;
  cache_.splice(cache_.begin(), cache_, it->second);  // the newest used again
  MateAnswer answer = it->second->second;
  answer.cached = true;
  return answer;
}

void MateService::remember(const std::string& key, const MateAnswer& answer) {
  // Only what was proved: an unknown might be proved with more time.
  // A mate not yet proved the shortest may be with a larger budget: solved again when asked.
  if (answer.status == MateStatus::Unknown || options_.cache_entries == 0 ||
      (answer.status == MateStatus::Mate && !answer.exact))
    return;
  std::lock_guard lock(mutex_);
  if (cache_index_.count(key)) return;
  cache_.emplace_front(key, answer);
  cache_index_[key] = cache_.begin();
  if (cache_.size() > options_.cache_entries) {
    cache_index_.erase(cache_.back().first);
    cache_.pop_back();
  }
}

void MateService::take_solve(const Asker& asker) {
  if (asker.user) per_user_.take_or_refuse(asker.user, "asked for", "solves");
  if (!asker.client.empty())
    per_client_.take_or_refuse(asker.client, "asked (from your address) for", "solves");
  if (asker.charge) asker.charge();
}

MateAnswer MateService::solve(const Game& game, const std::string& rules,
                              std::optional<Color> attacker, int64_t movetime_ms,
                              const Asker& asker) {
  if (game.outcome().over())
    throw ServiceError(ErrorCode::Invalid,
                       "the game is already over (" + describe(game.outcome()) +
                           "): there is nothing to solve");
  const Position& pos = game.position();
  const Color attacking = attacker.value_or(pos.side_to_move());
  // The position (its hash has the side to move and the hands) and who attacks; not the
  // history: a repetition that decides is rare enough in a problem.
  const std::string key = fmt::format("{}|{:016x}|{}", rules, pos.hash(), int(attacking));
  const int64_t time = budget(movetime_ms);
  if (std::optional<MateAnswer> answer = remembered(key)) {
    answer->movetime_ms = time;
    return *answer;
  }
  if (options_.threads <= 0)
    throw ServiceError(ErrorCode::Busy,
                       "the mate solver is switched off on this server "
                       "(kirin serve --mate-threads 0)");
  take_solve(asker);

  MateAnswer answer;
  refuse(pool_.try_run(turn_of(asker), [&] { answer = run(game, attacker, time); }));
  remember(key, answer);
  return answer;
}

MateAnswer MateService::run(const Game& game, std::optional<Color> attacker,
                            int64_t movetime_ms) {
  std::unique_ptr<MateSolver> solver;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return MateAnswer{.movetime_ms = movetime_ms};
    // At most `threads` solves run at once: one of them is free, or none was made yet.
    if (idle_.empty()) {
      solver = std::make_unique<MateSolver>(options_.hash_mb);
    } else {
      solver = std::move(idle_.back());
      idle_.pop_back();
    }
    running_.push_back(solver.get());
  }
  struct GiveBack {  // the solver goes back to the idle ones however the solve ends
    MateService& service;
    std::unique_ptr<MateSolver>& solver;
    ~GiveBack() {
      std::lock_guard lock(service.mutex_);
      std::erase(service.running_, solver.get());
      service.idle_.push_back(std::move(solver));
    }
  } give_back{*this, solver};
  MateLimits limits;
  limits.movetime_ms = movetime_ms;
  limits.nodes = options_.nodes;
  const MateResult result = solver->solve(game, limits, attacker);
  MateAnswer answer;
  answer.status = result.status;
  answer.mate_moves = result.status == MateStatus::Mate ? result.mate_moves() : 0;
  answer.exact = result.exact;
  answer.bounded = result.exact || result.bounded;
  answer.nodes = result.nodes;
  answer.time_ms = result.time_ms;
  answer.movetime_ms = movetime_ms;
  Position pos = game.position();
  for (const Move& m : result.line) {
    answer.line.push_back(to_usi(pos, m));
    Undo undo;
    pos.do_move(m, undo);
  }
  return answer;
}

MateAnswer MateService::solve(GameSetup setup, const std::vector<std::string>& moves,
                              int64_t movetime_ms, const Asker& asker) {
  BuiltSetup built = build_setup(setup);
  if (moves.size() > options_.max_moves)
    throw ServiceError(ErrorCode::Invalid,
                       fmt::format("{} moves are more than the {} a solve replays: send the SFEN "
                                   "of a later position and the moves since",
                                   moves.size(), options_.max_moves),
                       "moves");
  Game game(std::move(built.start));
  for (std::size_t i = 0; i < moves.size(); ++i) game.play(read_usi_move(game, moves[i], i));
  return solve(game, setup_key(setup), std::nullopt, movetime_ms, asker);
}

}  // namespace kirin::server
