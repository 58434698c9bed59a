// The game server's load generator (kirin bench server). It signs up two players per game,
// starts the games through the HTTP API, then plays random legal moves in all of them at once
// over a pool of keep-alive connections, one request per move, and measures accepted moves per
// second and the latency of each move request. It can also open and hold idle WebSockets.
//
// The client keeps each game's position itself (the rules library, from the same setup the
// server builds), so a move costs exactly one request: POST /api/games/ID/moves with the
// expected ply. After an error the game is reloaded with GET /api/games/ID.
//
// Everything is asynchronous (Asio coroutines over Beast), run by a few client threads; each
// connection and each WebSocket lives on a strand of its own.
#include "bench/server_load.h"

#include <fmt/ostream.h>
#include <utility>  // first: boost/asio/awaitable.hpp uses std::exchange without it

#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "notation/usi.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "server/domain/game_setup.h"
#include "server/http/app.h"
#include "server/http/fd_limit.h"

namespace kirin::bench {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

struct Reply {
  unsigned status = 0;
  std::string body;
};

// One kept-alive HTTP/1.1 connection; one request at a time, from one coroutine.
class Conn {
 public:
  Conn(net::any_io_executor ex, tcp::endpoint endpoint, std::string host)
      : ex_(std::move(ex)), endpoint_(endpoint), host_(std::move(host)) {}

  const net::any_io_executor& executor() const { return ex_; }

  net::awaitable<Reply> request(bhttp::verb verb, const std::string& target, std::string body,
                                const std::string& token) {
    try {
      if (!stream_) {
        stream_ = std::make_unique<beast::tcp_stream>(ex_);
        stream_->expires_after(10s);
        co_await stream_->async_connect(endpoint_, net::use_awaitable);
        stream_->socket().set_option(tcp::no_delay(true));
        buffer_.clear();
      }
      bhttp::request<bhttp::string_body> req(verb, target, 11);
      req.set(bhttp::field::host, host_);
      req.keep_alive(true);
      if (!token.empty()) req.set(bhttp::field::authorization, "Bearer " + token);
      if (!body.empty()) req.set(bhttp::field::content_type, "application/json");
      req.body() = std::move(body);
      req.prepare_payload();
      stream_->expires_after(30s);
      co_await bhttp::async_write(*stream_, req, net::use_awaitable);
      bhttp::response<bhttp::string_body> res;
      co_await bhttp::async_read(*stream_, buffer_, res, net::use_awaitable);
      stream_->expires_never();
      Reply reply{res.result_int(), std::move(res.body())};
      if (!res.keep_alive()) close();
      co_return reply;
    } catch (...) {
      close();
      throw;
    }
  }

  void close() {
    if (!stream_) return;
    beast::error_code ec;
    stream_->socket().close(ec);
    stream_.reset();
  }

 private:
  net::any_io_executor ex_;
  tcp::endpoint endpoint_;
  std::string host_;
  std::unique_ptr<beast::tcp_stream> stream_;
  beast::flat_buffer buffer_;
};

struct Player {
  std::string name, token;
};

// One game being played, between the same two players from start to end of the run.
struct Slot {
  int index = 0;
  Player black, white;
  int64_t game_id = 0;
  std::unique_ptr<Game> game;  // the client's copy of the position
  std::mt19937_64 rng;
  bool resync = false;    // reload the game before the next move
  bool need_new = false;  // the game is over: start another
};

// What one worker saw; merged at the end.
struct WorkerStats {
  std::vector<uint32_t> move_latency_us;  // every move request, accepted or not
  std::map<std::string, int64_t> errors;  // "409 conflict", "transport: ..."
  int64_t new_games = 0, resyncs = 0, other_requests = 0, finished = 0;
};

class ServerLoad {
 public:
  ServerLoad(const ServerLoadOptions& options, std::ostream& out)
      : args_(options), spawn_(options.url.empty()), out_(out), io_(options.threads) {}

  ServerLoadResult run();

 private:
  // --- phases (called on the main thread) ---
  long check_open_files() const;  // raises the process's limit and returns it
  void spawn_server();
  void resolve_url();
  void start_threads();
  void stop_threads();
  template <typename F>
  void run_workers(int count, F make);  // spawns count coroutines, waits for all
  void setup_games();
  void open_websockets();
  void play();
  void check_websockets();
  void report();
  void close_all();

  // --- coroutines ---
  net::awaitable<void> setup_worker(std::shared_ptr<Conn> conn);
  net::awaitable<void> play_worker(std::shared_ptr<Conn> conn, std::shared_ptr<WorkerStats> stats);
  net::awaitable<void> ws_opener(int first, int step);
  net::awaitable<void> ws_hold(std::shared_ptr<websocket::stream<beast::tcp_stream>> ws);
  net::awaitable<Player> sign_up(Conn& conn, const std::string& name);
  net::awaitable<void> new_game(Conn& conn, Slot& slot);
  net::awaitable<void> reload_game(Conn& conn, Slot& slot, WorkerStats& stats);

  std::string user_name(int index, char side) const {
    return fmt::format("{}{}{}", prefix_, side, index);
  }
  Slot* pop_slot();
  void push_slot(Slot* slot);
  void fail(const std::string& message);
  // The completion of a worker coroutine: its exception, if any, is the run's failure.
  std::function<void(std::exception_ptr)> worker_done();

  ServerLoadOptions args_;
  const bool spawn_;  // no url: the server runs in this process
  std::ostream& out_;
  net::io_context io_;
  std::optional<net::executor_work_guard<net::io_context::executor_type>> work_;
  std::vector<std::thread> threads_;

  std::unique_ptr<server::http::App> app_;  // --spawn
  std::filesystem::path temp_dir_;
  tcp::endpoint endpoint_;
  std::string host_;
  std::string prefix_;
  std::shared_ptr<const Variant> variant_;
  std::optional<Position> start_;

  std::vector<std::shared_ptr<Conn>> conns_;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::mutex queue_mutex_;
  std::deque<Slot*> queue_;

  std::atomic<int> next_setup_{0};
  std::atomic<int> workers_left_{0};
  std::mutex fail_mutex_;
  std::string failure_;

  // the measured phase
  Clock::time_point play_start_, deadline_, play_end_;
  std::atomic<int64_t> accepted_{0}, move_errors_{0};
  std::atomic<int64_t> scheduled_{0};  // with --rate: moves given a send time so far
  std::mutex stats_mutex_;
  std::vector<std::shared_ptr<WorkerStats>> stats_;
  double setup_seconds_ = 0;
  int64_t setup_requests_ = 0;

  // idle WebSockets
  std::mutex ws_mutex_;
  std::vector<std::shared_ptr<websocket::stream<beast::tcp_stream>>> sockets_;
  std::atomic<int> ws_opened_{0}, ws_open_{0}, ws_failed_{0}, ws_pongs_{0};
  std::string ws_first_error_;
  double ws_open_seconds_ = 0;
  int ws_alive_at_end_ = 0, ws_pongs_at_end_ = 0;
};

void ServerLoad::fail(const std::string& message) {
  std::lock_guard lock(fail_mutex_);
  if (failure_.empty()) failure_ = message;
}

std::function<void(std::exception_ptr)> ServerLoad::worker_done() {
  return [this](std::exception_ptr e) {
    if (e) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& ex) {
        fail(ex.what());
      }
    }
    --workers_left_;
  };
}

Slot* ServerLoad::pop_slot() {
  std::lock_guard lock(queue_mutex_);
  if (queue_.empty()) return nullptr;
  Slot* s = queue_.front();
  queue_.pop_front();
  return s;
}

void ServerLoad::push_slot(Slot* slot) {
  std::lock_guard lock(queue_mutex_);
  queue_.push_back(slot);
}

void ServerLoad::start_threads() {
  work_.emplace(io_.get_executor());
  for (int i = 0; i < args_.threads; ++i) threads_.emplace_back([this] { io_.run(); });
}

void ServerLoad::stop_threads() {
  work_.reset();
  io_.stop();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
}

template <typename F>
void ServerLoad::run_workers(int count, F make) {
  workers_left_ = count;
  for (int i = 0; i < count; ++i)
    net::co_spawn(conns_.empty() ? net::any_io_executor(net::make_strand(io_))
                                 : conns_[std::size_t(i) % conns_.size()]->executor(),
                  make(i), worker_done());
  while (workers_left_ > 0) std::this_thread::sleep_for(5ms);
}

net::awaitable<Player> ServerLoad::sign_up(Conn& conn, const std::string& name) {
  json body = {{"name", name}, {"email", name + "@example.org"}, {"password", "bench-" + name}};
  Reply r = co_await conn.request(bhttp::verb::post, "/api/signup", body.dump(), "");
  // The server hashes a few passwords at once and refuses the rest (503 busy), and a few from
  // one address (429: every player of the load comes from loopback): try again.
  auto refused_for_now = [](const Reply& reply) {
    return (reply.status == 503 && reply.body.find("\"busy\"") != std::string::npos) ||
           (reply.status == 429 && reply.body.find("password checks") != std::string::npos);
  };
  for (net::steady_timer pause(conn.executor()); refused_for_now(r);) {
    pause.expires_after(20ms);
    co_await pause.async_wait(net::use_awaitable);
    r = co_await conn.request(bhttp::verb::post, "/api/signup", body.dump(), "");
  }
  if (r.status != 201)
    throw std::runtime_error(fmt::format("signing up {}: HTTP {} {}", name, r.status, r.body));
  co_return Player{name, json::parse(r.body).at("token").get<std::string>()};
}

net::awaitable<void> ServerLoad::new_game(Conn& conn, Slot& slot) {
  json body = {{"opponent", slot.white.name}, {"game", args_.game}, {"color", "black"}};
  Reply c = co_await conn.request(bhttp::verb::post, "/api/challenges", body.dump(),
                                  slot.black.token);
  if (c.status != 201)
    throw std::runtime_error(fmt::format("challenging: HTTP {} {}", c.status, c.body));
  int64_t challenge = json::parse(c.body).at("id").get<int64_t>();
  Reply a = co_await conn.request(bhttp::verb::post,
                                  fmt::format("/api/challenges/{}/accept", challenge), "",
                                  slot.white.token);
  if (a.status != 200)
    throw std::runtime_error(fmt::format("accepting: HTTP {} {}", a.status, a.body));
  slot.game_id = json::parse(a.body).at("game").get<int64_t>();
  slot.game = std::make_unique<Game>(*start_);
  slot.resync = slot.need_new = false;
}

net::awaitable<void> ServerLoad::reload_game(Conn& conn, Slot& slot, WorkerStats& stats) {
  ++stats.resyncs;
  ++stats.other_requests;
  Reply r = co_await conn.request(bhttp::verb::get, fmt::format("/api/games/{}", slot.game_id),
                                  "", slot.black.token);
  if (r.status != 200)
    throw std::runtime_error(fmt::format("reloading game {}: HTTP {}", slot.game_id, r.status));
  json view = json::parse(r.body);
  if (view.at("status") != "active") {
    slot.need_new = true;
  } else {
    slot.game = std::make_unique<Game>(*start_);
    for (const json& m : view.at("moves"))
      slot.game->play(parse_usi(slot.game->position(), m.at("usi").get<std::string>()));
  }
  slot.resync = false;
}

net::awaitable<void> ServerLoad::setup_worker(std::shared_ptr<Conn> conn) {
  for (;;) {
    int i = next_setup_++;
    if (i >= args_.games) break;
    Slot& slot = *slots_[std::size_t(i)];
    slot.black = co_await sign_up(*conn, user_name(i, 'b'));
    slot.white = co_await sign_up(*conn, user_name(i, 'w'));
    co_await new_game(*conn, slot);
  }
}

net::awaitable<void> ServerLoad::play_worker(std::shared_ptr<Conn> conn,
                                             std::shared_ptr<WorkerStats> stats) {
  auto list = std::make_unique<MoveList>();  // 64 KiB: not in the coroutine frame
  net::steady_timer pause(conn->executor());
  while (Clock::now() < deadline_) {
    Slot* slot = pop_slot();
    if (!slot) {  // more connections than games waiting: should not happen (workers <= games)
      pause.expires_after(1ms);
      co_await pause.async_wait(net::use_awaitable);
      continue;
    }
    std::string transport_error;
    try {
      if (slot->need_new) {
        ++stats->new_games;
        stats->other_requests += 2;
        co_await new_game(*conn, *slot);
      }
      if (slot->resync) co_await reload_game(*conn, *slot, *stats);
      if (!slot->need_new) {
        const Position& pos = slot->game->position();
        generate_moves(pos, *list);
        if (list->size == 0 || slot->game->outcome().over()) {
          slot->resync = true;  // the server decides; it should say the game is over
        } else {
          const Move move = (*list)[int(slot->rng() % uint64_t(list->size))];
          json body = {{"move", to_usi(pos, move)}, {"expected_ply", slot->game->plies()}};
          const std::string& token =
              pos.side_to_move() == kBlack ? slot->black.token : slot->white.token;
          auto t0 = Clock::now();
          if (args_.rate > 0) {
            // Open loop: move k is due at start + k / rate. Its latency counts from then, so
            // a server (or client) falling behind shows in the figures.
            auto due = play_start_ + std::chrono::nanoseconds(
                                         int64_t(double(scheduled_++) * 1e9 / args_.rate));
            if (due >= deadline_) {
              push_slot(slot);
              break;
            }
            if (due > t0) {
              pause.expires_at(due);
              co_await pause.async_wait(net::use_awaitable);
            }
            t0 = due;
          }
          Reply r = co_await conn->request(bhttp::verb::post,
                                           fmt::format("/api/games/{}/moves", slot->game_id),
                                           body.dump(), token);
          auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0);
          stats->move_latency_us.push_back(uint32_t(std::min<int64_t>(us.count(), UINT32_MAX)));
          if (r.status == 200) {
            ++accepted_;
            slot->game->play(move);
            // The summary after the move: still "active", or "finished".
            if (r.body.find("\"status\":\"active\"") == std::string::npos) {
              slot->need_new = true;
              ++stats->finished;
            }
          } else {
            ++move_errors_;
            std::string code;
            try {
              code = json::parse(r.body).at("error").at("code").get<std::string>();
            } catch (const std::exception&) {
            }
            ++stats->errors[fmt::format("HTTP {} {}", r.status, code)];
            slot->resync = true;
          }
        }
      }
    } catch (const boost::system::system_error& e) {
      transport_error = e.code().message();
    } catch (const std::exception& e) {
      transport_error = e.what();
    }
    if (!transport_error.empty()) {
      ++move_errors_;
      ++stats->errors["error: " + transport_error];
      slot->resync = true;
      push_slot(slot);
      pause.expires_after(50ms);  // do not spin on a server that is gone
      co_await pause.async_wait(net::use_awaitable);
      continue;
    }
    push_slot(slot);
  }
}

net::awaitable<void> ServerLoad::ws_hold(std::shared_ptr<websocket::stream<beast::tcp_stream>> ws) {
  beast::flat_buffer buffer;
  try {
    for (;;) {
      buffer.clear();
      co_await ws->async_read(buffer, net::use_awaitable);
      if (beast::buffers_to_string(buffer.data()).find("\"pong\"") != std::string::npos)
        ++ws_pongs_;
    }
  } catch (const std::exception&) {
  }
  --ws_open_;
}

net::awaitable<void> ServerLoad::ws_opener(int first, int step) {
  for (int i = first; i < args_.idle_ws; i += step) {
    auto ws = std::make_shared<websocket::stream<beast::tcp_stream>>(
        net::make_strand(io_.get_executor()));
    try {
      beast::get_lowest_layer(*ws).expires_after(30s);
      co_await beast::get_lowest_layer(*ws).async_connect(endpoint_, net::use_awaitable);
      beast::get_lowest_layer(*ws).expires_never();
      ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
      co_await ws->async_handshake(host_, "/ws", net::use_awaitable);
      co_await ws->async_write(net::buffer(std::string(R"({"op":"subscribe","topic":"lobby"})")),
                               net::use_awaitable);
      beast::flat_buffer buffer;
      co_await ws->async_read(buffer, net::use_awaitable);
      std::string answer = beast::buffers_to_string(buffer.data());
      if (answer.find("\"subscribed\"") == std::string::npos)
        throw std::runtime_error("subscribe answered " + answer);
    } catch (const std::exception& e) {
      if (ws_failed_++ == 0) {
        std::lock_guard lock(ws_mutex_);
        ws_first_error_ = e.what();
      }
      continue;
    }
    ++ws_opened_;
    ++ws_open_;
    {
      std::lock_guard lock(ws_mutex_);
      sockets_.push_back(ws);
    }
    net::co_spawn(ws->get_executor(), ws_hold(ws), net::detached);
  }
}

void ServerLoad::setup_games() {
  auto t0 = Clock::now();
  std::mt19937_64 seeder(args_.seed);
  for (int i = 0; i < args_.games; ++i) {
    auto s = std::make_unique<Slot>();
    s->index = i;
    s->rng.seed(seeder());
    slots_.push_back(std::move(s));
  }
  int workers = std::min(args_.connections, args_.games);
  run_workers(workers, [&](int i) { return setup_worker(conns_[std::size_t(i)]); });
  if (!failure_.empty()) throw std::runtime_error("setup failed: " + failure_);
  setup_seconds_ = seconds_since(t0);
  setup_requests_ = int64_t(args_.games) * 4;
  for (auto& s : slots_) queue_.push_back(s.get());
  fmt::print(out_,
             "setup: {} users signed up and {} games of {} started in {:.2f} s ({} requests)\n",
             2 * args_.games, args_.games, args_.game, setup_seconds_, setup_requests_);
  out_.flush();
}

void ServerLoad::open_websockets() {
  if (args_.idle_ws <= 0) return;
  auto t0 = Clock::now();
  int openers = std::min(args_.idle_ws, 100);
  std::vector<std::shared_ptr<Conn>> keep = std::move(conns_);  // openers get strands of their own
  run_workers(openers, [&](int i) { return ws_opener(i, openers); });
  conns_ = std::move(keep);
  ws_open_seconds_ = seconds_since(t0);
  fmt::print(
      out_, "idle websockets: {} of {} opened and subscribed in {:.2f} s{}\n", ws_opened_.load(),
      args_.idle_ws, ws_open_seconds_,
      ws_failed_ ? fmt::format(" ({} failed, first: {})", ws_failed_.load(), ws_first_error_) : "");
  out_.flush();
}

void ServerLoad::play() {
  int workers = std::min(args_.connections, args_.games);
  fmt::print(out_, "playing {} games over {} connections for {} s ({} client threads{})\n",
             args_.games, workers, args_.seconds, args_.threads,
             args_.rate > 0 ? fmt::format(", {} moves/s offered", args_.rate) : "");
  out_.flush();
  play_start_ = Clock::now();
  deadline_ = play_start_ + std::chrono::microseconds(int64_t(args_.seconds * 1e6));
  workers_left_ = workers;
  for (int i = 0; i < workers; ++i) {
    auto stats = std::make_shared<WorkerStats>();
    stats->move_latency_us.reserve(1 << 14);
    stats_.push_back(stats);
    net::co_spawn(conns_[std::size_t(i)]->executor(), play_worker(conns_[std::size_t(i)], stats),
                  worker_done());
  }
  int64_t last = 0;
  auto tick = play_start_;
  int second = 0;
  while (workers_left_ > 0) {
    tick += 1s;
    while (workers_left_ > 0 && Clock::now() < tick) std::this_thread::sleep_for(5ms);
    if (workers_left_ == 0) break;
    ++second;
    int64_t now = accepted_;
    fmt::print(out_, "{:4} s {:8} moves/s  ({} accepted, {} errors{})\n", second, now - last, now,
               move_errors_.load(),
               args_.idle_ws > 0 ? fmt::format(", {} websockets open", ws_open_.load()) : "");
    out_.flush();
    last = now;
  }
  play_end_ = Clock::now();
}

void ServerLoad::check_websockets() {
  if (args_.idle_ws <= 0) return;
  ws_alive_at_end_ = ws_open_;
  // Every socket still open sends a ping op; the answers prove the connections still work.
  std::vector<std::shared_ptr<websocket::stream<beast::tcp_stream>>> sockets;
  {
    std::lock_guard lock(ws_mutex_);
    sockets = sockets_;
  }
  for (auto& ws : sockets)
    net::co_spawn(
        ws->get_executor(),
        [ws]() -> net::awaitable<void> {
          if (!ws->is_open()) co_return;
          co_await ws->async_write(net::buffer(std::string(R"({"op":"ping"})")),
                                   net::use_awaitable);
        },
        [](std::exception_ptr) {});
  auto until = Clock::now() + 10s;
  while (ws_pongs_ < ws_alive_at_end_ && Clock::now() < until) std::this_thread::sleep_for(10ms);
  ws_pongs_at_end_ = ws_pongs_;
}

void ServerLoad::report() {
  WorkerStats all;
  for (const auto& s : stats_) {
    all.move_latency_us.insert(all.move_latency_us.end(), s->move_latency_us.begin(),
                               s->move_latency_us.end());
    for (const auto& [k, v] : s->errors) all.errors[k] += v;
    all.new_games += s->new_games;
    all.resyncs += s->resyncs;
    all.other_requests += s->other_requests;
    all.finished += s->finished;
  }
  double secs = std::chrono::duration<double>(play_end_ - play_start_).count();
  auto& lat = all.move_latency_us;
  std::sort(lat.begin(), lat.end());
  auto pct = [&](double p) -> double {
    if (lat.empty()) return 0;
    std::size_t i = std::min(lat.size() - 1, std::size_t(p / 100.0 * double(lat.size())));
    return lat[i] / 1000.0;
  };
  int64_t accepted = accepted_;
  fmt::print(out_, "\n{:<26} {:>12}\n", "measured phase (s)", fmt::format("{:.2f}", secs));
  fmt::print(out_, "{:<26} {:>12}\n", "games / connections",
             fmt::format("{} / {}", args_.games, std::min(args_.connections, args_.games)));
  fmt::print(out_, "{:<26} {:>12}\n", "move requests", lat.size());
  fmt::print(out_, "{:<26} {:>12}\n", "accepted moves", accepted);
  fmt::print(out_, "{:<26} {:>12.1f}\n", "accepted moves/s", accepted / secs);
  fmt::print(out_, "{:<26} {:>12}\n", "errors", move_errors_.load());
  for (const auto& [k, v] : all.errors) fmt::print(out_, "  {:<24} {:>12}\n", k, v);
  fmt::print(out_, "{:<26} {:>12}\n", "games finished", all.finished);
  fmt::print(
      out_, "{:<26} {:>12}\n", "other requests",
      fmt::format("{} ({} new games, {} reloads)", all.other_requests, all.new_games, all.resyncs));
  fmt::print(out_, "\nmove latency (ms)  {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}\n", "mean", "p50",
             "p90", "p99", "p99.9", "max");
  double mean = 0;
  for (uint32_t v : lat) mean += v;
  mean = lat.empty() ? 0 : mean / double(lat.size()) / 1000.0;
  fmt::print(out_, "                   {:>8.2f} {:>8.2f} {:>8.2f} {:>8.2f} {:>8.2f} {:>8.2f}\n",
             mean, pct(50), pct(90), pct(99), pct(99.9), lat.empty() ? 0.0 : lat.back() / 1000.0);
  if (args_.idle_ws > 0)
    fmt::print(out_,
               "\nidle websockets    {} asked, {} opened in {:.2f} s, {} still open at the end, {} "
               "answered a ping\n",
               args_.idle_ws, ws_opened_.load(), ws_open_seconds_, ws_alive_at_end_,
               ws_pongs_at_end_);
  out_.flush();
}

long ServerLoad::check_open_files() const {
  const long files = server::http::raise_fd_limit();
  // Each connection is a descriptor in the client and, with --spawn, one more in the server.
  const long needed = long(args_.idle_ws + args_.connections) * (spawn_ ? 2 : 1) + 64;
  if (files > 0 && needed > files)
    throw ServerLoadOptionError(fmt::format(
        "{} idle WebSockets and {} connections need about {} open files{}, but the limit is {}: "
        "run `kirin serve` in another process and point --url at it",
        args_.idle_ws, args_.connections, needed, spawn_ ? " (client and server)" : "", files));
  return files;
}

void ServerLoad::spawn_server() {
  namespace http = server::http;
  http::AppOptions options;
  options.http.host = "127.0.0.1";
  options.http.port = 0;
  options.http.threads = args_.server_threads;
  options.http.workers = args_.server_workers;
  options.http.shutdown_grace = 1s;
  // Every client of the load comes from 127.0.0.1.
  options.http.connections_per_address = 0;
  if (args_.db.empty()) {
    temp_dir_ = std::filesystem::temp_directory_path() /
                fmt::format("kirin-bench-{}", prefix_.substr(2, 6));
    std::filesystem::create_directories(temp_dir_);
    options.store_url = "sqlite:" + (temp_dir_ / "kirin.db").string();
  } else {
    options.store_url = args_.db;
  }
  options.storage.sqlite_sync = args_.sqlite_sync;
  options.services.accounts.hash_cost = server::HashCost::Minimal;
  options.services.accounts.signups_per_address_per_hour = 0;  // every player from loopback
  options.computer_name = "";
  app_ = std::make_unique<http::App>(options);
  app_->start();
  endpoint_ = tcp::endpoint(net::ip::make_address("127.0.0.1"), app_->port());
  host_ = "127.0.0.1";
  fmt::print(out_,
             "server: in this process on 127.0.0.1:{} ({}, SQLite synchronous {}, {} I/O "
             "threads, {} workers, cheap password hashing); client and server share the "
             "machine's cores\n",
             app_->port(), options.store_url,
             args_.sqlite_sync == server::SqliteSync::Full ? "full" : "normal",
             args_.server_threads, args_.server_workers);
}

void ServerLoad::resolve_url() {
  std::string rest = args_.url;
  if (rest.rfind("http://", 0) == 0) rest = rest.substr(7);
  if (auto slash = rest.find('/'); slash != std::string::npos) rest = rest.substr(0, slash);
  std::string host = rest, port = "80";
  if (auto colon = rest.rfind(':'); colon != std::string::npos && rest.back() != ']') {
    host = rest.substr(0, colon);
    port = rest.substr(colon + 1);
  }
  if (host.size() >= 2 && host.front() == '[') host = host.substr(1, host.size() - 2);
  tcp::resolver resolver(io_);
  beast::error_code ec;
  auto results = resolver.resolve(host, port, ec);
  if (ec || results.empty())
    throw ServerLoadOptionError(
        fmt::format("--url {}: cannot resolve {}:{}: {}", args_.url, host, port, ec.message()));
  endpoint_ = results.begin()->endpoint();
  host_ = host;
  fmt::print(out_, "server: {} (signing up uses the server's real password hashing)\n", args_.url);
}

void ServerLoad::close_all() {
  // Everything closes before the server stops, so that it has no one to wait for.
  for (auto& c : conns_) c->close();
  conns_.clear();
  for (auto& ws : sockets_) {
    beast::error_code ec;
    beast::get_lowest_layer(*ws).socket().close(ec);
  }
  sockets_.clear();
  if (app_) {
    app_->stop();
    app_.reset();
  }
  if (!temp_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(temp_dir_, ec);
  }
}

ServerLoadResult ServerLoad::run() {
  const long files = check_open_files();

  server::GameSetup setup;
  setup.game = args_.game;
  server::BuiltSetup built = server::build_setup(setup);
  variant_ = built.variant;
  start_.emplace(built.start);
  args_.game = setup.game;

  std::random_device rd;
  std::string alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  prefix_ = "lg";
  for (int i = 0; i < 6; ++i) prefix_ += alphabet[rd() % alphabet.size()];
  prefix_ += "_";

  if (spawn_)
    spawn_server();
  else
    resolve_url();
  fmt::print(out_, "client: {} threads, {} open files at most\n", args_.threads, files);
  out_.flush();

  for (int i = 0; i < args_.connections; ++i)
    conns_.push_back(
        std::make_shared<Conn>(net::make_strand(io_.get_executor()), endpoint_, host_));
  start_threads();
  try {
    setup_games();
    open_websockets();
    play();
    check_websockets();
  } catch (...) {
    stop_threads();
    throw;
  }
  stop_threads();
  if (!failure_.empty()) fmt::print(out_, "a worker stopped: {}\n", failure_);
  report();
  close_all();
  return {accepted_, move_errors_, std::chrono::duration<double>(play_end_ - play_start_).count()};
}

}  // namespace

ServerLoadResult run_server_load(const ServerLoadOptions& options, std::ostream& out) {
  return ServerLoad(options, out).run();
}

}  // namespace kirin::bench
