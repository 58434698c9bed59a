// The PostgreSQL storage against a real server (postgres_fixture.h): every repository, the
// races the conditional writes settle, reopening, notifications, and a server crash.
// (store_test.cpp's conditional writes and races run on PostgreSQL too: KIRIN_TEST_STORE.)
#include "server/store/migrations.h"
#include "server/store/postgres_database.h"
#include "server/store/sql_storage.h"

#include <barrier>
#include <chrono>
#include <condition_variable>
#include <thread>

#include "postgres_fixture.h"

namespace kirin::server::testing {
namespace {

using namespace std::chrono_literals;
const int kPgSchema = sql::latest_schema_version(sql::Dialect::Postgres);

// One value a query returns (tests only: the SQL is fixed).
std::string pg_value(const std::string& url, const std::string& sql) {
  PGconn* c = PQconnectdb(url.c_str());
  std::string out;
  if (PQstatus(c) == CONNECTION_OK) {
    PGresult* r = PQexec(c, sql.c_str());
    if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0) out = PQgetvalue(r, 0, 0);
    PQclear(r);
  }
  PQfinish(c);
  return out;
}

void expect_same(const GameState& a, const GameState& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.setup, b.setup);
  EXPECT_EQ(a.start_sfen, b.start_sfen);
  EXPECT_EQ(a.black, b.black);
  EXPECT_EQ(a.white, b.white);
  EXPECT_EQ(a.time_control, b.time_control);
  EXPECT_EQ(a.clock, b.clock);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(a.ply, b.ply);
  EXPECT_EQ(a.version, b.version);
  EXPECT_EQ(a.draw_offer, b.draw_offer);
  EXPECT_EQ(a.sealed, b.sealed);
  EXPECT_EQ(a.created, b.created);
  EXPECT_EQ(a.updated, b.updated);
}

void expect_same(const Challenge& a, const Challenge& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.challenger, b.challenger);
  EXPECT_EQ(a.challenged, b.challenged);
  EXPECT_EQ(a.setup, b.setup);
  EXPECT_EQ(a.color, b.color);
  EXPECT_EQ(a.time_control, b.time_control);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.game, b.game);
  EXPECT_EQ(a.created, b.created);
}

void expect_same(const User& a, const User& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.email, b.email);
  EXPECT_EQ(a.password_hash, b.password_hash);
  EXPECT_EQ(a.preferences, b.preferences);
  EXPECT_EQ(a.created, b.created);
}

// Collects the game ids a listener hears.

class PgStoreTest : public PostgresTest {
 protected:
  void SetUp() override {
    PostgresTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    store = open_storage(url());
    alice = add_user("alice");
    bob = add_user("bob");
  }
  void TearDown() override {
    store.reset();
    PostgresTest::TearDown();
  }

  User add_user(const std::string& name) {
    User u;
    u.name = name;
    u.email = name + "@example.org";
    u.password_hash = "$argon2id$v=19$m=8,t=1,p=1$" + name;
    u.preferences.piece_set = "kanji";
    u.created = 1'700'000'000'000 + name.size();
    std::optional<Id> id = store->accounts().create_user(u);
    if (!id) throw std::runtime_error("user " + name + " exists");
    u.id = *id;
    return u;
  }

  GameState game_state() const {
    GameState g;
    g.setup.game = "chu";
    g.setup.profile = "lishogi";
    g.setup.options = {{"lion-rules", "strict"}, {"note", "quotes ' \" ; -- and ü"}};
    g.setup.drops = false;
    g.start_sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    g.black = {alice.id, alice.name};
    g.white = {bob.id, bob.name};
    g.time_control = {TimeControl::Kind::Live, 600000, 30000, 0, 0};
    g.clock = {{600000, 599000}, 1'700'000'000'123};
    g.created = g.updated = 1'700'000'000'123;
    return g;
  }

  Challenge challenge(Id to = 0) const {
    Challenge c;
    c.challenger = {alice.id, alice.name};
    c.challenged = {to, to == bob.id ? bob.name : ""};
    c.setup = game_state().setup;
    c.setup.handicap = "2ln";
    c.color = ColorChoice::Random;
    c.time_control = {TimeControl::Kind::Correspondence, 0, 0, 0, 3};
    c.created = 1'700'000'000'001;
    return c;
  }

  // A game alice (Black) and bob play, through an accepted challenge.
  Id new_game() {
    Id ch = store->challenges().create_challenge(challenge(bob.id));
    std::optional<Id> id = store->challenges().accept_challenge(ch, game_state());
    if (!id) throw std::runtime_error("accept_challenge failed");
    return *id;
  }

  // The state after `ply` moves of the game as new_game stores it.
  GameState at_ply(Id id, int ply) const {
    GameState g = game_state();
    g.id = id;
    g.ply = ply;
    g.version = ply + 1;
    g.updated += ply;
    return g;
  }

  std::unique_ptr<sql::SqlStorage> store;
  User alice, bob;
};

// --- Opening ---

TEST(PostgresStoreUrl, PasswordsAreRedacted) {
  EXPECT_EQ(sql::PostgresDatabase::redact_url("postgresql://kirin:s3cret@db.example.org:5433/kirin"),
            "postgresql://kirin@db.example.org:5433/kirin");
  EXPECT_EQ(sql::PostgresDatabase::redact_url("postgres://u:p%40ss@h/k?sslmode=require&password=x&a=b"),
            "postgres://u@h/k?sslmode=require&a=b");
  EXPECT_EQ(sql::PostgresDatabase::redact_url("postgresql:///kirin?host=/tmp/x&password=secret"),
            "postgresql:///kirin?host=/tmp/x");
  EXPECT_EQ(sql::PostgresDatabase::redact_url("postgresql://u@h:1/k"), "postgresql://u@h:1/k");
  EXPECT_EQ(sql::PostgresDatabase::redact_url("host=h password=secret dbname=k"), "host=h dbname=k");
}

TEST(PostgresStoreUrl, AStoreThatCannotBeReachedIsNamedWithoutItsPassword) {
  const std::string url = "postgresql://kirin:s3cret@127.0.0.1:1/kirin?connect_timeout=3";
  std::string what = store_error([&] { open_storage(url); });
  EXPECT_EQ(what.rfind("cannot open store postgresql://kirin@127.0.0.1:1/kirin?"
                       "connect_timeout=3: connection to server at \"127.0.0.1\", port 1 failed",
                       0),
            0u)
      << what;
  EXPECT_EQ(what.find("s3cret"), std::string::npos) << what;
  EXPECT_THROW(open_storage("postgresql:///kirin?host=/nonexistent-kirin-dir"), StoreError);
  EXPECT_THROW(open_storage("postgresql://[bad"), StoreError);
}

TEST_F(PgStoreTest, OpenStoreOpensPostgresUrls) {
  auto s = open_storage(url());
  ASSERT_NE(dynamic_cast<sql::PostgresDatabase*>(&s->database()), nullptr);
  EXPECT_EQ(s->accounts().find_user(alice.id)->name, "alice");
}

TEST_F(PgStoreTest, SchemaIsVersioned) {
  EXPECT_EQ(store->database().schema_version(), kPgSchema);
  EXPECT_EQ(pg_value(url(), "SELECT string_agg(version::text, ',') FROM schema_version"),
            std::to_string(kPgSchema));
  EXPECT_EQ(pg_value(url(),
                     "SELECT string_agg(table_name, ',' ORDER BY table_name) FROM "
                     "information_schema.tables WHERE table_schema = 'public'"),
            "audit_log,blocks,challenges,chat,comments,forecasts,game_analyses,games,imported_games,messages,"
            "moves,rating_changes,ratings,reports,schema_version,session_endings,sessions,"
            "tournament_entries,tournament_pairings,tournaments,usage_counts,users");
  // Opening again changes nothing.
  sql::PostgresDatabase again(url());
  EXPECT_EQ(again.schema_version(), kPgSchema);
  EXPECT_EQ(pg_value(url(), "SELECT count(*) FROM schema_version"), "1");
}

TEST_F(PgStoreTest, ANewerSchemaIsRefused) {
  pg_exec(url(), "UPDATE schema_version SET version = 99");
  std::string what = store_error([&] { sql::PostgresDatabase s(url()); });
  EXPECT_NE(what.find("has schema version 99, newer than this server's " +
                      std::to_string(kPgSchema)),
            std::string::npos)
      << what;
}

// A database made by an earlier release (schema version 7: game changes were notified by the
// stores' writes) is brought to the latest version on open, and its changes are then notified
// by the triggers.
TEST_F(PgStoreTest, AnOlderSchemaIsMigratedAndNotifiesByTriggers) {
  PostgresCluster& pg = PostgresCluster::shared();
  std::string db = pg.create_database();
  std::string db_url = with_database(pg.url(), db);
  std::vector<std::string_view> steps = sql::migrations(sql::Dialect::Postgres);
  ASSERT_GE(steps.size(), 8u);  // the eighth adds the triggers; later steps follow it
  std::string old_schema = "CREATE TABLE schema_version (version INTEGER NOT NULL);"
                           "INSERT INTO schema_version VALUES (7);";
  for (size_t i = 0; i < 7; ++i) old_schema += std::string(steps[i]);
  pg_exec(db_url, old_schema);
  EXPECT_EQ(pg_value(db_url, "SELECT count(*) FROM pg_trigger WHERE tgname = 'game_changed'"), "0");
  {
    auto s = open_storage(db_url);
    EXPECT_EQ(s->database().schema_version(), kPgSchema);
    Heard heard;
    s->changes().listen_for_game_changes(std::ref(heard));
    User u;
    u.name = "alice";
    Id a = *s->accounts().create_user(u);
    u.name = "bob";
    Id b = *s->accounts().create_user(u);
    Challenge c;
    c.challenger.id = a;
    c.challenged.id = b;
    GameState g;
    g.black.id = a;
    g.white.id = b;
    Id game = *s->challenges().accept_challenge(s->challenges().create_challenge(c), g);
    EXPECT_EQ(heard.wait_for(1), std::vector<Id>{game});
  }
  pg.drop_database(db);
}

// Nodes starting together on an empty database: one creates the schema, the others wait for
// it (the advisory lock) and find it made.
TEST_F(PgStoreTest, NodesStartingTogetherMigrateOnce) {
  PostgresCluster& pg = PostgresCluster::shared();
  std::string db = pg.create_database();
  std::string db_url = with_database(pg.url(), db);
  std::atomic<int> opened = 0;
  std::vector<std::string> errors(4);
  std::barrier sync(4);
  std::vector<std::thread> nodes;
  for (int i = 0; i < 4; ++i)
    nodes.emplace_back([&, i] {
      sync.arrive_and_wait();
      try {
        sql::PostgresDatabase s(db_url);
        if (s.schema_version() == kPgSchema) opened++;
      } catch (const std::exception& e) {
        errors[size_t(i)] = e.what();
      }
    });
  for (auto& t : nodes) t.join();
  EXPECT_EQ(opened, 4) << errors[0] << errors[1] << errors[2] << errors[3];
  EXPECT_EQ(pg_value(db_url, "SELECT count(*) FROM schema_version"), "1");
  pg.drop_database(db);
}

// --- Users and sessions ---

TEST_F(PgStoreTest, Users) {
  expect_same(*store->accounts().find_user(alice.id), alice);
  expect_same(*store->accounts().find_user_by_name("alice"), alice);
  expect_same(*store->accounts().find_user_by_name("ALICE"), alice);  // ASCII case is ignored
  EXPECT_FALSE(store->accounts().find_user(alice.id + 1000));
  EXPECT_FALSE(store->accounts().find_user_by_name("carol"));
  EXPECT_FALSE(store->accounts().find_user_by_name("al_ce"));

  User taken = alice;
  taken.name = "Alice";
  EXPECT_FALSE(store->accounts().create_user(taken));
  User other = alice;
  other.name = "Älice";  // only ASCII letters fold, as in SQLite
  EXPECT_TRUE(store->accounts().create_user(other));

  Preferences p;
  p.board_style = "alternate";
  p.flip = true;
  p.piece_set = "kanji-2";
  p.profiles = {{"chu", "jcsa"}};
  store->accounts().set_preferences(bob.id, p);
  EXPECT_EQ(store->accounts().find_user(bob.id)->preferences, p);
}

TEST_F(PgStoreTest, Sessions) {
  store->accounts().create_session({"hash-1", alice.id, 1000, 10});
  store->accounts().create_session({"hash-2", bob.id, 2000, 20});
  store->accounts().create_session({"hash-3", bob.id, 3000, 30});
  std::optional<Session> s = store->accounts().find_session("hash-2");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->token_hash, "hash-2");
  EXPECT_EQ(s->user, bob.id);
  EXPECT_EQ(s->expires, 2000);
  EXPECT_EQ(s->created, 20);
  EXPECT_FALSE(store->accounts().find_session("nope"));
  store->accounts().delete_session("hash-1");
  EXPECT_FALSE(store->accounts().find_session("hash-1"));
  EXPECT_EQ(store->accounts().delete_expired_sessions(2000), 1);
  EXPECT_EQ(store->accounts().delete_expired_sessions(2000), 0);
  EXPECT_TRUE(store->accounts().find_session("hash-3"));
}

// --- Challenges ---

TEST_F(PgStoreTest, Challenges) {
  User carol = add_user("carol");
  Challenge open = challenge();
  open.setup.drops.reset();
  open.id = store->challenges().create_challenge(open);
  Challenge to_bob = challenge(bob.id);
  to_bob.setup.drops = true;
  to_bob.color = ColorChoice::ChallengerWhite;
  to_bob.id = store->challenges().create_challenge(to_bob);
  Challenge from_bob = challenge(alice.id);
  from_bob.challenger = {bob.id, "bob"};
  from_bob.challenged = {alice.id, "alice"};
  from_bob.id = store->challenges().create_challenge(from_bob);

  expect_same(*store->challenges().find_challenge(open.id), open);
  expect_same(*store->challenges().find_challenge(to_bob.id), to_bob);
  EXPECT_FALSE(store->challenges().find_challenge(from_bob.id + 100));

  auto ids = [](const std::vector<Challenge>& cs) {
    std::vector<Id> out;
    for (const Challenge& c : cs) out.push_back(c.id);
    return out;
  };
  EXPECT_EQ(ids(store->challenges().open_challenges_to(0)), std::vector<Id>{open.id});
  EXPECT_EQ(ids(store->challenges().open_challenges_to(bob.id)), std::vector<Id>{to_bob.id});
  EXPECT_EQ(ids(store->challenges().open_challenges_to(carol.id)), std::vector<Id>{});
  EXPECT_EQ(ids(store->challenges().open_challenges_from(alice.id)), (std::vector<Id>{open.id, to_bob.id}));

  EXPECT_TRUE(store->challenges().close_challenge(from_bob.id, ChallengeStatus::Declined));
  EXPECT_FALSE(store->challenges().close_challenge(from_bob.id, ChallengeStatus::Cancelled));
  EXPECT_EQ(store->challenges().find_challenge(from_bob.id)->status, ChallengeStatus::Declined);
  EXPECT_FALSE(store->challenges().accept_challenge(from_bob.id, game_state()));

  std::optional<Id> game = store->challenges().accept_challenge(to_bob.id, game_state());
  ASSERT_TRUE(game);
  Challenge accepted = *store->challenges().find_challenge(to_bob.id);
  EXPECT_EQ(accepted.status, ChallengeStatus::Accepted);
  EXPECT_EQ(accepted.game, *game);
  EXPECT_FALSE(store->challenges().accept_challenge(to_bob.id, game_state()));  // once only
  EXPECT_FALSE(store->challenges().close_challenge(to_bob.id, ChallengeStatus::Cancelled));
  EXPECT_EQ(ids(store->challenges().open_challenges_from(alice.id)), std::vector<Id>{open.id});
  EXPECT_EQ(store->games().list_games_of(bob.id).size(), 1u);
}

// Two users accepting one open challenge at once: one game.
TEST_F(PgStoreTest, RacingAcceptancesMakeOneGame) {
  auto other = open_storage(url());
  for (int round = 0; round < 10; ++round) {
    Id ch = store->challenges().create_challenge(challenge());
    std::atomic<int> games = 0;
    std::barrier sync(2);
    auto accept = [&](sql::SqlStorage* s) {
      sync.arrive_and_wait();
      if (s->challenges().accept_challenge(ch, game_state())) games++;
    };
    std::thread a(accept, store.get()), b(accept, other.get());
    a.join();
    b.join();
    EXPECT_EQ(games, 1);
  }
  EXPECT_EQ(store->games().list_games_of(alice.id).size(), 10u);
}

// --- Games ---

TEST_F(PgStoreTest, GamesKeepEveryField) {
  GameState g = game_state();
  Id id = new_game();
  g.id = id;
  expect_same(*store->games().find_game(id), g);

  // Every optional field set, then cleared again.
  GameState next = g;
  next.version = 2;
  next.status = GameStatus::Adjourned;
  next.draw_offer = kWhite;
  next.sealed = SealedMove{"3c3d", bob.id, 4321, 1'700'000'001'000};
  next.clock = {{123, 456}, 789};
  next.updated = 1'700'000'002'000;
  ASSERT_EQ(store->games().update_game(next), WriteResult::Ok);
  expect_same(*store->games().find_game(id), next);

  next.version = 3;
  next.status = GameStatus::Finished;
  next.result = Result::Draw;
  next.reason = "agreement";
  next.draw_offer.reset();
  next.sealed.reset();
  ASSERT_EQ(store->games().update_game(next), WriteResult::Ok);
  expect_same(*store->games().find_game(id), next);
  EXPECT_EQ(store->games().update_game(next), WriteResult::Changed);  // same version again

  GameState other_ply = next;
  other_ply.version = 4;
  other_ply.ply = 7;
  EXPECT_EQ(store->games().update_game(other_ply), WriteResult::StalePly);
  other_ply.id = id + 100;
  EXPECT_EQ(store->games().update_game(other_ply), WriteResult::NotFound);

  // drops: unset and true read back as such.
  Challenge c = challenge(bob.id);
  GameState with_drops = game_state();
  with_drops.setup.drops = true;
  with_drops.setup.options.clear();
  with_drops.id = *store->challenges().accept_challenge(store->challenges().create_challenge(c), with_drops);
  expect_same(*store->games().find_game(with_drops.id), with_drops);
  GameState no_drops = game_state();
  no_drops.setup.drops.reset();
  no_drops.id = *store->challenges().accept_challenge(store->challenges().create_challenge(c), no_drops);
  expect_same(*store->games().find_game(no_drops.id), no_drops);
  EXPECT_FALSE(store->games().find_game(id + 100));
  EXPECT_FALSE(store->games().load_game(id + 100));
}

TEST_F(PgStoreTest, ListsCommentsAndLoading) {
  User carol = add_user("carol");
  Id first = new_game();
  Id second = new_game();
  GameState done = at_ply(second, 0);
  done.version = 2;
  done.status = GameStatus::Finished;
  ASSERT_EQ(store->games().update_game(done), WriteResult::Ok);

  std::vector<GameState> of_bob = store->games().list_games_of(bob.id);
  ASSERT_EQ(of_bob.size(), 2u);
  EXPECT_EQ(of_bob[0].id, second);  // newest first
  EXPECT_EQ(of_bob[1].id, first);
  EXPECT_TRUE(store->games().list_games_of(carol.id).empty());
  std::vector<GameState> unfinished = store->games().list_unfinished_games();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].id, first);

  for (int ply = 0; ply < 3; ++ply)
    ASSERT_EQ(store->games().append_move(first, ply, {ply + 1, "m" + std::to_string(ply), ply, ply},
                                 at_ply(first, ply + 1)),
              WriteResult::Ok);
  Comment c1{0, first, 3, {carol.id, "carol"}, "nice ü 'move'; DROP TABLE games; --", 77};
  Comment c2{0, first, 3, {alice.id, "alice"}, "thanks", 78};
  c1.id = store->games().add_comment(c1);
  c2.id = store->games().add_comment(c2);
  EXPECT_GT(c2.id, c1.id);

  std::optional<StoredGame> g = store->games().load_game(first);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->state.ply, 3);
  ASSERT_EQ(g->moves.size(), 3u);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(g->moves[size_t(i)], (MoveRecord{i + 1, "m" + std::to_string(i), i, i}));
  EXPECT_EQ(g->comments, (std::vector<Comment>{c1, c2}));
}

// Text the database cannot hold is refused with a StoreError, and the store goes on working.
TEST_F(PgStoreTest, TextThatCannotBeStoredIsRefused) {
  Id id = new_game();
  Comment nul{0, id, 0, {bob.id, "bob"}, std::string("a\0b", 3), 1};
  EXPECT_THROW(store->games().add_comment(nul), StoreError);
  Comment latin1{0, id, 0, {bob.id, "bob"}, "caf\xe9", 1};
  std::string what = store_error([&] { store->games().add_comment(latin1); });
  EXPECT_NE(what.find("UTF8"), std::string::npos) << what;
  Comment fine{0, id, 0, {bob.id, "bob"}, "café", 1};
  fine.id = store->games().add_comment(fine);
  EXPECT_EQ(store->games().load_game(id)->comments, std::vector<Comment>{fine});
}

// More threads than connections: they wait for one, none fails.
TEST_F(PgStoreTest, ThreadsShareASmallPool) {
  auto small = open_storage(url(), {.postgres_pool_size = 1});
  Id id = new_game();
  std::atomic<int> reads = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 25; ++i)
        if (small->games().find_game(id) && small->games().load_game(id)) reads++;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(reads, 150);
}

// Closing and opening again (a restart) finds the very same records.
TEST_F(PgStoreTest, AReopenedStoreHasTheSameData) {
  Id id = new_game();
  for (int ply = 0; ply < 4; ++ply)
    ASSERT_EQ(store->games().append_move(id, ply, {ply + 1, "m" + std::to_string(ply), 100 * ply, ply},
                                 at_ply(id, ply + 1)),
              WriteResult::Ok);
  GameState adjourned = at_ply(id, 4);
  adjourned.version = 6;
  adjourned.status = GameStatus::Adjourned;
  adjourned.sealed = SealedMove{"5e5d", alice.id, 1, 2};
  ASSERT_EQ(store->games().update_game(adjourned), WriteResult::Ok);
  store->games().add_comment({0, id, 4, {bob.id, "bob"}, "adjourned for lunch", 9});
  Id ch = store->challenges().create_challenge(challenge());
  store->accounts().create_session({"h", bob.id, 5, 6});

  StoredGame before = *store->games().load_game(id);
  Challenge challenge_before = *store->challenges().find_challenge(ch);
  store.reset();
  store = open_storage(url());

  StoredGame after = *store->games().load_game(id);
  expect_same(after.state, before.state);
  EXPECT_EQ(after.moves, before.moves);
  EXPECT_EQ(after.comments, before.comments);
  expect_same(*store->challenges().find_challenge(ch), challenge_before);
  expect_same(*store->accounts().find_user_by_name("bob"), bob);
  EXPECT_EQ(store->accounts().find_session("h")->expires, 5);
  ASSERT_EQ(store->games().list_unfinished_games().size(), 1u);
  // ...and the game goes on from there.
  GameState resumed = at_ply(id, 5);
  resumed.version = 7;
  EXPECT_EQ(store->games().append_move(id, 4, {5, "5e5d", 1, 10}, resumed), WriteResult::Ok);
}

// An administrator (or a pooler, or an idle timeout) closes the store's connections: they are
// replaced, without an error, and a listener reconnects and says so (game 0).
TEST_F(PgStoreTest, ConnectionsTheServerClosedAreReplaced) {
  Id id = new_game();
  Heard heard;
  store->changes().listen_for_game_changes(std::ref(heard));
  std::barrier sync(3);
  std::vector<std::thread> readers;
  for (int i = 0; i < 3; ++i)  // three pooled connections
    readers.emplace_back([&] {
      sync.arrive_and_wait();
      store->games().load_game(id);
    });
  for (auto& t : readers) t.join();

  const std::string others =
      "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()";
  ASSERT_NE(pg_value(url(), "SELECT count(*) " + others), "0");
  pg_exec(url(), "SELECT pg_terminate_backend(pid) " + others);
  for (int i = 0; i < 200 && pg_value(url(), "SELECT count(*) " + others) != "0"; ++i)
    std::this_thread::sleep_for(10ms);

  std::optional<StoredGame> g;
  ASSERT_NO_THROW(g = store->games().load_game(id));
  EXPECT_EQ(g->state.id, id);
  std::vector<std::optional<GameState>> found(3);
  for (int i = 0; i < 3; ++i)
    readers[size_t(i)] = std::thread([&, i] {
      sync.arrive_and_wait();
      found[size_t(i)] = store->games().find_game(id);
    });
  for (auto& t : readers) t.join();
  for (const auto& f : found) EXPECT_TRUE(f);
  EXPECT_EQ(heard.wait_for(1), std::vector<Id>{0});
  ASSERT_EQ(store->games().append_move(id, 0, {1, "7g7f", 0, 0}, at_ply(id, 1)), WriteResult::Ok);
  EXPECT_EQ(heard.wait_for(2), (std::vector<Id>{0, id}));
}

// --- Notifications ---

// --- A server crash ---

// PostgreSQL killed (immediate shutdown: no checkpoint) and started again: the committed data
// is there, the pooled connections are replaced by new ones without an error, and a listener
// reconnects, says so (game 0) and hears changes again. On a cluster of its own.
TEST(PostgresServerCrash, StoreAndListenerRecover) {
  std::unique_ptr<PostgresCluster> pg = PostgresCluster::start_private();
  if (pg->state() == PostgresCluster::State::Absent) GTEST_SKIP() << pg->message();
  ASSERT_EQ(pg->state(), PostgresCluster::State::Ready) << pg->message();
  auto storage = open_storage(pg->url(), {.postgres_pool_size = 2});
  auto node2_storage = open_storage(pg->url());
  sql::SqlStorage& store = *storage;
  sql::SqlStorage& node2 = *node2_storage;
  Heard heard;
  node2.changes().listen_for_game_changes(std::ref(heard));

  User u;
  u.name = "alice";
  u.email = "a@example.org";
  u.password_hash = "x";
  Id alice = *store.accounts().create_user(u);
  u.name = "bob";
  Id bob = *store.accounts().create_user(u);
  Challenge ch;
  ch.challenger.id = alice;
  ch.challenged.id = bob;
  GameState g;
  g.black.id = alice;
  g.white.id = bob;
  g.start_sfen = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
  Id id = *store.challenges().accept_challenge(store.challenges().create_challenge(ch), g);
  GameState next = g;
  next.id = id;
  next.ply = 1;
  next.version = 2;
  ASSERT_EQ(store.games().append_move(id, 0, {1, "5i5h", 0, 0}, next), WriteResult::Ok);
  ASSERT_EQ(heard.wait_for(2).size(), 2u);
  // Both pooled connections in use once, so that both are stale after the restart.
  std::barrier sync(2);
  auto read_twice = [&] {
    sync.arrive_and_wait();
    store.games().load_game(id);
  };
  std::thread r1(read_twice), r2(read_twice);
  r1.join();
  r2.join();

  pg->restart("immediate");

  std::optional<StoredGame> after;
  ASSERT_NO_THROW(after = store.games().load_game(id));
  ASSERT_TRUE(after);
  ASSERT_EQ(after->moves.size(), 1u);
  EXPECT_EQ(after->moves[0].usi, "5i5h");
  EXPECT_EQ(store.accounts().find_user(bob)->name, "bob");
  // The listener noticed and reconnected.
  std::vector<Id> ids = heard.wait_for(3);
  ASSERT_EQ(ids.size(), 3u);
  EXPECT_EQ(ids[2], 0);
  next.ply = 2;
  next.version = 3;
  ASSERT_EQ(store.games().append_move(id, 1, {2, "5a5b", 0, 0}, next), WriteResult::Ok);
  EXPECT_EQ(heard.wait_for(4).back(), id);
}

}  // namespace
}  // namespace kirin::server::testing
