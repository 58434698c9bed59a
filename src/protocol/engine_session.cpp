#include "protocol/engine_session.h"

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin::protocol {

std::shared_ptr<const Variant> GameRules::build() const {
  std::shared_ptr<Variant> v = builtin_variant(variant);
  if (!profile.empty()) v->apply_profile(profile);
  for (const auto& [name, value] : options) v->set_option(name, value);
  return v;
}

void GameRules::set_option(const std::string& name, const std::string& value) {
  std::erase_if(options, [&](const auto& o) { return o.first == name; });
  options.emplace_back(name, value);
}

EngineSession::EngineSession(GameRules rules, size_t hash_mb)
    : rules_(std::move(rules)),
      variant_(rules_.build()),
      start_(parse_sfen(variant_, variant_->setup)),
      game_(start_),
      runner_(SearchRunner::Limits{.threads = 1, .hash_mb = hash_mb, .queue_limit = 1}) {}

EngineSession::~EngineSession() { stop_and_wait(); }

void EngineSession::set_rules(GameRules rules) {
  auto v = rules.build();  // throws before anything changes
  Position start = parse_sfen(v, v->setup);
  rules_ = std::move(rules);
  variant_ = std::move(v);
  start_ = start;
  game_ = Game(start_);
}

void EngineSession::change_rules(GameRules rules) {
  auto v = rules.build();
  if (v->id != variant_->id) throw VariantError("other rules of the same game expected, not " + v->id);
  Position start = parse_sfen(v, to_sfen(start_));
  Game replay(start);
  int number = 1;
  for (const Move& m : game_.moves()) {
    if (replay.outcome().over() || !is_legal(replay.position(), m))
      throw NotationError("move " + std::to_string(number) + " (" + to_usi(replay.position(), m) +
                              ") is not legal under these rules",
                          "rules");
    replay.play(m);
    ++number;
  }
  rules_ = std::move(rules);
  variant_ = std::move(v);
  start_ = start;
  game_ = std::move(replay);
}

void EngineSession::set_position(const Position& start) {
  start_ = start;
  game_ = Game(start_);
}

void EngineSession::reset_to_start() { set_position(parse_sfen(variant_, variant_->setup)); }

void EngineSession::play(const Move& m) { game_.play(m); }

bool EngineSession::take_back(int plies) {
  if (plies < 0 || plies > game_.plies()) return false;
  std::vector<Move> keep(game_.moves().begin(), game_.moves().end() - plies);
  Game replay(start_);
  for (const Move& m : keep) replay.play(m);
  game_ = std::move(replay);
  return true;
}

void EngineSession::set_hash_mb(size_t mb) {
  runner_.set_hash_mb(mb);
  if (mate_solver_) mate_solver_->set_hash_mb(mb);
}

void EngineSession::new_game() { runner_.new_game(); }

void EngineSession::start_search(const SearchLimits& limits, InfoCallback on_info,
                                 DoneCallback on_done) {
  stop_and_wait();
  limits_ = limits;
  searching_ = true;
  SearchJob job{.owner = "session",
                .game = game_,
                .limits = limits,
                .on_start = {},
                .on_info = std::move(on_info),
                .on_done = [this, on_done = std::move(on_done)](const SearchDone& done) {
                  if (on_done) on_done(done.result);
                  searching_ = false;
                }};
  SearchRunner::Admission admission = runner_.submit(std::move(job));
  // The runner has one thread and was idle: it only refuses once shut down, which is only
  // in the destructor.
  ticket_ = admission.ticket;
  if (!admission) searching_ = false;
}

void EngineSession::start_mate(const MateLimits& limits, MateDoneCallback on_done,
                               std::optional<Color> attacker) {
  stop_and_wait();
  if (!mate_solver_) mate_solver_ = std::make_unique<MateSolver>(runner_.hash_mb());
  mate_stop_requested_ = false;
  solving_ = true;
  auto solve = [this, limits, attacker, game = game_, on_done = std::move(on_done)] {
    MateSolver& solver = *mate_solver_;
    const MateResult result =
        solver.solve(game, limits, attacker, [this, &solver](const MateProgress&) {
          if (mate_stop_requested_) solver.stop();
        });
    if (on_done) on_done(result);
    solving_ = false;
  };
  if constexpr (kHasThreads)
    mate_thread_ = std::thread(std::move(solve));
  else
    solve();  // a build without threads solves before it returns (engine/search_runner.h)
}

void EngineSession::stop() {
  runner_.stop(ticket_);
  if (solving_) {
    mate_stop_requested_ = true;
    mate_solver_->stop();
  }
}

void EngineSession::wait() {
  runner_.wait_idle();
  if (mate_thread_.joinable()) mate_thread_.join();
}

void EngineSession::ponderhit() { runner_.ponderhit(ticket_); }

}  // namespace kirin::protocol
