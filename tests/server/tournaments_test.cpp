// Tournaments (domain/tournaments.h) on the store (SQLite, or PostgreSQL with
// KIRIN_TEST_STORE=postgres): who may create, start, cancel, join and withdraw, each refusal
// with nothing changed, and what the page shows.
#include <gtest/gtest.h>

#include "server/domain/services.h"
#include "tournament_fixture.h"

namespace kirin::server::testing {
namespace {

using TournamentsTest = TournamentTest;

ErrorCode code_of(const std::function<void()>& f) { return service_error(f).code(); }
std::string field_of(const std::function<void()>& f) { return service_error(f).field(); }

TEST_F(TournamentsTest, CreatedByPlayersWithARatedGameOrByModerators) {
  // Alice has no finished rated game.
  ServiceError e = service_error(
      [&] { tournaments->create(alice.id, settings(TournamentKind::Arena)); });
  EXPECT_EQ(e.code(), ErrorCode::Forbidden);
  // After one, she may.
  GameSetup rated = shogi();
  rated.rated = true;
  Id g = start_game(rated);
  play(g, 4);
  games->resign(g, bob.id);
  Tournament t = tournaments->create(alice.id, settings(TournamentKind::Arena));
  EXPECT_EQ(t.creator.name, "alice");
  EXPECT_EQ(t.status, TournamentStatus::Created);
  EXPECT_EQ(tournaments->get(t.id), t);
  // A moderator needs none.
  EXPECT_EQ(tournaments->create(mod.id, settings(TournamentKind::Robin)).creator.name, "mod");
  EXPECT_EQ(code_of([&] { tournaments->get(t.id + 100); }), ErrorCode::NotFound);
}

TEST_F(TournamentsTest, EveryBadFieldIsNamed) {
  auto field = [&](TournamentSettings s, std::string_view password = {}) {
    std::size_t before = tournaments->list().upcoming.size();
    std::string f = field_of([&] { tournaments->create(mod.id, s, password); });
    EXPECT_EQ(tournaments->list().upcoming.size(), before);  // nothing made
    return f;
  };
  TournamentSettings s = settings(TournamentKind::Arena);
  s.setup.game = "nosuchgame";
  EXPECT_EQ(field(s), "game");
  s = settings(TournamentKind::Arena);
  s.setup.profile = "nosuchprofile";
  EXPECT_EQ(field(s), "profile");
  s = settings(TournamentKind::Arena);
  s.setup.handicap = "2p";
  EXPECT_EQ(field(s), "handicap");
  s = settings(TournamentKind::Arena);
  s.setup.start_sfen = "9/9/9/9/9/9/9/9/9 b - 1";
  EXPECT_EQ(field(s), "start_sfen");
  s = settings(TournamentKind::Arena, "3 days");
  EXPECT_EQ(field(s), "time_control");
  s = settings(TournamentKind::Swiss, "none");
  EXPECT_EQ(field(s), "time_control");
  s = settings(TournamentKind::Arena);
  s.minutes = 0;
  EXPECT_EQ(field(s), "minutes");
  s.minutes = 24 * 60 + 1;
  EXPECT_EQ(field(s), "minutes");
  s = settings(TournamentKind::Swiss);
  s.rounds = 0;
  EXPECT_EQ(field(s), "rounds");
  s.rounds = 31;
  EXPECT_EQ(field(s), "rounds");
  s = settings(TournamentKind::Swiss);
  s.round_interval_s = -1;
  EXPECT_EQ(field(s), "round_interval");
  s = settings(TournamentKind::Robin);
  s.max_players = 31;
  EXPECT_EQ(field(s), "max_players");
  s = settings(TournamentKind::Arena);
  s.max_players = 1;
  EXPECT_EQ(field(s), "max_players");
  s.max_players = 501;
  EXPECT_EQ(field(s), "max_players");
  s = settings(TournamentKind::Arena);
  s.starts_at = clock.t - 3'600'000;
  EXPECT_EQ(field(s), "starts_at");
  s.starts_at = clock.t + 61LL * 24 * 3'600'000;
  EXPECT_EQ(field(s), "starts_at");
  s = settings(TournamentKind::Arena);
  s.computer_entries = 9;
  s.computer_level = 1;
  EXPECT_EQ(field(s), "computer");
  s.computer_entries = 2;
  s.computer_level = 9;
  EXPECT_EQ(field(s), "computer");
  s = settings(TournamentKind::Arena);
  s.min_rating = -1;
  EXPECT_EQ(field(s), "min_rating");
  s = settings(TournamentKind::Arena);
  s.min_rated_games = -1;
  EXPECT_EQ(field(s), "min_rated_games");
  s = settings(TournamentKind::Arena);
  s.name = std::string(81, 'x');
  EXPECT_EQ(field(s), "name");
  s.name = "bad\x01name";
  EXPECT_EQ(field(s), "name");
  s = settings(TournamentKind::Arena);
  s.description = std::string(2001, 'x');
  EXPECT_EQ(field(s), "description");
  // A rated event plays the game's own rules.
  s = settings(TournamentKind::Arena);
  s.setup.rated = true;
  s.setup.options = {{"drops", "true"}};
  s.setup.game = "chu";
  EXPECT_EQ(field(s), "rated");
  s = settings(TournamentKind::Arena);
  EXPECT_EQ(field(s, std::string(129, 'p')), "password");
  s = settings(TournamentKind::Arena);
  s.kind = static_cast<TournamentKind>(7);
  EXPECT_EQ(field(s), "kind");
}

TEST_F(TournamentsTest, ABannedCreatorAndAServerWithoutTheComputerAreRefused) {
  moderation->set_role(Moderation::kShell, "mod", Role::Admin);
  moderation->ban(mod.id, "erin", "spam");
  moderation->set_role(Moderation::kShell, "erin", Role::Moderator);
  EXPECT_EQ(code_of([&] { tournaments->create(erin.id, settings(TournamentKind::Arena)); }),
            ErrorCode::Forbidden);
  computer.reset();  // no computer player, and none named: nobody to enter
  GameOptions none;
  none.computer_name = "";
  games = std::make_unique<GameService>(*store, log, clock.fn(), none);
  challenges = std::make_unique<Challenges>(*store, *games, log, clock.fn());
  tournaments = std::make_unique<Tournaments>(*store, *accounts, *games, *challenges, *blocks,
                                              log, clock.fn());
  TournamentSettings s = settings(TournamentKind::Arena);
  s.computer_entries = 1;
  s.computer_level = 1;
  ServiceError e = service_error([&] { tournaments->create(mod.id, s); });
  EXPECT_EQ(e.code(), ErrorCode::Invalid);
  EXPECT_EQ(e.field(), "computer");
  EXPECT_TRUE(tournaments->list().upcoming.empty());
  EXPECT_EQ(code_of([&] { tournaments->games(99); }), ErrorCode::NotFound);
  EXPECT_EQ(code_of([&] { tournaments->view(99); }), ErrorCode::NotFound);
}

TEST_F(TournamentsTest, TheRulesInWords) {
  TournamentSettings swiss = settings(TournamentKind::Swiss);
  swiss.rounds = 5;
  swiss.round_interval_s = 120;
  std::string text = tournaments->view(make(swiss, {}).id).rules;
  for (const char* words : {"A Swiss tournament of Shogi in 5 rounds", "300 seconds each",
                            "plus 5 seconds a move", "120 seconds later", "Buchholz",
                            "Casual", "loses that game."})
    EXPECT_NE(text.find(words), std::string::npos) << words << " in: " << text;
  TournamentSettings robin = settings(TournamentKind::Robin, "3 days");
  robin.double_round = true;
  robin.setup.rated = true;
  robin.min_rating = 1700;
  text = tournaments->view(make(robin, {}).id).rules;
  for (const char* words : {"A double round robin of Shogi", "3 days per move",
                            "Every game of every round starts at once", "Rated",
                            "forfeits the games not yet begun", "rated 1700 or more"})
    EXPECT_NE(text.find(words), std::string::npos) << words << " in: " << text;
  TournamentSettings arena = settings(TournamentKind::Arena, "600 byoyomi 30");
  arena.minutes = 5;
  text = tournaments->view(make(arena, {}).id).rules;
  for (const char* words : {"byoyomi of 30 seconds", "last 30 seconds", "Berserk", "is paused"})
    EXPECT_NE(text.find(words), std::string::npos) << words << " in: " << text;
}

TEST_F(TournamentsTest, APlayerCreatesFiveADayAModeratorAny) {
  GameSetup rated = shogi();
  rated.rated = true;
  Id g = start_game(rated);
  play(g, 4);
  games->resign(g, bob.id);
  for (int i = 0; i < 5; ++i) tournaments->create(alice.id, settings(TournamentKind::Arena));
  EXPECT_EQ(code_of([&] { tournaments->create(alice.id, settings(TournamentKind::Arena)); }),
            ErrorCode::TooManyRequests);
  clock.advance(24LL * 3'600'000 + 1);
  tournaments->create(alice.id, settings(TournamentKind::Arena));
  for (int i = 0; i < 7; ++i) tournaments->create(mod.id, settings(TournamentKind::Arena));
}

TEST_F(TournamentsTest, OneAddressCreatesTenAnHour) {
  for (int i = 0; i < 10; ++i)
    tournaments->create(mod.id, settings(TournamentKind::Arena), {}, "192.0.2.1");
  std::size_t made = tournaments->list(100).upcoming.size();
  ServiceError e = service_error(
      [&] { tournaments->create(mod.id, settings(TournamentKind::Arena), {}, "192.0.2.1"); });
  EXPECT_EQ(e.code(), ErrorCode::TooManyRequests);
  EXPECT_GT(e.retry_after_s(), 0);
  EXPECT_EQ(tournaments->list(100).upcoming.size(), made);
  tournaments->create(mod.id, settings(TournamentKind::Arena), {}, "192.0.2.2");  // another
  clock.advance(3'600'000);
  tournaments->create(mod.id, settings(TournamentKind::Arena), {}, "192.0.2.1");
}

TEST_F(TournamentsTest, APrivateEventsPasswordIsHashedAndAsked) {
  Tournament t = tournaments->create(mod.id, settings(TournamentKind::Arena), "club secret");
  EXPECT_FALSE(t.settings.password_hash.empty());
  EXPECT_EQ(t.settings.password_hash.find("club secret"), std::string::npos);
  ServiceError none = service_error([&] { tournaments->join(t.id, alice.id); });
  EXPECT_EQ(none.code(), ErrorCode::Unauthorized);
  EXPECT_EQ(none.field(), "password");
  EXPECT_EQ(code_of([&] { tournaments->join(t.id, alice.id, "wrong"); }),
            ErrorCode::Unauthorized);
  EXPECT_EQ(tournaments->entries(t.id), 0);
  tournaments->join(t.id, alice.id, "club secret");
  EXPECT_EQ(tournaments->entries(t.id), 1);
}

TEST_F(TournamentsTest, JoinRefusalsChangeNothing) {
  TournamentSettings s = settings(TournamentKind::Robin);
  s.max_players = 3;
  s.min_rated_games = 0;
  Tournament robin = make(s, {alice, bob});
  // Joining twice is one entry.
  EXPECT_EQ(tournaments->join(robin.id, alice.id).id, entry_of(robin.id, alice));
  // A block between the joiner and a player: refused, in words that name nobody.
  blocks->block(carol.id, "bob");
  ServiceError blocked = service_error([&] { tournaments->join(robin.id, carol.id); });
  EXPECT_EQ(blocked.code(), ErrorCode::Forbidden);
  EXPECT_EQ(std::string(blocked.what()),
            "you cannot join this round robin: it has a player you may not be paired with");
  blocks->unblock(carol.id, "bob");
  tournaments->join(robin.id, carol.id);
  EXPECT_EQ(code_of([&] { tournaments->join(robin.id, dave.id); }), ErrorCode::Conflict);  // full
  EXPECT_EQ(tournaments->entries(robin.id), 3);
  // A round robin that started takes nobody.
  tournaments->withdraw(robin.id, carol.id);  // before the start: the entry goes
  EXPECT_EQ(tournaments->entries(robin.id), 2);
  tournaments->start(robin.id, mod.id);
  EXPECT_EQ(code_of([&] { tournaments->join(robin.id, dave.id); }), ErrorCode::Conflict);

  // Conditions: rating and rated games.
  TournamentSettings c = settings(TournamentKind::Arena);
  c.min_rating = 1600;
  Tournament strong = make(c, {});
  ServiceError low = service_error([&] { tournaments->join(strong.id, dave.id); });
  EXPECT_EQ(low.code(), ErrorCode::Forbidden);
  EXPECT_EQ(low.field(), "min_rating");
  c = settings(TournamentKind::Arena);
  c.min_rated_games = 1;
  Tournament seasoned = make(c, {});
  EXPECT_EQ(field_of([&] { tournaments->join(seasoned.id, dave.id); }), "min_rated_games");
  EXPECT_EQ(tournaments->entries(strong.id) + tournaments->entries(seasoned.id), 0);

  // Banned, and the computer by hand.
  moderation->set_role(Moderation::kShell, "mod", Role::Admin);
  moderation->ban(mod.id, "erin", "spam");
  Tournament open = make(settings(TournamentKind::Arena), {});
  EXPECT_EQ(code_of([&] { tournaments->join(open.id, erin.id); }), ErrorCode::Forbidden);
  EXPECT_EQ(code_of([&] { tournaments->join(open.id, kirin.id); }), ErrorCode::Forbidden);
  // A cancelled event.
  tournaments->cancel(open.id, mod.id);
  EXPECT_EQ(code_of([&] { tournaments->join(open.id, alice.id); }), ErrorCode::Conflict);
  EXPECT_EQ(tournaments->entries(open.id), 0);
}

TEST_F(TournamentsTest, ARatedEventAsksWhatARatedChallengeAsks) {
  // Challenges that close the gate to young accounts with few games.
  ChallengeLimits strict;
  challenges = std::make_unique<Challenges>(*store, *games, log, clock.fn(), strict);
  make_service();
  TournamentSettings s = settings(TournamentKind::Arena);
  s.setup.rated = true;
  Tournament t = make(s, {});
  ServiceError e = service_error([&] { tournaments->join(t.id, alice.id); });
  EXPECT_EQ(e.code(), ErrorCode::Forbidden);
  EXPECT_EQ(e.field(), "rated");
  EXPECT_EQ(tournaments->entries(t.id), 0);
}

TEST_F(TournamentsTest, OnlyTheCreatorOrAModeratorStartsOrCancels) {
  GameSetup rated = shogi();
  rated.rated = true;
  Id g = start_game(rated);
  play(g, 4);
  games->resign(g, bob.id);
  Tournament t = tournaments->create(alice.id, settings(TournamentKind::Swiss));
  tournaments->join(t.id, bob.id);
  EXPECT_EQ(code_of([&] { tournaments->start(t.id, bob.id); }), ErrorCode::Forbidden);
  EXPECT_EQ(code_of([&] { tournaments->cancel(t.id, bob.id); }), ErrorCode::Forbidden);
  // One player is not an event.
  EXPECT_EQ(code_of([&] { tournaments->start(t.id, alice.id); }), ErrorCode::Conflict);
  tournaments->join(t.id, carol.id);
  tournaments->start(t.id, alice.id);
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Running);
  EXPECT_EQ(code_of([&] { tournaments->start(t.id, alice.id); }), ErrorCode::Conflict);
  tournaments->cancel(t.id, mod.id);
  EXPECT_EQ(tournaments->get(t.id).status, TournamentStatus::Cancelled);
  EXPECT_EQ(code_of([&] { tournaments->cancel(t.id, alice.id); }), ErrorCode::Conflict);
  EXPECT_EQ(code_of([&] { tournaments->withdraw(t.id, bob.id); }), ErrorCode::Conflict);
}

TEST_F(TournamentsTest, WithdrawRefusals) {
  Tournament t = make(settings(TournamentKind::Arena), {alice, bob});
  EXPECT_EQ(code_of([&] { tournaments->withdraw(t.id, carol.id); }), ErrorCode::NotFound);
  tournaments->start(t.id, mod.id);
  tournaments->withdraw(t.id, alice.id);  // an arena pauses
  EXPECT_EQ(code_of([&] { tournaments->withdraw(t.id, alice.id); }), ErrorCode::Conflict);
  EXPECT_TRUE(tournaments->view(t.id, alice.id).mine->withdrawn);
  tournaments->join(t.id, alice.id);  // and rejoins
  EXPECT_FALSE(tournaments->view(t.id, alice.id).mine->withdrawn);
  EXPECT_EQ(tournaments->entries(t.id), 2);
}

TEST_F(TournamentsTest, ListsAndTheViewBeforeAnyGame) {
  TournamentSettings s = settings(TournamentKind::Arena);
  s.name = "Friday arena";
  s.computer_entries = 2;
  s.computer_level = 3;
  Tournament a = make(s, {alice, bob});
  TournamentSettings chu = settings(TournamentKind::Swiss);
  chu.setup.game = "chushogi";  // an alias: stored as the canonical id
  Tournament b = make(chu, {});
  EXPECT_EQ(b.settings.setup.game, "chu");
  Tournaments::Lists all = tournaments->list();
  ASSERT_EQ(all.upcoming.size(), 2u);
  EXPECT_EQ(all.upcoming[0].id, b.id);  // newest first
  EXPECT_EQ(tournaments->list(20, "chu").upcoming.size(), 1u);
  EXPECT_EQ(field_of([&] { tournaments->list(20, "nosuchgame"); }), "game");

  TournamentView v = tournaments->view(a.id, alice.id);
  EXPECT_EQ(v.entries, 4);
  ASSERT_EQ(v.standings.size(), 4u);
  std::vector<std::string> names;
  for (const TournamentStanding& r : v.standings) names.push_back(r.name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"alice", "bob", "kirin#1", "kirin#2"}));
  ASSERT_TRUE(v.mine);
  EXPECT_EQ(v.mine->user.name, "alice");
  EXPECT_EQ(v.my_game, 0);
  EXPECT_NE(v.rules.find("arena of Shogi lasting 30 minutes"), std::string::npos) << v.rules;
  EXPECT_NE(v.rules.find("Games still being played when the arena ends do not count"),
            std::string::npos);
  EXPECT_NE(v.rules.find("level 3"), std::string::npos);
  EXPECT_FALSE(tournaments->view(a.id, carol.id).mine);

  // Pages of the standings.
  TournamentOptions small;
  small.standings_page = 3;
  make_service(small);
  TournamentView p2 = tournaments->view(a.id, 0, 2);
  EXPECT_EQ(p2.pages, 2);
  EXPECT_EQ(p2.page, 2);
  ASSERT_EQ(p2.standings.size(), 1u);
  EXPECT_EQ(p2.standings[0].rank, 4);
  EXPECT_EQ(tournaments->view(a.id, 0, 99).page, 2);  // clamped
}

// Services builds the one Tournaments every door uses, and a game that ends anywhere in it
// wakes the director at once; another process's write to an event is published here, its own
// only once.
TEST_F(TournamentsTest, ServicesWakeTheDirectorWhenAGameEnds) {
  ServiceOptions options;
  options.accounts.hash_cost = HashCost::Minimal;
  Services services(open_storage(url()), options);
  int wakes = 0;
  services.tournaments().on_wake([&] { ++wakes; });
  std::vector<Event> heard;
  services.events().subscribe([&](const Event& e) { heard.push_back(e); });
  Tournament t = make(settings(TournamentKind::Swiss), {alice, bob});
  services.tournaments().start(t.id, mod.id);
  ASSERT_EQ(playing(t.id).size(), 1u);
  Id game = playing(t.id)[0].game;
  services.games().resign(game, alice.id);
  EXPECT_EQ(wakes, 1);
  services.tournaments().tick();
  GameState g = *store->games().find_game(game);
  EXPECT_EQ(pairings(t.id)[0].result, g.black.id == alice.id ? Result::WhiteWins
                                                             : Result::BlackWins);
  EXPECT_TRUE(pairings(t.id)[0].counted);
  EXPECT_EQ(tournaments->get(t.id).round, 2);
  // Its own write, back from the change feed (PostgreSQL's NOTIFY does that), is not told again.
  const size_t told = heard.size();
  services.tournaments().changed_elsewhere(t.id);
  EXPECT_EQ(heard.size(), told);
  // Another process's (the fixture's service on the same store) is.
  tournaments->withdraw(t.id, bob.id);
  services.tournaments().changed_elsewhere(t.id);
  ASSERT_EQ(heard.size(), told + 1);
  EXPECT_EQ(heard.back().kind, EventKind::Tournament);
  EXPECT_EQ(heard.back().tournament, t.id);
  EXPECT_TRUE(heard.back().elsewhere);
  EXPECT_EQ(heard.back().text, "withdrew");
}

}  // namespace
}  // namespace kirin::server::testing
