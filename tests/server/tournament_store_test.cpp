// The tournaments' repository (tournament_repo.h) on SQLite, or PostgreSQL with
// KIRIN_TEST_STORE=postgres: records read back as written, every write conditional on the
// event's version, a result recorded once, and the other processes told of each write.
#include <gtest/gtest.h>

#include "server/domain/tournament_repo.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

class TournamentStoreTest : public ServerTest {
 protected:
  TournamentRepo& repo() { return store->tournaments(); }

  Tournament event() {
    Tournament t;
    t.settings.kind = TournamentKind::Swiss;
    t.settings.name = "Winter Swiss";
    t.settings.description = "three rounds";
    t.settings.setup.game = "shogi";
    t.settings.setup.profile = "";
    t.settings.setup.rated = true;
    t.settings.time_control = parse_time_control("600 byoyomi 30");
    t.settings.rounds = 3;
    t.settings.round_interval_s = 60;
    t.settings.starts_at = clock.t + 3'600'000;
    t.settings.max_players = 16;
    t.settings.min_rating = 1400;
    t.settings.min_rated_games = 2;
    t.settings.password_hash = "$argon2id$...";
    t.settings.computer_entries = 1;
    t.settings.computer_level = 3;
    t.creator = {alice.id, "alice"};
    t.created = clock.t;
    return t;
  }

  GameState game_between(const PlayerRef& b, const PlayerRef& w) {
    GameState g;
    g.setup.game = "shogi";
    g.start_sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    g.black = b;
    g.white = w;
    g.created = g.updated = clock.t;
    return g;
  }
};

TEST_F(TournamentStoreTest, AnEventAndItsEntriesReadBackAsWritten) {
  Tournament t = event();
  TournamentEntry computer{.user = {bob.id, "bob"}, .computer = 1, .rating = 1500, .joined = 5};
  t.id = repo().create_tournament(t, {computer});
  ASSERT_GT(t.id, 0);
  std::optional<Tournament> back = repo().find_tournament(t.id);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, t);
  std::vector<TournamentEntry> entries = repo().entries_of(t.id);
  ASSERT_EQ(entries.size(), 1u);
  computer.id = entries[0].id;
  computer.tournament = t.id;
  EXPECT_EQ(entries[0], computer);

  EXPECT_EQ(repo().list_tournaments(TournamentStatus::Created, "", 10).size(), 1u);
  EXPECT_EQ(repo().list_tournaments(TournamentStatus::Created, "shogi", 10).size(), 1u);
  EXPECT_TRUE(repo().list_tournaments(TournamentStatus::Created, "chu", 10).empty());
  EXPECT_TRUE(repo().list_tournaments(TournamentStatus::Running, "", 10).empty());
  EXPECT_EQ(repo().count_created_since(alice.id, clock.t), 1);
  EXPECT_EQ(repo().count_created_since(alice.id, clock.t + 1), 0);
  EXPECT_EQ(repo().count_created_since(bob.id, 0), 0);
  // Due only at its start time.
  EXPECT_TRUE(repo().tournaments_to_direct(clock.t).empty());
  EXPECT_EQ(repo().tournaments_to_direct(t.settings.starts_at).size(), 1u);
  EXPECT_FALSE(repo().find_tournament(t.id + 100));
}

TEST_F(TournamentStoreTest, EveryWriteIsConditionalOnTheVersion) {
  Tournament t = event();
  t.id = repo().create_tournament(t, {});
  Tournament next = t;
  next.version = 2;
  next.change = "joined";
  TournamentEntry e{.tournament = t.id, .user = {alice.id, "alice"}, .rating = 1600, .joined = 7};
  std::optional<Id> id = repo().add_entry(next, e);
  ASSERT_TRUE(id);
  // A writer that read version 1 writes nothing now.
  EXPECT_FALSE(repo().add_entry(next, {.tournament = t.id, .user = {bob.id, "bob"}}));
  EXPECT_EQ(repo().entries_of(t.id).size(), 1u);
  Tournament stale = next;
  stale.status = TournamentStatus::Running;
  EXPECT_FALSE(repo().update_tournament(stale));  // version 2 again
  EXPECT_FALSE(repo().set_withdrawn(next, *id, true));
  EXPECT_FALSE(repo().remove_entry(next, *id));
  EXPECT_EQ(repo().find_tournament(t.id)->status, TournamentStatus::Created);

  next.version = 3;
  EXPECT_TRUE(repo().set_withdrawn(next, *id, true));
  EXPECT_TRUE(repo().entries_of(t.id)[0].withdrawn);
  // Entering again is the same entry, back in.
  next.version = 4;
  e.rating = 1650;
  EXPECT_EQ(repo().add_entry(next, e), id);
  EXPECT_FALSE(repo().entries_of(t.id)[0].withdrawn);
  EXPECT_EQ(repo().entries_of(t.id)[0].rating, 1650);
  next.version = 5;
  EXPECT_TRUE(repo().remove_entry(next, *id));
  EXPECT_TRUE(repo().entries_of(t.id).empty());
  EXPECT_EQ(repo().find_tournament(t.id)->version, 5);
}

TEST_F(TournamentStoreTest, ARoundIsStoredWholeOnceAndItsResultsRecordedOnce) {
  Tournament t = event();
  t.id = repo().create_tournament(t, {});
  Tournament next = t;
  auto enter = [&](const User& u) {
    ++next.version;
    return *repo().add_entry(next, {.tournament = t.id, .user = {u.id, u.name}, .joined = 1});
  };
  User carol = sign_up("carol");
  Id a = enter(alice), b = enter(bob), c = enter(carol);
  next.status = TournamentStatus::Running;
  next.round = 1;
  ++next.version;
  TournamentPairing game{.round = 1, .black = a, .white = b, .created = 3};
  TournamentPairing bye{.round = 1, .black = c, .result = Result::BlackWins, .reason = "bye",
                        .counted = true, .created = 3, .ended = 3};
  std::optional<std::vector<Id>> ids =
      repo().start_round(next, {game, bye}, {game_between({alice.id, ""}, {bob.id, ""})});
  ASSERT_TRUE(ids);
  ASSERT_EQ(ids->size(), 1u);
  // The same round again from the same version: nothing written.
  EXPECT_FALSE(repo().start_round(next, {game, bye}, {game_between({alice.id, ""}, {bob.id, ""})}));
  std::vector<TournamentPairing> ps = repo().pairings_of(t.id);
  ASSERT_EQ(ps.size(), 2u);
  EXPECT_EQ(ps[0].game, (*ids)[0]);
  EXPECT_EQ(ps[0].black, a);
  EXPECT_EQ(ps[0].white, b);
  EXPECT_FALSE(ps[0].counted);
  EXPECT_EQ(ps[1].game, 0);
  EXPECT_EQ(ps[1].white, 0);
  EXPECT_TRUE(ps[1].counted);
  EXPECT_EQ(store->games().find_game((*ids)[0])->tournament, t.id);
  ASSERT_EQ(repo().games_of(t.id, 10).size(), 1u);
  EXPECT_EQ(repo().find_tournament(t.id)->round, 1);

  // Not over: nothing to record.
  EXPECT_TRUE(repo().unrecorded_ended_pairings().empty());
  GameState g = *store->games().find_game((*ids)[0]);
  g.status = GameStatus::Finished;
  g.result = Result::WhiteWins;
  g.version++;
  ASSERT_EQ(store->games().update_game(g), WriteResult::Ok);
  std::vector<TournamentPairing> ended = repo().unrecorded_ended_pairings();
  ASSERT_EQ(ended.size(), 1u);
  TournamentPairing p = ended[0];
  p.result = Result::WhiteWins;
  p.reason = "resignation";
  p.counted = true;
  p.ended = 9;
  const int64_t version = repo().find_tournament(t.id)->version;
  EXPECT_TRUE(repo().record_result(p, "result"));
  EXPECT_FALSE(repo().record_result(p, "result"));  // once
  EXPECT_TRUE(repo().unrecorded_ended_pairings().empty());
  Tournament after = *repo().find_tournament(t.id);
  EXPECT_EQ(after.version, version + 1);
  EXPECT_EQ(after.change, "result");
  EXPECT_EQ(repo().pairings_of(t.id)[0], p);
}

TEST_F(TournamentStoreTest, OtherProcessesHearOfEveryWriteToAnEvent) {
  Heard heard;
  store->changes().listen_for_game_changes(std::ref(heard));
  auto other = open_storage(url());  // another process's writes
  Tournament t = event();
  t.id = other->tournaments().create_tournament(t, {});
  Tournament next = t;
  ++next.version;
  next.status = TournamentStatus::Running;
  ASSERT_TRUE(other->tournaments().update_tournament(next));
  heard.wait_for(2);
  std::lock_guard lock(heard.mutex);
  int about = 0;
  for (const GameChange& c : heard.changes)
    if (c.tournament == t.id && c.game == 0) ++about;
  EXPECT_EQ(about, 2);
}

}  // namespace
}  // namespace kirin::server::testing
