#include <atomic>
#include <barrier>
#include <thread>

#include "server/domain/game_setup.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using ChallengesTest = ServerTest;

ChallengeRequest request(const std::string& opponent, GameSetup setup = {}) {
  ChallengeRequest r;
  r.opponent = opponent;
  r.setup = std::move(setup);
  return r;
}

TEST_F(ChallengesTest, AChallengeKeepsItsOptions) {
  ChallengeRequest r = request("bob");
  r.setup.game = "chushogi";
  r.setup.profile = "lishogi";
  r.setup.options = {{"lion_protection", "false"}, {"max_plies", "500"}};
  r.setup.drops = true;
  r.color = ColorChoice::ChallengerWhite;
  r.time_control = parse_time_control("300+5");
  Challenge c = challenges->create(alice.id, r);
  EXPECT_GT(c.id, 0);
  EXPECT_EQ(c.setup.game, "chu");  // the alias resolved

  reopen();
  Challenge got = challenges->get(c.id);
  EXPECT_EQ(got.challenger, (PlayerRef{alice.id, "alice"}));
  EXPECT_EQ(got.challenged, (PlayerRef{bob.id, "bob"}));
  EXPECT_EQ(got.setup, c.setup);
  EXPECT_EQ(got.setup.options.size(), 2u);
  EXPECT_EQ(got.setup.drops, std::optional<bool>(true));
  EXPECT_EQ(got.color, ColorChoice::ChallengerWhite);
  EXPECT_EQ(got.time_control, r.time_control);
  EXPECT_EQ(got.status, ChallengeStatus::Open);
  EXPECT_EQ(got.created, clock.t.load());

  EXPECT_EQ(challenges->incoming(bob.id).size(), 1u);
  EXPECT_EQ(challenges->outgoing(alice.id).size(), 1u);
  EXPECT_TRUE(challenges->incoming(alice.id).empty());
  EXPECT_TRUE(challenges->open().empty());

  // The game is played under those rules, with the challenger White.
  Id id = challenges->accept(c.id, bob.id);
  GameView v = games->view(id);
  EXPECT_EQ(v.state.black.name, "bob");
  EXPECT_EQ(v.state.white.name, "alice");
  EXPECT_EQ(v.to_move, kBlack);
  EXPECT_EQ(v.state.setup, c.setup);
  auto variant = setup_variant(v.state.setup);
  EXPECT_TRUE(variant->rules.drops);
  EXPECT_FALSE(variant->rules.lion_protection);
  EXPECT_EQ(variant->rules.max_plies, 500);
  EXPECT_EQ(v.state.clock.remaining_ms, (std::array<int64_t, 2>{300000, 300000}));
  EXPECT_EQ(challenges->get(c.id).status, ChallengeStatus::Accepted);
  EXPECT_EQ(challenges->get(c.id).game, id);
  EXPECT_TRUE(challenges->incoming(bob.id).empty());
}

TEST_F(ChallengesTest, DropsOffIsAppliedToTheGame) {
  ChallengeRequest r = request("bob");
  r.setup.game = "chu-seireigi";
  r.setup.drops = false;
  Id id = challenges->accept(challenges->create(alice.id, r).id, bob.id);
  EXPECT_FALSE(setup_variant(games->view(id).state.setup)->rules.drops);
  EXPECT_TRUE(setup_variant(GameSetup{"chu-seireigi"})->rules.drops);
}

TEST_F(ChallengesTest, BadSetupsNameTheBadOptionAndStoreNothing) {
  struct Case {
    GameSetup setup;
    const char* field;
    const char* message_start;
  };
  GameSetup bad_game{"chess"};
  GameSetup bad_profile{"shogi", "nonsense"};
  GameSetup bad_value{"chu", "", {{"lion_protection", "maybe"}}};
  GameSetup unknown_option{"chu", "", {{"castling", "true"}}};
  GameSetup bad_handicap{"chu", "", {}, std::nullopt, "9z"};
  GameSetup both{"chu", "", {}, std::nullopt, "2ln", "12/12 b - 1"};
  GameSetup bad_sfen{"shogi", "", {}, std::nullopt, "", "lnsgkgsnl/1r5b1 b - 1"};
  GameSetup hand_without_drops{"shogi", "", {}, false, "", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"};
  GameSetup drops_unknown{"mitsugumi", "", {}, true};
  for (const Case& c : {
           Case{bad_game, "game", "unknown game 'chess'"},
           Case{bad_profile, "profile", "game shogi has no rule profile 'nonsense'"},
           Case{bad_value, "option lion_protection",
                "option lion_protection takes true or false, not 'maybe'"},
           Case{unknown_option, "option castling", "game chu has no option 'castling'"},
           Case{bad_handicap, "handicap", "handicap: "},
           Case{both, "handicap", "give a handicap or a start position, not both"},
           Case{bad_sfen, "start_sfen", "start position ("},
           Case{hand_without_drops, "start_sfen", "start position (hands): "},
           Case{drops_unknown, "drops", "game mitsugumi has no option 'drops'"},
       }) {
    ServiceError e = service_error([&] { challenges->create(alice.id, request("bob", c.setup)); });
    EXPECT_EQ(e.code(), ErrorCode::Invalid) << c.field;
    EXPECT_EQ(e.field(), c.field);
    EXPECT_EQ(std::string(e.what()).rfind(c.message_start, 0), 0u)
        << c.field << ": " << e.what();
  }
  EXPECT_TRUE(challenges->outgoing(alice.id).empty());
  EXPECT_TRUE(log.events.empty());
}

TEST_F(ChallengesTest, ImpossibleStartPositionsAreRefusedWithWhatAndWhere) {
  struct Case {
    const char* sfen;
    const char* field_in_sfen;
    long offset;
    const char* says;
  };
  for (const Case& c : {
           Case{"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "board", 0,
                "a Black Pawn on 9a could never move again"},
           Case{"4k4/9/4P4/9/9/9/4P4/9/4K4 b - 1", "board", 7,
                "2 unpromoted Pawns of Black on file 5 (5c, 5g)"},
           Case{"4k4/9/9/9/9/9/9/1R2+R4/4K4 b R 1", "board", 17, "3 Rooks"},
           Case{"4k4/9/9/9/9/9/9/9/4K4 b 200P56P 1", "hands", 24,
                "the hands hold 200 Pawns, more than the 81 squares"},
           Case{"4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", "hands", 27,
                "19 Pawns, promoted ones included (10 in Black's hand, 9 in White's hand): "
                "game shogi has 18"},
       }) {
    GameSetup setup{"shogi", "", {}, std::nullopt, "", c.sfen};
    ServiceError e = service_error([&] { challenges->create(alice.id, request("bob", setup)); });
    EXPECT_EQ(e.code(), ErrorCode::Invalid) << c.sfen;
    EXPECT_EQ(e.field(), "start_sfen") << c.sfen;
    EXPECT_EQ(e.offset(), c.offset) << c.sfen << ": " << e.what();
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("start position (" + std::string(c.field_in_sfen) + "): ", 0), 0u)
        << what;
    EXPECT_NE(what.find(c.says), std::string::npos) << what;
  }
  // Fewer pieces than the setup's, as handicaps and problems have, are possible.
  GameSetup few{"shogi", "", {}, std::nullopt, "", "4k4/9/4P4/9/9/9/9/9/4K4 b RG 1"};
  EXPECT_NO_THROW(challenges->create(alice.id, request("bob", few)));
  EXPECT_EQ(challenges->outgoing(alice.id).size(), 1u);
}

TEST_F(ChallengesTest, BadOpponentsAndTimeControls) {
  ServiceError nobody = service_error([&] { challenges->create(alice.id, request("nobody")); });
  EXPECT_EQ(nobody.code(), ErrorCode::NotFound);
  EXPECT_EQ(nobody.field(), "opponent");
  EXPECT_EQ(service_error([&] { challenges->create(alice.id, request("ALICE")); }).code(),
            ErrorCode::Invalid);
  ChallengeRequest r = request("bob");
  r.time_control = {TimeControl::Kind::Correspondence, 0, 0, 0, 0};
  ServiceError tc = service_error([&] { challenges->create(alice.id, r); });
  EXPECT_EQ(tc.field(), "time_control");
  EXPECT_EQ(std::string(tc.what()), "time control: days per move must be from 1 to 60, not 0");
}

TEST_F(ChallengesTest, AcceptCreatesTheGameWithTheRightColours) {
  Id id = start_game();
  GameView v = games->view(id);
  EXPECT_EQ(v.state.black, (PlayerRef{alice.id, "alice"}));
  EXPECT_EQ(v.state.white, (PlayerRef{bob.id, "bob"}));
  EXPECT_EQ(v.state.setup.game, "chu");
  EXPECT_EQ(v.start_sfen,
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
            "MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1");
  EXPECT_EQ(v.state.status, GameStatus::Active);
  EXPECT_EQ(v.state.created, clock.t.load());

  // Random colours: both outcomes happen, always one player each.
  int alice_black = 0;
  for (int i = 0; i < 40; ++i) {
    GameState s = games->view(start_game({}, {}, ColorChoice::Random)).state;
    EXPECT_NE(s.black.id, s.white.id);
    alice_black += s.black.id == alice.id;
  }
  EXPECT_GT(alice_black, 0);
  EXPECT_LT(alice_black, 40);
}

TEST_F(ChallengesTest, WhoMayAcceptDeclineOrCancel) {
  User carol = sign_up("carol");
  Challenge c = challenges->create(alice.id, request("bob"));
  EXPECT_EQ(service_error([&] { challenges->accept(c.id, carol.id); }).code(),
            ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { challenges->cancel(c.id, bob.id); }).code(), ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { challenges->decline(c.id, alice.id); }).code(),
            ErrorCode::Forbidden);
  challenges->decline(c.id, bob.id);
  ServiceError late = service_error([&] { challenges->accept(c.id, bob.id); });
  EXPECT_EQ(late.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(late.what()), "challenge " + std::to_string(c.id) + " is declined");

  Challenge d = challenges->create(alice.id, request("bob"));
  challenges->cancel(d.id, alice.id);
  EXPECT_EQ(challenges->get(d.id).status, ChallengeStatus::Cancelled);
  EXPECT_EQ(service_error([&] { challenges->accept(d.id, bob.id); }).code(), ErrorCode::Conflict);

  Challenge e = challenges->create(alice.id, request("bob"));
  challenges->accept(e.id, bob.id);
  ServiceError twice = service_error([&] { challenges->accept(e.id, bob.id); });
  EXPECT_EQ(std::string(twice.what()),
            "challenge " + std::to_string(e.id) + " is already accepted");
  EXPECT_EQ(service_error([&] { challenges->get(999); }).code(), ErrorCode::NotFound);

  std::vector<std::string> texts;
  for (const Event& ev : log.events)
    if (ev.kind == EventKind::Challenge) texts.push_back(ev.text);
  EXPECT_EQ(texts, (std::vector<std::string>{"created", "declined", "created", "cancelled",
                                             "created", "accepted"}));
}

TEST_F(ChallengesTest, OpenChallenges) {
  User carol = sign_up("carol");
  Challenge c = challenges->create(alice.id, request(""));
  EXPECT_EQ(c.challenged.id, 0);
  ASSERT_EQ(challenges->open().size(), 1u);
  EXPECT_EQ(challenges->open()[0].challenger.name, "alice");
  EXPECT_EQ(service_error([&] { challenges->accept(c.id, alice.id); }).code(),
            ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { challenges->decline(c.id, bob.id); }).code(),
            ErrorCode::Forbidden);
  Id id = challenges->accept(c.id, carol.id);
  EXPECT_EQ(games->view(id).state.white.name, "carol");
  EXPECT_TRUE(challenges->open().empty());
}

// Two users accept one open challenge at once, on two servers on one store: one game.
TEST_F(ChallengesTest, RacingAcceptancesOfAnOpenChallenge) {
  User carol = sign_up("carol");
  auto store2 = open_storage(url());
  GameService games2(*store2, log, clock.fn());
  Challenges challenges2(*store2, games2, log, clock.fn());
  Challenge c = challenges->create(alice.id, request("", shogi()));
  std::atomic<int> accepted = 0, conflicts = 0;
  std::barrier sync(2);
  auto accept = [&](Challenges* cs, Id user) {
    sync.arrive_and_wait();
    try {
      cs->accept(c.id, user);
      accepted++;
    } catch (const ServiceError& e) {
      if (e.code() == ErrorCode::Conflict) conflicts++;
    }
  };
  std::thread a(accept, challenges.get(), bob.id), b(accept, &challenges2, carol.id);
  a.join();
  b.join();
  EXPECT_EQ(accepted, 1);
  EXPECT_EQ(conflicts, 1);
  EXPECT_EQ(games->games_of(alice.id, alice.id).size(), 1u);
}

// A rematch is its game again with colours swapped, whatever terms the offer names.
TEST_F(ChallengesTest, ARematchTakesItsGamesTermsWithColoursSwapped) {
  ChallengeRequest first = request("bob");
  first.setup.game = "shogi";
  first.time_control = parse_time_control("300+5");
  Id old = challenges->accept(challenges->create(alice.id, first).id, bob.id);
  games->resign(old, bob.id);
  ChallengeRequest other = request("");
  other.rematch_of = old;
  other.setup.game = "dai";
  other.setup.handicap = "2-lions";
  other.time_control = parse_time_control("1");
  other.color = ColorChoice::ChallengerWhite;
  Challenge offer = challenges->create(bob.id, other);
  EXPECT_EQ(offer.setup.game, "shogi");
  EXPECT_EQ(offer.setup.handicap, "");
  EXPECT_EQ(offer.time_control, first.time_control);
  EXPECT_EQ(offer.color, ColorChoice::ChallengerBlack);  // Bob was White
  EXPECT_EQ(offer.challenged.name, "alice");
}

// Two offers of one rematch made at the same moment: the first accepted makes the game, the
// second is refused.
TEST_F(ChallengesTest, OnlyOneOfTwoOffersOfARematchIsPlayed) {
  Id old = challenges->accept(challenges->create(alice.id, request("bob")).id, bob.id);
  games->resign(old, bob.id);
  ChallengeRequest r = request("");
  r.rematch_of = old;
  Challenge bobs = challenges->create(bob.id, r);
  // Alice's offer, stored as if both had clicked before either saw the other's.
  Challenge alices = bobs;
  alices.id = 0;
  alices.challenger = {alice.id, "alice"};
  alices.challenged = {bob.id, "bob"};
  alices.id = store->challenges().create_challenge(alices);
  Id game = challenges->accept(bobs.id, alice.id);
  EXPECT_GT(game, 0);
  ServiceError refused = service_error([&] { challenges->accept(alices.id, bob.id); });
  EXPECT_EQ(refused.code(), ErrorCode::Conflict);
  EXPECT_NE(std::string(refused.what()).find("was played again already: game " +
                                             std::to_string(game)),
            std::string::npos)
      << refused.what();
}

// Issue 28, finding 8: both players accept the other's offer of one rematch at the same
// moment, on two servers on one store: the domain's check passes for both, and the store
// refuses the second (one rematch a game). Many rounds, so that the race is run, not hoped for.
TEST_F(ChallengesTest, RacingAcceptancesOfTwoOffersOfARematchMakeOneGame) {
  auto store2 = open_storage(url());
  GameService games2(*store2, log, clock.fn());
  Challenges challenges2(*store2, games2, log, clock.fn());
  for (int round = 0; round < 20; ++round) {
    Id old = challenges->accept(challenges->create(alice.id, request("bob", shogi())).id, bob.id);
    games->resign(old, bob.id);
    ChallengeRequest r = request("");
    r.rematch_of = old;
    Challenge bobs = challenges->create(bob.id, r);
    Challenge alices = bobs;  // stored as if both had clicked before either saw the other's
    alices.challenger = {alice.id, "alice"};
    alices.challenged = {bob.id, "bob"};
    alices.id = store->challenges().create_challenge(alices);
    std::atomic<int> accepted = 0, conflicts = 0;
    std::barrier sync(2);
    auto accept = [&](Challenges* cs, Id challenge, Id user) {
      sync.arrive_and_wait();
      try {
        cs->accept(challenge, user);
        accepted++;
      } catch (const ServiceError& e) {
        if (e.code() == ErrorCode::Conflict) conflicts++;
      }
    };
    std::thread a(accept, challenges.get(), bobs.id, alice.id),
        b(accept, &challenges2, alices.id, bob.id);
    a.join();
    b.join();
    ASSERT_EQ(accepted, 1) << "round " << round;
    ASSERT_EQ(conflicts, 1) << "round " << round;
    GameQuery rematches{.player = alice.id, .statuses = {GameStatus::Active}};
    ASSERT_EQ(store->games().find_games(rematches).size(), 1u) << "round " << round;
    games->resign(store->games().find_games(rematches)[0].id, alice.id);
    for (Id offer : {bobs.id, alices.id})  // the refused offer is still open: withdrawn
      store->challenges().close_challenge(offer, ChallengeStatus::Cancelled);
  }
}

}  // namespace
}  // namespace kirin::server::testing
