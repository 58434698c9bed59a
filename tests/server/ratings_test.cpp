// Ratings (domain/ratings.h): rated games settle both players' ratings when they finish, by
// any ending; casual and aborted games do not; what cannot be rated is refused, naming why; a
// recompute from the stored games gives the numbers the updates gave.
#include <gtest/gtest.h>

#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

constexpr int64_t kDay = 24LL * 3600 * 1000;

class RatingsTest : public ServerTest {
 protected:
  Ratings& ratings() { return games->ratings(); }

  // A rated shogi game between a (Black) and b, with two moves each (Ratings::kMinRatedPly).
  Id start_rated(const User& a, const User& b, GameSetup setup = shogi()) {
    setup.rated = true;
    ChallengeRequest r;
    r.opponent = b.name;
    r.setup = setup;
    Challenge c = challenges->create(a.id, r);
    Id id = challenges->accept(c.id, b.id);
    two_moves_each(id, a, b);
    return id;
  }

  void two_moves_each(Id game, const User& black, const User& white) {
    games->play_move(game, black.id, "7g7f");
    games->play_move(game, white.id, "3c3d");
    games->play_move(game, black.id, "2g2f");
    games->play_move(game, white.id, "8c8d");
  }

  // The refusal of a rated challenge from alice to bob with this setup.
  ServiceError refusal(GameSetup setup, const std::string& opponent = "bob") {
    setup.rated = true;
    ChallengeRequest r;
    r.opponent = opponent;
    r.setup = setup;
    return service_error([&] { challenges->create(alice.id, r); });
  }

  Rating rating_of(const User& u, const std::string& game = "shogi") {
    return ratings().rating({u.id, u.name}, game);
  }
};

TEST_F(RatingsTest, ARatedGameThatEndsByResignationSettlesBothRatings) {
  Id id = start_rated(alice, bob);
  clock.advance(5000);
  games->resign(id, bob.id);
  Glicko2Rating fresh;
  Glicko2Rating alice_after = glicko2_update(fresh, {{fresh, 1}});
  Glicko2Rating bob_after = glicko2_update(fresh, {{fresh, 0}});
  EXPECT_EQ(rating_of(alice).value, alice_after);
  EXPECT_EQ(rating_of(bob).value, bob_after);
  EXPECT_EQ(rating_of(alice).games, 1);
  EXPECT_EQ(rating_of(alice).last_played, clock.t.load());
  EXPECT_GT(alice_after.rating, 1500);
  EXPECT_LT(bob_after.rating, 1500);
  // The game shows the change: Black's first.
  GameView v = games->view(id);
  ASSERT_EQ(v.rating_changes.size(), 2u);
  EXPECT_EQ(v.rating_changes[0].user.name, "alice");
  EXPECT_EQ(v.rating_changes[0].before, fresh);
  EXPECT_EQ(v.rating_changes[0].after, alice_after);
  EXPECT_EQ(v.rating_changes[1].after, bob_after);
  // Only in the game's own rating: Chu is untouched.
  EXPECT_EQ(rating_of(alice, "chu").games, 0);
  EXPECT_EQ(ratings().ratings_of(alice.id).size(), 1u);
}

TEST_F(RatingsTest, ADrawAndATimeoutSettleRatingsToo) {
  Id drawn = start_rated(alice, bob);
  games->offer_draw(drawn, alice.id);
  games->accept_draw(drawn, bob.id);
  EXPECT_EQ(ratings().changes_of_game(drawn).size(), 2u);
  // Equal players drawing: the ratings stay, the deviations shrink.
  EXPECT_DOUBLE_EQ(rating_of(alice).value.rating, 1500);
  EXPECT_LT(rating_of(alice).value.deviation, 350);

  GameSetup timed = shogi();
  timed.rated = true;
  ChallengeRequest r;
  r.opponent = "bob";
  r.setup = timed;
  r.time_control = parse_time_control("60");
  Id flagged = challenges->accept(challenges->create(alice.id, r).id, bob.id);
  two_moves_each(flagged, alice, bob);
  clock.advance(120'000);
  EXPECT_EQ(games->expire_clocks(clock.t), 1);
  EXPECT_EQ(store->games().find_game(flagged)->result, Result::WhiteWins);  // alice was to move
  EXPECT_EQ(ratings().changes_of_game(flagged).size(), 2u);
  EXPECT_EQ(rating_of(alice).games, 2);
}

// Issue 28, finding 5: two throwaway accounts, one resigning to the other game after game as
// fast as a script can, took one to 2449 in 14 s. Now fresh accounts cannot play rated at all,
// and a game of fewer than two moves each is not rated, nor counted towards the gate.
TEST_F(RatingsTest, AThrowawayAccountsFloodOfQuickWinsRaisesNoRating) {
  Challenges gated(*store, *games, log, clock.fn());  // the default limits: 24 h or 10 games
  User mallory = accounts->sign_up("mallory", "m@example.org", "correct-horse-1");
  User stooge = accounts->sign_up("stooge", "s@example.org", "correct-horse-2");
  GameSetup rated = shogi();
  rated.rated = true;
  ChallengeRequest r;
  r.opponent = "stooge";
  r.setup = rated;
  for (int i = 0; i < 20; ++i) {
    ServiceError e = service_error([&] { gated.create(mallory.id, r); });
    EXPECT_EQ(e.code(), ErrorCode::Forbidden);
    EXPECT_EQ(e.field(), "rated");
    EXPECT_EQ(std::string(e.what()),
              "rated games are for accounts 24 hours old or with 10 finished games of 4 moves or "
              "more: mallory's is younger (rated games in 24 hours) and has 0: play casual games "
              "meanwhile");
    // The same flood as casual games, one move each: they count for nothing.
    ChallengeRequest casual = r;
    casual.setup.rated = false;
    Id g = gated.accept(gated.create(mallory.id, casual).id, stooge.id);
    games->play_move(g, mallory.id, "7g7f");
    games->play_move(g, stooge.id, "3c3d");
    games->play_move(g, mallory.id, "2g2f");
    games->resign(g, stooge.id);
    clock.advance(700);
  }
  EXPECT_EQ(store->games().count_played_games(mallory.id, Ratings::kMinRatedPly), 0);
  EXPECT_EQ(service_error([&] { gated.create(mallory.id, r); }).code(), ErrorCode::Forbidden);
  // Where the gate is open (an old account), quick wins still rate nothing: no game of fewer
  // than two moves each is rated, and the recompute agrees.
  clock.advance(kDay);
  for (int i = 0; i < 5; ++i) {
    Id g = gated.accept(gated.create(mallory.id, r).id, stooge.id);
    games->play_move(g, mallory.id, "7g7f");
    games->play_move(g, stooge.id, "3c3d");
    games->play_move(g, mallory.id, "2g2f");
    games->resign(g, stooge.id);
    EXPECT_TRUE(ratings().changes_of_game(g).empty());
  }
  EXPECT_TRUE(ratings().ratings_of(mallory.id).empty());
  EXPECT_EQ(ratings().recompute(), 0);
  EXPECT_TRUE(ratings().ratings_of(mallory.id).empty());
}

// Either gate suffices: the account's age, or its finished games of four moves or more. The
// one who accepts is checked as the one who challenges.
TEST_F(RatingsTest, RatedGamesNeedAnOldAccountOrGamesPlayed) {
  Challenges gated(*store, *games, log, clock.fn());
  User carol = accounts->sign_up("carol", "c@example.org", "correct-horse-3");
  clock.advance(kDay);  // alice, bob and carol are a day old; dave is new
  User dave = accounts->sign_up("dave", "d@example.org", "correct-horse-4");
  GameSetup rated = shogi();
  rated.rated = true;
  ChallengeRequest to_dave{.opponent = "dave", .setup = rated};
  Challenge open = gated.create(alice.id, to_dave);  // alice is old enough
  ServiceError e = service_error([&] { gated.accept(open.id, dave.id); });
  EXPECT_EQ(e.code(), ErrorCode::Forbidden);
  EXPECT_NE(std::string(e.what()).find("dave's is younger"), std::string::npos) << e.what();
  EXPECT_EQ(gated.get(open.id).status, ChallengeStatus::Open);  // nothing changed
  // Ten casual games of four moves: dave may play rated, a day early.
  ChallengeRequest casual{.opponent = "carol", .setup = shogi()};
  for (int i = 0; i < 10; ++i) {
    Id g = gated.accept(gated.create(dave.id, casual).id, carol.id);
    two_moves_each(g, dave, carol);
    games->resign(g, carol.id);
  }
  EXPECT_GT(gated.accept(open.id, dave.id), 0);
  EXPECT_GT(gated.create(carol.id, {.opponent = "bob", .setup = rated}).id, 0);  // a day old
}

TEST_F(RatingsTest, CasualAndAbortedGamesChangeNoRating) {
  Id casual = start_game(shogi());
  games->play_move(casual, alice.id, "7g7f");
  games->resign(casual, alice.id);
  GameSetup rated = shogi();
  rated.rated = true;
  Id aborted = start_game(rated);
  games->abort(aborted, bob.id);
  EXPECT_TRUE(ratings().ratings_of(alice.id).empty());
  EXPECT_TRUE(ratings().changes_of_game(casual).empty());
  EXPECT_TRUE(ratings().changes_of_game(aborted).empty());
  EXPECT_TRUE(games->view(casual).rating_changes.empty());
  EXPECT_FALSE(store->games().find_game(casual)->setup.rated);
  EXPECT_TRUE(store->games().find_game(aborted)->setup.rated);
}

TEST_F(RatingsTest, AGameIsSettledOnce) {
  Id id = start_rated(alice, bob);
  games->resign(id, alice.id);
  Rating before = rating_of(alice);
  GameState g = *store->games().find_game(id);
  std::vector<RatingChange> again = ratings().game_over(g);
  EXPECT_EQ(again, ratings().changes_of_game(id));
  EXPECT_EQ(rating_of(alice), before);
  EXPECT_EQ(ratings().history(alice.id).size(), 1u);
}

TEST_F(RatingsTest, AHandicapGameCannotBeRated) {
  GameSetup s = shogi();
  s.handicap = "8b";
  ServiceError e = refusal(s);
  EXPECT_EQ(e.code(), ErrorCode::Invalid);
  EXPECT_EQ(e.field(), "rated");
  EXPECT_STREQ(e.what(), "a handicap game cannot be rated");
}

TEST_F(RatingsTest, AGameFromAStartPositionOfOnesOwnCannotBeRated) {
  ServiceError e =
      refusal(shogi("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"));
  EXPECT_EQ(e.field(), "rated");
  EXPECT_STREQ(e.what(), "a game from a start position of your own cannot be rated");
}

TEST_F(RatingsTest, RuleOptionsCannotBeRated) {
  GameSetup option = shogi();
  option.options = {{"max_plies", "300"}};
  ServiceError e = refusal(option);
  EXPECT_EQ(e.field(), "rated");
  EXPECT_STREQ(e.what(),
               "a rated game is played under Shogi's own rules or one of its named profiles: "
               "leave the rule options out");
  GameSetup chu_option;
  chu_option.game = "chu";
  chu_option.profile = "pbmserv";
  chu_option.options = {{"max_plies", "300"}};
  EXPECT_EQ(refusal(chu_option).field(), "rated");
}

// A named profile (pbmserv, jcsa) is the same game with small rule differences: rated, into the
// game's one rating, as lishogi keeps one rating per variant.
TEST_F(RatingsTest, GamesUnderNamedProfilesShareTheGamesOneRating) {
  for (const char* profile : {"pbmserv", "jcsa", "lishogi", ""}) {
    GameSetup s;
    s.game = "chu";
    s.profile = profile;
    s.rated = true;
    ChallengeRequest r;
    r.opponent = "bob";
    r.setup = s;
    Challenge c = challenges->create(alice.id, r);
    EXPECT_TRUE(c.setup.rated) << profile;
    Id id = challenges->accept(c.id, bob.id);
    games->play_move(id, alice.id, "7i7h");
    games->play_move(id, bob.id, "3d3e");
    games->play_move(id, alice.id, "2i2h");
    games->play_move(id, bob.id, "8d8e");
    games->resign(id, bob.id);
    EXPECT_EQ(ratings().changes_of_game(id).size(), 2u) << profile;
  }
  EXPECT_EQ(rating_of(alice, "chu").games, 4);
  EXPECT_EQ(rating_of(bob, "chu").games, 4);
  ASSERT_EQ(ratings().ratings_of(alice.id).size(), 1u);
  EXPECT_EQ(ratings().ratings_of(alice.id)[0].game, "chu");
}

TEST_F(RatingsTest, AGameAgainstTheComputerIsCasual) {
  sign_up("kirin");  // the computer's account (GameOptions::computer_name)
  ServiceError e = refusal(shogi(), "kirin");
  EXPECT_EQ(e.field(), "rated");
  EXPECT_STREQ(e.what(), "a game against the computer is casual");
  // Nor may it accept an open rated challenge.
  GameSetup s = shogi();
  s.rated = true;
  ChallengeRequest open;
  open.setup = s;
  Challenge c = challenges->create(alice.id, open);
  User kirin = accounts->user_by_name("kirin");
  e = service_error([&] { challenges->accept(c.id, kirin.id); });
  EXPECT_STREQ(e.what(), "a game against the computer is casual");
  EXPECT_EQ(challenges->get(c.id).status, ChallengeStatus::Open);
}

// Glicko-2's step 6 over the periods since a player's last rated game: a player back after a
// month is less certain than one who played yesterday.
TEST_F(RatingsTest, TheDeviationGrowsOverInactivity) {
  User carol = sign_up("carol");
  Id first = start_rated(alice, bob);
  games->resign(first, bob.id);
  Rating alice1 = rating_of(alice), bob1 = rating_of(bob);
  clock.advance(30 * kDay);
  Id second = start_rated(alice, carol);
  games->resign(second, carol.id);
  double periods = double(clock.t - alice1.last_played) / (ratings().options().period_days * kDay);
  EXPECT_NEAR(periods, 30 * 0.21436, 1e-9);
  Glicko2Rating grown = glicko2_idle(alice1.value, periods);
  EXPECT_GT(grown.deviation, alice1.value.deviation);
  EXPECT_DOUBLE_EQ(grown.rating, alice1.value.rating);
  // carol is new: her 350 does not grow.
  EXPECT_EQ(rating_of(alice).value, glicko2_update(grown, {{Glicko2Rating{}, 1}}));
  EXPECT_EQ(rating_of(carol).value, glicko2_update(Glicko2Rating{}, {{grown, 0}}));
  EXPECT_EQ(rating_of(bob), bob1);  // bob did not play
  // The deviation never grows past a new player's.
  EXPECT_DOUBLE_EQ(glicko2_idle(alice1.value, 1e9).deviation, 350);
}

// Provisional while the deviation is above 110: off the leaderboard until then.
TEST_F(RatingsTest, AProvisionalRatingIsLeftOffTheLeaderboard) {
  Id id = start_rated(alice, bob);
  games->resign(id, bob.id);
  EXPECT_TRUE(is_provisional(rating_of(alice).value));
  EXPECT_TRUE(ratings().leaderboard("shogi", 10).empty());
  for (int i = 0; i < 40 && is_provisional(rating_of(alice).value); ++i) {
    clock.advance(60'000);
    Id next = i % 2 ? start_rated(alice, bob) : start_rated(bob, alice);
    games->resign(next, i % 3 ? bob.id : alice.id);
  }
  ASSERT_FALSE(is_provisional(rating_of(alice).value));
  std::vector<Rating> board = ratings().leaderboard("shogi", 10);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].user.name, "alice");
  EXPECT_GT(board[0].value.rating, board[1].value.rating);
  EXPECT_EQ(board[0], rating_of(alice));
  EXPECT_EQ(ratings().leaderboard("shogi", 1).size(), 1u);
  EXPECT_TRUE(ratings().leaderboard("chu", 10).empty());
}

// The numbers of the updates made as games ended are those of settling the stored games again
// from nothing, in order: several players, games, draws, wins both ways, days apart.
TEST_F(RatingsTest, RecomputeGivesTheNumbersOfTheIncrementalUpdates) {
  User carol = sign_up("carol");
  std::vector<User> players = {alice, bob, carol};
  for (int i = 0; i < 9; ++i) {
    const User& a = players[i % 3];
    const User& b = players[(i + 1) % 3];
    clock.advance((i % 4) * kDay + 1000);
    Id id = start_rated(a, b);
    if (i % 3 == 2) {
      games->offer_draw(id, a.id);
      games->accept_draw(id, b.id);
    } else {
      games->resign(id, i % 2 ? a.id : b.id);
    }
  }
  Id casual = start_game(shogi());
  games->resign(casual, bob.id);
  std::vector<std::vector<Rating>> ratings_before;
  std::vector<std::vector<RatingChange>> history_before;
  for (const User& u : players) {
    ratings_before.push_back(ratings().ratings_of(u.id));
    history_before.push_back(ratings().history(u.id));
  }
  EXPECT_EQ(ratings_before[0][0].games, 6);
  clock.advance(100 * kDay);  // the recompute's own time does not matter
  EXPECT_EQ(ratings().recompute(), 9);
  for (size_t i = 0; i < players.size(); ++i) {
    EXPECT_EQ(ratings().ratings_of(players[i].id), ratings_before[i]) << players[i].name;
    EXPECT_EQ(ratings().history(players[i].id), history_before[i]) << players[i].name;
  }
}

TEST_F(RatingsTest, StandingsCountEachPlayersResults) {
  Id won = start_rated(alice, bob);
  games->resign(won, bob.id);
  Id drawn = start_game(shogi());
  games->play_move(drawn, alice.id, "7g7f");
  games->offer_draw(drawn, alice.id);
  games->accept_draw(drawn, bob.id);
  start_game(shogi());  // not over: not counted
  std::vector<Standing> all = ratings().standings({.game = "shogi"});
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0], (Standing{{alice.id, "alice"}, "shogi", 1, 0, 1}));
  EXPECT_EQ(all[1], (Standing{{bob.id, "bob"}, "shogi", 0, 1, 1}));
  EXPECT_DOUBLE_EQ(all[0].score(), 1.5);
  std::vector<Standing> rated = ratings().standings({.game = "shogi", .rated = true});
  EXPECT_EQ(rated[1], (Standing{{bob.id, "bob"}, "shogi", 0, 1, 0}));
  EXPECT_TRUE(ratings().standings({.game = "chu"}).empty());
  EXPECT_EQ(ratings().standings({.user = bob.id}).size(), 1u);
}

// Seen on each sign-in and session use, written at most once a minute.
TEST_F(RatingsTest, LastSeenIsWrittenAtMostOnceAMinute) {
  EXPECT_EQ(accounts->user(alice.id).last_seen, 0);
  LoginResult login = accounts->log_in("alice", "password-alice");
  TimeMs first = clock.t;
  EXPECT_EQ(accounts->user(alice.id).last_seen, first);
  clock.advance(30'000);
  accounts->authenticate(login.token);
  EXPECT_EQ(accounts->user(alice.id).last_seen, first);
  clock.advance(31'000);
  accounts->authenticate(login.token);
  EXPECT_EQ(accounts->user(alice.id).last_seen, clock.t.load());
}

}  // namespace
}  // namespace kirin::server::testing
