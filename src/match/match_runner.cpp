#include "match/match_runner.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "notation/kif.h"
#include "notation/sfen.h"

namespace kirin::match {
namespace {

std::string local_date() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y/%m/%d %H:%M:%S", &tm);
  return buf;
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string display_name(const PlayerConfig& c) { return c.name.empty() ? c.command : c.name; }

}  // namespace

std::string game_kif(const GameRecord& g, std::shared_ptr<const Variant> variant) {
  KifGame k(parse_sfen(variant, g.start_sfen));
  for (const RecordedMove& m : g.moves) {
    k.moves.push_back(m.move);
    k.times_ms.push_back(m.elapsed_ms);
  }
  k.event = g.event;
  k.date = g.date;
  k.time_control = g.time_control;
  k.black = g.black;
  k.white = g.white;
  k.result = g.result;
  switch (g.termination) {
    case Termination::Rules:
      k.ending = kif_ending({g.result, g.rules_reason});
      break;
    case Termination::Resignation:
      k.ending = KifGame::Ending::Resignation;
      break;
    case Termination::Time:
      k.ending = KifGame::Ending::Timeout;
      break;
    case Termination::IllegalMove:
    case Termination::Crash:
    case Termination::Protocol:
      k.ending = KifGame::Ending::IllegalMove;
      break;
    case Termination::Adjudication:
      k.ending = KifGame::Ending::Draw;
      break;
  }
  if (g.termination != Termination::Rules) k.comment = g.reason;
  return write_kif(k);
}

MatchResult run_match(const MatchSettings& settings, const GameCallback& on_game) {
  MatchSettings s = settings;
  int workers = std::max(1, std::min(s.concurrency, s.games));
  std::vector<std::array<std::unique_ptr<Player>, 2>> pool(static_cast<size_t>(workers));
  // A wrong command or protocol should stop the match before it starts, not forfeit games.
  for (int e = 0; e < 2; ++e) {
    try {
      pool[0][size_t(e)] = start_player(s.engines[e]);
      pool[0][size_t(e)]->check_game(*s.variant);
      // XBoard has no node budget per move (its `nps` scales clocks, which engines read
      // differently): refuse rather than play games that measure something else.
      if (s.referee.tc[size_t(e)].kind == TimeControl::Kind::Nodes &&
          pool[0][size_t(e)]->protocol() != Protocol::Usi)
        throw EngineError("a node budget (--nodes) needs a USI engine; this one speaks XBoard");
    } catch (const EngineError& ex) {
      throw EngineError("engine " + std::to_string(e + 1) + ": " + ex.what());
    }
  }
  // Names stay fixed for restarted engines; an engine playing itself gets numbered.
  std::string names[2] = {pool[0][0]->name(), pool[0][1]->name()};
  if (names[0] == names[1] && s.engines[0].name.empty() && s.engines[1].name.empty()) {
    names[0] += " (1)";
    names[1] += " (2)";
  }
  for (int e = 0; e < 2; ++e) {
    s.engines[e].name = names[e];
    pool[0][size_t(e)]->set_name(names[e]);
  }
  for (int e = 0; e < 2; ++e) {
    const std::string& notice = pool[0][size_t(e)]->notice();
    std::string n = std::to_string(e + 1);
    if (!notice.empty() && s.on_notice)
      s.on_notice("engine " + n + " (--usi-clocks" + n + " auto): " + notice);
  }
  if (!s.out_dir.empty()) std::filesystem::create_directories(s.out_dir);

  MatchResult result;
  result.games.resize(size_t(s.games));
  std::atomic<int> next{0};
  std::atomic<bool> stopped{false};
  std::mutex mutex;
  std::string file_error;

  auto worker = [&](size_t w) {
    for (;;) {
      if (stopped) return;
      int i = next++;
      if (i >= s.games) return;
      auto& players = pool[w];
      std::string date = local_date();
      std::string failure;
      int failed = -1;
      for (int e = 0; e < 2 && failed < 0; ++e) {
        if (players[size_t(e)] && players[size_t(e)]->healthy()) continue;
        players[size_t(e)].reset();  // ends the old process first
        try {
          players[size_t(e)] = start_player(s.engines[e]);
        } catch (const EngineError& ex) {
          failed = e;
          failure = ex.what();
        }
      }
      bool first_is_black = i % 2 == 0;
      RefereeSettings by_colour = s.referee;  // the time controls by engine, now by colour
      if (!first_is_black) std::swap(by_colour.tc[0], by_colour.tc[1]);
      GameRecord g;
      if (failed >= 0) {
        Color loser = (failed == 0) == first_is_black ? kBlack : kWhite;
        g.black = display_name(s.engines[first_is_black ? 0 : 1]);
        g.white = display_name(s.engines[first_is_black ? 1 : 0]);
        g.variant_id = s.variant->id;
        g.variant_name = s.variant->name;
        g.start_sfen = to_sfen(parse_sfen(s.variant, s.variant->setup));
        g.time_control = describe(by_colour.tc);
        g.result = loser == kBlack ? Result::WhiteWins : Result::BlackWins;
        g.termination = Termination::Crash;
        g.reason = display_name(s.engines[failed]) + " could not start: " + failure;
      } else {
        static const Opening kNone;
        const Opening& opening =
            s.openings.empty() ? kNone : s.openings[size_t(i / 2) % s.openings.size()];
        Player& one = *players[0];
        Player& two = *players[1];
        g = first_is_black ? play_game(one, two, s.variant, opening, by_colour)
                           : play_game(two, one, s.variant, opening, by_colour);
      }
      g.number = i + 1;
      g.event = s.event;
      g.date = date;

      std::lock_guard<std::mutex> lock(mutex);
      result.results.add(g, first_is_black);
      if (!s.out_dir.empty()) {
        char stem[32];
        std::snprintf(stem, sizeof stem, "game-%03d", g.number);
        try {
          write_file(std::filesystem::path(s.out_dir) / (std::string(stem) + ".txt"),
                     format_record(g));
          write_file(std::filesystem::path(s.out_dir) / (std::string(stem) + ".kif"),
                     game_kif(g, s.variant));
        } catch (const std::exception& ex) {
          file_error = ex.what();
        }
      }
      if (on_game && !on_game(g, result.results)) stopped = true;
      result.games[size_t(i)] = std::move(g);
    }
  };

  std::vector<std::thread> threads;
  for (size_t w = 1; w < size_t(workers); ++w) threads.emplace_back(worker, w);
  worker(0);
  for (std::thread& t : threads) t.join();
  if (!file_error.empty()) throw std::runtime_error(file_error);
  // A stopped match leaves the games it never started empty.
  std::erase_if(result.games, [](const GameRecord& g) { return g.number == 0; });
  return result;
}

}  // namespace kirin::match
