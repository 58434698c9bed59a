// The engine's analysis for WebSocket clients (docs/API.md, "Analysis"): a client sends
// {"op":"analyze","variant":"chu","sfen":"...","moves":[...],"id":1} and receives the score
// and principal variation of every completed iteration, then "analysis_done". One analysis
// per connection (a new one replaces it once it has been found good; "stop_analysis" or
// closing the connection ends it).
// Searches run on a SearchRunner of their own, at most `threads` at once server-wide, each
// with a small transposition table and a time cap; more wait in a short queue where client
// addresses take turns, each with a few places at most. Requests are read and checked (a long
// game's moves take a while to replay) on a small pool of their own, never on the network
// threads or the request workers; while a connection's request is read, the connection reads
// no further message, so one client cannot queue up work faster than it is done.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/search.h"
#include "engine/search_runner.h"
#include "notation/position_moves.h"
#include "rules/game.h"
#include "server/domain/work_pool.h"
#include "server/http/options.h"
#include "server/http/ws_extension.h"

namespace kirin::server::http {

struct AnalysisLimits {
  int threads = 1;  // searches at once; 0: analysis is switched off
  std::chrono::milliseconds time_limit{std::chrono::seconds(30)};  // per search, at most
  std::size_t hash_mb = 16;                                        // per search thread
  std::size_t queue_limit = 32;  // analyses waiting for a thread; more are refused
  std::size_t queue_per_client = 2;  // of those, from one client address
  std::size_t max_moves = kMaxReplayedMoves;  // moves a request may replay
  int max_multipv = 5;           // lines one analysis may ask for (they share its time)
  int read_threads = 1;              // replaying requests' moves
  std::size_t read_queue_limit = 64;  // requests waiting to be read; more are refused
};
AnalysisLimits analysis_limits(const ServerOptions& options);

// A request read and checked: the position after its moves, and how long to search.
struct AnalysisRequest {
  std::unique_ptr<Game> game;
  SearchLimits limits;
  std::string variant;  // the canonical id
};
// Throws AnalysisError naming the field ("variant", "sfen", "moves[3]", "movetime") and,
// where it applies, the character offset in it.
AnalysisRequest read_analysis_request(const nlohmann::json& message, const AnalysisLimits& limits);

class AnalysisError : public std::runtime_error {
 public:
  AnalysisError(std::string code, const std::string& message, std::string field = {},
                long offset = -1)
      : std::runtime_error(message),
        code_(std::move(code)),
        field_(std::move(field)),
        offset_(offset) {}
  // {"type":"error","error":{"code":...,"message":...,"field":...,"offset":...}}
  nlohmann::json to_json(const nlohmann::json& id) const;
  const std::string& code() const { return code_; }
  const std::string& field() const { return field_; }
  long offset() const { return offset_; }

 private:
  std::string code_, field_;
  long offset_;
};

// {"type":"analysis",...} for one iteration of a search of `pos`.
nlohmann::json analysis_info_json(const Position& pos, const SearchInfo& info,
                                  const nlohmann::json& id);

class AnalysisService : public WsExtension {
 public:
  explicit AnalysisService(AnalysisLimits limits);
  ~AnalysisService() override;

  std::vector<std::string> ops() const override { return {"analyze", "stop_analysis"}; }
  bool handle(const std::shared_ptr<WsPeer>& peer, std::string_view op,
              const nlohmann::json& message, const nlohmann::json& id,
              ResumeReading resume) override;
  void closed(const WsPeer* peer) override;
  void stop() override;

  // For the metrics: analyses waiting for a thread, and running.
  std::size_t waiting() const { return runner_.waiting(); }
  std::size_t running() const { return runner_.running(); }

 private:
  struct Job {
    std::weak_ptr<WsPeer> peer;
    const WsPeer* key;
    std::string client;  // its address
    nlohmann::json id;
    std::uint64_t ticket;  // of the request (Client::Reading)
    AnalysisRequest request;
  };
  // What one connection has asked for. Every analyze ends in exactly one "error" or
  // "analysis_done" with its id.
  struct Client {
    struct Reading {  // the newest request, being read and checked on the worker pool
      std::uint64_t ticket;
      nlohmann::json id;
    };
    struct Active {  // the analysis: waiting for a thread, or searching
      SearchRunner::Ticket ticket;
      nlohmann::json id;
    };
    std::optional<Reading> reading;
    std::optional<Active> active;
  };

  bool analyze(const std::shared_ptr<WsPeer>& peer, const nlohmann::json& message,
               const nlohmann::json& id, ResumeReading resume);
  // Reads a request on the readers' pool, unless it is no longer wanted.
  void read(Job job, const nlohmann::json& message);
  // After the request was read: it replaces the connection's analysis, unless a newer
  // request or a stop came meanwhile.
  void accept(Job job);
  // An accepted request's search, as its callbacks see it.
  struct Search {
    std::weak_ptr<WsPeer> peer;
    const WsPeer* key;
    nlohmann::json id;
    std::string variant;
    Position root;
    SearchRunner::Ticket ticket = 0;  // set (under mutex_) once submitted
  };
  // The search of an accepted request, with the callbacks that report it.
  SearchJob search_job(Job job, const std::shared_ptr<Search>& search);
  // Ends the connection's analysis with `reason`, telling the client unless `peer` is null.
  // Under mutex_.
  void end_active_locked(Client& client, const std::shared_ptr<WsPeer>& peer,
                         const std::string& reason);

  AnalysisLimits limits_;
  std::mutex mutex_;
  std::map<const WsPeer*, Client> clients_;
  // Why searches stopped before their end: "replaced", "stopped", "closed".
  std::map<SearchRunner::Ticket, std::string> ending_;
  std::uint64_t next_ticket_ = 0;
  bool stopping_ = false;
  WorkPool readers_;     // replays requests' moves
  SearchRunner runner_;  // last: its threads go first, while the rest still exists
};

}  // namespace kirin::server::http
