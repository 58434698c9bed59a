#include <SQLiteCpp/SQLiteCpp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <barrier>
#include <thread>
#include <utility>
#include <vector>

#include "server/store/migrations.h"
#include "server/store/sql_storage.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using namespace std::chrono_literals;
using StoreTest = ServerTest;
using SqliteStoreTest = ServerTest;  // not among the tests run again on PostgreSQL
const int kSqliteSchema = sql::latest_schema_version(sql::Dialect::Sqlite);

TEST(OpenStore, UnknownSchemesAreRefusedClearly) {
  EXPECT_EQ(store_error([] { open_storage("mysql://localhost/kirin"); }),
            "store URL 'mysql://localhost/kirin' has an unknown scheme; expected sqlite:PATH or "
            "postgresql://[USER@]HOST[:PORT]/DATABASE");
  // Nothing listens on port 1.
  std::string what = store_error([] { open_storage("postgresql://kirin:secret@127.0.0.1:1/kirin"); });
  EXPECT_EQ(what.rfind("cannot open store postgresql://kirin@127.0.0.1:1/kirin: ", 0), 0u) << what;
  EXPECT_EQ(what.find("secret"), std::string::npos) << what;
  EXPECT_THROW(open_storage("sqlite:"), StoreError);
  EXPECT_THROW(open_storage("sqlite:/nonexistent-dir/x/kirin.db"), StoreError);
}

TEST(OpenStore, SchemaIsVersionedAndTheFileIsInWalMode) {
  TempDir dir;
  std::string path = (dir.path() / "k.db").string();
  {
    sql::SqliteDatabase s(path);
    EXPECT_EQ(s.schema_version(), kSqliteSchema);
  }
  SQLite::Database db(path);
  EXPECT_EQ(db.execAndGet("PRAGMA journal_mode").getString(), "wal");
  EXPECT_EQ(db.execAndGet("SELECT version FROM schema_version").getInt(), kSqliteSchema);
  for (const char* table :
       {"users", "sessions", "challenges", "games", "moves", "comments", "game_changes", "ratings",
        "rating_changes"})
    EXPECT_TRUE(db.tableExists(table)) << table;
}

// synchronous = NORMAL unless FULL is asked for (sqlite_database.h).
TEST(OpenStore, SqliteSynchronousIsNormalUnlessFullIsAsked) {
  TempDir dir;
  std::string url = "sqlite:" + (dir.path() / "k.db").string();
  for (auto [options, want] :
       {std::pair{StorageOptions{}, SqliteSync::Normal},
        {StorageOptions{.sqlite_sync = SqliteSync::Full}, SqliteSync::Full},
        {StorageOptions{.sqlite_sync = SqliteSync::Normal}, SqliteSync::Normal}}) {
    auto s = open_storage(url, options);
    EXPECT_EQ(dynamic_cast<sql::SqliteDatabase&>(s->database()).synchronous(), want);
  }
}

// Writers on many threads share commits (and their fsyncs); in a group, a write that fails (a
// duplicate key) changes nothing and fails alone: the writes committed with it are stored.
TEST(OpenStore, SqliteWritesCommittedTogetherSucceedOrFailAlone) {
  TempDir dir;
  auto storage =
      open_storage("sqlite:" + (dir.path() / "k.db").string(), {.sqlite_sync = SqliteSync::Full});
  sql::SqlStorage& s = *storage;
  User u;
  u.name = "alice";
  u.email = "a@example.org";
  u.password_hash = "x";
  Id alice = *s.accounts().create_user(u);
  s.accounts().create_session({"taken", alice, 1000, 0});
  const int threads = 8, rounds = 50;
  std::atomic<int> refused = 0;
  std::vector<std::thread> writers;
  for (int t = 0; t < threads; ++t)
    writers.emplace_back([&, t] {
      for (int i = 0; i < rounds; ++i) {
        s.accounts().create_session({"t" + std::to_string(t) + "-" + std::to_string(i), alice, 1000, 0});
        try {
          s.accounts().create_session({"taken", alice, 2000, 0});
        } catch (const StoreError& e) {
          EXPECT_NE(std::string(e.what()).find("UNIQUE constraint failed"), std::string::npos)
              << e.what();
          refused++;
        }
      }
    });
  for (std::thread& w : writers) w.join();
  EXPECT_EQ(refused, threads * rounds);
  for (int t = 0; t < threads; ++t)
    for (int i = 0; i < rounds; ++i)
      EXPECT_TRUE(s.accounts().find_session("t" + std::to_string(t) + "-" + std::to_string(i)))
          << t << " " << i;
  EXPECT_EQ(s.accounts().find_session("taken")->expires, 1000);
  sql::SqliteDatabase::GroupCommits g =
      dynamic_cast<sql::SqliteDatabase&>(s.database()).group_commits();
  EXPECT_EQ(g.writes, 2 + 2 * threads * rounds);
  EXPECT_LT(g.commits, g.writes);  // commits were shared
}

// Under NORMAL a write never checkpoints the log itself: the checkpointer thread does, once the
// log passes kCheckpointPages, so the log stays bounded while writes go on.
TEST(OpenStore, SqliteCheckpointsOutsideTheWrites) {
  TempDir dir;
  const std::string path = (dir.path() / "k.db").string();
  auto storage = open_storage("sqlite:" + path);
  auto& db = dynamic_cast<sql::SqliteDatabase&>(storage->database());
  User u;
  u.name = "alice";
  Id alice = *storage->accounts().create_user(u);
  const std::string padding(2000, 'x');  // about a page a session
  for (int i = 0; db.background_checkpoints() == 0 && i < 20000; ++i)
    storage->accounts().create_session({padding + std::to_string(i), alice, 0, 0});
  EXPECT_GT(db.background_checkpoints(), 0);
  for (int i = 0; i < 3000; ++i)
    storage->accounts().create_session({padding + "more" + std::to_string(i), alice, 0, 0});
  // Checkpointed and restarted: the log is reused from its start, not grown without end.
  EXPECT_LT(std::filesystem::file_size(path + "-wal"),
            uintmax_t(sql::SqliteDatabase::kCheckpointInlinePages + 100) * (4096 + 24));
}

TEST(OpenStore, ANewerSchemaIsRefused) {
  TempDir dir;
  std::string path = (dir.path() / "k.db").string();
  { sql::SqliteDatabase s(path); }
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("UPDATE schema_version SET version = 99");
  }
  std::string what = store_error([&] { sql::SqliteDatabase s(path); });
  EXPECT_NE(what.find("has schema version 99, newer than this server's " +
                      std::to_string(kSqliteSchema)),
            std::string::npos)
      << what;
}

TEST_F(StoreTest, NamesAreUniqueIgnoringCase) {
  User u;
  u.name = "BOB";
  u.email = "b@example.org";
  u.password_hash = "x";
  EXPECT_FALSE(store->accounts().create_user(u));
  EXPECT_EQ(store->accounts().find_user_by_name("Bob")->id, bob.id);
}

TEST_F(StoreTest, ImportedGamesKeepTheRecordsNamesAndAreListedByImporter) {
  ImportedGame g;
  g.imported_by.id = bob.id;
  g.format = "kif";
  g.game = "chu";
  g.start_sfen = "k11/12/12/12/12/5p6/5NN5/12/12/12/12/11K b - 1";
  g.black = "羽生 善治";
  g.white = "";  // a record may name nobody
  g.event = "棋戦";
  g.played_at = "2025/01/02 03:04:05";
  g.moves = {"6g7f6g", "1a1b"};
  g.result = Result::WhiteWins;
  g.ending = "resignation";
  g.created = 1234;
  const Id first = store->imports().add_imported_game(g);
  ImportedGame empty = g;
  empty.moves.clear();
  empty.result = Result::Ongoing;
  empty.ending = "";
  const Id second = store->imports().add_imported_game(empty);
  EXPECT_GT(second, first);

  std::optional<ImportedGame> back = store->imports().find_imported_game(first);
  ASSERT_TRUE(back);
  ImportedGame want = g;
  want.id = first;
  want.imported_by.name = bob.name;
  EXPECT_EQ(*back, want);
  EXPECT_FALSE(store->imports().find_imported_game(second + 100));
  EXPECT_TRUE(store->imports().find_imported_game(second)->moves.empty());

  std::vector<ImportedGame> listed = store->imports().list_imported_games(bob.id, 10);
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].id, second);  // newest first
  EXPECT_EQ(store->imports().list_imported_games(bob.id, 1).size(), 1u);
  EXPECT_TRUE(store->imports().list_imported_games(alice.id, 10).empty());
  // No player's list of games shows them: their names are not accounts.
  EXPECT_TRUE(store->games().list_games_of(bob.id).empty());
}

TEST_F(StoreTest, AppendMoveAcceptsOneMovePerPly) {
  Id id = start_game(shogi());
  GameState s = *store->games().find_game(id);
  EXPECT_EQ(s.ply, 0);
  EXPECT_EQ(s.version, 1);

  GameState next = s;
  next.ply = 1;
  next.version = 2;
  EXPECT_EQ(store->games().append_move(id, 0, {1, "7g7f", 10, 5}, next), WriteResult::Ok);
  // A second writer that also saw ply 0:
  EXPECT_EQ(store->games().append_move(id, 0, {1, "2g2f", 10, 5}, next), WriteResult::StalePly);
  // Right ply, but someone changed the game meanwhile (version):
  GameState stale = next;
  stale.ply = 2;
  stale.version = 2;
  EXPECT_EQ(store->games().append_move(id, 1, {2, "3c3d", 10, 6}, stale), WriteResult::Changed);
  EXPECT_EQ(store->games().append_move(id + 100, 1, {2, "3c3d", 10, 6}, [&] {
    GameState g = stale;
    g.id = id + 100;
    return g;
  }()), WriteResult::NotFound);
  EXPECT_THROW(store->games().append_move(id, 1, {3, "3c3d", 10, 6}, stale), StoreError);  // not ply 2

  std::optional<StoredGame> g = store->games().load_game(id);
  ASSERT_TRUE(g);
  ASSERT_EQ(g->moves.size(), 1u);
  EXPECT_EQ(g->moves[0], (MoveRecord{1, "7g7f", 10, 5}));
  EXPECT_EQ(g->state.ply, 1);
  EXPECT_EQ(g->state.version, 2);
  EXPECT_EQ(g->state.setup, s.setup);
  EXPECT_EQ(g->state.clock, s.clock);
}

// A takeback deletes the last moves and writes the state in one conditional write.
TEST_F(StoreTest, TakeBackRemovesTheLastMovesOnce) {
  Id id = start_game(shogi());
  GameState s = *store->games().find_game(id);
  for (const char* usi : {"7g7f", "3c3d", "2g2f"}) {
    GameState next = s;
    next.ply++;
    next.version++;
    ASSERT_EQ(store->games().append_move(id, s.ply, {next.ply, usi, 10, 5}, next), WriteResult::Ok);
    s = next;
  }
  GameState offered = s;
  offered.takeback_offer = kBlack;
  offered.version++;
  ASSERT_EQ(store->games().update_game(offered), WriteResult::Ok);
  EXPECT_EQ(store->games().find_game(id)->takeback_offer, kBlack);

  GameState back = offered;
  back.ply = 1;
  back.version++;
  back.takeback_offer.reset();
  EXPECT_EQ(store->games().take_back(back, 2), WriteResult::Ok);
  // A second writer that saw the same game: the ply and the version have moved on.
  EXPECT_EQ(store->games().take_back(back, 2), WriteResult::StalePly);
  GameState stale = back;
  stale.ply = 0;
  EXPECT_EQ(store->games().take_back(stale, 1), WriteResult::Changed);
  EXPECT_THROW(store->games().take_back(back, 0), StoreError);

  std::optional<StoredGame> g = store->games().load_game(id);
  ASSERT_EQ(g->moves.size(), 1u);
  EXPECT_EQ(g->moves[0].usi, "7g7f");
  EXPECT_EQ(g->state.ply, 1);
  EXPECT_EQ(g->state.version, back.version);
  EXPECT_FALSE(g->state.takeback_offer);
  // The next move takes ply 2 again.
  GameState next = g->state;
  next.ply = 2;
  next.version++;
  EXPECT_EQ(store->games().append_move(id, 1, {2, "8c8d", 10, 6}, next), WriteResult::Ok);
}

// A byoyomi stored before periods existed reads back as it was: one period, none used (the
// migration that adds them gives every stored byoyomi its one period).
TEST(OpenStore, AByoyomiStoredBeforePeriodsReadsBackUnchanged) {
  TempDir dir;
  const std::string url = "sqlite:" + (dir.path() / "k.db").string();
  const TimeControl byo = parse_time_control("600 byoyomi 30");
  Id game = 0, open = 0;
  {
    auto s = open_storage(url);
    User u;
    u.name = "alice";
    Id a = *s->accounts().create_user(u);
    u.name = "bob";
    Id b = *s->accounts().create_user(u);
    Challenge c;
    c.challenger.id = a;
    c.challenged.id = b;
    c.time_control = byo;
    open = s->challenges().create_challenge(c);
    GameState g;
    g.black.id = a;
    g.white.id = b;
    g.time_control = byo;
    g.clock = start_clock(byo, 0);
    game = *s->challenges().accept_challenge(s->challenges().create_challenge(c), g);
  }
  {  // Back to the schema before periods: their columns gone, and the steps that follow
     // undone, the version before their step.
    const std::vector<std::string_view> steps = sql::migrations(sql::Dialect::Sqlite);
    size_t step = 0;
    while (step < steps.size() && steps[step].find("tc_periods") == std::string_view::npos) ++step;
    ASSERT_LT(step, steps.size());
    SQLite::Database db((dir.path() / "k.db").string(), SQLite::OPEN_READWRITE);
    db.exec("ALTER TABLE games DROP COLUMN tc_periods; ALTER TABLE challenges DROP COLUMN tc_periods;"
            "ALTER TABLE games DROP COLUMN periods_used_black;"
            "ALTER TABLE games DROP COLUMN periods_used_white;");
    db.exec("DROP TABLE tournament_pairings; DROP TABLE tournament_entries; DROP TABLE tournaments;"
            "ALTER TABLE game_changes DROP COLUMN tournament_id;");
    db.exec("DROP INDEX messages_sender;");  // issue 30's step after them
    db.exec("DROP TABLE game_analyses;");     // issue 33's
    db.exec("UPDATE schema_version SET version = " + std::to_string(step));
  }
  auto s = open_storage(url);
  GameState g = *s->games().find_game(game);
  EXPECT_EQ(g.time_control, byo);
  EXPECT_EQ(describe(g.time_control), "600 byoyomi 30");
  EXPECT_EQ(g.clock.periods_used, (std::array<int, 2>{0, 0}));
  EXPECT_EQ(s->challenges().find_challenge(open)->time_control, byo);
}

TEST_F(StoreTest, TakebacksOptionIsStoredWithChallengeAndGame) {
  GameSetup setup = shogi();
  setup.takebacks = false;
  Id id = start_game(setup);
  EXPECT_FALSE(store->games().find_game(id)->setup.takebacks);
  EXPECT_TRUE(store->games().find_game(start_game(shogi()))->setup.takebacks);
  Challenge c;
  c.challenger = {alice.id, ""};
  c.setup = setup;
  EXPECT_FALSE(store->challenges().find_challenge(store->challenges().create_challenge(c))->setup.takebacks);
}

TEST_F(StoreTest, ForecastsArePerPlayerAndGame) {
  Id id = start_game(shogi());
  EXPECT_FALSE(store->forecasts().find_forecast(id, alice.id));
  Forecast f{1, {{"3c3d", "2g2f", "8c8d", "2f2e"}, {"8c8d", "2g2f"}}};
  store->forecasts().set_forecast(id, alice.id, f);
  EXPECT_EQ(store->forecasts().find_forecast(id, alice.id), f);
  EXPECT_FALSE(store->forecasts().find_forecast(id, bob.id));
  Forecast replaced{3, {{"4c4d", "6g6f"}}};
  store->forecasts().set_forecast(id, alice.id, replaced);
  EXPECT_EQ(store->forecasts().find_forecast(id, alice.id), replaced);
  store->forecasts().set_forecast(id, alice.id, Forecast{3, {}});  // no lines: deleted
  EXPECT_FALSE(store->forecasts().find_forecast(id, alice.id));
}

TEST_F(StoreTest, AFinishedGameTakesNoMoreMoves) {
  Id id = start_game(shogi());
  GameState s = *store->games().find_game(id);
  s.status = GameStatus::Finished;
  s.result = Result::WhiteWins;
  s.reason = "resignation";
  s.version = 2;
  EXPECT_EQ(store->games().update_game(s), WriteResult::Ok);
  EXPECT_EQ(store->games().update_game(s), WriteResult::Changed);  // same version again
  GameState next = s;
  next.ply = 1;
  next.version = 3;
  EXPECT_EQ(store->games().append_move(id, 0, {1, "7g7f", 0, 0}, next), WriteResult::Changed);
  EXPECT_EQ(store->games().find_game(id)->reason, "resignation");
  EXPECT_TRUE(store->games().load_game(id)->moves.empty());
}

TEST_F(StoreTest, AnAbortedGameTakesNoMoreMovesAndIsNotUnfinished) {
  Id id = start_game(shogi());
  GameState s = *store->games().find_game(id);
  s.status = GameStatus::Aborted;
  s.reason = "aborted";
  s.version = 2;
  EXPECT_EQ(store->games().update_game(s), WriteResult::Ok);
  GameState next = s;
  next.ply = 1;
  next.version = 3;
  EXPECT_EQ(store->games().append_move(id, 0, {1, "7g7f", 0, 0}, next), WriteResult::Changed);
  EXPECT_EQ(store->games().find_game(id)->status, GameStatus::Aborted);
  EXPECT_TRUE(store->games().list_unfinished_games().empty());
}

// Every filter of the games list, alone and together, newest first, a page at a time.
TEST_F(StoreTest, FindGamesFiltersAndPages) {
  User carol = sign_up("carol");
  Id chu = start_game();
  Id won = start_game(shogi());
  Id aborted = start_game(shogi());
  Id current = start_game(shogi());
  auto end = [&](Id id, GameStatus status, Result result) {
    GameState s = *store->games().find_game(id);
    s.status = status;
    s.result = result;
    s.version++;
    ASSERT_EQ(store->games().update_game(s), WriteResult::Ok);
  };
  end(won, GameStatus::Finished, Result::WhiteWins);
  end(aborted, GameStatus::Aborted, Result::Ongoing);
  auto ids = [&](GameQuery q) {
    std::vector<Id> out;
    for (const GameState& g : store->games().find_games(q)) out.push_back(g.id);
    return out;
  };
  EXPECT_EQ(ids({}), (std::vector<Id>{current, aborted, won, chu}));
  EXPECT_EQ(ids({.player = alice.id}), (std::vector<Id>{current, aborted, won, chu}));
  EXPECT_TRUE(ids({.player = carol.id}).empty());
  EXPECT_EQ(ids({.game = "chu"}), std::vector<Id>{chu});
  EXPECT_EQ(ids({.statuses = {GameStatus::Active, GameStatus::Adjourned}}),
            (std::vector<Id>{current, chu}));
  EXPECT_EQ(ids({.statuses = {GameStatus::Aborted}}), std::vector<Id>{aborted});
  EXPECT_EQ(ids({.result = Result::WhiteWins}), std::vector<Id>{won});
  EXPECT_TRUE(ids({.result = Result::BlackWins}).empty());
  EXPECT_EQ(ids({.player = bob.id, .game = "shogi", .result = Result::WhiteWins}),
            std::vector<Id>{won});
  EXPECT_EQ(ids({.limit = 2}), (std::vector<Id>{current, aborted}));
  EXPECT_EQ(ids({.before = aborted, .limit = 2}), (std::vector<Id>{won, chu}));
  EXPECT_EQ(ids({.game = "shogi", .before = current}), (std::vector<Id>{aborted, won}));
}

// Ratings are written per game once, and only over the rating they were computed from.
TEST_F(StoreTest, RatingChangesAreWrittenOnceAndOnlyOverTheRatingTheyStartFrom) {
  GameSetup rated = shogi();
  rated.rated = true;
  Id g1 = start_game(rated), g2 = start_game(rated);
  auto change = [&](Id game, const User& u, int games_before, double after) {
    RatingChange c;
    c.game_id = game;
    c.user = {u.id, u.name};
    c.game = "shogi";
    c.before = {1500, 350, 0.06};
    c.after = {after, 290.3190526, 0.0599999};
    c.games_before = games_before;
    c.at = 1000 + game;
    return c;
  };
  std::vector<RatingChange> first = {change(g1, alice, 0, 1662.2), change(g1, bob, 0, 1337.8)};
  EXPECT_EQ(store->ratings().record_rating_changes(first), RatingWrite::Ok);
  EXPECT_EQ(store->ratings().record_rating_changes(first), RatingWrite::AlreadyRated);
  // Computed from a rating that is no longer the stored one: nothing is written.
  std::vector<RatingChange> stale = {change(g2, alice, 1, 1700), change(g2, bob, 0, 1300)};
  EXPECT_EQ(store->ratings().record_rating_changes(stale), RatingWrite::Stale);
  EXPECT_TRUE(store->ratings().rating_changes_of_game(g2).empty());
  EXPECT_EQ(store->ratings().find_rating(alice.id, "shogi")->value.rating, 1662.2);
  std::vector<RatingChange> second = {change(g2, alice, 1, 1700), change(g2, bob, 1, 1300)};
  EXPECT_EQ(store->ratings().record_rating_changes(second), RatingWrite::Ok);
  // Read back exactly, doubles included.
  EXPECT_EQ(store->ratings().rating_changes_of_game(g1), first);
  EXPECT_EQ(store->ratings().rating_history(alice.id), (std::vector<RatingChange>{first[0], second[0]}));
  Rating a = *store->ratings().find_rating(alice.id, "shogi");
  EXPECT_EQ(a.value, second[0].after);
  EXPECT_EQ(a.games, 2);
  EXPECT_EQ(a.last_played, second[0].at);
  EXPECT_EQ(store->ratings().ratings_of(alice.id), std::vector<Rating>{a});
  EXPECT_FALSE(store->ratings().find_rating(alice.id, "chu"));
  // The leaderboard: at most the deviation given, highest first.
  EXPECT_TRUE(store->ratings().leaderboard("shogi", -1, 110, 10).empty());
  std::vector<Rating> board = store->ratings().leaderboard("shogi", -1, 300, 10);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].user.name, "alice");
  EXPECT_EQ(store->ratings().leaderboard("shogi", -1, 300, 1).size(), 1u);
  // ...and above the lower bound given (the provisional players' table).
  EXPECT_EQ(store->ratings().leaderboard("shogi", 110, 300, 10), board);
  EXPECT_TRUE(store->ratings().leaderboard("shogi", 300, 350, 10).empty());
  // A closed account's rating stays (its games stay) but leaves the leaderboard.
  store->accounts().close_user(alice.id, 1234);
  board = store->ratings().leaderboard("shogi", -1, 300, 10);
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].user.name, "bob");
  EXPECT_EQ(store->ratings().ratings_of(alice.id), std::vector<Rating>{a});
  // Finished rated games, by end; a recompute starts from nothing.
  for (Id id : {g2, g1}) {
    GameState s = *store->games().find_game(id);
    s.status = GameStatus::Finished;
    s.result = Result::Draw;
    s.updated = 5000 - id;
    s.version++;
    ASSERT_EQ(store->games().update_game(s), WriteResult::Ok);
  }
  std::vector<GameState> finished = store->games().finished_rated_games();
  ASSERT_EQ(finished.size(), 2u);
  EXPECT_EQ(finished[0].id, g2);
  EXPECT_TRUE(finished[0].setup.rated);
  store->ratings().clear_ratings();
  EXPECT_TRUE(store->ratings().ratings_of(alice.id).empty());
  EXPECT_TRUE(store->ratings().rating_history(alice.id).empty());
}

TEST_F(StoreTest, RatedOpponentAndWonNarrowTheGamesAndStandingsCountResults) {
  User carol = sign_up("carol");
  GameSetup rated = shogi();
  rated.rated = true;
  Id casual = start_game(shogi());
  Id won = start_game(rated);  // alice (Black) against bob
  ChallengeRequest r;
  r.opponent = "carol";
  r.setup = shogi();
  Id against_carol = challenges->accept(challenges->create(alice.id, r).id, carol.id);
  auto end = [&](Id id, Result result) {
    GameState s = *store->games().find_game(id);
    s.status = GameStatus::Finished;
    s.result = result;
    s.version++;
    ASSERT_EQ(store->games().update_game(s), WriteResult::Ok);
  };
  end(won, Result::BlackWins);
  end(against_carol, Result::WhiteWins);
  end(casual, Result::Draw);
  auto ids = [&](GameQuery q) {
    std::vector<Id> out;
    for (const GameState& g : store->games().find_games(q)) out.push_back(g.id);
    return out;
  };
  EXPECT_EQ(ids({.rated = true}), std::vector<Id>{won});
  EXPECT_EQ(ids({.rated = false}), (std::vector<Id>{against_carol, casual}));
  EXPECT_EQ(ids({.player = alice.id, .opponent = carol.id}), std::vector<Id>{against_carol});
  EXPECT_EQ(ids({.player = alice.id, .won = true}), std::vector<Id>{won});
  EXPECT_EQ(ids({.player = alice.id, .won = false}), std::vector<Id>{against_carol});
  EXPECT_EQ(ids({.player = carol.id, .won = true}), std::vector<Id>{against_carol});
  EXPECT_TRUE(store->games().find_game(won)->setup.rated);
  std::vector<Standing> all = store->ratings().standings({.game = "shogi"});
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0], (Standing{{alice.id, "alice"}, "shogi", 1, 1, 1}));
  EXPECT_EQ(all[1], (Standing{{carol.id, "carol"}, "shogi", 1, 0, 0}));  // 1 beats 0.5
  EXPECT_EQ(all[2], (Standing{{bob.id, "bob"}, "shogi", 0, 1, 1}));
  EXPECT_EQ(store->ratings().standings({.game = "shogi", .rated = true}).size(), 2u);
  EXPECT_EQ(store->ratings().standings({.user = carol.id}).size(), 1u);
  EXPECT_EQ(store->ratings().standings({.game = "shogi", .limit = 1}).size(), 1u);
  store->accounts().set_last_seen(alice.id, 7000);
  store->accounts().set_last_seen(alice.id, 6000);  // never backwards
  EXPECT_EQ(store->accounts().find_user(alice.id)->last_seen, 7000);
}

// A listener on a second store (another server, or a server hearing `kirin command`) hears
// every committed change of a game, in commit order, with the game's new version or the
// comment added; not the writes that changed nothing, and nothing once it stopped. (That nothing
// else came is shown by a later change arriving next, as changes arrive in commit order.)
TEST_F(StoreTest, AListenerHearsEveryCommittedGameChange) {
  auto node2 = open_storage(url());
  Heard heard;
  node2->changes().listen_for_game_changes(std::ref(heard));
  EXPECT_THROW(node2->changes().listen_for_game_changes([](const GameChange&) {}), StoreError);

  auto at_ply = [&](Id id, int ply, int version) {
    GameState g = *store->games().find_game(id);
    g.ply = ply;
    g.version = version;
    return g;
  };
  Id a = start_game(shogi());  // a v1
  ASSERT_EQ(store->games().append_move(a, 0, {1, "7g7f", 0, 0}, at_ply(a, 1, 2)), WriteResult::Ok);
  EXPECT_EQ(store->games().append_move(a, 0, {1, "2g2f", 0, 0}, at_ply(a, 1, 2)),
            WriteResult::StalePly);  // nothing
  Id b = start_game(shogi());       // b v1
  Id comment = store->games().add_comment({0, a, 1, {bob.id, "bob"}, "hm", 1});  // a c
  GameState over = at_ply(b, 0, 2);
  over.status = GameStatus::Finished;
  ASSERT_EQ(store->games().update_game(over), WriteResult::Ok);       // b v2
  EXPECT_EQ(store->games().update_game(over), WriteResult::Changed);  // nothing
  Id c = start_game(shogi());                                 // c v1
  Id marker = start_game(shogi());                            // marker v1

  EXPECT_EQ(heard.wait_for(7), (std::vector<Id>{a, a, b, a, b, c, marker}));
  {
    std::lock_guard lock(heard.mutex);
    std::vector<std::pair<int, Id>> tail;  // version, comment
    for (const GameChange& ch : heard.changes) tail.emplace_back(ch.version, ch.comment);
    EXPECT_EQ(tail, (std::vector<std::pair<int, Id>>{
                        {1, 0}, {2, 0}, {1, 0}, {0, comment}, {2, 0}, {1, 0}, {1, 0}}));
  }

  node2->changes().stop_listening();
  start_game(shogi());                              // not heard...
  node2->changes().listen_for_game_changes(std::ref(heard));  // ...nor later: from now on
  Id d = start_game(shogi());
  EXPECT_EQ(heard.wait_for(8), (std::vector<Id>{a, a, b, a, b, c, marker, d}));
}

// The end of a user's sessions reaches every process on the store with the deletion, in
// order with the games' changes (issue 28, finding 1).
TEST_F(StoreTest, AListenerHearsTheEndOfAUsersSessions) {
  auto node2 = open_storage(url());
  Heard heard;
  node2->changes().listen_for_game_changes(std::ref(heard));
  store->accounts().create_session({"s1", alice.id, 1LL << 50, 1});
  EXPECT_EQ(store->accounts().end_sessions(alice.id, "", 100), 1);
  Id marker = start_game(shogi());
  EXPECT_EQ(heard.wait_for(2), (std::vector<Id>{0, marker}));
  std::lock_guard lock(heard.mutex);
  EXPECT_EQ(heard.changes[0].sessions_of, alice.id);
  EXPECT_EQ(heard.changes[1].sessions_of, 0);
}

// A write of several statements that fails after its first changes nothing, though its
// group commits: here the game's row is updated, then the move's row collides with a stray
// row left at that ply.
TEST_F(SqliteStoreTest, AWriteThatFailsHalfwayChangesNothing) {
  Id id = start_game(shogi());
  {
    SQLite::Database db(url().substr(std::string("sqlite:").size()), SQLite::OPEN_READWRITE);
    db.exec("INSERT INTO moves (game_id, ply, usi, time_used_ms, at_ms) VALUES (" +
            std::to_string(id) + ", 1, '1a1b', 0, 0)");
  }
  const GameState before = *store->games().find_game(id);
  GameState next = before;
  next.ply = 1;
  next.version = before.version + 1;
  std::string what = store_error([&] { store->games().append_move(id, 0, {1, "7g7f", 0, 0}, next); });
  EXPECT_NE(what.find("UNIQUE constraint failed: moves.game_id, moves.ply"), std::string::npos)
      << what;
  GameState after = *store->games().find_game(id);
  EXPECT_EQ(after.ply, 0);
  EXPECT_EQ(after.version, before.version);
}

// For each ply, of two writers racing with the same expected ply exactly one wins and the
// other finds the ply stale: two threads on one store, and on two stores (two server
// processes on one file or database).
TEST_F(StoreTest, RacingWritersGetExactlyOneAcceptancePerPly) {
  auto other = open_storage(url());
  for (bool two_stores : {false, true}) {
    Id id = start_game(shogi());
    const int plies = 30;
    std::atomic<int> wins[2] = {0, 0};
    std::atomic<int> refused = 0;
    std::barrier sync(2);
    const GameState base = *store->games().find_game(id);
    auto writer = [&](sql::SqlStorage* st, int who) {
      for (int ply = 0; ply < plies; ++ply) {
        sync.arrive_and_wait();
        GameState next = base;
        next.ply = ply + 1;
        next.version = ply + 2;
        WriteResult r = st->games().append_move(id, ply, {ply + 1, who ? "w" : "b", 0, 0}, next);
        if (r == WriteResult::Ok) wins[who]++;
        if (r == WriteResult::StalePly) refused++;
        sync.arrive_and_wait();
      }
    };
    std::thread a(writer, store.get(), 0), b(writer, two_stores ? other.get() : store.get(), 1);
    a.join();
    b.join();
    EXPECT_EQ(wins[0] + wins[1], plies);
    EXPECT_EQ(refused, plies);
    std::optional<StoredGame> g = store->games().load_game(id);
    ASSERT_EQ(g->moves.size(), size_t(plies));
    EXPECT_EQ(g->state.ply, plies);
    for (int i = 0; i < plies; ++i) EXPECT_EQ(g->moves[size_t(i)].ply, i + 1);
  }
}

// An acknowledged move survives kill -9 of the process that stored it.
TEST_F(StoreTest, AnAcknowledgedMoveSurvivesKill9) {
  Id id = start_game(shogi());
  close();
  int ack[2];
  ASSERT_EQ(pipe(ack), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    try {
      open();
      games->play_move(id, alice.id, "7g7f");
    } catch (...) {
      _exit(2);
    }
    char ok = 'k';
    if (write(ack[1], &ok, 1) != 1) _exit(3);
    raise(SIGKILL);  // no destructors, no checkpoint, no clean close of the connections
    _exit(4);
  }
  char got = 0;
  EXPECT_EQ(read(ack[0], &got, 1), 1);
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
  ::close(ack[0]);
  ::close(ack[1]);
  open();
  GameView v = games->view(id);
  ASSERT_EQ(v.moves.size(), 1u);
  EXPECT_EQ(v.moves[0].usi, "7g7f");
  EXPECT_EQ(v.to_move, kWhite);
  games->play_move(id, bob.id, "3c3d", 1);
}

// Issue 19's account management, messages and game chat, on both stores.
TEST_F(StoreTest, AccountChangesAndClosing) {
  store->accounts().set_password_hash(alice.id, "new-hash");
  store->accounts().set_email(alice.id, "alice@example.net");
  User a = *store->accounts().find_user(alice.id);
  EXPECT_EQ(a.password_hash, "new-hash");
  EXPECT_EQ(a.email, "alice@example.net");
  EXPECT_EQ(a.closed, 0);

  for (const char* hash : {"s1", "s2", "s3"}) store->accounts().create_session({hash, alice.id, 1LL << 50, 1});
  store->accounts().create_session({"b1", bob.id, 1LL << 50, 1});
  EXPECT_EQ(store->accounts().end_sessions(alice.id, "s2", 100), 2);
  EXPECT_FALSE(store->accounts().find_session("s1"));
  EXPECT_TRUE(store->accounts().find_session("s2"));
  EXPECT_TRUE(store->accounts().find_session("b1"));

  store->accounts().close_user(alice.id, 1234);
  EXPECT_EQ(store->accounts().find_user(alice.id)->closed, 1234);
  EXPECT_EQ(store->accounts().find_user_by_name("ALICE")->closed, 1234);
  EXPECT_EQ(store->accounts().end_sessions(alice.id, "", 1234), 1);
  EXPECT_FALSE(store->accounts().find_session("s2"));
  EXPECT_TRUE(store->accounts().find_session("b1"));
  // The name stays taken.
  User again{0, "alice", "x@example.org", "h", {}, 1};
  EXPECT_FALSE(store->accounts().create_user(again));
}

TEST_F(StoreTest, MessagesAreKeptPerRecipientNewestFirst) {
  User carol = sign_up("carol");
  Id m1 = store->social().add_message({0, {alice.id, ""}, {bob.id, ""}, "first", 10, 0});
  Id m2 = store->social().add_message({0, {carol.id, ""}, {bob.id, ""}, "second ✓", 20, 0});
  Id m3 = store->social().add_message({0, {bob.id, ""}, {alice.id, ""}, "to alice", 30, 0});
  EXPECT_LT(m1, m2);
  std::vector<Message> inbox = store->social().find_messages(bob.id, 0, 10);
  ASSERT_EQ(inbox.size(), 2u);
  EXPECT_EQ(inbox[0], (Message{m2, {carol.id, "carol"}, {bob.id, "bob"}, "second ✓", 20, 0}));
  EXPECT_EQ(inbox[1].id, m1);
  EXPECT_EQ(store->social().find_messages(bob.id, m2, 10).size(), 1u);
  EXPECT_EQ(store->social().find_messages(bob.id, 0, 1).size(), 1u);
  EXPECT_EQ(store->social().count_unread_messages(bob.id), 2);
  EXPECT_FALSE(store->social().mark_message_read(m1, alice.id, 40));  // not hers
  EXPECT_TRUE(store->social().mark_message_read(m1, bob.id, 40));
  EXPECT_FALSE(store->social().mark_message_read(m1, bob.id, 50));  // read already: the time stays
  EXPECT_EQ(store->social().find_message(m1)->read, 40);
  EXPECT_EQ(store->social().count_unread_messages(bob.id), 1);
  EXPECT_EQ(store->social().find_message(m3)->to.name, "alice");
  EXPECT_FALSE(store->social().find_message(m3 + 100));
}

TEST_F(StoreTest, AGamesChatIsKeptApartFromItsComments) {
  Id game = start_game();
  Id c1 = store->social().add_chat_line({0, game, 0, {alice.id, ""}, "good luck", 5});
  Id c2 = store->social().add_chat_line({0, game, 1, {bob.id, ""}, "you too", 6});
  std::vector<ChatLine> chat = store->social().chat_of(game);
  ASSERT_EQ(chat.size(), 2u);
  EXPECT_EQ(chat[0], (ChatLine{c1, game, 0, {alice.id, "alice"}, "good luck", 5}));
  EXPECT_EQ(chat[1].id, c2);
  EXPECT_TRUE(store->games().load_game(game)->comments.empty());
  EXPECT_TRUE(store->social().chat_of(game + 1).empty());
}

}  // namespace
}  // namespace kirin::server::testing

namespace kirin::server::testing {
namespace {

// Every record type written and read back with every field set away from its default
// (columns.h declares each record's columns once: a field missing from a statement, or read
// into the wrong place, shows here). Runs on PostgreSQL too.
TEST_F(StoreTest, EveryRecordReadsBackAsWritten) {
  User u;
  u.name = "Zoë";
  u.email = "zoe@example.org";
  u.password_hash = "$argon2id$hash";
  u.preferences = {"small", false, "western", false, false, false, {{"chu", "pbmserv"}}};
  u.created = 11;
  u.last_seen = 12;
  u.closed = 13;
  u.id = *store->accounts().create_user(u);
  EXPECT_EQ(*store->accounts().find_user(u.id), u);
  EXPECT_EQ(store->accounts().find_user_by_name("ZOë"), u);
  EXPECT_FALSE(store->accounts().find_user_by_name("zoË"));  // ASCII case only

  Session session{"hash-of-token", u.id, 21, 22};
  store->accounts().create_session(session);
  EXPECT_EQ(*store->accounts().find_session("hash-of-token"), session);

  GameSetup setup;
  setup.game = "chu";
  setup.profile = "jcsa";
  setup.options = {{"drops", "true"}, {"bare_king", "false"}};
  setup.drops = false;
  setup.handicap = "RL";
  setup.start_sfen = "";
  setup.computer_level = 3;
  setup.rated = true;
  setup.takebacks = false;
  TimeControl tc{TimeControl::Kind::Live, 600000, 30000, 0, 0};
  tc.periods = 3;

  GameState g;
  g.setup = setup;
  g.start_sfen = "k11/12/12/12/12/5p6/5NN5/12/12/12/12/11K b - 1";
  g.black = {alice.id, "alice"};
  g.white = {u.id, "Zoë"};
  g.time_control = tc;
  g.clock = {{31, 32}, 33, {1, 2}};
  g.status = GameStatus::Adjourned;
  g.result = Result::Ongoing;
  g.reason = "adjourned";
  g.ply = 0;
  g.version = 1;
  g.draw_offer = kWhite;
  g.takeback_offer = kBlack;
  g.sealed = SealedMove{"6g6f", alice.id, 34, 35};
  g.created = 36;
  g.updated = 37;

  Challenge c;
  c.challenger = {alice.id, "alice"};
  c.challenged = {u.id, "Zoë"};
  c.setup = setup;
  c.color = ColorChoice::Random;
  c.time_control = tc;
  c.created = 41;
  c.id = store->challenges().create_challenge(c);
  EXPECT_EQ(*store->challenges().find_challenge(c.id), c);
  g.id = *store->challenges().accept_challenge(c.id, g);
  c.status = ChallengeStatus::Accepted;
  c.game = g.id;
  EXPECT_EQ(*store->challenges().find_challenge(c.id), c);
  EXPECT_EQ(*store->games().find_game(g.id), g);

  Challenge rematch = c;  // open to anyone, offering to play the game again
  rematch.challenged = {};
  rematch.status = ChallengeStatus::Open;
  rematch.game = 0;
  rematch.rematch_of = g.id;
  rematch.setup.drops.reset();
  rematch.time_control = {TimeControl::Kind::Correspondence, 0, 0, 0, 3};
  rematch.id = store->challenges().create_challenge(rematch);
  EXPECT_EQ(store->challenges().find_rematch(g.id), rematch);
  EXPECT_EQ(store->challenges().open_challenges_to(0), std::vector<Challenge>{rematch});

  GameState next = g;
  next.ply = 1;
  next.version = 2;
  next.status = GameStatus::Finished;
  next.result = Result::Draw;
  next.reason = "agreement";
  next.draw_offer.reset();
  next.takeback_offer.reset();
  next.sealed.reset();
  next.clock = {{51, 52}, 53};
  next.updated = 54;
  MoveRecord move{1, "6g6f", 55, 56};
  ASSERT_EQ(store->games().append_move(g.id, 0, move, next), WriteResult::Ok);
  Comment comment{0, g.id, 1, {u.id, "Zoë"}, "良い手", 57};
  comment.id = store->games().add_comment(comment);
  std::optional<StoredGame> stored = store->games().load_game(g.id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->state, next);
  EXPECT_EQ(stored->moves, std::vector<MoveRecord>{move});
  EXPECT_EQ(stored->comments, std::vector<Comment>{comment});

  ChatLine line{0, g.id, 1, {alice.id, "alice"}, "gg", 58};
  line.id = store->social().add_chat_line(line);
  EXPECT_EQ(store->social().chat_of(g.id), std::vector<ChatLine>{line});
  Message m{0, {alice.id, "alice"}, {u.id, "Zoë"}, "hello\nthere", 61, 0};
  m.id = store->social().add_message(m);
  ASSERT_TRUE(store->social().mark_message_read(m.id, u.id, 62));
  m.read = 62;
  EXPECT_EQ(*store->social().find_message(m.id), m);

  RatingChange change{g.id, {u.id, "Zoë"}, "chu", {1500, 350, 0.06}, {1612.25, 251.5, 0.0599991},
                      0, 71};
  ASSERT_EQ(store->ratings().record_rating_changes({change}), RatingWrite::Ok);
  EXPECT_EQ(store->ratings().rating_history(u.id), std::vector<RatingChange>{change});
  Rating rating{{u.id, "Zoë"}, "chu", change.after, 1, 71};
  EXPECT_EQ(*store->ratings().find_rating(u.id, "chu"), rating);

  ImportedGame imported;
  imported.imported_by = {u.id, "Zoë"};
  imported.format = "kif";
  imported.game = "chu";
  imported.start_sfen = g.start_sfen;
  imported.black = "先手";
  imported.white = "後手";
  imported.event = "event";
  imported.played_at = "2026/11/29";
  imported.moves = {"6g6f", "7a7b"};
  imported.result = Result::BlackWins;
  imported.ending = "resignation";
  imported.created = 81;
  imported.id = store->imports().add_imported_game(imported);
  EXPECT_EQ(*store->imports().find_imported_game(imported.id), imported);

  Forecast forecast{1, {{"7a7b", "5g5f"}, {"8a8b"}}};
  store->forecasts().set_forecast(g.id, u.id, forecast);
  EXPECT_EQ(*store->forecasts().find_forecast(g.id, u.id), forecast);
}

}  // namespace
}  // namespace kirin::server::testing
