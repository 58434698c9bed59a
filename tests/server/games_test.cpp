#include <algorithm>
#include <barrier>
#include <thread>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using GamesTest = ServerTest;

const char* const kShogiStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
// Black to move; G*5b mates (the Pawn on 5c guards the Gold).
const char* const kShogiMateIn1 = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";

TEST_F(GamesTest, LegalMovesAreStoredAndPublished) {
  Id id = start_game(shogi());
  log.clear();
  MoveAck a = games->play_move(id, alice.id, "7g7f", 0);
  EXPECT_EQ(a.move, (MoveRecord{1, "7g7f", 0, clock.t.load()}));
  EXPECT_EQ(a.state.ply, 1);
  EXPECT_EQ(a.state.version, 2);
  clock.advance(1500);
  games->play_move(id, bob.id, "3c3d");

  GameView v = games->view(id);
  EXPECT_EQ(usi_of(v.moves), (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(v.moves[1].time_used_ms, 1500);
  EXPECT_EQ(v.sfen, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  EXPECT_EQ(v.to_move, kBlack);
  EXPECT_EQ(v.state.status, GameStatus::Active);
  EXPECT_EQ(v.result_text, "ongoing");
  EXPECT_EQ(v.state.black.name, "alice");
  EXPECT_EQ(v.state.white.name, "bob");

  ASSERT_EQ(log.kinds(), (std::vector<std::string>{"move", "move"}));
  EXPECT_EQ(log.events[0].game, id);
  EXPECT_EQ(log.events[0].ply, 1);
  EXPECT_EQ(log.events[0].text, "7g7f");
  EXPECT_EQ(log.events[0].status, GameStatus::Active);
  EXPECT_EQ(log.events[1].clock.turn_started, clock.t.load());  // Black's turn began then
  EXPECT_EQ(log.events[1].users, (std::vector<PlayerRef>{{alice.id, "alice"}, {bob.id, "bob"}}));

  ServiceError stale = service_error([&] { games->play_move(id, alice.id, "2g2f", 0); });
  EXPECT_EQ(stale.code(), ErrorCode::Conflict);
  EXPECT_EQ(store->games().load_game(id)->moves.size(), 2u);
}

TEST_F(GamesTest, TheIguiStoredIsThatOfThePieceThePlayerChose) {
  // Chu: Black Lions on 7g and 6g, a White Pawn on 7f next to both. Either igui leaves the same
  // position; the record keeps the one played.
  GameSetup chu;
  chu.game = "chu";
  chu.start_sfen = "k11/12/12/12/12/5p6/5NN5/12/12/12/12/11K b - 1";
  for (auto [played, kif_line] : {std::pair{"6g7f6g", "   1二歩目 6七獅子（居食い） （←7六）"},
                                  std::pair{"7g7f7g", "   1二歩目 7七獅子（居食い） （←7六）"}}) {
    Id id = start_game(chu);
    games->play_move(id, alice.id, played);
    EXPECT_EQ(usi_of(store->games().load_game(id)->moves), (std::vector<std::string>{played}));
    const std::string kif = games->export_game(id, "kif");
    EXPECT_NE(kif.find(kif_line), std::string::npos) << kif;
    EXPECT_EQ(games->view(id).moves[0].usi, played);
    reopen();  // replayed from the store: still the chosen Lion's move
    EXPECT_EQ(games->export_game(id, "kif"), kif);
  }
}

TEST_F(GamesTest, BadMovesChangeNothing) {
  Id id = start_game(shogi());
  User carol = sign_up("carol");
  log.clear();

  ServiceError illegal = service_error([&] { games->play_move(id, alice.id, "7g7e"); });
  EXPECT_EQ(illegal.code(), ErrorCode::Invalid);
  EXPECT_EQ(illegal.field(), "move");
  EXPECT_EQ(std::string(illegal.what()).rfind("move '7g7e': ", 0), 0u) << illegal.what();

  ServiceError malformed = service_error([&] { games->play_move(id, alice.id, "7g7"); });
  EXPECT_EQ(malformed.code(), ErrorCode::Invalid);
  EXPECT_GE(malformed.offset(), 0);

  ServiceError turn = service_error([&] { games->play_move(id, bob.id, "3c3d"); });
  EXPECT_EQ(turn.code(), ErrorCode::Forbidden);
  EXPECT_EQ(std::string(turn.what()),
            "it is not your turn: Black is to move in game " + std::to_string(id));

  ServiceError stranger = service_error([&] { games->play_move(id, carol.id, "7g7f"); });
  EXPECT_EQ(stranger.code(), ErrorCode::Forbidden);
  EXPECT_EQ(std::string(stranger.what()), "you are not a player of game " + std::to_string(id));

  ServiceError stale = service_error([&] { games->play_move(id, alice.id, "7g7f", 3); });
  EXPECT_EQ(stale.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(stale.what()),
            "game " + std::to_string(id) + " is at move 1 (0 played), not move 4"
                ": look at the board as it is now and try again");

  EXPECT_EQ(service_error([&] { games->play_move(id + 1000, alice.id, "7g7f"); }).code(),
            ErrorCode::NotFound);

  EXPECT_TRUE(log.kinds().empty());
  std::optional<StoredGame> g = store->games().load_game(id);
  EXPECT_TRUE(g->moves.empty());
  EXPECT_EQ(g->state.version, 1);
}

TEST_F(GamesTest, CheckmateEndsTheGame) {
  Id id = start_game(shogi(kShogiMateIn1));
  games->play_move(id, alice.id, "G*5b");
  GameView v = games->view(id);
  EXPECT_EQ(v.state.status, GameStatus::Finished);
  EXPECT_EQ(v.state.result, Result::BlackWins);
  EXPECT_EQ(v.state.reason, "checkmate");
  EXPECT_EQ(v.result_text, "Black wins: checkmate");
  EXPECT_TRUE(v.legal_moves.empty());
  EXPECT_EQ(log.kinds(), (std::vector<std::string>{"challenge", "challenge", "move", "result"}));
  EXPECT_EQ(log.events.back().status, GameStatus::Finished);
  EXPECT_EQ(log.events.back().text, "Black wins: checkmate");
  ServiceError over = service_error([&] { games->play_move(id, bob.id, "5a4a"); });
  EXPECT_EQ(over.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(over.what()),
            "game " + std::to_string(id) + " is over (Black wins: checkmate)");
}

// Two clients send a move for the same ply at the same time: exactly one is accepted.
TEST_F(GamesTest, TwoMovesForOnePlyExactlyOneAccepted) {
  for (int round = 0; round < 10; ++round) {
    Id id = start_game(shogi());
    std::atomic<int> accepted = 0, conflicts = 0;
    std::barrier sync(2);
    auto send = [&](const char* move) {
      sync.arrive_and_wait();
      try {
        games->play_move(id, alice.id, move, 0);
        accepted++;
      } catch (const ServiceError& e) {
        if (e.code() == ErrorCode::Conflict) conflicts++;
      }
    };
    std::thread a(send, "7g7f"), b(send, "2g2f");
    a.join();
    b.join();
    EXPECT_EQ(accepted, 1);
    EXPECT_EQ(conflicts, 1);
    std::optional<StoredGame> g = store->games().load_game(id);
    ASSERT_EQ(g->moves.size(), 1u);
    EXPECT_EQ(games->view(id).moves, g->moves);
  }
}

// Two servers on one database: the store refuses the second move for a ply; each server
// reloads a game the other one changed.
TEST_F(GamesTest, TwoServersOnOneStore) {
  Id id = start_game(shogi());
  auto store2 = open_storage(url());
  GameService node2(*store2, log, clock.fn());
  EXPECT_EQ(node2.view(id).state.ply, 0);  // cached at ply 0

  games->play_move(id, alice.id, "7g7f", 0);
  ServiceError lost = service_error([&] { node2.play_move(id, alice.id, "2g2f", 0); });
  EXPECT_EQ(lost.code(), ErrorCode::Conflict);
  node2.play_move(id, bob.id, "3c3d");  // node2 sees the move node 1 stored
  games->play_move(id, alice.id, "2g2f");
  EXPECT_EQ(usi_of(node2.view(id).moves), (std::vector<std::string>{"7g7f", "3c3d", "2g2f"}));
  EXPECT_EQ(games->view(id).sfen, node2.view(id).sfen);

  // And both racing on one ply, many times.
  for (int ply = 3; ply < 13; ++ply) {
    User mover = ply % 2 ? bob : alice;
    std::vector<std::string> moves = node2.view(id).legal_moves;
    std::atomic<int> accepted = 0;
    std::barrier sync(2);
    auto send = [&](GameService* s, const std::string& move) {
      sync.arrive_and_wait();
      try {
        s->play_move(id, mover.id, move, ply);
        accepted++;
      } catch (const ServiceError& e) {
        EXPECT_EQ(e.code(), ErrorCode::Conflict) << e.what();
      }
    };
    std::thread a(send, games.get(), moves.front()), b(send, &node2, moves.back());
    a.join();
    b.join();
    EXPECT_EQ(accepted, 1) << "ply " << ply;
  }
  EXPECT_EQ(store->games().load_game(id)->moves.size(), 13u);
  EXPECT_EQ(games->view(id).sfen, node2.view(id).sfen);
}

// A second server (another node, or a server beside `kirin command` runs) hears what the first
// one stores, and publishes it for the game it watches: moves, comment, draw offer, result,
// each once, whether it hears the change first or finds it on its own next move.
TEST_F(GamesTest, ChangesMadeElsewhereArePublishedOnce) {
  Id id = start_game(shogi());
  auto store2 = open_storage(url());
  EventLog log2;
  GameService node2(*store2, log2, clock.fn());
  node2.watch(id);
  store2->changes().listen_for_game_changes([&](const GameChange& c) { node2.changed_elsewhere(c); });
  auto seen = [&](size_t n) {  // waits for n events (or ten seconds)
    for (int i = 0; i < 1000 && log2.kinds().size() < n; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::lock_guard lock(log2.mutex);
    std::vector<std::string> out;
    for (const Event& e : log2.events)
      out.push_back(std::string(event_kind_name(e.kind)) + " " + e.text);
    return out;
  };

  games->play_move(id, alice.id, "7g7f");
  games->play_move(id, bob.id, "3c3d");
  games->add_comment(id, alice.id, "hello");
  games->offer_draw(id, bob.id);
  // (What is published is the difference between states: an offer withdrawn before the
  // other server looked at the game would not show.)
  EXPECT_EQ(seen(4).back(), "draw_offer offered");
  games->decline_draw(id, alice.id);
  EXPECT_EQ(seen(5), (std::vector<std::string>{"move 7g7f", "move 3c3d", "comment hello",
                                               "draw_offer offered", "draw_offer declined"}));
  // Its own move, then node 1's move and resignation.
  node2.play_move(id, alice.id, "2g2f");
  games->play_move(id, bob.id, "8c8d");
  games->resign(id, alice.id);
  // A comment a second after the end arrives after everything else, so nothing more came
  // before it; and it comes once, though the catch-up that saw the end may have read it.
  clock.advance(1000);
  games->add_comment(id, bob.id, "gg");
  std::vector<std::string> all = seen(9);
  EXPECT_EQ(std::vector<std::string>(all.begin() + 5, all.end()),
            (std::vector<std::string>{"move 2g2f", "move 8c8d",
                                      "result White wins by resignation", "comment gg"}));
  store2->changes().stop_listening();
  std::lock_guard lock(log2.mutex);
  EXPECT_EQ(log2.events.back().status, GameStatus::Finished);
  EXPECT_EQ(log2.events[6].ply, 4);
}

// A server whose cached game is behind publishes what it missed when it next uses the game,
// before its own change.
TEST_F(GamesTest, AServerThatMissedChangesPublishesThemOnItsNextMove) {
  Id id = start_game(shogi());
  auto store2 = open_storage(url());
  EventLog log2;
  GameService node2(*store2, log2, clock.fn());
  node2.watch(id);  // not listening
  games->play_move(id, alice.id, "7g7f");
  games->add_comment(id, alice.id, "hi");  // not seen: comments do not change the version
  games->play_move(id, bob.id, "3c3d");
  node2.play_move(id, alice.id, "2g2f");
  EXPECT_EQ(log2.kinds(), (std::vector<std::string>{"move", "move", "comment", "move"}));
}

TEST_F(GamesTest, ARestartedServerHasTheSameGame) {
  TimeControl tc = parse_time_control("600 byoyomi 30");
  Id id = start_game(shogi(), tc);
  User carol = sign_up("carol");
  const char* moves[] = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"};
  for (int i = 0; i < 5; ++i) {
    clock.advance(1000 * (i + 1));
    games->play_move(id, i % 2 ? bob.id : alice.id, moves[i]);
  }
  games->add_comment(id, carol.id, "nice bishop trade");
  games->offer_draw(id, bob.id);
  clock.advance(777);
  GameView before = games->view(id, bob.id);
  std::string kif = games->export_game(id, "kif");

  reopen();
  GameView after = games->view(id, bob.id);
  EXPECT_EQ(after.moves, before.moves);
  EXPECT_EQ(after.comments, before.comments);
  EXPECT_EQ(after.sfen, before.sfen);
  EXPECT_EQ(after.legal_moves, before.legal_moves);
  EXPECT_EQ(after.state.clock, before.state.clock);
  EXPECT_EQ(after.clock_ms, before.clock_ms);
  EXPECT_EQ(after.deadline, before.deadline);
  EXPECT_EQ(after.state.version, before.state.version);
  EXPECT_EQ(after.state.draw_offer, std::optional<Color>(kWhite));
  EXPECT_EQ(after.state.time_control, tc);
  EXPECT_EQ(games->export_game(id, "kif"), kif);
  // The clocks are what was charged: Black used 3+5 s, White 4 s (each side's first move is
  // free).
  EXPECT_EQ(after.state.clock.remaining_ms, (std::array<int64_t, 2>{592000, 596000}));
  ASSERT_EQ(after.comments.size(), 1u);
  EXPECT_EQ(after.comments[0].user.name, "carol");
  EXPECT_EQ(after.comments[0].ply, 5);
  EXPECT_EQ(after.comments[0].text, "nice bishop trade");
  // ...and play goes on.
  games->play_move(id, bob.id, after.legal_moves.front(), 5);
  EXPECT_EQ(games->view(id).state.ply, 6);
}

TEST_F(GamesTest, ViewListsExactlyTheLegalMoves) {
  Id id = start_game();  // Chu Shogi
  games->play_move(id, alice.id, "7i7h");
  GameView v = games->view(id);
  auto variant = builtin_variant("chu");
  Position pos = parse_sfen(variant, v.sfen);
  MoveList list;
  generate_moves(pos, list);
  std::vector<std::string> expected;
  for (const Move& m : list) expected.push_back(to_usi(pos, m));
  std::vector<std::string> got = v.legal_moves;
  std::sort(expected.begin(), expected.end());
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, expected);
  EXPECT_EQ(got.size(), 36u);
  EXPECT_EQ(v.game_name, "Chu Shogi");
}

TEST_F(GamesTest, AHandicapGameStartsWithWhite) {
  GameSetup s;
  s.game = "chushogi";
  s.handicap = "2ln";
  Id id = start_game(s);
  GameView v = games->view(id);
  EXPECT_EQ(v.to_move, kWhite);
  EXPECT_EQ(v.state.black.name, "alice");
  EXPECT_EQ(v.state.setup.game, "chu");
  EXPECT_EQ(v.start_sfen,
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/"
            "MVRHDNQDHRVM/A1B1T+OXT1B1A/LFCSGKEGSCFL w - 1");
  EXPECT_EQ(service_error([&] { games->play_move(id, alice.id, "7i7h"); }).code(),
            ErrorCode::Forbidden);
  games->play_move(id, bob.id, v.legal_moves.front());
  EXPECT_EQ(games->view(id).to_move, kBlack);
}

// The first move of each side is free; the clocks run from the second player's first move.
void play_first_moves(GameService& games, Id id, Id black, Id white) {
  games.play_move(id, black, "9g9f");
  games.play_move(id, white, "1c1d");
}

TEST_F(GamesTest, ByoyomiClock) {
  Id id = start_game(shogi(), parse_time_control("60 byoyomi 10"));
  play_first_moves(*games, id, alice.id, bob.id);
  clock.advance(30000);
  EXPECT_EQ(games->play_move(id, alice.id, "7g7f").move.time_used_ms, 30000);
  clock.advance(5000);
  games->play_move(id, bob.id, "3c3d");
  EXPECT_EQ(games->view(id).state.clock.remaining_ms, (std::array<int64_t, 2>{30000, 55000}));

  clock.advance(35000);  // 30 s main time, then 5 s of the byoyomi
  games->play_move(id, alice.id, "2g2f");
  clock.advance(1000);
  games->play_move(id, bob.id, "8c8d");
  GameView v = games->view(id);
  EXPECT_EQ(v.state.clock.remaining_ms, (std::array<int64_t, 2>{0, 54000}));
  EXPECT_EQ(v.deadline, clock.t.load() + 10000);

  clock.advance(10000);  // exactly the byoyomi: in time
  games->play_move(id, alice.id, "2f2e");
  clock.advance(1000);
  games->play_move(id, bob.id, "8d8e");
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  clock.advance(10001);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 1);
  v = games->view(id);
  EXPECT_EQ(v.state.status, GameStatus::Finished);
  EXPECT_EQ(v.state.result, Result::WhiteWins);
  EXPECT_EQ(v.state.reason, "timeout");
  EXPECT_EQ(v.result_text, "White wins on time");
  EXPECT_EQ(log.kinds().back(), "result");
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
}

TEST_F(GamesTest, IncrementClockAndALateMove) {
  Id id = start_game(shogi(), parse_time_control("10+5"));
  play_first_moves(*games, id, alice.id, bob.id);
  clock.advance(3000);
  games->play_move(id, alice.id, "7g7f");
  EXPECT_EQ(games->view(id).state.clock.remaining_ms, (std::array<int64_t, 2>{12000, 10000}));
  clock.advance(10001);
  ServiceError late = service_error([&] { games->play_move(id, bob.id, "3c3d"); });
  EXPECT_EQ(late.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(late.what()),
            "White's time ran out before the move: Black wins on time");
  GameView v = games->view(id);
  EXPECT_EQ(v.moves.size(), 3u);
  EXPECT_EQ(v.state.result, Result::BlackWins);
  EXPECT_EQ(v.state.reason, "timeout");
  EXPECT_EQ(v.state.clock.remaining_ms[kWhite], 0);
}

TEST_F(GamesTest, CorrespondenceClock) {
  const int64_t day = 24 * 3600 * 1000;
  Id id = start_game(shogi(), parse_time_control("3 days"));
  GameView v = games->view(id);
  EXPECT_EQ(v.running, std::optional<Color>(kBlack));  // the days count from the start
  EXPECT_EQ(v.clock_ms[kBlack], 3 * day);
  EXPECT_EQ(v.deadline, std::nullopt);  // before both have moved, time out aborts
  EXPECT_EQ(v.abort_at, clock.t.load() + 3 * day);
  clock.advance(3 * day);
  games->play_move(id, alice.id, "7g7f");
  clock.advance(day);
  games->play_move(id, bob.id, "3c3d");
  v = games->view(id);
  EXPECT_EQ(v.deadline, clock.t.load() + 3 * day);
  EXPECT_EQ(v.abort_at, std::nullopt);
  EXPECT_EQ(v.clock_ms[kBlack], 3 * day);
  // The side not to move: its whole days for its next move, not 0 (which reads as out of time).
  EXPECT_EQ(v.clock_ms[kWhite], 3 * day);
  clock.advance(3 * day);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  clock.advance(1);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 1);
  EXPECT_EQ(games->view(id).result_text, "White wins on time");
}

TEST_F(GamesTest, ACorrespondenceGameWhoseFirstMoveIsLateIsAborted) {
  const int64_t day = 24 * 3600 * 1000;
  Id id = start_game(shogi(), parse_time_control("1 day"));
  games->play_move(id, alice.id, "7g7f");
  clock.advance(day + 1);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 1);
  GameView v = games->view(id);
  EXPECT_EQ(v.state.status, GameStatus::Aborted);
  EXPECT_EQ(v.state.reason, "no-first-move");
  EXPECT_EQ(v.result_text, "aborted: no first move in time");
}

TEST_F(GamesTest, LiveClocksDoNotRunBeforeEachSidesFirstMove) {
  Id id = start_game(shogi(), parse_time_control("60 byoyomi 10"));
  const TimeMs created = clock.t.load();
  GameView v = games->view(id);
  EXPECT_EQ(v.running, std::nullopt);
  EXPECT_EQ(v.deadline, std::nullopt);
  EXPECT_EQ(v.abort_at, created + 60000);  // GameOptions::first_move_timeout_ms

  clock.advance(50000);  // Black thinks over its first move: its clock stands
  v = games->view(id);
  EXPECT_EQ(v.clock_ms, (std::array<int64_t, 2>{60000, 60000}));
  EXPECT_EQ(games->play_move(id, alice.id, "7g7f").move.time_used_ms, 50000);
  v = games->view(id);
  EXPECT_EQ(v.running, std::nullopt);  // nor does White's before its first move
  EXPECT_EQ(v.abort_at, clock.t.load() + 60000);

  clock.advance(40000);
  games->play_move(id, bob.id, "3c3d");
  v = games->view(id);
  EXPECT_EQ(v.clock_ms, (std::array<int64_t, 2>{60000, 60000}));
  EXPECT_EQ(v.running, std::optional<Color>(kBlack));  // now Black's runs
  EXPECT_EQ(v.deadline, clock.t.load() + 60000 + 10000);
  EXPECT_EQ(v.abort_at, std::nullopt);
  clock.advance(5000);
  EXPECT_EQ(games->view(id).clock_ms, (std::array<int64_t, 2>{55000, 60000}));
  games->play_move(id, alice.id, "2g2f");
  EXPECT_EQ(games->view(id).state.clock.remaining_ms, (std::array<int64_t, 2>{55000, 60000}));
}

TEST_F(GamesTest, EitherPlayerAbortsBeforeBothHaveMoved) {
  Id id = start_game(shogi(), parse_time_control("300+5"));
  User carol = sign_up("carol");
  EXPECT_EQ(service_error([&] { games->abort(id, carol.id); }).code(), ErrorCode::Forbidden);
  games->play_move(id, alice.id, "7g7f");
  log.clear();
  games->abort(id, alice.id);  // the player who moved may abort too
  GameView v = games->view(id);
  EXPECT_EQ(v.state.status, GameStatus::Aborted);
  EXPECT_EQ(v.state.result, Result::Ongoing);
  EXPECT_EQ(v.state.reason, "aborted");
  EXPECT_EQ(v.result_text, "aborted");
  EXPECT_TRUE(v.legal_moves.empty());
  EXPECT_EQ(log.kinds(), std::vector<std::string>{"result"});
  EXPECT_EQ(service_error([&] { games->abort(id, bob.id); }).code(), ErrorCode::Conflict);
  EXPECT_EQ(service_error([&] { games->play_move(id, bob.id, "3c3d"); }).code(),
            ErrorCode::Conflict);
  // lishogi's KIF: the ending on the line of the move not played.
  const std::string kif = games->export_game(id, "kif");
  EXPECT_NE(kif.find("\n   2   中断\n"), std::string::npos) << kif;
  reopen();
  EXPECT_EQ(games->view(id).state.status, GameStatus::Aborted);
}

TEST_F(GamesTest, NoAbortOnceBothHaveMoved) {
  Id id = start_game(shogi());
  play_first_moves(*games, id, alice.id, bob.id);
  ServiceError late = service_error([&] { games->abort(id, bob.id); });
  EXPECT_EQ(late.code(), ErrorCode::Conflict);
  EXPECT_EQ(std::string(late.what()),
            "both players have moved in game " + std::to_string(id) +
                ": it can no longer be aborted (resign, or offer a draw)");
  EXPECT_EQ(games->view(id).state.status, GameStatus::Active);
}

TEST_F(GamesTest, ASideThatDoesNotMakeItsFirstMoveInTimeHasTheGameAborted) {
  Id first = start_game(shogi(), parse_time_control("600"));
  Id second = start_game(shogi(), parse_time_control("600"));
  games->play_move(second, alice.id, "7g7f");  // White's first move is the one missing here
  clock.advance(60000);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  clock.advance(1);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 2);
  for (Id id : {first, second}) {
    GameView v = games->view(id);
    EXPECT_EQ(v.state.status, GameStatus::Aborted);
    EXPECT_EQ(v.state.reason, "no-first-move");
    EXPECT_EQ(v.clock_ms, (std::array<int64_t, 2>{600000, 600000}));
  }
  // A first move that arrives late, before the server looked, aborts the game too.
  Id third = start_game(shogi(), parse_time_control("600"));
  clock.advance(60001);
  ServiceError late = service_error([&] { games->play_move(third, alice.id, "7g7f"); });
  EXPECT_EQ(late.code(), ErrorCode::Conflict);
  EXPECT_EQ(games->view(third).state.status, GameStatus::Aborted);
}

// A process that runs no computer (kirin command, kirin mail) knows the computer's games by
// its account's name, and does not abort them either.
TEST_F(GamesTest, AGameAgainstTheComputersAccountIsNotAbortedWhereNoComputerRuns) {
  User computer = sign_up("Kirin");  // GameOptions::computer_name is "kirin": any case
  ChallengeRequest r;
  r.opponent = computer.name;
  r.setup = shogi();
  r.time_control = parse_time_control("600");
  Id game = challenges->accept(challenges->create(alice.id, r).id, computer.id);
  clock.advance(61000);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  games->play_move(game, alice.id, "7g7f");
  EXPECT_EQ(games->view(game).state.status, GameStatus::Active);
}

TEST_F(GamesTest, AFirstMoveTimeoutOfZeroNeverAborts) {
  challenges.reset();  // it uses the service replaced here
  games = std::make_unique<GameService>(*store, log, clock.fn(),
                                        GameOptions{.first_move_timeout_ms = 0});
  challenges = std::make_unique<Challenges>(*store, *games, log, clock.fn());
  Id id = start_game(shogi(), parse_time_control("600"));
  clock.advance(24LL * 3600 * 1000);
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  EXPECT_EQ(games->view(id).abort_at, std::nullopt);
  games->play_move(id, alice.id, "7g7f");
}

TEST_F(GamesTest, AResignationChargesTheTurnItCutsShort) {
  Id id = start_game(shogi(), parse_time_control("600 byoyomi 30"));
  play_first_moves(*games, id, alice.id, bob.id);
  clock.advance(4000);
  games->play_move(id, alice.id, "7g7f");
  clock.advance(7000);  // White thinks, then resigns: those 7 s are spent
  games->resign(id, bob.id);
  GameView v = games->view(id);
  EXPECT_EQ(v.clock_ms, (std::array<int64_t, 2>{596000, 593000}));
  EXPECT_EQ(v.state.clock.remaining_ms, (std::array<int64_t, 2>{596000, 593000}));
  EXPECT_EQ(v.running, std::nullopt);
  clock.advance(9000);  // and the final clocks stay
  EXPECT_EQ(games->view(id).clock_ms, (std::array<int64_t, 2>{596000, 593000}));
}

TEST_F(GamesTest, Resignation) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  User carol = sign_up("carol");
  EXPECT_EQ(service_error([&] { games->resign(id, carol.id); }).code(), ErrorCode::Forbidden);
  games->resign(id, alice.id);  // not her turn: one may resign any time
  GameView v = games->view(id);
  EXPECT_EQ(v.state.result, Result::WhiteWins);
  EXPECT_EQ(v.result_text, "White wins by resignation");
  EXPECT_EQ(service_error([&] { games->resign(id, bob.id); }).code(), ErrorCode::Conflict);
  EXPECT_EQ(games->games_of(alice.id, alice.id).front().reason, "resignation");
}

TEST_F(GamesTest, DrawOffers) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  games->offer_draw(id, alice.id);
  EXPECT_EQ(games->view(id).state.draw_offer, std::optional<Color>(kBlack));
  EXPECT_EQ(service_error([&] { games->offer_draw(id, alice.id); }).code(), ErrorCode::Conflict);
  EXPECT_EQ(service_error([&] { games->accept_draw(id, alice.id); }).code(), ErrorCode::Conflict);
  games->decline_draw(id, bob.id);
  EXPECT_FALSE(games->view(id).state.draw_offer);

  games->offer_draw(id, alice.id);
  games->play_move(id, bob.id, "3c3d");  // moving declines it
  EXPECT_FALSE(games->view(id).state.draw_offer);
  ServiceError none = service_error([&] { games->accept_draw(id, bob.id); });
  EXPECT_EQ(std::string(none.what()),
            "there is no draw offer from your opponent in game " + std::to_string(id));

  games->offer_draw(id, alice.id);
  games->play_move(id, alice.id, "2g2f");  // the offerer's own move keeps it open
  EXPECT_EQ(games->view(id).state.draw_offer, std::optional<Color>(kBlack));
  games->accept_draw(id, bob.id);
  GameView v = games->view(id);
  EXPECT_EQ(v.state.result, Result::Draw);
  EXPECT_EQ(v.result_text, "draw by agreement");

  std::vector<std::string> kinds = log.kinds();
  EXPECT_EQ(std::count(kinds.begin(), kinds.end(), "draw_offer"), 4);
  EXPECT_EQ(kinds.back(), "result");
}

TEST_F(GamesTest, MutualOffersAgree) {
  Id id = start_game(shogi());
  games->offer_draw(id, bob.id);
  games->offer_draw(id, alice.id);
  EXPECT_EQ(games->view(id).result_text, "draw by agreement");
}

TEST_F(GamesTest, AdjournWithASealedMoveAndResume) {
  Id id = start_game(shogi(), parse_time_control("600 byoyomi 30"));
  games->play_move(id, alice.id, "7g7f");
  EXPECT_EQ(service_error([&] { games->adjourn(id, alice.id, "2g2f"); }).code(),
            ErrorCode::Forbidden);
  EXPECT_EQ(service_error([&] { games->adjourn(id, bob.id, "3c3e"); }).code(), ErrorCode::Invalid);
  clock.advance(5000);
  games->adjourn(id, bob.id, "3c3d");

  GameView seen_by_alice = games->view(id, alice.id);
  EXPECT_EQ(seen_by_alice.state.status, GameStatus::Adjourned);
  ASSERT_TRUE(seen_by_alice.state.sealed);
  EXPECT_EQ(seen_by_alice.state.sealed->usi, "");  // secret from the opponent
  EXPECT_EQ(games->view(id, bob.id).state.sealed->usi, "3c3d");
  EXPECT_TRUE(seen_by_alice.legal_moves.empty());
  EXPECT_EQ(seen_by_alice.moves.size(), 1u);
  EXPECT_EQ(seen_by_alice.clock_ms, (std::array<int64_t, 2>{600000, 600000}));  // free
  EXPECT_EQ(seen_by_alice.result_text, "adjourned");
  EXPECT_EQ(service_error([&] { games->play_move(id, bob.id, "3c3d"); }).code(),
            ErrorCode::Conflict);

  clock.advance(3LL * 24 * 3600 * 1000);  // clocks stand still while adjourned
  EXPECT_EQ(games->expire_clocks(clock.t.load()), 0);
  reopen();
  MoveAck ack = games->resume(id, alice.id);
  EXPECT_EQ(ack.move.usi, "3c3d");
  EXPECT_EQ(ack.move.time_used_ms, 5000);
  GameView v = games->view(id);
  EXPECT_EQ(v.state.status, GameStatus::Active);
  EXPECT_FALSE(v.state.sealed);
  EXPECT_EQ(v.to_move, kBlack);
  EXPECT_EQ(v.deadline, clock.t.load() + 600000 + 30000);
  EXPECT_EQ(service_error([&] { games->resume(id, alice.id); }).code(), ErrorCode::Conflict);
  std::vector<std::string> kinds = log.kinds();
  EXPECT_EQ(std::vector<std::string>(kinds.end() - 2, kinds.end()),
            (std::vector<std::string>{"adjourn", "move"}));
}

TEST_F(GamesTest, Comments) {
  Id id = start_game(shogi());
  User carol = sign_up("carol");
  clock.advance(42);
  Comment c = games->add_comment(id, carol.id, "  good luck both \n");
  EXPECT_EQ(c.text, "good luck both");
  EXPECT_EQ(c.user, (PlayerRef{carol.id, "carol"}));
  EXPECT_EQ(c.at, clock.t.load());
  EXPECT_EQ(service_error([&] { games->add_comment(id, carol.id, "   "); }).field(), "text");
  EXPECT_EQ(service_error([&] { games->add_comment(id, carol.id, std::string(2001, 'x')); })
                .code(),
            ErrorCode::Invalid);
  // 2000 characters, not bytes: kanji take three each.
  std::string kanji;
  for (int i = 0; i < 2000; ++i) kanji += "王";
  Comment long_one = games->add_comment(id, carol.id, kanji);
  EXPECT_EQ(std::string(service_error([&] {
              games->add_comment(id, carol.id, kanji + "王");
            }).what()),
            "a comment has at most 2000 characters");
  // Not UTF-8: a Latin-1 byte, a truncated sequence, an overlong '/', a surrogate.
  for (std::string bad : {"caf\xe9 ok", "ab\xe7\x8e", "x\xc0\xaf", "\xed\xa0\x80"}) {
    ServiceError e = service_error([&] { games->add_comment(id, carol.id, bad); });
    EXPECT_EQ(e.code(), ErrorCode::Invalid) << bad;
    EXPECT_EQ(std::string(e.what()).rfind("the comment is not valid UTF-8 at byte ", 0), 0u)
        << e.what();
  }
  EXPECT_EQ(
      std::string(service_error([&] { games->add_comment(id, carol.id, "caf\xe9"); }).what()),
      "the comment is not valid UTF-8 at byte 3");
  EXPECT_EQ(games->view(id).comments, (std::vector<Comment>{c, long_one}));
  EXPECT_EQ(log.kinds().back(), "comment");
}

TEST_F(GamesTest, Exports) {
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  clock.advance(2000);
  games->play_move(id, bob.id, "3c3d");
  EXPECT_EQ(games->export_game(id, "usi"),
            std::string("sfen ") + kShogiStart + " moves 7g7f 3c3d\n");
  games->resign(id, alice.id);
  std::string kif = games->export_game(id, "kif");
  for (const char* part : {"開始日時：2023/11/14 22:13:20\n", "棋戦：Kirin game ", "先手：alice\n",
                           "後手：bob\n", "７六歩(77)", "３四歩(33)"})
    EXPECT_NE(kif.find(part), std::string::npos) << part << "\n" << kif;
  // Black resigned on its turn: lishogi's ending line, no comment, no "まで" line.
  EXPECT_TRUE(kif.ends_with("   2   ３四歩(33)   (00:02/00:00:02)\n   3   投了\n")) << kif;

  EXPECT_EQ(games->export_game(id, "gamecourier"), "1. p 7g-7f\n1... P 3c-3d\n");
  ServiceError e = service_error([&] { games->export_game(id, "pgn"); });
  EXPECT_EQ(std::string(e.what()), "unknown export format 'pgn' (usi, kif, gamecourier)");
}

TEST_F(GamesTest, KifOfAResignationWhileTheOpponentIsToMove) {
  // White resigns with Black to move (the reported "15 投了 / まで14手で先手の勝ち"): lishogi
  // writes no 投了 on Black's line, only the reason as a comment.
  Id id = start_game(shogi());
  games->play_move(id, alice.id, "7g7f");
  games->play_move(id, bob.id, "3c3d");
  games->resign(id, bob.id);
  std::string kif = games->export_game(id, "kif");
  EXPECT_TRUE(kif.ends_with("３四歩(33)   (00:00/00:00:00)\n* Black wins by resignation\n")) << kif;
  EXPECT_EQ(kif.find("投了"), std::string::npos) << kif;
}

TEST_F(GamesTest, MoveNotationIsPluggable) {
  Id id = start_game(shogi());
  games->set_move_parser([](const Position& pos, std::string_view text) -> Move {
    if (text != "first") return parse_usi(pos, text);
    MoveList list;
    generate_moves(pos, list);
    return list[0];
  });
  MoveAck a = games->play_move(id, alice.id, "first");
  Position start = parse_sfen(builtin_variant("shogi"), kShogiStart);
  MoveList list;
  generate_moves(start, list);
  EXPECT_EQ(a.move.usi, to_usi(start, list[0]));  // stored as USI whatever was written
  games->play_move(id, bob.id, "3c3d");
  EXPECT_EQ(games->view(id).moves.size(), 2u);
}

TEST_F(GamesTest, GamesOfAUserNewestFirst) {
  Id first = start_game(shogi());
  Id second = start_game();
  std::vector<GameState> list = games->games_of(bob.id, bob.id);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].id, second);
  EXPECT_EQ(list[1].id, first);
  EXPECT_EQ(list[1].setup.game, "shogi");
  EXPECT_TRUE(games->games_of(sign_up("carol").id, 0).empty());
}

TEST(EventHubTest, FansOutAndSurvivesABrokenListener) {
  EventHub hub;
  std::vector<std::string> got;
  int a = hub.subscribe([&](const Event& e) { got.push_back("a:" + e.text); });
  hub.subscribe([](const Event&) { throw std::runtime_error("connection closed"); });
  hub.subscribe([&](const Event& e) { got.push_back("c:" + e.text); });
  Event e;
  e.text = "7g7f";
  hub.publish(e);
  hub.unsubscribe(a);
  e.text = "3c3d";
  hub.publish(e);
  EXPECT_EQ(got, (std::vector<std::string>{"a:7g7f", "c:7g7f", "c:3c3d"}));
}

// One user writes at most 10 comments in any minute (kirin serve --comments-per-minute): a
// flood is refused with the time to wait, and nothing of it is stored.
TEST_F(GamesTest, CommentsAreLimitedPerUser) {
  Id id = start_game(shogi());
  for (int i = 0; i < 10; ++i) games->add_comment(id, alice.id, "comment " + std::to_string(i));
  clock.advance(30'000);
  ServiceError flood = service_error([&] { games->add_comment(id, alice.id, "one more"); });
  EXPECT_EQ(flood.code(), ErrorCode::TooManyRequests);
  EXPECT_EQ(flood.retry_after_s(), 30);
  EXPECT_NE(std::string(flood.what()).find("10 comments in the last minute"), std::string::npos);
  games->add_comment(id, bob.id, "another user is not held back");
  clock.advance(30'000);
  games->add_comment(id, alice.id, "a minute later");
  EXPECT_EQ(games->view(id).comments_total, 12u);
}

// A game's view carries its latest 100 comments; earlier ones are read a page at a time.
TEST_F(GamesTest, CommentsArePagedInTheView) {
  Id id = start_game(shogi());
  for (int i = 0; i < 120; ++i) {
    games->add_comment(id, i % 2 ? alice.id : bob.id, "comment " + std::to_string(i));
    if (i % 10 == 9) clock.advance(60'000);  // within the rate limit
  }
  GameView v = games->view(id);
  EXPECT_EQ(v.comments_total, 120u);
  ASSERT_EQ(v.comments.size(), GameService::kViewComments);
  EXPECT_EQ(v.comments.front().text, "comment 20");
  EXPECT_EQ(v.comments.back().text, "comment 119");

  GameService::CommentPage latest = games->comments(id, 0, 50);
  ASSERT_EQ(latest.comments.size(), 50u);
  EXPECT_EQ(latest.comments.front().text, "comment 70");
  EXPECT_TRUE(latest.earlier);
  GameService::CommentPage before = games->comments(id, v.comments.front().id, 50);
  ASSERT_EQ(before.comments.size(), 20u);
  EXPECT_EQ(before.comments.front().text, "comment 0");
  EXPECT_EQ(before.comments.back().text, "comment 19");
  EXPECT_FALSE(before.earlier);
}

}  // namespace
}  // namespace kirin::server::testing
