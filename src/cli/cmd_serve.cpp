// kirin serve: the game server (HTTP JSON API and WebSocket push, docs/API.md) on one store.
#include <algorithm>
#include <csignal>
#include <filesystem>
#include <string>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "server/http/app.h"
#include "server/http/fd_limit.h"
#include "server/http/log.h"
#include "server/http/static_files.h"
#include "server/store/sql_storage.h"

namespace kirin::cli {
namespace {

// "127.0.0.1:8080", "localhost:80", "[::1]:8080", "0.0.0.0:8080".
void parse_listen(const std::string& text, server::http::ServerOptions& o) {
  auto fail = [&](const std::string& why) {
    throw UsageError("--listen takes HOST:PORT (e.g. 127.0.0.1:8080), not '" + text + "': " + why);
  };
  std::size_t colon = text.rfind(':');
  if (colon == std::string::npos) fail("no ':' before the port");
  std::string host = text.substr(0, colon), port = text.substr(colon + 1);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  if (host.empty()) fail("no host (use 0.0.0.0 for every interface)");
  if (port.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) > 65535)
    fail("the port must be a number from 0 to 65535");
  o.host = host;
  o.port = static_cast<std::uint16_t>(std::stoi(port));
}

// A SQLite file's directory is created, as the default ./var/kirin.db needs.
void prepare_store(const std::string& url) {
  if (url.rfind("sqlite:", 0) != 0) return;
  std::filesystem::path dir = std::filesystem::path(url.substr(7)).parent_path();
  if (dir.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    throw UsageError("cannot create the directory '" + dir.string() +
                     "' for the store: " + ec.message());
}

// --trusted-proxy and --metrics-from: "127.0.0.1", "10.0.0.0/8", "fd00::/8".
std::string address_or_network(const std::string& text) {
  try {
    server::http::TrustedProxies().add(text);
    return {};
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

}  // namespace

void add_sqlite_synchronous_option(CLI::App& cmd, server::SqliteSync& value) {
  cmd.add_option_function<std::string>(
         "--sqlite-synchronous",
         [&value](const std::string& v) {
           value = v == "normal" ? server::SqliteSync::Normal : server::SqliteSync::Full;
         },
         "when a SQLite store's commit is on disk: normal (at the next checkpoint: an "
         "acknowledged move survives the process being killed, not a power cut) or full "
         "(before the move is acknowledged, so it survives a power cut too; one fsync covers "
         "the moves committed together, at a cost in throughput: docs/BENCHMARKS.md)")
      ->check(CLI::IsMember({"normal", "full"}))
      ->default_str("normal");
}

void add_first_move_options(CLI::App& cmd, server::GameOptions& games) {
  cmd.add_option_function<int64_t>(
         "--first-move-timeout",
         [&games](int64_t seconds) { games.first_move_timeout_ms = seconds * 1000; },
         "seconds a live game's side to move has for its first move (the clocks do not run "
         "before each side's first move) before the game is aborted; 0: never [60]")
      ->check(CLI::Range(int64_t(0), int64_t(86400)));
  cmd.add_option_function<std::string>(
         "--computer",
         [&games](const std::string& name) { games.computer_name = name == "none" ? "" : name; },
         "the account of the engine opponent (kirin serve plays it: challenge it to play "
         "Kirin), or none; its games are never aborted for want of a first move [kirin]");
  cmd.add_option("--forecast-lines", games.forecast.lines,
                 "conditional move lines a player may store in a correspondence game [10]")
      ->check(CLI::Range(std::size_t(1), std::size_t(100)));
  cmd.add_option("--forecast-plies", games.forecast.plies,
                 "moves in a conditional line, both sides' counted [20]")
      ->check(CLI::Range(std::size_t(2), std::size_t(200)));
}

void add_rated_options(CLI::App& cmd, server::ChallengeLimits& limits) {
  cmd.add_option_function<int64_t>(
         "--rated-min-account-age",
         [&limits](int64_t hours) { limits.rated_min_account_age_ms = hours * 3'600'000; },
         "hours an account must be old to create or accept a rated challenge, unless it has "
         "--rated-min-games finished games; 0: any account may [24]")
      ->check(CLI::Range(int64_t(0), int64_t(24 * 365)));
  cmd.add_option("--rated-min-games", limits.rated_min_games,
                 "finished games of two moves each or more that let a younger account play "
                 "rated; 0: any account may")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000));
}

void register_serve(CLI::App& app) {
  struct Args {
    std::string listen = "127.0.0.1:8080";
    std::string db = "sqlite:var/kirin.db";
    server::SqliteSync sqlite_synchronous = server::SqliteSync::Normal;
    int threads = 2;
    int workers = 4;
    int64_t movetime = 2000;
    int64_t computer_max_wait_ms = 10000;  // the computer thinks less as games wait for it
    std::string web_root;  // empty: server::http::default_web_root()
    int analysis_threads = 1;
    std::string sendmail;
    std::string mail_from = "Kirin game server <kirin@localhost>";
    int tournaments_per_address_per_hour =
        server::http::AppOptions().tournaments_per_address_per_hour;
    server::ChallengeLimits challenges;
    server::GameOptions games;
    server::ImportOptions imports;
    server::ReportOptions reports;
    server::MessageOptions messages;
    server::MateOptions mate;
    std::size_t analysis_queue_per_client = 2;
    std::size_t connections_per_address = server::http::ServerOptions().connections_per_address;
    std::size_t max_connections = 0;  // derived from the open-file limit
    int64_t first_byte_timeout_ms = server::http::ServerOptions().first_byte_timeout.count();
    int64_t header_timeout_ms = server::http::ServerOptions().header_timeout.count();
    server::AccountOptions accounts;
    int64_t login_max_wait_s = 300;
    int max_password_checks = server::CommandInterface::kMaxPasswordChecksPerText;
    std::vector<std::string> trusted_proxies;
    std::vector<std::string> metrics_from;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "Run the game server: the HTTP JSON API and WebSocket push (docs/API.md).\n"
      "Stops cleanly on SIGINT (Ctrl-C) or SIGTERM, letting open requests finish.");
  cmd->add_option("--listen", args->listen, "address and port to listen on, HOST:PORT")
      ->capture_default_str();
  cmd->add_option("--db", args->db,
                  "the store: sqlite:PATH (the file and its directory are created if missing) "
                  "or postgresql://[user[:password]@][host][:port]/dbname")
      ->capture_default_str();
  add_sqlite_synchronous_option(*cmd, args->sqlite_synchronous);
  cmd->add_option("--threads", args->threads, "threads doing the network I/O of all connections")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--workers", args->workers,
                  "threads running requests (they wait on the store; password checks and mate "
                  "solves run on threads of their own, holding none of these)")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  add_first_move_options(*cmd, args->games);
  add_rated_options(*cmd, args->challenges);
  cmd->add_option("--computer-movetime", args->movetime,
                  "milliseconds the computer opponent thinks per move")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(10), int64_t(600000)));
  cmd->add_option("--computer-max-wait", args->computer_max_wait_ms,
                  "milliseconds a user should wait at most for the computer's move: with more "
                  "games waiting for it, it thinks less per move (this divided by the games "
                  "waiting, plus one)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(100), int64_t(600000)));
  cmd->add_option("--web-root", args->web_root,
                  "directory of the built web UI (web/dist, made by `make build`), served at / "
                  "next to the API; default: web/dist in the current directory if it exists, "
                  "else " +
                      server::http::built_in_web_root() +
                      ". If the directory does not exist, the server runs the API only");
  cmd->add_option("--analysis-threads", args->analysis_threads,
                  "engine analyses run at once for WebSocket clients (more wait in a queue); "
                  "each is capped at 30 s and 16 MiB of hash; 0 switches analysis off")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  cmd->add_option("--analysis-queue-per-client", args->analysis_queue_per_client,
                  "analyses one client address may have waiting for a thread")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--mate-threads", args->mate.threads,
                  "mate solves run at once (the problems room, the analysis board's \"find a "
                  "mate\"), in turns fair between client addresses; a request waiting for "
                  "one holds no request worker; 0 switches the solver off")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  cmd->add_option("--mate-queue", args->mate.queue_limit,
                  "mate solves waiting for a thread; more are answered 503")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  cmd->add_option("--mate-queue-per-client", args->mate.queue_per_client,
                  "mate solves one client address (or user) may have waiting or running; "
                  "more of its are answered 429")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t(1), std::size_t(64)));
  cmd->add_option("--mate-movetime", args->mate.default_movetime_ms,
                  "milliseconds a solve gets when the request names no time")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(10), int64_t(600000)));
  cmd->add_option("--mate-max-movetime", args->mate.max_movetime_ms,
                  "the most milliseconds any solve gets: longer asks are cut to this")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(10), int64_t(600000)));
  cmd->add_option("--mate-hash", args->mate.hash_mb,
                  "MiB of table for each mate solver thread, allocated once and reused")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t(1), std::size_t(4096)));
  cmd->add_option("--mate-per-minute", args->mate.per_minute,
                  "solves one user, and one client address, may ask for in any minute "
                  "(answers remembered and the book's lines do not count)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--open-challenges-per-user", args->challenges.open_per_user,
                  "open challenges one user may have sent")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--challenges-to-one-user", args->challenges.open_to_one_user,
                  "of those, open challenges to one opponent")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--comments-per-minute", args->games.comments_per_minute,
                  "comments one user may write in any minute")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--reports-per-hour", args->reports.per_hour,
                  "reports one user may file in any hour (counted in the store)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--import-max-bytes", args->imports.max_bytes,
                  "bytes of one game record a user imports (POST /api/import)")
      ->capture_default_str()
      ->check(CLI::Range(1, 60 * 1024));
  cmd->add_option("--import-max-moves", args->imports.max_moves,
                  "moves of one imported game record")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--imports-per-minute", args->imports.per_minute,
                  "game records one user may import or preview in any minute")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--chat-per-minute", args->games.chat_per_minute,
                  "lines one player may write in a game's chat in any minute")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--messages-per-minute", args->messages.per_minute,
                  "private messages one user may send in any minute (one per recipient)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--computer-games-per-user", args->challenges.computer_games_per_user,
                  "unfinished games one user may play against the computer at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--sendmail", args->sendmail,
                  "mail the players what they did not do themselves (a correspondence move, a "
                  "result, a challenge) through this command, e.g. '/usr/sbin/sendmail -t -oi'; "
                  "default: no mail");
  cmd->add_option("--mail-from", args->mail_from, "the From: mailbox of those mails")
      ->capture_default_str();
  cmd->add_option("--tournaments-per-address-per-hour", args->tournaments_per_address_per_hour,
                  "tournaments one client address may create in a clock hour (POST "
                  "/api/tournaments, refused attempts too), counted in the store that every "
                  "node shares; 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--connections-per-address", args->connections_per_address,
                  "connections at once from one client address (an IPv6 /64); more are "
                  "answered 503; a --trusted-proxy is not limited by it. 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t(0), std::size_t(100'000'000)));
  cmd->add_option("--trusted-proxy", args->trusted_proxies,
                  "reverse proxies (addresses or networks ADDRESS/BITS, e.g. 127.0.0.1 or "
                  "10.0.0.0/8) whose X-Forwarded-For names the client: every per-address limit "
                  "then counts that client (the rightmost address not itself a trusted proxy). "
                  "Their own connections are not limited per address, only in all: limit "
                  "connections per client in the proxy (nginx: limit_conn). Without this "
                  "option X-Forwarded-For is ignored")
      ->check(address_or_network);
  cmd->add_option("--metrics-from", args->metrics_from,
                  "addresses or networks that may read GET /metrics (Prometheus' format: load, "
                  "queues, requests), besides loopback and the --trusted-proxy ones; others get "
                  "403. Behind a proxy the forwarded client's address is judged")
      ->check(address_or_network);
  cmd->add_option("--max-connections", args->max_connections,
                  "connections at once in all; more are answered 503. Default: the open-file "
                  "limit less 64")
      ->check(CLI::Range(std::size_t(1), std::size_t(100'000'000)));
  cmd->add_option("--first-byte-timeout", args->first_byte_timeout_ms,
                  "milliseconds a new connection may stay silent before it is closed")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(100), int64_t(600'000)));
  cmd->add_option("--header-timeout", args->header_timeout_ms,
                  "milliseconds from a request's first byte to the end of its headers, after "
                  "which the connection is closed")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(100), int64_t(600'000)));
  cmd->add_option("--signups-per-address-per-hour", args->accounts.signups_per_address_per_hour,
                  "accounts one client address may open in a clock hour (POST /api/signup, "
                  "the signup command), counted in the store that every node shares; 0: no "
                  "limit")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--hash-threads", args->accounts.hash_threads,
                  "password hashes (Argon2id: 64 MiB and a tenth of a second each) computed at "
                  "once, on threads of their own")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--hash-queue", args->accounts.hash_queue,
                  "password checks that may wait for a hashing thread; more are refused at once "
                  "(503 busy); they wait in turns fair between client addresses, holding no "
                  "request worker")
      ->capture_default_str()
      ->check(CLI::Range(size_t(0), size_t(1024)));
  cmd->add_option("--hash-queue-per-client", args->accounts.hash_queue_per_client,
                  "password checks one client address may have waiting or running; more of "
                  "its are refused at once (429)")
      ->capture_default_str()
      ->check(CLI::Range(size_t(1), size_t(1024)));
  cmd->add_option("--login-free-failures", args->accounts.throttle.account_free_failures,
                  "wrong passwords for one name before its logins must wait (1 s, doubling "
                  "with each further one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--login-address-free-failures", args->accounts.throttle.address_free_failures,
                  "wrong passwords from one client address (an IPv6 /64, a mail sender) before "
                  "its logins must wait")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--login-max-wait", args->login_max_wait_s,
                  "the longest wait after wrong passwords (seconds)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(1), int64_t(86400)));
  cmd->add_option("--max-password-checks", args->max_password_checks,
                  "commands carrying a password (move, resign, abort, set, signup, accept, "
                  "decline, challenge -password=) run from one POST /api/command; the further "
                  "ones are refused")
      ->capture_default_str()
      ->check(CLI::Range(1, 20));
  cmd->callback([args] {
    namespace http = server::http;
    http::AppOptions options;
    parse_listen(args->listen, options.http);
    options.http.threads = args->threads;
    options.http.workers = args->workers;
    options.http.handle_signals = true;
    options.store_url = args->db;
    options.storage.sqlite_sync = args->sqlite_synchronous;
    options.computer_name = args->games.computer_name;
    options.computer_movetime_ms = args->movetime;
    options.computer_max_wait_ms = args->computer_max_wait_ms;
    options.sendmail = args->sendmail;
    options.mail_from = args->mail_from;
    options.tournaments_per_address_per_hour = args->tournaments_per_address_per_hour;
    options.http.web_root = args->web_root.empty() ? http::default_web_root() : args->web_root;
    options.http.analysis_threads = args->analysis_threads;
    options.http.analysis_queue_per_client = args->analysis_queue_per_client;
    options.services.challenges = args->challenges;
    options.services.games = args->games;
    options.services.imports = args->imports;
    options.services.reports = args->reports;
    options.services.messages = args->messages;
    options.services.mate = args->mate;
    options.http.connections_per_address = args->connections_per_address;
    options.http.max_connections = args->max_connections;
    for (const std::string& proxy : args->trusted_proxies) options.http.trusted_proxies.add(proxy);
    for (const std::string& from : args->metrics_from) options.http.metrics_from.add(from);
    options.http.first_byte_timeout = std::chrono::milliseconds(args->first_byte_timeout_ms);
    options.http.header_timeout = std::chrono::milliseconds(args->header_timeout_ms);
    options.services.accounts = args->accounts;
    auto& throttle = options.services.accounts.throttle;
    throttle.max_wait_ms = args->login_max_wait_s * 1000;
    throttle.forget_after_ms =
        std::max(throttle.forget_after_ms, 2 * args->login_max_wait_s * 1000);
    options.max_password_checks = args->max_password_checks;
    prepare_store(args->db);

    // Every connection is a file descriptor; the default soft limit (often 1024) is far below
    // the 10,000 idle WebSocket clients a server should hold.
    long files = http::raise_fd_limit();
    std::unique_ptr<http::App> server;
    try {
      server = std::make_unique<http::App>(options);
      server->start();
    } catch (const server::StoreError& e) {
      throw UsageError(e.what());
    } catch (const server::mail::MailError& e) {  // --mail-from
      throw UsageError("--mail-from: " + std::string(e.what()));
    } catch (const std::runtime_error& e) {  // cannot listen
      throw UsageError(e.what());
    }
    http::log(
        "listening on http://{}:{} (store {}, {} I/O threads, {} workers, {} analysis threads, "
        "{} open files at most, {} connections at once, {} from one address)",
        options.http.host.find(':') != std::string::npos ? "[" + options.http.host + "]"
                                                         : options.http.host,
        server->port(), args->db, args->threads, args->workers, args->analysis_threads, files,
        server->server().max_connections(), args->connections_per_address);
    int signal = server->wait_for_signal();
    http::log("stopping on {}", signal == SIGINT    ? "SIGINT"
                                : signal == SIGTERM ? "SIGTERM"
                                                    : "a signal");
    server->stop();
    http::log("stopped");
  });
}

}  // namespace kirin::cli
