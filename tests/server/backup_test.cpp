// kirin backup (server/store/backup.h) while players keep playing: the copy holds every move
// acknowledged before the moment it is consistent at, and is a store that opens. On SQLite
// the online backup; with KIRIN_TEST_STORE=postgres pg_dump, restored with pg_restore.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "server/store/backup.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using sql::BackupOptions;
using sql::backup_store;

// Shogi moves for both sides, none repeating: each player thread plays them in a new game,
// then starts the next.
const char* const kOpening[] = {"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e",
                                "6i7h", "4a3b", "2e2d", "2c2d", "2h2d", "8e8f"};

struct Acked {
  Id game;
  int ply;
};

class Backup : public ServerTest {
 protected:
  // Players on `threads` threads until stop; every acknowledged move recorded.
  void play(int threads) {
    for (int t = 0; t < threads; ++t)
      players_.emplace_back([this] {
        while (!stop_) {
          Id game = start_game(shogi());
          for (int ply = 0; ply < int(std::size(kOpening)) && !stop_; ++ply) {
            games->play_move(game, ply % 2 == 0 ? alice.id : bob.id, kOpening[ply], ply);
            std::lock_guard lock(mutex_);
            acked_.push_back({game, ply + 1});
          }
        }
      });
  }
  void stop_playing() {
    stop_ = true;
    for (std::thread& t : players_) t.join();
    players_.clear();
  }
  std::vector<Acked> acked() {
    std::lock_guard lock(mutex_);
    return acked_;
  }
  void TearDown() override {
    stop_playing();
    ServerTest::TearDown();
  }

  // Every move of `before` is in the store at `url`, and each game there has its moves
  // 1..ply, no gap, matching its state: one moment's database.
  static void expect_holds(const std::string& url, const std::vector<Acked>& before) {
    auto copy = open_storage(url);
    std::map<Id, int> highest;
    for (const Acked& a : before) highest[a.game] = std::max(highest[a.game], a.ply);
    for (const auto& [game, ply] : highest) {
      std::optional<StoredGame> g = copy->games().load_game(game);
      ASSERT_TRUE(g) << "game " << game << " missing from the copy";
      EXPECT_GE(int(g->moves.size()), ply) << "game " << game;
    }
    for (const GameState& s : copy->games().list_unfinished_games()) {
      std::optional<StoredGame> g = copy->games().load_game(s.id);
      ASSERT_TRUE(g);
      ASSERT_EQ(int(g->moves.size()), s.ply) << "game " << s.id;
      for (std::size_t i = 0; i < g->moves.size(); ++i)
        EXPECT_EQ(g->moves[i].usi, kOpening[i]) << "game " << s.id << " ply " << i + 1;
    }
  }

  std::mutex mutex_;
  std::vector<Acked> acked_;
  std::atomic<bool> stop_{false};
  std::vector<std::thread> players_;
};

TEST_F(Backup, HoldsEveryMoveAcknowledgedBeforeItsMomentWhilePlayGoesOn) {
  play(4);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // some games to copy
  std::string target = (dir.path() / "backup.db").string();
  // The moves acknowledged before the backup began are in its moment. (Those acknowledged when
  // snapshot_taken is called are not all: a move committed between the moment and the call
  // would be counted, and is rightly missing from the copy.)
  const std::vector<Acked> before = acked();
  int snapshots = 0;
  BackupOptions options;
  options.pages_per_step = 1;  // many steps, with play going on between them
  int steps = 0;
  options.progress = [&](int, int) {
    ++steps;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  };
  options.snapshot_taken = [&] { ++snapshots; };
  sql::BackupResult result = backup_store(url(), target, options);
  std::size_t during = acked().size() - before.size();
  stop_playing();
  ASSERT_FALSE(before.empty());
  EXPECT_EQ(snapshots, 1);
  EXPECT_GT(during, 0u) << "the players were held up by the backup";
  EXPECT_GT(result.bytes, 0);
  if (url().starts_with("sqlite:")) {
    EXPECT_GT(steps, 10);
    EXPECT_FALSE(std::filesystem::exists(target + "-wal"));
    expect_holds("sqlite:" + target, before);
    return;
  }
  // PostgreSQL: restore the dump into a new database and look there.
  PostgresCluster& pg = PostgresCluster::shared();
  std::string restored = pg.create_database();
  std::string restored_url = with_database(pg.url(), restored);
  std::string output;
  EXPECT_EQ(run_shell("pg_restore --no-owner --dbname=" + shell_quoted(restored_url) + " " +
                          shell_quoted(target),
                      output),
            0)
      << output;
  expect_holds(restored_url, before);
  pg.drop_database(restored);
}

TEST_F(Backup, RefusesToOverwriteWithoutForceAndLeavesNoPartialFile) {
  std::string target = (dir.path() / "exists.db").string();
  { std::ofstream(target) << "precious"; }
  EXPECT_NE(store_error([&] { backup_store(url(), target); }).find("exists; --force"),
            std::string::npos);
  std::ifstream in(target);
  std::string content((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(content, "precious");
  BackupOptions force;
  force.force = true;
  backup_store(url(), target, force);
  EXPECT_GT(std::filesystem::file_size(target), 8u);
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find(".partial-"), std::string::npos)
        << entry.path();
}

TEST_F(Backup, AFailureLeavesNothingBehind) {
  std::string target = (dir.path() / "never.db").string();
  BackupOptions options;
  options.pg_dump = "/nonexistent/pg_dump";
  if (url().starts_with("sqlite:"))
    EXPECT_NE(store_error([&] { backup_store("sqlite:" + (dir.path() / "none.db").string(), target); })
                  .find("no SQLite database"),
              std::string::npos);
  else
    EXPECT_NE(store_error([&] { backup_store(url(), target, options); }).find("cannot run"),
              std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(target));
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find(".partial-"), std::string::npos)
        << entry.path();
}

}  // namespace
}  // namespace kirin::server::testing
