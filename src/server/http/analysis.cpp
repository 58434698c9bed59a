#include "server/http/analysis.h"

#include <fmt/core.h>

#include <algorithm>

#include "notation/position_moves.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "server/domain/game_setup.h"
#include "server/domain/results.h"
#include "server/domain/service_error.h"
#include "server/http/api_json.h"
#include "server/http/log.h"
#include "server/http/message.h"

namespace kirin::server::http {

using nlohmann::json;

namespace {

json usi_list(const Position& start, const std::vector<Move>& moves) {
  json out = json::array();
  Position pos = start;
  for (const Move& m : moves) {
    out.push_back(to_usi(pos, m));
    Undo undo;
    pos.do_move(m, undo);
  }
  return out;
}

// Centipawns, or moves to mate (negative: the side to move is mated), never both.
void put_score(json& j, int score) {
  if (is_mate_score(score)) {
    int plies = kMateScore - std::abs(score);
    j["score_cp"] = nullptr;
    j["mate"] = (score > 0 ? 1 : -1) * ((plies + 1) / 2);
  } else {
    j["score_cp"] = score;
    j["mate"] = nullptr;
  }
}

void send_to(const std::weak_ptr<WsPeer>& peer, const json& message) {
  if (auto p = peer.lock()) p->send(message);
}

json with_id(json message, const json& id) {
  if (!id.is_null()) message["id"] = id;
  return message;
}

json done_message(const json& id, const std::string& reason) {
  return with_id({{"type", "analysis_done"}, {"reason", reason}}, id);
}

// The fields of a challenge's setup, as the analysis request names them.
GameSetup read_setup(const json& message) {
  json setup = {{"game", message.at("variant")}};
  for (const char* field : {"profile", "options", "drops", "handicap", "sfen"})
    if (message.contains(field)) setup[field] = message[field];
  try {
    return read_challenge_request(setup).setup;
  } catch (const HttpError& e) {
    throw AnalysisError(e.code(), e.what());
  }
}

std::string setup_field(const std::string& service_field) {
  if (service_field == "game") return "variant";
  if (service_field == "start_sfen") return "sfen";
  return service_field;
}

int64_t positive_int(const json& message, const char* field, int64_t max, const char* unit) {
  const json& value = message[field];
  if (!value.is_number_integer() || value.get<int64_t>() < 1 || value.get<int64_t>() > max)
    throw AnalysisError(
        "bad_request",
        fmt::format("field \"{}\" must be a whole number of {} from 1 to {}", field, unit, max),
        field);
  return value.get<int64_t>();
}

}  // namespace

json AnalysisError::to_json(const json& id) const {
  json error = error_body(code_, what());
  if (!field_.empty()) error["error"]["field"] = field_;
  if (offset_ >= 0) error["error"]["offset"] = offset_;
  error["type"] = "error";
  return with_id(std::move(error), id);
}

AnalysisLimits analysis_limits(const ServerOptions& options) {
  AnalysisLimits limits;
  limits.threads = options.analysis_threads;
  limits.time_limit = options.analysis_time_limit;
  limits.hash_mb = options.analysis_hash_mb;
  limits.queue_per_client = options.analysis_queue_per_client;
  return limits;
}

AnalysisRequest read_analysis_request(const json& message, const AnalysisLimits& limits) {
  if (!message.is_object()) throw AnalysisError("bad_request", "the message must be a JSON object");
  if (!message.contains("variant") || !message["variant"].is_string())
    throw AnalysisError("bad_request",
                        "field \"variant\" is required: a game id or alias such as \"chu\"",
                        "variant");
  GameSetup setup = read_setup(message);
  AnalysisRequest request;
  try {
    BuiltSetup built = build_setup(setup);
    request.game = std::make_unique<Game>(std::move(built.start));
    request.variant = built.variant->id;
  } catch (const ServiceError& e) {
    throw AnalysisError(code_name(e.code()), e.what(), setup_field(e.field()), e.offset());
  }

  if (message.contains("moves") && !message["moves"].is_null()) {
    const json& moves = message["moves"];
    if (!moves.is_array())
      throw AnalysisError("bad_request", "field \"moves\" must be a list of USI moves", "moves");
    if (moves.size() > limits.max_moves)
      throw AnalysisError(
          "bad_request",
          fmt::format("{} moves are more than the {} an analysis replays: send the SFEN of a "
                      "later position and the moves since",
                      moves.size(), limits.max_moves),
          "moves");
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (!moves[i].is_string()) {
        std::string field = fmt::format("moves[{}]", i);
        throw AnalysisError("bad_request", field + " must be a string such as \"7g7f\"", field);
      }
      texts.push_back(moves[i]);
    }
    try {
      play_usi_moves(*request.game, texts);
    } catch (const NotationError& e) {
      throw AnalysisError("invalid", e.what(), e.field(), e.offset());
    }
  }

  int64_t cap = limits.time_limit.count();
  request.limits.movetime_ms = cap;
  if (message.contains("movetime") && !message["movetime"].is_null())
    request.limits.movetime_ms = positive_int(message, "movetime", cap, "milliseconds");
  if (message.contains("depth") && !message["depth"].is_null())
    request.limits.depth = int(positive_int(message, "depth", kMaxPly - 1, "plies"));
  if (message.contains("multipv") && !message["multipv"].is_null())
    request.limits.multipv = int(positive_int(message, "multipv", limits.max_multipv, "lines"));
  return request;
}

json analysis_info_json(const Position& pos, const SearchInfo& info, const json& id) {
  json j = {{"type", "analysis"},
            {"depth", info.depth},
            {"seldepth", info.seldepth},
            {"multipv", info.multipv},
            {"bound", info.lower_bound   ? "lower"
                      : info.upper_bound ? "upper"
                                         : "exact"},
            {"pv", usi_list(pos, info.pv)},
            {"nodes", info.nodes},
            {"nps", info.nps},
            {"time_ms", info.time_ms},
            {"hashfull", info.hashfull}};
  put_score(j, info.score);
  return with_id(std::move(j), id);
}

AnalysisService::AnalysisService(AnalysisLimits limits)
    : limits_(limits),
      readers_(limits.threads > 0 ? limits.read_threads : 0, limits.read_queue_limit),
      runner_(SearchRunner::Limits{.threads = std::max(0, limits.threads),
                                   .hash_mb = limits.hash_mb,
                                   .queue_limit = limits.queue_limit,
                                   .owner_queue_limit = limits.queue_per_client}) {}

AnalysisService::~AnalysisService() { stop(); }

void AnalysisService::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  // Without mutex_: the last tasks and callbacks take it.
  readers_.stop();
  runner_.shutdown();
}

bool AnalysisService::handle(const std::shared_ptr<WsPeer>& peer, std::string_view op,
                             const json& message, const json& id, ResumeReading resume) {
  if (op == "analyze") return analyze(peer, message, id, std::move(resume));
  // stop_analysis: what was asked for ends with its own analysis_done ("stopped").
  std::lock_guard lock(mutex_);
  auto it = clients_.find(peer.get());
  if (it == clients_.end() || (!it->second.reading && !it->second.active)) {
    peer->send(done_message(id, "not_running"));
    return true;
  }
  Client& client = it->second;
  if (client.reading) peer->send(done_message(client.reading->id, "stopped"));
  if (client.active) end_active_locked(client, peer, "stopped");
  clients_.erase(it);
  return true;
}

bool AnalysisService::analyze(const std::shared_ptr<WsPeer>& peer, const json& message,
                              const json& id, ResumeReading resume) {
  if (limits_.threads <= 0) {
    peer->send(AnalysisError("unavailable",
                             "analysis is switched off on this server "
                             "(kirin serve --analysis-threads 0)")
                   .to_json(id));
    return true;
  }
  std::uint64_t ticket;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return true;
    Client& client = clients_[peer.get()];
    // The connection reads nothing more while a request is read, so none should be: a
    // request still being read is superseded all the same. The running analysis goes on
    // until this one turns out to be good.
    if (client.reading) peer->send(done_message(client.reading->id, "replaced"));
    ticket = ++next_ticket_;
    client.reading = Client::Reading{ticket, id};
  }
  // Reading replays the moves: on the readers' pool, and the connection waits meanwhile.
  // In the client address's turn: one address's requests do not hold back another's.
  bool queued = readers_.try_post(peer->client_address(),
                                  [this, weak = std::weak_ptr<WsPeer>(peer), key = peer.get(),
                                   peer_address = peer->client_address(), ticket, message, id,
                                   resume] {
                                    read(Job{weak, key, peer_address, id, ticket, {}}, message);
                                    resume();
                                  }) == WorkPool::Refusal::none;
  if (queued) return false;
  std::lock_guard lock(mutex_);
  auto it = clients_.find(peer.get());
  if (it != clients_.end() && it->second.reading && it->second.reading->ticket == ticket) {
    it->second.reading.reset();
    if (!it->second.active) clients_.erase(it);
  }
  peer->send(AnalysisError("busy", "the server is reading other analysis requests; try again "
                                   "later")
                 .to_json(id));
  return true;
}

void AnalysisService::read(Job job, const json& message) {
  // Held outside the lock: the last reference to a closed connection must not go while
  // mutex_ is held, as its destructor calls closed().
  std::shared_ptr<WsPeer> alive = job.peer.lock();
  auto current = [&] {  // under mutex_: the request is still the connection's newest
    auto it = clients_.find(job.key);
    return !stopping_ && it != clients_.end() && it->second.reading &&
           it->second.reading->ticket == job.ticket;
  };
  {
    std::lock_guard lock(mutex_);
    if (!alive || !current()) return;  // closed, stopped or replaced: dropped before any work
  }
  try {
    job.request = read_analysis_request(message, limits_);
  } catch (const AnalysisError& e) {
    std::lock_guard lock(mutex_);
    if (!current()) return;
    auto it = clients_.find(job.key);
    it->second.reading.reset();
    if (!it->second.active) clients_.erase(it);
    alive->send(e.to_json(job.id));
    return;
  }
  accept(std::move(job));
}

void AnalysisService::accept(Job job) {
  std::shared_ptr<WsPeer> peer = job.peer.lock();  // outside the lock, as above
  if (!peer) return;                               // closed() has tidied up
  std::lock_guard lock(mutex_);
  auto it = clients_.find(job.key);
  // Superseded, stopped or disconnected while it was read: it has had its answer.
  if (stopping_ || it == clients_.end() || !it->second.reading ||
      it->second.reading->ticket != job.ticket)
    return;
  Client& client = it->second;
  client.reading.reset();
  // Checked before the analysis it replaces ends: a refused request leaves it running. Only
  // this service submits, under mutex_, so the queue cannot fill up in between.
  bool replaces_waiting = client.active && runner_.is_waiting(client.active->ticket);
  std::size_t waiting = runner_.waiting() - (replaces_waiting ? 1 : 0);
  if (waiting >= limits_.queue_limit) {
    peer->send(AnalysisError("busy", fmt::format("the server is analysing for others: {} "
                                                 "analyses are waiting; try again later",
                                                 waiting))
                   .to_json(job.id));
    if (!client.active) clients_.erase(it);
    return;
  }
  if (client.active) end_active_locked(client, peer, "replaced");
  if (job.request.game->outcome().over()) {
    json done = done_message(job.id, "game_over");
    const Outcome& outcome = job.request.game->outcome();
    done["result"] = describe(outcome);
    // The same words as a game's `result` and `reason`, for a page to say in its language.
    done["outcome"] = {{"result", result_word(outcome.result)},
                       {"reason", reason_word(outcome.reason)}};
    done["best_move"] = nullptr;
    peer->send(done);
    clients_.erase(it);
    return;
  }
  json id = job.id;
  auto search = std::make_shared<Search>(Search{job.peer, job.key, job.id, job.request.variant,
                                                job.request.game->position()});
  SearchRunner::Admission admission = runner_.submit(search_job(std::move(job), search));
  if (!admission) {
    if (admission.refusal == SearchRunner::Refusal::owner_queue_full)
      peer->send(AnalysisError("busy", fmt::format("{} analyses from your address are waiting "
                                                   "already, the most one client may have",
                                                   limits_.queue_per_client))
                     .to_json(id));
    else if (admission.refusal == SearchRunner::Refusal::queue_full)
      peer->send(AnalysisError("busy", "the server is analysing for others; try again later")
                     .to_json(id));
    clients_.erase(it);  // (shut_down: nothing more is sent)
    return;
  }
  search->ticket = admission.ticket;  // under mutex_, which every callback takes first
  client.active = Client::Active{admission.ticket, id};
  if (admission.waits)
    peer->send(with_id({{"type", "analysis_queued"}, {"ahead", admission.ahead}}, id));
}

// The callbacks run on the runner's threads. They send with mutex_ released: a connection's
// last reference may die in send_to, and its destructor calls closed().
SearchJob AnalysisService::search_job(Job job, const std::shared_ptr<Search>& search) {
  // Each connection is an owner: the connections take turns for the threads.
  // Client addresses take turns for the threads, each with a few places in the queue.
  std::string owner = "address " + job.client;
  const SearchLimits limits = job.request.limits;

  auto on_start = [this, search, limits] {
    {
      std::lock_guard lock(mutex_);
      if (stopping_ || ending_.contains(search->ticket)) return;  // ended before it began
    }
    const Position& pos = search->root;
    json started = {{"type", "analysis_started"},
                    {"variant", search->variant},
                    {"sfen", to_sfen(pos)},
                    {"to_move", color_word(pos.side_to_move())},
                    {"movetime", limits.movetime_ms},
                    {"depth", limits.depth ? json(limits.depth) : json(nullptr)},
                    {"multipv", limits.multipv}};
    send_to(search->peer, with_id(std::move(started), search->id));
  };
  auto on_info = [search](const SearchInfo& info) {
    send_to(search->peer, analysis_info_json(search->root, info, search->id));
  };
  auto on_done = [this, search](const SearchDone& done) {
    const Position& pos = search->root;
    std::string reason = "finished";
    {
      std::lock_guard lock(mutex_);
      if (auto ended = ending_.find(search->ticket); ended != ending_.end()) {
        reason = ended->second;
        ending_.erase(ended);
      } else if (auto it = clients_.find(search->key);
                 it != clients_.end() && it->second.active &&
                 it->second.active->ticket == search->ticket) {
        it->second.active.reset();
        if (!it->second.reading) clients_.erase(it);
      }
      if (stopping_ || done.end == SearchEnd::shut_down) return;
    }
    if (done.end == SearchEnd::failed) {
      log("error: analysis of {} in {}: {}", to_sfen(pos), search->variant, done.error);
      reason = "error";
    }
    const SearchResult& result = done.result;
    json message = done_message(search->id, reason);
    message["best_move"] = result.has_move ? json(to_usi(pos, result.best)) : json(nullptr);
    message["ponder"] = result.has_ponder ? json(usi_list(pos, {result.best, result.ponder})[1])
                                          : json(nullptr);
    message["depth"] = result.depth;
    put_score(message, result.score);
    message["pv"] = usi_list(pos, result.pv);
    message["nodes"] = result.nodes;
    send_to(search->peer, message);
  };
  return SearchJob{.owner = std::move(owner),
                   .game = std::move(*job.request.game),
                   .limits = limits,
                   .before_start = {},
                   .on_start = std::move(on_start),
                   .on_info = std::move(on_info),
                   .on_done = std::move(on_done)};
}

void AnalysisService::end_active_locked(Client& client, const std::shared_ptr<WsPeer>& peer,
                                        const std::string& reason) {
  Client::Active active = std::move(*client.active);
  client.active.reset();
  switch (runner_.cancel(active.ticket)) {
    case SearchRunner::Cancelled::stopping:
      // Its on_done sends analysis_done once the search has returned.
      ending_[active.ticket] = peer ? reason : "closed";
      return;
    case SearchRunner::Cancelled::dropped:
      if (peer) peer->send(done_message(active.id, reason));
      return;
    case SearchRunner::Cancelled::unknown:  // cannot be: active until its on_done
      return;
  }
}

void AnalysisService::closed(const WsPeer* peer) {
  std::lock_guard lock(mutex_);
  auto it = clients_.find(peer);
  if (it == clients_.end()) return;
  if (it->second.active) end_active_locked(it->second, nullptr, "closed");
  clients_.erase(it);
}

}  // namespace kirin::server::http
