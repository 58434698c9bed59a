// kirin match: engine against engine over USI or XBoard, with Kirin as the referee.
#include <fmt/core.h>

#include <array>
#include <chrono>
#include <fstream>
#include <mutex>
#include <optional>

#include "cli/game_args.h"
#include "cli/subcommands.h"
#include "match/match_runner.h"
#include "match/sprt.h"

namespace kirin::cli {
namespace {

using namespace kirin::match;

// The most games a match with --sprt plays unless --games says otherwise.
constexpr int kSprtMaxGames = 20000;

std::vector<std::pair<std::string, std::string>> engine_options(
    const std::vector<std::string>& given, const char* flag) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& o : given) {
    auto eq = o.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError(std::string(flag) + " takes NAME=VALUE, not '" + o + "'");
    out.emplace_back(o.substr(0, eq), o.substr(eq + 1));
  }
  return out;
}

}  // namespace

void register_match(CLI::App& app) {
  struct Args {
    GameArgs game;
    std::string engine[2], protocol[2] = {"auto", "auto"}, name[2];
    std::string usi_clocks[2] = {"auto", "auto"};
    std::array<std::string, 2> tc_engine;
    std::vector<std::string> options[2];
    int games = 2;
    std::string tc = "10+0.1";
    double byoyomi = 0;
    int64_t movetime = 0;
    int64_t nodes = 0;
    int64_t grace = 200;
    int max_plies = -1;
    std::string openings_file;
    int opening_plies = 4;
    uint64_t seed = 1;
    std::string out_dir, log_file;
    int concurrency = 1;
    std::string sprt;
    double alpha = 0.05, beta = 0.05;
  };
  auto a = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "match",
      "Play two engines against each other (USI or XBoard); Kirin referees every move and "
      "prints the score and an Elo estimate");
  a->game.add_to(*cmd, false, false);
  for (int e = 0; e < 2; ++e) {
    std::string n = std::to_string(e + 1);
    cmd->add_option("--engine" + n, a->engine[e],
                    "command that starts engine " + n + " (run by /bin/sh -c)")
        ->required();
    cmd->add_option("--protocol" + n, a->protocol[e],
                    "usi, xboard, or auto: try USI first, else XBoard")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "usi", "xboard"}));
    cmd->add_option("--name" + n, a->name[e], "name of engine " + n + " (default: its own)");
    cmd->add_option("--usi-clocks" + n, a->usi_clocks[e],
                    "how engine " + n +
                        " reads USI's btime/wtime: standard (btime is Black's), own (both carry "
                        "its own time, for engines that read them swapped), auto: own for "
                        "Fairy-Stockfish 11 and 12, else standard")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "standard", "own"}));
    cmd->add_option("--engine-option" + n, a->options[e],
                    "NAME=VALUE for engine " + n + " (USI setoption, XBoard option); repeatable")
        ->allow_extra_args(false);
  }
  CLI::Option* games_option = cmd->add_option(
      "--games,-n", a->games,
      "number of games; with --sprt the most it may play (default then " +
          std::to_string(kSprtMaxGames) + ")")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--tc", a->tc,
                  "both engines' clock: seconds per game [+ increment], e.g. 10+0.1, or \"10 "
                  "byoyomi 1 periods 3\" (--tc1/--tc2 give one engine its own)")
      ->capture_default_str();
  for (int e = 0; e < 2; ++e) {
    std::string n = std::to_string(e + 1);
    cmd->add_option("--tc" + n, a->tc_engine[size_t(e)],
                    "engine " + n + "'s own time control, for time or node odds: a clock as --tc "
                    "(--tc1 5+0.05 --tc2 10+0.1, or --tc" + n + " \"10 byoyomi 1\"), \"movetime "
                    "S\" or \"nodes N\"; default --tc, --movetime or --nodes");
  }
  cmd->add_option("--byoyomi", a->byoyomi,
                  "byoyomi in seconds after the main time of --tc (and of --tc1/--tc2)");
  cmd->add_option("--movetime", a->movetime,
                  "fixed milliseconds per move for both engines (replaces the clocks)");
  cmd->add_option("--nodes", a->nodes,
                  "a node budget per move for both engines (replaces the clocks; USI engines "
                  "only): games that do not depend on how loaded the machine is");
  cmd->add_option("--grace", a->grace, "milliseconds an engine may overstep its time")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(0), int64_t(600000)));
  cmd->add_option("--max-plies", a->max_plies,
                  "adjudicate a draw after this many plies (default: the game's ply limit, "
                  "else 1500; 0 = never)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--openings", a->openings_file,
                  "file of openings, one line of USI moves each (default: random openings)");
  cmd->add_option("--opening-plies", a->opening_plies,
                  "random plies from the start position in each random opening")
      ->capture_default_str()
      ->check(CLI::Range(0, 200));
  cmd->add_option("--seed", a->seed, "seed of the random openings")->capture_default_str();
  cmd->add_option("--out", a->out_dir, "directory for game files (game-NNN.txt and .kif)");
  cmd->add_option("--concurrency", a->concurrency, "games played at the same time")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--log", a->log_file,
                  "append every line sent to and read from the engines, with milliseconds since "
                  "the start (the go commands show the clocks each engine was told)");
  CLI::Option* sprt_option = cmd->add_option(
      "--sprt", a->sprt,
      "ELO0,ELO1: stop as soon as the sequential probability ratio test (fishtest's, logistic "
      "Elo, over game pairs) accepts H0 (engine 1 is ELO0 better, or worse) or H1 (it is ELO1 "
      "better, or more), e.g. --sprt 0,10 to accept a change; prints the LLR after each game "
      "pair");
  CLI::Option* alpha_option =
      cmd->add_option("--alpha", a->alpha, "with --sprt: the chance of accepting H1 at ELO0")
          ->capture_default_str();
  CLI::Option* beta_option =
      cmd->add_option("--beta", a->beta, "with --sprt: the chance of accepting H0 at ELO1")
          ->capture_default_str();

  cmd->callback([a, games_option, sprt_option, alpha_option, beta_option] {
    std::optional<Sprt> sprt;
    if (sprt_option->count()) {
      try {
        sprt.emplace(parse_sprt(a->sprt, a->alpha, a->beta));
      } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
      }
      if (!games_option->count()) a->games = kSprtMaxGames;
    } else if (alpha_option->count() || beta_option->count()) {
      throw UsageError("--alpha and --beta are the errors of --sprt; give --sprt ELO0,ELO1");
    }
    MatchSettings s;
    s.variant = a->game.load_variant();
    try {
      s.referee.tc =
          match_time_controls(a->tc, a->tc_engine, a->byoyomi, a->movetime, a->nodes);
    } catch (const TimeControlError& e) {
      throw UsageError(e.what());
    }
    s.referee.grace_ms = a->grace;
    s.referee.max_plies = a->max_plies >= 0 ? a->max_plies : default_max_plies(*s.variant);
    s.games = a->games;
    s.concurrency = a->concurrency;
    s.out_dir = a->out_dir;
    std::string opening_text;
    if (!a->openings_file.empty()) {
      std::ifstream in(a->openings_file);
      if (!in) throw UsageError("cannot read openings file '" + a->openings_file + "'");
      s.openings = read_openings(s.variant, in, a->openings_file);
      opening_text = fmt::format("{} openings from {}", s.openings.size(), a->openings_file);
    } else if (a->opening_plies > 0) {
      s.openings = random_openings(s.variant, (a->games + 1) / 2, a->opening_plies, a->seed);
      opening_text = fmt::format("random, {} plies, seed {}", a->opening_plies, a->seed);
    } else {
      opening_text = "the start position";
    }

    auto log_mutex = std::make_shared<std::mutex>();
    std::shared_ptr<std::ofstream> log;
    if (!a->log_file.empty()) {
      log = std::make_shared<std::ofstream>(a->log_file, std::ios::app);
      if (!*log) throw UsageError("cannot write log file '" + a->log_file + "'");
    }
    for (int e = 0; e < 2; ++e) {
      PlayerConfig& c = s.engines[e];
      c.command = a->engine[e];
      c.protocol = parse_protocol(a->protocol[e]);
      c.name = a->name[e];
      c.usi_clocks = parse_usi_clocks(a->usi_clocks[e]);
      c.options = engine_options(a->options[e], e == 0 ? "--engine-option1" : "--engine-option2");
      if (log)
        c.log = [log, log_mutex, e, t0 = std::chrono::steady_clock::now()](char dir,
                                                                           std::string_view line) {
          auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
          std::lock_guard<std::mutex> lock(*log_mutex);
          *log << ms << ' ' << (e + 1) << dir << ' ' << line << '\n';
          log->flush();
        };
    }
    kill_engines_on_interrupt();

    std::string games_text = fmt::format("{} games", s.games);
    if (sprt)
      games_text = fmt::format("SPRT [{}, {}] (alpha {}, beta {}) over at most {} games",
                               a->sprt.substr(0, a->sprt.find(',')),
                               a->sprt.substr(a->sprt.find(',') + 1), a->alpha, a->beta, s.games);
    fmt::print("match: {} ({}), {}, time control {}, openings: {}\n", s.variant->name,
               s.variant->id, games_text, describe(s.referee.tc, "engine 1", "engine 2"),
               opening_text);
    std::fflush(stdout);
    s.on_notice = [](const std::string& notice) {
      fmt::print("{}\n", notice);
      std::fflush(stdout);
    };
    MatchResult result;
    try {
      result = run_match(s, [&](const GameRecord& g, const ResultSplit& so_far) {
        fmt::print("game {}/{}: {} vs {} {} ({}) {} plies; {}\n", g.number, s.games, g.black,
                   g.white, g.result_text(), g.reason, g.moves.size(),
                   format_split_short(so_far));
        bool go_on = true;
        bool first_is_black = g.number % 2 == 1;
        if (sprt && sprt->add(g.number - 1, points_for_first(g, first_is_black))) {
          fmt::print("{} after {} game pairs\n", sprt->format(sprt->llr()), sprt->pairs());
          if (sprt->decision() != Sprt::Decision::None) {
            const SprtSettings& st = sprt->settings();
            const SprtOvershoot& o = sprt->overshoot();
            bool h1 = sprt->decision() == Sprt::Decision::H1;
            std::string why = fmt::format("{} {:.2f} {} {:.2f}", h1 ? "above" : "below",
                                          h1 ? st.upper_bound() : st.lower_bound(),
                                          h1 ? '-' : '+', h1 ? o.above() : o.below());
            fmt::print(
                "SPRT: {} (LLR {:.2f} {}, the bound less the expected overshoot); the games "
                "being played finish, no new game starts\n",
                Sprt::decision_text(sprt->decision()), sprt->llr(), why);
            go_on = false;
          }
        }
        std::fflush(stdout);
        return go_on;
      });
    } catch (const EngineError& e) {
      throw UsageError(e.what());
    }
    const Score& sc = result.results.all;
    std::string one = result.games.front().number % 2 == 1 ? result.games.front().black
                                                           : result.games.front().white;
    std::string two = result.games.front().number % 2 == 1 ? result.games.front().white
                                                           : result.games.front().black;
    EloEstimate elo = estimate_elo(sc);
    fmt::print("Score of {} vs {}: +{} -{} ={} [{:.3f}] {} games\n", one, two, sc.wins, sc.losses,
               sc.draws, elo.score, sc.games());
    for (const std::string& line : format_split(result.results)) fmt::print("{}\n", line);
    if (sprt) {
      // Games without their pair: counted by the trinomial model if they end an undecided
      // test; after a decision, the games that were in progress do not change it.
      std::string note;
      if (sprt->unpaired() > 0)
        note = sprt->decision() == Sprt::Decision::None
                   ? ", trinomial over all games: the last game has no pair"
                   : fmt::format(", {} unpaired game(s) not counted", sprt->unpaired());
      fmt::print("SPRT: {} after {} game pairs{}: {}\n", sprt->format(sprt->final_llr()),
                 sprt->pairs(), note, Sprt::decision_text(sprt->final_decision()));
    }
  });
}

}  // namespace kirin::cli
