// The generator's subsets for the search: captures only (quiescence and the search's first
// stage), quiet moves only (its last stage), and the moves of one piece (checking a remembered
// move). All must agree with generate_moves.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "rules/catalog.h"
#include "rules/game.h"
#include "test_positions.h"

namespace kirin {
namespace {

std::vector<std::string> texts(const Position& pos, const MoveList& list) {
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(to_usi(pos, m));
  return test::sorted(out);
}

std::vector<std::string> capture_texts(const Position& pos) {
  MoveList list;
  generate_captures(pos, list);
  return texts(pos, list);
}

TEST(CaptureGeneration, OnlyTheCapturesOfAPosition) {
  // Black Gold 7g with White Pawns on 7f (ahead) and 6g (beside) and 7h (behind): all three
  // can be taken; the Gold's five quiet moves are left out. Kings in the far corners.
  auto v = builtin_variant("chu");
  Position pos = parse_sfen(
      v, test::make_sfen({{"7g", "G"}, {"7f", "p"}, {"6g", "p"}, {"7h", "p"}, {"1l", "K"}, {"12a", "k"}}));
  EXPECT_EQ(capture_texts(pos), (std::vector<std::string>{"7g6g", "7g7f", "7g7h"}));
  // A promoting capture comes in both forms: a Silver on 7e taking on 7d enters the zone.
  Position silver = parse_sfen(
      v, test::make_sfen({{"7e", "S"}, {"7d", "p"}, {"1l", "K"}, {"12a", "k"}}));
  EXPECT_EQ(capture_texts(silver), (std::vector<std::string>{"7e7d", "7e7d+"}));
}

TEST(CaptureGeneration, TheSearchsSubsetsOfAPosition) {
  // Black Gold 7g, White Pawns 7f and 6g, Kings in the far corners (1l, 12a).
  auto v = builtin_variant("chu");
  Position pos = parse_sfen(
      v, test::make_sfen({{"7g", "G"}, {"7f", "p"}, {"6g", "p"}, {"1l", "K"}, {"12a", "k"}}));
  MoveList list;
  generate_captures_by_victims(pos, list);  // through the attacked Pawns
  EXPECT_EQ(texts(pos, list), (std::vector<std::string>{"7g6g", "7g7f"}));
  // The quiet moves: the Gold's four others and the King's three.
  generate_quiets(pos, list);
  EXPECT_EQ(texts(pos, list), (std::vector<std::string>{"1l1k", "1l2k", "1l2l", "7g6f", "7g7h",
                                                         "7g8f", "7g8g"}));
  // One victim: the Gold's capture of the Pawn on 6g, and a Silver's capture into the zone
  // in both forms.
  list.size = 0;
  append_capture_of(pos, parse_square(*v, "7g"), parse_square(*v, "6g"), list);
  EXPECT_EQ(texts(pos, list), (std::vector<std::string>{"7g6g"}));
  Position silver = parse_sfen(
      v, test::make_sfen({{"7e", "S"}, {"7d", "p"}, {"1l", "K"}, {"12a", "k"}}));
  list.size = 0;
  append_capture_of(silver, parse_square(*v, "7e"), parse_square(*v, "7d"), list);
  EXPECT_EQ(texts(silver, list), (std::vector<std::string>{"7e7d", "7e7d+"}));
}

// Calls check(pos) on each position of four random games of `v`, up to `plies` plies each;
// stops at the first fatal failure.
template <class Check>
void for_random_positions(const std::shared_ptr<Variant>& v, unsigned seed, int plies,
                          Check check) {
  std::mt19937 rng(seed);
  for (int g = 0; g < 4; ++g) {
    Game game(parse_sfen(v, v->setup));
    for (int ply = 0; ply < plies && !game.outcome().over(); ++ply) {
      check(game.position());
      if (::testing::Test::HasFatalFailure()) return;
      MoveList all;
      generate_moves(game.position(), all);
      game.play(all[int(rng() % uint32_t(all.size))]);
    }
  }
}

// Random positions of every game: the captures are exactly the capturing legal moves, the quiet
// moves exactly the others, and a piece's own moves are its moves among every piece's moves.
class CaptureGenerationAllGames : public ::testing::TestWithParam<std::string> {};

TEST_P(CaptureGenerationAllGames, SubsetsAgreeWithTheFullList) {
  int captures_seen = 0;
  for_random_positions(builtin_variant(GetParam()), 5, 120, [&](const Position& pos) {
    MoveList all, caps, quiets, every;
    generate_moves(pos, all);
    generate_captures(pos, caps);
    generate_quiets(pos, quiets);
    generate_every_piece_moves(pos, every);
    std::vector<Move> expected, expected_quiets;
    for (const Move& m : all)
      (is_capture(pos, m) ? expected : expected_quiets).push_back(m);
    ASSERT_EQ(std::vector<Move>(caps.begin(), caps.end()), expected) << to_sfen(pos);
    ASSERT_EQ(std::vector<Move>(quiets.begin(), quiets.end()), expected_quiets) << to_sfen(pos);
    captures_seen += caps.size;
    for (int i = 0; i < pos.count(pos.side_to_move()); ++i) {
      Square from = pos.squares(pos.side_to_move())[i];
      MoveList own;
      generate_moves_from(pos, from, own);
      for (const Move& m : own)
        ASSERT_NE(std::find(every.begin(), every.end(), m), every.end())
            << to_usi(pos, m) << " in " << to_sfen(pos);
      for (const Move& m : all) {  // plain moves are never merged away
        if (m.from != from || m.to == m.from) continue;
        ASSERT_NE(std::find(own.begin(), own.end(), m), own.end())
            << to_usi(pos, m) << " in " << to_sfen(pos);
      }
    }
  });
  EXPECT_GT(captures_seen, 0);
  std::printf("[ stats    ] %d captures\n", captures_seen);
}

// The quiescence search finds captures through their victims: the attackers of each piece it
// might take. Where the game allows it, that must give every capture and nothing else.
TEST_P(CaptureGenerationAllGames, AttackersOfTheVictimsGiveEveryCapture) {
  auto v = builtin_variant(GetParam());
  if (!captures_follow_attacks(*v)) GTEST_SKIP() << "captures not found through attackers";
  int captures_seen = 0, singles_seen = 0;
  for_random_positions(v, 7, 160, [&](const Position& pos) {
    const Color us = pos.side_to_move();
    MoveList caps, by_piece;
    generate_captures(pos, caps);
    by_piece.size = 0;
    for (int i = 0; i < pos.count(us); ++i) append_captures_from(pos, pos.squares(us)[i], by_piece);
    for (const Move& m : caps) {
      ASSERT_NE(std::find(by_piece.begin(), by_piece.end(), m), by_piece.end())
          << to_usi(pos, m) << " in " << to_sfen(pos);
      for (Square victim : {m.to != m.from ? m.to : kNoSquare, m.mid, m.kill[0], m.kill[1]}) {
        if (victim == kNoSquare || !is_piece(pos.at(victim))) continue;
        Square att[256];
        int n = pos.attackers(victim, us, att);
        ASSERT_NE(std::find(att, att + n, m.from), att + n)
            << to_usi(pos, m) << ": the mover does not attack " << int(victim) << " in "
            << to_sfen(pos);
      }
    }
    // A piece whose captures take one piece each: its capture of one victim alone is exactly
    // its captures that take that piece (what the quiescence search generates victim by
    // victim).
    const Square* enemies = pos.squares(~us);
    for (int e = 0; e < pos.count(~us); ++e) {
      Square att[256];
      const int n = pos.attackers(enemies[e], us, att);
      for (int i = 0; i < n; ++i) {
        if (!v->captures_one[pos.at(att[i])]) continue;
        MoveList one, own;
        append_capture_of(pos, att[i], enemies[e], one);
        append_captures_from(pos, att[i], own);
        std::vector<Move> expected;
        for (const Move& m : own)
          if (m.to == enemies[e]) expected.push_back(m);
        ASSERT_EQ(std::vector<Move>(one.begin(), one.end()), expected) << to_sfen(pos);
        singles_seen += one.size;
      }
    }
    if (pos.keeps_attack_counts()) {  // the main search's captures: the same moves
      MoveList found;
      generate_captures_by_victims(pos, found);
      std::vector<std::string> got, expected;
      for (const Move& m : found) got.push_back(to_usi(pos, m));
      for (const Move& m : by_piece) expected.push_back(to_usi(pos, m));
      ASSERT_EQ(test::sorted(got), test::sorted(expected)) << to_sfen(pos);
    }
    for (const Move& m : by_piece)  // an igui another piece also has is merged in caps
      ASSERT_TRUE(std::any_of(caps.begin(), caps.end(),
                              [&](const Move& c) { return same_result(pos, c, m); }))
          << to_usi(pos, m) << " in " << to_sfen(pos);
    captures_seen += caps.size;
  });
  EXPECT_GT(captures_seen, 0);
  EXPECT_GT(singles_seen, 0);
  std::printf("[ stats    ] %d captures, %d taken one victim at a time\n", captures_seen,
              singles_seen);
}

TEST(CaptureGeneration, ChuCapturesFollowAttacks) {
  EXPECT_TRUE(captures_follow_attacks(*builtin_variant("chu")));
  EXPECT_TRUE(captures_follow_attacks(*builtin_variant("dai")));
}

INSTANTIATE_TEST_SUITE_P(Games, CaptureGenerationAllGames,
                         ::testing::ValuesIn(builtin_variant_ids()), test::game_param_name);

}  // namespace
}  // namespace kirin
