// ImportService: records read in each format, the ending a record says or the rules give, the
// limits (size, moves, per user per minute), and imported games kept out of players' lists.
#include <gtest/gtest.h>

#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

using ImportsTest = ServerTest;
using namespace std::string_literals;

ImportRequest kif(std::string text) { return {"kif", std::move(text), ""}; }

TEST_F(ImportsTest, TheRulesEndAGameTheRecordDoesNot) {
  // Shogi from a position where Black's Rook takes the lone White King: no ending line.
  ImportedGame g = imports->import(
      alice.id, {"usi", "sfen 4k4/9/9/9/9/9/9/9/4R3K b - 1 moves 5i5a", "shogi"});
  EXPECT_EQ(g.result, Result::BlackWins);
  EXPECT_EQ(g.ending, "royals-captured");
  EXPECT_EQ(g.start_sfen, "4k4/9/9/9/9/9/9/9/4R3K b - 1");
  // A KIF ending line wins over the rules.
  ImportedGame resigned = imports->import(alice.id, kif("   1 ７六歩(77)\n   2 投了\n"));
  EXPECT_EQ(resigned.result, Result::BlackWins);
  EXPECT_EQ(resigned.ending, "resignation");
  EXPECT_EQ(resigned.game, "shogi");
}

TEST_F(ImportsTest, ABadStartOrMoveIsNamed) {
  ServiceError start = service_error(
      [&] { imports->import(alice.id, {"usi", "sfen 4k4/9/9 b - 1 moves 5i5a", "shogi"}); });
  EXPECT_EQ(start.field(), "sfen");
  ServiceError move = service_error([&] {
    imports->import(alice.id, {"gamecourier", "1. p 7g-7f\n1... p 7f-7e", "shogi"});
  });
  EXPECT_EQ(move.field(), "move 2");
  // What is stored and shown is text: valid UTF-8, no control characters, short names.
  ServiceError bytes = service_error([&] { imports->import(alice.id, kif("先手：\xff\n")); });
  EXPECT_EQ(std::string(bytes.what()), "the record is not valid UTF-8 at byte 9");
  ServiceError nul = service_error(
      [&] { imports->import(alice.id, kif("先手：a\0b\n   1 ７六歩(77)\n"s)); });
  EXPECT_EQ(nul.field(), "text");
  EXPECT_EQ(nul.offset(), 10);
  ServiceError name = service_error(
      [&] { imports->import(alice.id, kif("後手：" + std::string(101, 'x') + "\n   1 ７六歩(77)\n")); });
  EXPECT_EQ(std::string(name.what()), "the record's 後手 has more than 100 characters");
  EXPECT_TRUE(store->imports().list_imported_games(alice.id, 10).empty());
}

TEST_F(ImportsTest, ImportedGamesAreInNoPlayersListAndKeptForTheImporter) {
  const Id id = imports->import(bob.id, kif("先手：alice\n後手：bob\n   1 ７六歩(77)\n")).id;
  EXPECT_EQ(imports->get(id).black, "alice");  // a name, not alice's account
  EXPECT_TRUE(games->games_of(alice.id, 0).empty());
  EXPECT_TRUE(games->games_of(bob.id, 0).empty());
  EXPECT_EQ(imports->imports_of(bob.id).size(), 1u);
  EXPECT_TRUE(imports->imports_of(alice.id).empty());
  EXPECT_EQ(service_error([&] { imports->get(id + 1); }).code(), ErrorCode::NotFound);
}

TEST_F(ImportsTest, LimitsOnSizeMovesAndRate) {
  ImportService small(*store, clock.fn(), {.max_bytes = 40, .max_moves = 1, .per_minute = 3});
  ServiceError big = service_error([&] { small.import(alice.id, kif(std::string(41, '#'))); });
  EXPECT_EQ(big.field(), "text");
  EXPECT_EQ(std::string(big.what()), "the record is 41 bytes; at most 40 are read");
  ServiceError long_game =
      service_error([&] { small.import(alice.id, kif("   1 ７六歩(77)\n   2 ３四歩(33)\n")); });
  EXPECT_EQ(std::string(long_game.what()), "the record has 2 moves; at most 1 are kept");
  // The size is refused before the rate counts; the long game counted: two more fill it.
  for (int i = 0; i < 2; ++i) small.preview(alice.id, kif("   1 ７六歩(77)\n"));
  ServiceError slowed = service_error([&] { small.preview(alice.id, kif("   1 ７六歩(77)\n")); });
  EXPECT_EQ(slowed.code(), ErrorCode::TooManyRequests);
  EXPECT_GT(slowed.retry_after_s(), 0);
  clock.advance(60'001);
  EXPECT_EQ(small.preview(alice.id, kif("   1 ７六歩(77)\n")).moves.size(), 1u);
  EXPECT_TRUE(store->imports().list_imported_games(alice.id, 10).empty());  // nothing kept
}

}  // namespace
}  // namespace kirin::server::testing
