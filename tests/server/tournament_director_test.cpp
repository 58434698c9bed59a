// The director (Tournaments::tick) on the store (SQLite, or PostgreSQL with
// KIRIN_TEST_STORE=postgres), with the test's clock: whole arenas, Swiss events and round
// robins played to the end, the computer's entries, a restart, and three nodes ticking at once.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <thread>

#include "tournament_fixture.h"

namespace kirin::server::testing {
namespace {

using TournamentDirectorTest = TournamentTest;

// Every pair of entries that met, unordered, with how often.
std::map<std::pair<Id, Id>, int> meetings(const std::vector<TournamentPairing>& ps) {
  std::map<std::pair<Id, Id>, int> out;
  for (const TournamentPairing& p : ps)
    if (p.white) out[{std::min(p.black, p.white), std::max(p.black, p.white)}]++;
  return out;
}

// No entry is in two games being played.
void expect_one_game_each(const std::vector<TournamentPairing>& ps) {
  std::map<Id, int> playing;
  for (const TournamentPairing& p : ps)
    if (p.game && !p.ended) {
      EXPECT_EQ(++playing[p.black], 1) << "entry " << p.black << " in two games";
      EXPECT_EQ(++playing[p.white], 1) << "entry " << p.white << " in two games";
    }
}

const TournamentStanding& row_of(const TournamentView& v, const std::string& name) {
  for (const TournamentStanding& r : v.standings)
    if (r.name == name) return r;
  throw std::runtime_error("no standing of " + name);
}

TEST_F(TournamentDirectorTest, AnArenaFromStartToEnd) {
  TournamentSettings s = settings(TournamentKind::Arena);
  s.setup.rated = true;
  Tournament t = make(s, {alice, bob, carol, dave});
  log.clear();
  tournaments->start(t.id, mod.id);
  // Paired at once: neighbours in the ranking, each player in one game.
  std::vector<TournamentPairing> first = playing(t.id);
  ASSERT_EQ(first.size(), 2u);
  expect_one_game_each(pairings(t.id));
  for (const TournamentPairing& p : first) {
    GameState g = games->view(p.game).state;
    EXPECT_EQ(g.tournament, t.id);
    EXPECT_TRUE(g.berserk_allowed);
    EXPECT_TRUE(g.setup.rated);
    EXPECT_EQ(tournaments->of_game(p.game), t.id);
  }
  int paired = 0;
  for (const Event& e : log.events)
    if (e.kind == EventKind::Tournament && e.text == "paired") ++paired;
  EXPECT_EQ(paired, 2);
  TournamentView mine = tournaments->view(t.id, alice.id);
  EXPECT_NE(mine.my_game, 0);
  EXPECT_EQ(mine.pairings.size(), 2u);  // the games being played

  // One game won after 20 moves, the other drawn at once: an early draw scores nothing.
  play(first[0].game, 20);
  end(first[0].game, Result::BlackWins);
  end(first[1].game, Result::Draw);
  tournaments->tick();
  std::vector<TournamentPairing> second = playing(t.id);
  ASSERT_EQ(second.size(), 2u);
  std::map<std::pair<Id, Id>, int> met = meetings(pairings(t.id));
  for (const auto& [pair, n] : met) EXPECT_EQ(n, 1) << "an immediate rematch";
  TournamentView v = tournaments->view(t.id);
  EXPECT_EQ(v.standings[0].points2, 4);  // 2 points, doubled into half points
  EXPECT_EQ(v.standings[0].sheet, "2");
  EXPECT_EQ(v.standings[0].wins, 1);
  EXPECT_NE(v.standings[0].playing, 0);
  for (std::size_t i = 1; i < 4; ++i) EXPECT_EQ(v.standings[i].points2, 0);
  // The rated game counted for the ratings as any other.
  EXPECT_EQ(store->ratings().rating_changes_of_game(first[0].game).size(), 2u);

  // Near the end nobody is paired; at the end it finishes, and a game still being played
  // does not count.
  end(second[0].game, Result::WhiteWins);
  clock.advance(30 * 60'000 - 30'000);  // 30 s left: less than the last minute
  tournaments->tick();
  EXPECT_EQ(playing(t.id).size(), 1u);
  clock.advance(30'000);
  tournaments->tick();
  Tournament done = tournaments->get(t.id);
  EXPECT_EQ(done.status, TournamentStatus::Finished);
  end(second[1].game, Result::BlackWins);
  tournaments->tick();
  std::vector<TournamentPairing> all = pairings(t.id);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_FALSE(all[3].counted);  // played out, never counted
  TournamentView end_view = tournaments->view(t.id);
  EXPECT_EQ(end_view.stats.games, 3);
  EXPECT_EQ(end_view.stats.draws, 1);
  EXPECT_EQ(end_view.stats.black_wins + end_view.stats.white_wins, 2);
  EXPECT_TRUE(end_view.pairings.empty());  // nothing being played
}

TEST_F(TournamentDirectorTest, ABerserkWinScoresAPointMore) {
  Tournament t = make(settings(TournamentKind::Arena), {alice, bob});
  tournaments->start(t.id, mod.id);
  Id game = playing(t.id)[0].game;
  GameState g = games->view(game).state;
  games->berserk(game, g.black.id);
  play(game, 20);
  end(game, Result::BlackWins);
  tournaments->tick();
  TournamentPairing p = pairings(t.id)[0];
  EXPECT_TRUE(p.berserk_black);
  EXPECT_FALSE(p.berserk_white);
  EXPECT_EQ(p.ply, 20);
  TournamentView v = tournaments->view(t.id);
  EXPECT_EQ(v.standings[0].name, g.black.name);
  EXPECT_EQ(v.standings[0].sheet, "3");
  EXPECT_EQ(v.stats.berserks, 1);
}

TEST_F(TournamentDirectorTest, AnArenaPlayerWhoDoesNotMoveLosesAndIsPaused) {
  Tournament t = make(settings(TournamentKind::Arena), {alice, bob});
  tournaments->start(t.id, mod.id);
  std::vector<TournamentPairing> ps = playing(t.id);
  ASSERT_EQ(ps.size(), 1u);
  GameState g = games->view(ps[0].game).state;
  clock.advance(61'000);
  EXPECT_EQ(games->expire_clocks(clock.t), 1);
  tournaments->tick();
  TournamentPairing p = pairings(t.id)[0];
  EXPECT_TRUE(p.counted);
  EXPECT_EQ(p.result, Result::WhiteWins);  // Black never moved
  EXPECT_EQ(p.reason, "forfeit");
  TournamentView v = tournaments->view(t.id);
  EXPECT_EQ(v.standings[0].name, g.white.name);
  EXPECT_EQ(v.standings[0].points2, 4);
  EXPECT_TRUE(row_of(v, g.black.name).entry.withdrawn);  // paused
  EXPECT_TRUE(playing(t.id).empty());  // nobody to play: the other is paused
  tournaments->join(t.id, g.black.id);  // back
  tournaments->tick();
  EXPECT_TRUE(playing(t.id).empty());  // not the same opponent at once
}

TEST_F(TournamentDirectorTest, AGameEndedAfterTheArenaDoesNotCountHoweverLateTheDirector) {
  Tournament t = make(settings(TournamentKind::Arena), {alice, bob});
  tournaments->start(t.id, mod.id);
  Id game = playing(t.id)[0].game;
  clock.advance(30 * 60'000);  // the end, and the director has not looked yet
  end(game, Result::BlackWins);
  tournaments->tick();
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
  EXPECT_FALSE(pairings(t.id)[0].counted);
  EXPECT_EQ(tournaments->view(t.id).standings[0].points2, 0);
}

TEST_F(TournamentDirectorTest, ATournamentGameIsNotAbortedButForfeitedEvenAgainstTheComputer) {
  TournamentSettings s = settings(TournamentKind::Swiss);
  s.rounds = 1;
  s.computer_entries = 1;
  s.computer_level = 1;
  Tournament t = make(s, {alice});
  tournaments->start(t.id, mod.id);
  std::vector<TournamentPairing> ps = playing(t.id);
  ASSERT_EQ(ps.size(), 1u);
  GameState g = games->view(ps[0].game).state;
  EXPECT_EQ(service_error([&] { games->abort(g.id, alice.id); }).code(), ErrorCode::Forbidden);
  if (g.black.id == kirin.id) {
    EXPECT_EQ(computer->pump(), 1);  // the computer moves first; then alice does not
  }
  clock.advance(61'000);
  EXPECT_EQ(games->expire_clocks(clock.t), 1);
  tournaments->tick();
  TournamentPairing p = pairings(t.id)[0];
  EXPECT_EQ(p.reason, "forfeit");
  EXPECT_EQ(p.result, g.black.id == alice.id ? Result::WhiteWins : Result::BlackWins);
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
  EXPECT_EQ(tournaments->view(t.id).standings[0].name, "kirin#1");
}

TEST_F(TournamentDirectorTest, AnArenaWithFewerThanTwoPlayersAtItsStartIsCancelled) {
  TournamentSettings s = settings(TournamentKind::Arena);
  s.starts_at = clock.t + 60'000;
  Tournament t = make(s, {alice});
  tournaments->tick();
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Created);
  clock.advance(60'000);
  log.clear();
  tournaments->tick();
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Cancelled);
  ASSERT_FALSE(log.events.empty());
  EXPECT_EQ(log.events.back().text, "cancelled");
  EXPECT_EQ(log.events.back().users.size(), 1u);
}

TEST_F(TournamentDirectorTest, AnEventStartsByItselfAtItsTime) {
  TournamentSettings s = settings(TournamentKind::Swiss);
  s.starts_at = clock.t + 60'000;
  Tournament t = make(s, {alice, bob});
  clock.advance(60'000);
  tournaments->tick();
  Tournament now = tournaments->get(t.id);
  EXPECT_EQ(now.status, TournamentStatus::Running);
  EXPECT_EQ(now.round, 1);
  EXPECT_EQ(playing(t.id).size(), 1u);
}

TEST_F(TournamentDirectorTest, ASwissFromStartToEnd) {
  TournamentSettings s = settings(TournamentKind::Swiss);
  s.rounds = 3;
  Tournament t = make(s, {alice, bob, carol, dave, erin});
  tournaments->start(t.id, mod.id);
  for (int round = 1; round <= 3; ++round) {
    Tournament now = tournaments->get(t.id);
    ASSERT_EQ(now.round, round);
    std::vector<TournamentPairing> ps = playing(t.id);
    ASSERT_EQ(ps.size(), 2u) << "round " << round;
    for (const TournamentPairing& p : ps) EXPECT_EQ(p.round, round);
    if (round == 2) {
      // Late joining ends when half the rounds have started.
      EXPECT_EQ(service_error([&] { tournaments->join(t.id, mod.id); }).code(),
                ErrorCode::Conflict);
    }
    for (const TournamentPairing& p : ps) end(p.game, Result::BlackWins);
    tournaments->tick();
  }
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
  std::vector<TournamentPairing> all = pairings(t.id);
  ASSERT_EQ(all.size(), 9u);  // 3 rounds of 2 games and a bye
  for (const auto& [pair, n] : meetings(all)) EXPECT_EQ(n, 1) << "a rematch";
  std::map<Id, int> byes;
  for (const TournamentPairing& p : all)
    if (!p.white) {
      EXPECT_TRUE(p.counted);
      EXPECT_EQ(p.game, 0);
      ++byes[p.black];
    }
  EXPECT_EQ(byes.size(), 3u);  // never twice to one player
  TournamentView v = tournaments->view(t.id);
  int points2 = 0;
  for (const TournamentStanding& r : v.standings) points2 += r.points2;
  EXPECT_EQ(points2, 3 * 3 * 2);  // three points a round
  for (std::size_t i = 1; i < v.standings.size(); ++i) {
    const TournamentStanding &a = v.standings[i - 1], &b = v.standings[i];
    EXPECT_TRUE(a.points2 > b.points2 || (a.points2 == b.points2 && a.buchholz2 >= b.buchholz2));
  }
  EXPECT_EQ(v.pairings.size(), 9u);  // the crosstable's
}

TEST_F(TournamentDirectorTest, ASwissWaitsItsIntervalAndAWithdrawnPlayerIsPairedNoMore) {
  TournamentSettings s = settings(TournamentKind::Swiss);
  s.rounds = 2;
  s.round_interval_s = 60;
  Tournament t = make(s, {alice, bob, carol, dave});
  tournaments->start(t.id, mod.id);
  for (const TournamentPairing& p : playing(t.id)) end(p.game, Result::Draw);
  tournaments->withdraw(t.id, dave.id);
  tournaments->tick();
  Tournament waiting = tournaments->get(t.id);
  EXPECT_EQ(waiting.round, 1);
  EXPECT_EQ(waiting.deadline, clock.t + 60'000);
  clock.advance(60'000);
  tournaments->tick();
  EXPECT_EQ(tournaments->get(t.id).round, 2);
  Id gone = entry_of(t.id, dave);
  for (const TournamentPairing& p : pairings(t.id)) {
    if (p.round != 2) continue;
    EXPECT_NE(p.black, gone);
    EXPECT_NE(p.white, gone);
  }
  TournamentView v = tournaments->view(t.id);
  EXPECT_EQ(row_of(v, "dave").points2, 1);  // the draw stays
  EXPECT_TRUE(row_of(v, "dave").entry.withdrawn);
}

// Every pair meets as Berger's tables say, round by round.
TEST_F(TournamentDirectorTest, ARoundRobinRoundByRound) {
  Tournament t = make(settings(TournamentKind::Robin), {alice, bob, carol, dave});
  tournaments->start(t.id, mod.id);
  for (int round = 1; round <= 3; ++round) {
    ASSERT_EQ(tournaments->get(t.id).round, round);
    std::vector<TournamentPairing> ps = playing(t.id);
    ASSERT_EQ(ps.size(), 2u);
    for (const TournamentPairing& p : ps) end(p.game, Result::Draw);
    tournaments->tick();
  }
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
  std::map<std::pair<Id, Id>, int> met = meetings(pairings(t.id));
  EXPECT_EQ(met.size(), 6u);
  for (const auto& [pair, n] : met) EXPECT_EQ(n, 1);
  // The order is Berger's, over the seeding (equal ratings: join order).
  std::vector<TournamentEntry> seeds = store->tournaments().entries_of(t.id);
  auto tables = tournament::berger_rounds(4, false);
  for (const TournamentPairing& p : pairings(t.id)) {
    const auto& round = tables[std::size_t(p.round - 1)];
    bool found = std::any_of(round.begin(), round.end(), [&](const std::pair<int, int>& g) {
      return seeds[std::size_t(g.first)].id == p.black && seeds[std::size_t(g.second)].id == p.white;
    });
    EXPECT_TRUE(found) << "round " << p.round;
  }
  for (const TournamentStanding& r : tournaments->view(t.id).standings) EXPECT_EQ(r.points2, 3);
}

TEST_F(TournamentDirectorTest, ADoubleRoundRobinByCorrespondenceStartsEveryGameAtOnce) {
  TournamentSettings s = settings(TournamentKind::Robin, "3 days");
  s.double_round = true;
  Tournament t = make(s, {alice, bob, carol});
  tournaments->start(t.id, mod.id);
  std::vector<TournamentPairing> ps = playing(t.id);
  ASSERT_EQ(ps.size(), 6u);  // three players: six rounds of one game, one resting each
  std::map<std::pair<Id, Id>, int> colours;
  for (const TournamentPairing& p : ps) colours[{p.black, p.white}]++;
  for (const auto& [pair, n] : colours) {
    EXPECT_EQ(n, 1);
    EXPECT_EQ(colours.count({pair.second, pair.first}), 1u);  // and again, colours swapped
  }
  EXPECT_EQ(games->view(ps[0].game).state.time_control.kind, TimeControl::Kind::Correspondence);
  for (std::size_t i = 0; i + 1 < ps.size(); ++i) {
    end(ps[i].game, Result::BlackWins);
    tournaments->tick();
    EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Running);
  }
  end(ps.back().game, Result::WhiteWins);
  tournaments->tick();
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
  TournamentView v = tournaments->view(t.id);
  int points2 = 0;
  for (const TournamentStanding& r : v.standings) points2 += r.points2;
  EXPECT_EQ(points2, 12);
  EXPECT_GT(v.standings[0].sonneborn4, 0);
}

TEST_F(TournamentDirectorTest, AWithdrawnRoundRobinPlayerForfeitsTheGamesNotBegun) {
  Tournament t = make(settings(TournamentKind::Robin), {alice, bob, carol, dave});
  tournaments->start(t.id, mod.id);
  tournaments->withdraw(t.id, dave.id);
  for (const TournamentPairing& p : playing(t.id)) end(p.game, Result::Draw);
  tournaments->tick();
  Id gone = entry_of(t.id, dave);
  for (const TournamentPairing& p : pairings(t.id)) {
    if (p.round != 2 || (p.black != gone && p.white != gone)) continue;
    EXPECT_EQ(p.game, 0);
    EXPECT_TRUE(p.counted);
    EXPECT_EQ(p.reason, "forfeit");
    EXPECT_EQ(p.result, p.black == gone ? Result::WhiteWins : Result::BlackWins);
  }
  EXPECT_EQ(playing(t.id).size(), 1u);
}

TEST_F(TournamentDirectorTest, TheComputersEntriesPlayEvenEachOther) {
  TournamentSettings s = settings(TournamentKind::Robin);
  s.setup.rated = true;
  s.computer_entries = 2;
  s.computer_level = 2;
  Tournament t = make(s, {alice, bob});
  tournaments->start(t.id, mod.id);
  Id self_game = 0;
  for (int round = 1; round <= 3; ++round) {
    for (const TournamentPairing& p : playing(t.id)) {
      GameState g = games->view(p.game).state;
      const bool against = g.black.id == kirin.id || g.white.id == kirin.id;
      EXPECT_EQ(g.setup.rated, !against);  // the computer's games are casual
      EXPECT_EQ(g.setup.computer_level, against ? 2 : 0);
      if (g.black.id == kirin.id && g.white.id == kirin.id) self_game = p.game;
    }
    if (self_game && games->view(self_game).state.status == GameStatus::Active) {
      // The computer plays both sides, one move a turn.
      for (int i = 0; i < 6; ++i) EXPECT_EQ(computer->pump(), 1);
      GameView v = games->view(self_game);
      EXPECT_EQ(v.state.ply, 6);
      games->resign(self_game, kirin.id);
    }
    for (const TournamentPairing& p : playing(t.id))
      if (p.game != self_game) end(p.game, Result::WhiteWins);
    tournaments->tick();
  }
  EXPECT_NE(self_game, 0);
  EXPECT_EQ(computer->levels(), std::set<int>{2});
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
}

TEST_F(TournamentDirectorTest, TheComputersEntriesNeverMeetInAnArena) {
  TournamentSettings s = settings(TournamentKind::Arena);
  s.computer_entries = 2;
  s.computer_level = 1;
  Tournament t = make(s, {alice, bob});
  tournaments->start(t.id, mod.id);
  for (int i = 0; i < 3; ++i) {
    std::vector<TournamentPairing> ps = playing(t.id);
    ASSERT_EQ(ps.size(), 2u);
    for (const TournamentPairing& p : ps) {
      GameState g = games->view(p.game).state;
      EXPECT_FALSE(g.black.id == kirin.id && g.white.id == kirin.id);
      end(p.game, g.black.id == kirin.id ? Result::WhiteWins : Result::BlackWins);
    }
    tournaments->tick();
  }
}

TEST_F(TournamentDirectorTest, NothingIsLostAcrossARestart) {
  TournamentSettings s = settings(TournamentKind::Swiss);
  s.rounds = 2;
  Tournament t = make(s, {alice, bob, carol, dave});
  tournaments->start(t.id, mod.id);
  std::vector<TournamentPairing> before = playing(t.id);
  ASSERT_EQ(before.size(), 2u);
  end(before[0].game, Result::BlackWins);
  restart();
  end(before[1].game, Result::WhiteWins);
  tournaments->tick();
  EXPECT_EQ(tournaments->get(t.id).round, 2);
  for (const TournamentPairing& p : playing(t.id)) end(p.game, Result::Draw);
  restart();
  tournaments->tick();
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
  EXPECT_EQ(pairings(t.id).size(), 4u);
}

// Three nodes on one store whose directors tick at once: every round is paired once, nobody
// plays two games at once.
class TournamentNodesTest : public TournamentTest {
 protected:
  struct Node {
    std::unique_ptr<sql::SqlStorage> store;
    std::unique_ptr<Accounts> accounts;
    std::unique_ptr<GameService> games;
    std::unique_ptr<Challenges> challenges;
    std::unique_ptr<Blocks> blocks;
    NullEventSink events;
    std::unique_ptr<Tournaments> tournaments;
  };
  std::unique_ptr<Node> node() {
    auto n = std::make_unique<Node>();
    n->store = open_storage(url());
    n->accounts = std::make_unique<Accounts>(
        n->store->accounts(), AccountOptions{.hash_cost = HashCost::Minimal}, clock.fn());
    n->games = std::make_unique<GameService>(*n->store, n->events, clock.fn());
    n->challenges = std::make_unique<Challenges>(*n->store, *n->games, n->events, clock.fn(),
                                                 fresh_may_play_rated());
    n->blocks = std::make_unique<Blocks>(*n->store, clock.fn());
    n->tournaments = std::make_unique<Tournaments>(*n->store, *n->accounts, *n->games,
                                                   *n->challenges, *n->blocks, n->events,
                                                   clock.fn());
    return n;
  }

  // Ticks three nodes at once while the games they pair are ended here, until `done`.
  void play_out(Id t, const std::function<bool()>& done) {
    std::vector<std::unique_ptr<Node>> nodes;
    for (int i = 0; i < 3; ++i) nodes.push_back(node());
    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    for (auto& n : nodes)
      threads.emplace_back([&stop, &n] {
        while (!stop) {
          try {
            n->tournaments->tick();
          } catch (const std::exception&) {
            // A lost race shows as nothing written, never as an error; a busy SQLite file
            // may refuse a moment: the next tick tries again.
          }
        }
      });
    for (int i = 0; i < 2000 && !done(); ++i) {
      std::vector<TournamentPairing> ps = pairings(t);
      expect_one_game_each(ps);
      for (const TournamentPairing& p : ps)
        if (p.game && !p.ended && games->view(p.game).state.status == GameStatus::Active)
          end(p.game, p.id % 3 == 0 ? Result::Draw : Result::BlackWins);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    stop = true;
    for (std::thread& th : threads) th.join();
  }
};

TEST_F(TournamentNodesTest, ThreeDirectorsPairEverySwissRoundOnce) {
  TournamentSettings s = settings(TournamentKind::Swiss);
  s.rounds = 4;
  User f = sign_up("frank"), g = sign_up("grace");
  Tournament t = make(s, {alice, bob, carol, dave, erin, f});
  tournaments->start(t.id, mod.id);
  play_out(t.id, [&] { return tournaments->get(t.id).status == TournamentStatus::Finished; });
  ASSERT_EQ(tournaments->get(t.id).status, TournamentStatus::Finished);
  std::vector<TournamentPairing> all = pairings(t.id);
  EXPECT_EQ(all.size(), 12u);  // four rounds of three games
  std::map<int, int> per_round;
  for (const TournamentPairing& p : all) per_round[p.round]++;
  for (int r = 1; r <= 4; ++r) EXPECT_EQ(per_round[r], 3) << "round " << r;
  for (const auto& [pair, n] : meetings(all)) EXPECT_EQ(n, 1);
  (void)g;
}

TEST_F(TournamentNodesTest, ThreeDirectorsPairAnArenaOnce) {
  TournamentSettings s = settings(TournamentKind::Arena);
  s.minutes = 10;
  User f = sign_up("frank"), g = sign_up("grace"), h = sign_up("heidi");
  Tournament t = make(s, {alice, bob, carol, dave, erin, f, g, h});
  tournaments->start(t.id, mod.id);
  play_out(t.id, [&] { return pairings(t.id).size() >= 40; });
  std::vector<TournamentPairing> all = pairings(t.id);
  EXPECT_GE(all.size(), 40u);
  expect_one_game_each(all);
  // Never the same opponent twice in a row.
  std::map<Id, Id> last;
  for (const TournamentPairing& p : all) {
    EXPECT_NE(last[p.black], p.white);
    EXPECT_NE(last[p.white], p.black);
    last[p.black] = p.white;
    last[p.white] = p.black;
  }
}

}  // namespace
}  // namespace kirin::server::testing
