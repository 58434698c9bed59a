// The engine: evaluation bookkeeping, time planning and search results that are legal, find
// what must be found and respect every limit.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "engine/move_order.h"
#include "engine/search.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

Game game_of(const std::string& variant, const std::string& sfen = "") {
  auto v = builtin_variant(variant);
  return Game(parse_sfen(v, sfen.empty() ? v->setup : sfen));
}

std::string best_move(const Game& game, SearchLimits limits, int* score = nullptr) {
  Searcher s;
  s.set_hash_mb(8);
  SearchResult r = s.search(game, limits);
  EXPECT_TRUE(r.has_move);
  if (score) *score = r.score;
  return to_usi(game.position(), r.best);
}

// Every move of `line` is legal in turn from the game's position.
void expect_legal_line(const Game& game, const std::vector<Move>& line) {
  Position pos = game.position();
  for (const Move& m : line) {
    ASSERT_TRUE(is_legal(pos, m));
    Undo u;
    pos.do_move(m, u);
  }
}

// The infos a search reports, by depth, in the order reported.
std::map<int, std::vector<SearchInfo>> infos_by_depth(const Game& game, SearchLimits limits,
                                                      SearchResult* result = nullptr) {
  Searcher s;
  s.set_hash_mb(8);
  std::map<int, std::vector<SearchInfo>> by_depth;
  SearchResult r =
      s.search(game, limits, [&](const SearchInfo& info) { by_depth[info.depth].push_back(info); });
  if (result) *result = r;
  return by_depth;
}

TEST(Search, TakesTheKingInChu) {
  // Chu has no check rule: a King left en prise is simply taken. Black Rook 7h, White King 7c
  // (and a White Gold on 12a, so that the bare-king rule has not ended the game already).
  Game g = game_of("chu", "g11/12/5k6/12/12/12/12/5R6/12/12/12/11K b - 1");
  SearchLimits l;
  l.depth = 3;
  int score = 0;
  EXPECT_EQ(best_move(g, l, &score).substr(0, 4), "7h7c");  // promoting or not
  EXPECT_TRUE(is_mate_score(score));
  EXPECT_GT(score, 0);
}

TEST(Search, SavesItsKingWhenItIsAttackedInChu) {
  // No check rule: Black's King on 7l is attacked by White's Rook on 7a down the open file.
  // Black is a Lion up, but any move that leaves the King there loses it at once.
  Game g = game_of("chu", "6r4k/g11/12/12/12/12/12/12/3N8/12/12/6K5 b - 1");
  SearchLimits l;
  l.depth = 4;
  Game after = g;
  Searcher s;
  s.set_hash_mb(8);
  SearchResult r = s.search(g, l);
  ASSERT_TRUE(r.has_move);
  after.play(r.best);
  EXPECT_FALSE(after.position().in_check(kBlack)) << to_usi(g.position(), r.best);
  EXPECT_FALSE(is_mate_score(r.score)) << r.score;
}

TEST(Search, RootChoicesKeepTheOnlyKingSafeWhileAMoveCan) {
  // White's Rook on 7a attacks Black's King on 7l down the open file.
  Game g = game_of("chu", "6r4k/g11/12/12/12/12/12/12/3N8/12/12/6K5 b - 1");
  MoveList all, chosen;
  generate_moves(g.position(), all);
  root_choices(g, chosen);
  int safe = 0;
  for (const Move& m : all) {
    Game after = g;
    after.play(m);
    safe += !after.position().in_check(kBlack);
  }
  EXPECT_GT(safe, 0);
  EXPECT_EQ(chosen.size, safe);
  for (const Move& m : chosen) {
    Game after = g;
    after.play(m);
    EXPECT_FALSE(after.position().in_check(kBlack)) << to_usi(g.position(), m);
  }
  // Two royals (King and Prince): losing one is not the end, every move stays a choice.
  Game two = game_of("chu", "6r4k/g11/12/12/12/12/12/12/3N8/12/12/5+EK5 b - 1");
  MoveList all2, chosen2;
  generate_moves(two.position(), all2);
  root_choices(two, chosen2);
  EXPECT_EQ(chosen2.size, all2.size);
}

// A search cut short in its first iteration still never leaves the only King capturable when
// a move saves it (Chu has no check rule, but such a move loses at once, and XBoard refuses it).
TEST(Search, RootChoicesSeeARangeCaptureOfTheKing) {
  // Mitsugumi, after 12j12i 7c7kx7j+: White's Great General on 7k can jump Black's Fire Demon
  // and take the King on 7m, which the attack tables do not see. Every move the search may
  // choose leaves the King safe.
  auto v = builtin_variant("mitsugumi");
  Game g(parse_sfen(v, v->setup));
  for (const char* usi : {"12j12i", "7c7kx7j+"}) g.play(parse_usi(g.position(), usi));
  ASSERT_TRUE(royal_under_attack(g.position(), kBlack));
  MoveList choices;
  root_choices(g, choices);
  ASSERT_GT(choices.size, 0);
  for (int i = 0; i < choices.size; ++i) {
    Position after = g.position();
    Undo u;
    after.do_move(choices.moves[i], u);
    EXPECT_FALSE(royal_under_attack(after, kBlack)) << to_usi(g.position(), choices.moves[i]);
  }
}

TEST(Search, AnInterruptedSearchStillSavesTheOnlyKing) {
  Game g = game_of("chu", "6r4k/g11/12/12/12/12/12/12/3N8/12/12/6K5 b - 1");
  for (int64_t nodes : {1, 100, 3000}) {
    SearchLimits l;
    l.nodes = nodes;
    Searcher s;
    s.set_hash_mb(8);
    SearchResult r = s.search(g, l);
    ASSERT_TRUE(r.has_move);
    Game after = g;
    after.play(r.best);
    EXPECT_FALSE(after.position().in_check(kBlack)) << nodes << ": " << to_usi(g.position(), r.best);
  }
}

TEST(Search, ALateMoveWithAGoodHistoryIsReducedLess) {
  const int depth = 12, searched = 20;
  const int plain = late_move_reduction(depth, searched, {false, false, 0});
  EXPECT_GT(plain, 0);
  EXPECT_LT(late_move_reduction(depth, searched, {false, false, MoveOrder::kHistoryMax}),
            plain);
  EXPECT_GT(late_move_reduction(depth, searched, {false, false, -MoveOrder::kHistoryMax}),
            plain);
}

TEST(Search, ANodeWithoutAHashMoveIsSearchedAPlyShallowerFromDepthFour) {
  EXPECT_EQ(internal_iterative_reduction(4, false), 1);
  EXPECT_EQ(internal_iterative_reduction(20, false), 1);
  EXPECT_EQ(internal_iterative_reduction(3, false), 0);
  EXPECT_EQ(internal_iterative_reduction(4, true), 0);
  EXPECT_EQ(internal_iterative_reduction(20, true), 0);
}

TEST(Search, AMoveToAnAttackedSquareNoOtherPieceDefendsHangsInADropGame) {
  auto hangs = [](const char* variant, const char* sfen, const char* move) {
    Game g = game_of(variant, sfen);
    return hangs_in_drop_game(g.position(), parse_usi(g.position(), move));
  };
  // White's King on 5a attacks 4b, 5b and 6b; Black's Silver on 4c defends 4b and 5b, and can
  // go to 5b or 3b.
  const char* alone = "4k4/9/5S3/9/9/9/9/9/4K4 b G 1";
  EXPECT_TRUE(hangs("shogi", alone, "G*6b"));
  EXPECT_TRUE(hangs("shogi", alone, "4c5b"));  // the Silver is no defender of its own square
  EXPECT_FALSE(hangs("shogi", alone, "G*5b"));   // the Silver defends it
  EXPECT_FALSE(hangs("shogi", alone, "G*5c"));   // the King does not reach 5c
  EXPECT_FALSE(hangs("shogi", alone, "4c3b"));   // nor 3b
  // A Gold on 5c defends 5b and 6b.
  const char* defended = "4k4/9/4GS3/9/9/9/9/9/4K4 b G 1";
  EXPECT_FALSE(hangs("shogi", defended, "G*6b"));
  EXPECT_FALSE(hangs("shogi", defended, "4c5b"));
  // Chu has no drops: a piece taken is gone, and nothing is pruned this way.
  EXPECT_FALSE(hangs("chu", "6k5/12/5G6/12/12/12/12/12/12/12/12/6K5 b - 1", "7c6b"));
}

TEST(Search, AReductionLeavesAtLeastOnePlyAndIsNeverNegative) {
  for (int depth = 3; depth < 40; ++depth)
    for (int searched = 3; searched < 80; ++searched) {
      const int most = late_move_reduction(depth, searched, {false, false, -MoveOrder::kHistoryMax});
      const int least = late_move_reduction(depth, searched, {true, true, MoveOrder::kHistoryMax});
      EXPECT_LE(most, depth - 2);
      EXPECT_GE(least, 0);
      EXPECT_LE(least, most);
    }
}

TEST(Search, DropsAGoldToMateInShogi) {
  // White King 5a, Black Pawn 5c, a Gold in hand: G*5b is mate (the Pawn guards it).
  Game g = game_of("shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
  SearchLimits l;
  l.depth = 3;
  int score = 0;
  EXPECT_EQ(best_move(g, l, &score), "G*5b");
  EXPECT_EQ(score, kMateScore - 1);
}

TEST(Search, SeesADropMateAtTheHorizon) {
  // Black's Rook on 1g can take the Silver on 1c, but then White's G*5h mates (the Pawn on 5g
  // guards 5h). At depth 1 the drop comes at the first ply of the quiescence search: with the
  // captures alone the Rook took the Silver; with the checks it takes the Pawn instead.
  Game g = game_of("shogi", "k8/9/8s/9/9/9/4p3R/9/4K4 b g 1");
  SearchLimits l;
  l.depth = 1;
  int score = 0;
  const std::string best = best_move(g, l, &score);
  EXPECT_NE(best.substr(0, 4), "1g1c");
  EXPECT_GT(score, -kMateBound);
}

TEST(Search, AvoidsLosingItsLionForNothing) {
  // Black's Lion on 6f is attacked by White's Pawn on 6e (White moves down the board). The Lion
  // must not stay: it moves, best by taking the Pawn.
  Game g = game_of("chu", "11k/12/12/12/6p5/6N5/12/12/12/12/12/K11 b - 1");
  SearchLimits l;
  l.depth = 4;
  std::string m = best_move(g, l);
  EXPECT_EQ(m.substr(0, 2), "6f") << m;  // the Lion moves (taking the Pawn is best)
  EXPECT_NE(m, "6f6f");
}

// Standard shogi: perpetual check loses. Black's Rook has checked White's King back and forth
// once; checking again on 5a repeats the position. White has a Rook, Gold and Silver in hand,
// so playing on costs Black, but less than losing by the rule (the search once scored the
// repetition as a near-draw and chose it).
TEST(Search, AvoidsRepeatingAPerpetualCheck) {
  Game g = game_of("shogi", "8k/9/9/9/9/9/9/9/K3R4 b rgs 1");
  for (const char* usi : {"5i5a", "1a1b", "5a5b", "1b1a"}) g.play(parse_usi(g.position(), usi));
  SearchLimits l;
  l.depth = 7;
  int score = 0;
  EXPECT_NE(best_move(g, l, &score), "5b5a");
  EXPECT_GT(score, -2000);
}

TEST(Search, NoMoveWhenTheGameIsOver) {
  Game g = game_of("shogi", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");  // White is mated
  ASSERT_TRUE(g.outcome().over());
  Searcher s;
  SearchLimits l;
  l.depth = 2;
  EXPECT_FALSE(s.search(g, l).has_move);
}

TEST(Search, StopEndsAnInfiniteSearchWithALegalMove) {
  Game g = game_of("chu");
  Searcher s;
  s.set_hash_mb(8);
  SearchLimits l;
  l.infinite = true;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    s.stop();
  });
  SearchResult r = s.search(g, l);
  stopper.join();
  ASSERT_TRUE(r.has_move);
  EXPECT_TRUE(is_legal(g.position(), r.best));
  EXPECT_GE(r.depth, 1);
}

TEST(Search, RespectsNodeAndTimeLimits) {
  Game g = game_of("chu");
  Searcher s;
  s.set_hash_mb(8);
  SearchLimits nodes;
  nodes.nodes = 5000;
  SearchResult r = s.search(g, nodes);
  EXPECT_LT(r.nodes, 5000 + 4096);  // checked every 2048 nodes
  SearchLimits timed;
  timed.movetime_ms = 100;
  auto start = std::chrono::steady_clock::now();
  r = s.search(g, timed);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - start)
                .count();
  EXPECT_TRUE(r.has_move);
  // The budget is 100 ms; without it the search would run on for minutes. The bound is wide,
  // as this also runs under the sanitizers on a busy machine (speed: docs/BENCHMARKS.md).
  EXPECT_LT(ms, 10000);
}

TEST(Search, ReportsEachIteration) {
  Game g = game_of("chu");
  Searcher s;
  s.set_hash_mb(8);
  SearchLimits l;
  l.depth = 4;
  std::vector<int> depths;
  s.search(g, l, [&](const SearchInfo& info) {
    depths.push_back(info.depth);
    EXPECT_FALSE(info.pv.empty());
    expect_legal_line(g, info.pv);  // the principal variation
  });
  EXPECT_EQ(depths, (std::vector<int>{1, 2, 3, 4}));
}

// MultiPV: each iteration reports its lines best first, with distinct first moves, each a
// line of legal moves; the best line is the move a single-line search finds.
TEST(Search, MultiPvReportsDistinctLinesBestFirst) {
  Game g = game_of("shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
  SearchResult r;
  auto by_depth = infos_by_depth(g, SearchLimits{.depth = 3, .multipv = 3}, &r);
  ASSERT_EQ(by_depth.size(), 3u);
  for (const auto& [depth, infos] : by_depth) {
    ASSERT_EQ(infos.size(), 3u) << "depth " << depth;
    std::set<std::string> firsts;
    for (std::size_t k = 0; k < infos.size(); ++k) {
      EXPECT_EQ(infos[k].multipv, int(k) + 1);
      if (k > 0) {
        EXPECT_LE(infos[k].score, infos[k - 1].score) << "depth " << depth;
      }
      ASSERT_FALSE(infos[k].pv.empty());
      firsts.insert(to_usi(g.position(), infos[k].pv[0]));
      expect_legal_line(g, infos[k].pv);
    }
    EXPECT_EQ(firsts.size(), 3u) << "depth " << depth;
  }
  EXPECT_EQ(to_usi(g.position(), r.best), "G*5b");
  EXPECT_EQ(r.score, kMateScore - 1);
  EXPECT_EQ(to_usi(g.position(), by_depth[3][0].pv[0]), "G*5b");
  // The other lines are worse than the mate.
  EXPECT_LT(by_depth[3][1].score, kMateScore - 1);
}

TEST(Search, MultiPvAskingForMoreLinesThanMovesGivesEveryMove) {
  // Black has only its King, in the corner, and White's Pawn on 1g guards 1h: two moves.
  Game g = game_of("shogi", "4k4/9/9/9/9/9/8p/9/8K b - 1");
  auto by_depth = infos_by_depth(g, SearchLimits{.depth = 2, .multipv = 10});
  std::vector<int> lines_at_2;
  for (const SearchInfo& info : by_depth[2]) lines_at_2.push_back(info.multipv);
  EXPECT_EQ(lines_at_2, (std::vector<int>{1, 2}));
}

std::string game_name(const ::testing::TestParamInfo<std::string>& p) {
  std::string n;
  for (char c : p.param)
    if (std::isalnum(static_cast<unsigned char>(c))) n += c;
  return n;
}

// Every game: from varied positions (random plies from the start), the engine's move is legal
// and the game goes on or ends by its own rules.
class EngineSelfPlay : public ::testing::TestWithParam<std::string> {};

TEST_P(EngineSelfPlay, OnlyLegalMoves) {
  auto v = builtin_variant(GetParam());
  std::mt19937 rng(7);
  Searcher s;
  s.set_hash_mb(4);
#ifdef KIRIN_SANITIZED
  const int games = 1, plies = 12;
#else
  const int games = 2, plies = 30;
#endif
  for (int g = 0; g < games; ++g) {
    Game game(parse_sfen(v, v->setup));
    for (int ply = 0; ply < plies && !game.outcome().over(); ++ply) {
      Move m;
      if (ply < 6) {  // a random opening
        MoveList list;
        generate_moves(game.position(), list);
        m = list[int(rng() % uint32_t(list.size))];
      } else {
        SearchLimits l;
        l.nodes = 3000;
        SearchResult r = s.search(game, l);
        ASSERT_TRUE(r.has_move) << to_sfen(game.position());
        m = r.best;
      }
      ASSERT_TRUE(is_legal(game.position(), m)) << to_sfen(game.position());
      game.play(m);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, EngineSelfPlay, ::testing::ValuesIn(builtin_variant_ids()),
game_name);

// The evaluation terms the search keeps move by move (material, the danger each royal is in)
// equal the ones counted from scratch, in every game, drops included.
class EvalBookkeeping : public ::testing::TestWithParam<std::string> {};

TEST_P(EvalBookkeeping, TermsKeptMoveByMoveMatchARecount) {
  auto v = builtin_variant(GetParam());
  if (GetParam() == "chu") v->set_option("drops", "true");
  auto e = evaluator_for(v);
  std::mt19937 rng(11);
  int pressed = 0;  // positions where a royal is in danger: the test must meet some
  for (int g = 0; g < 3; ++g) {
    Game game(parse_sfen(v, v->setup));
    EvalTerms terms = e->terms(game.position());
    for (int ply = 0; ply < 150 && !game.outcome().over(); ++ply) {
      MoveList list;
      generate_moves(game.position(), list);
      // Prefer captures, so that hands and promotions are exercised.
      Move m = list[int(rng() % uint32_t(list.size))];
      for (int tries = 0; tries < 5 && !is_capture(game.position(), m); ++tries)
        m = list[int(rng() % uint32_t(list.size))];
      const int material = terms.material + e->material_delta(game.position(), m);
      terms = e->terms_after(game.position(), m, terms);
      game.play(m);
      e->settle(game.position(), terms);
      const EvalTerms fresh = e->terms(game.position());
      ASSERT_EQ(material, fresh.material) << to_sfen(game.position());
      ASSERT_EQ(terms.material, fresh.material) << to_sfen(game.position());
      ASSERT_EQ(terms.danger[kBlack], fresh.danger[kBlack]) << to_sfen(game.position());
      ASSERT_EQ(terms.danger[kWhite], fresh.danger[kWhite]) << to_sfen(game.position());
      ASSERT_EQ(terms.stale, 0) << to_sfen(game.position());
      pressed += fresh.danger[kBlack] > 0 || fresh.danger[kWhite] > 0;
    }
  }
  EXPECT_GT(pressed, 0);
}

INSTANTIATE_TEST_SUITE_P(AllGames, EvalBookkeeping, ::testing::ValuesIn(builtin_variant_ids()),
game_name);

TEST(Eval, SymmetricForBothSides) {
  // The start position with either side to move scores the same for the side to move.
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    Position black = parse_sfen(v, v->setup);
    Position white = black;
    white.set_side_to_move(~black.side_to_move());
    auto e = evaluator_for(v);
    // Only games whose setup is symmetric under rotation.
    bool symmetric = true;
    for (int row = 0; row < v->ranks && symmetric; ++row)
      for (int col = 0; col < v->files && symmetric; ++col) {
        Piece a = black.at(make_square(col, row));
        Piece b = black.at(make_square(v->files - 1 - col, v->ranks - 1 - row));
        symmetric = (!is_piece(a) && !is_piece(b)) ||
                    (is_piece(a) && is_piece(b) && kind_of(a) == kind_of(b) &&
                     color_of(a) != color_of(b));
      }
    if (!symmetric) continue;
    EXPECT_EQ(e->evaluate(black), e->evaluate(white)) << id;
  }
}

TEST(Eval, PieceValuesFollowTheirReach) {
  auto v = builtin_variant("chu");
  auto e = evaluator_for(v);
  auto value = [&](const char* sfen) { return e->piece_value(*v->kind_by_sfen(sfen)); };
  EXPECT_LT(value("p"), value("g"));  // Pawn < Gold
  EXPECT_LT(value("g"), value("r"));  // Gold < Rook
  EXPECT_LT(value("r"), value("d"));  // Rook < Dragon King
  EXPECT_LT(value("d"), value("q"));  // Dragon King < Queen (Free King)
  EXPECT_LT(value("q"), value("n"));  // Queen < Lion
}

// Mitsugumi: a royal attacked only by a power the attack tables miss may not stand pat. White's
// King on 1a is walled in by its Pawns on 2a, 2b and 1b. Black's Rook General on 3m goes to
// 3c (and promotes to Great General): it then takes the King by a range capture over the Pawn on
// 2b, and White cannot stop it. At depth 1 only White's quiescence search can see it, and it
// stood pat (score about +1300 instead of a mate).
// The best move of a Mitsugumi position at depth 1, and its score.
std::string mitsugumi_depth_1(const std::string& sfen, int* score) {
  SearchLimits l;
  l.depth = 1;
  return best_move(game_of("mitsugumi", sfen), l, score);
}

TEST(Search, MitsugumiARangeCaptureOfTheRoyalIsACheck) {
  int score = 0;
  const std::string move =
      mitsugumi_depth_1("11pk/11pp/13/13/13/13/13/13/13/13/13/13/K9Z2 b - 1", &score);
  EXPECT_GE(score, kMateBound) << move;
}

// The same with a burn: Black's Pawn on 5e steps aside and opens the diagonal of its Fire Demon
// on 8h to 2b, where the Demon can land on the Pawn and burn the King next to it.
TEST(Search, MitsugumiABurnOfTheRoyalIsACheck) {
  int score = 0;
  const std::string move =
      mitsugumi_depth_1("11pk/11pp/13/13/8P4/13/13/5F'7/13/13/13/13/K12 b - 1", &score);
  EXPECT_GE(score, kMateBound) << move;
  EXPECT_EQ(move.substr(0, 4), "5e5d");
}

// Problem B29 of problems/chu-tsume-ab.tsv (Middle Shogi Manual, series B): the attacker has no
// King, and the mate is 22 moves long (kirin mate). After White promotes its Drunk Elephant to
// Crown Prince it has two royals: one of them en prise is no check, and treating it as one made
// the search report "mate 1" at depth 1 and "mate 2" at depth 3, then -2900 at depth 4.
const char* kB29 =
    "4r3b3/10+G1/2q4+O1f2/4+Dp1x4/+P1t1+a4n2/7kP3/8+l3/+V4e3R2/2+t1+p7/2+p5N3/10+p1/5+f6 b - 1";
const char* kB29Solution =
    "4j6h 7h6h 5c6e 6h7i+ 6e5f5g 7i8j 8d11g 8j9k 2b2k 4g4k 11g11k 9k9l 11k11l 9l9k 2k4k 9k8j "
    "5g6h 8j9i 6h7h 9i10h 7h8i9h 10i9h 11l11g 10h10i 11g11i 10i9j 3h9h 9j8j 11i9i 8j7j 4k7k "
    "7j6j 9i7i 6j5j 7k5k 5j4j 7i5i 4j3j 5k3k 3j2j 5i3i 2j1j 3k1k";

Game b29_after(int plies) {
  Game g = game_of("chu", kB29);
  std::istringstream line(kB29Solution);
  std::string text;
  for (int i = 0; i < plies && line >> text; ++i) g.play(parse_usi(g.position(), text));
  return g;
}

TEST(Search, B29TwoRoyalsOneEnPriseIsNoMate) {
  for (int plies : {0, 4}) {
    SearchLimits l;
    l.depth = 6;
    for (const auto& [depth, infos] : infos_by_depth(b29_after(plies), l))
      for (const SearchInfo& info : infos)
        EXPECT_FALSE(is_mate_score(info.score))
            << "after " << plies << " plies, depth " << depth << ": " << format_score(info.score);
  }
}

// Five plies before the end of B29's solution (a mate in 3 for Black, which has no King) the
// search finds a mate at some depth and keeps it at every depth after.
TEST(Search, B29KeepsTheMateOnceFound) {
  SearchLimits l;
  l.depth = 12;
  int found = 0;
  for (const auto& [depth, infos] : infos_by_depth(b29_after(38), l)) {
    const int score = infos.back().score;
    if (found) {
      EXPECT_GE(score, kMateBound) << "depth " << depth << ": " << format_score(score);
    }
    if (!found && score >= kMateBound) found = depth;
    EXPECT_GT(score, -kMateBound) << "depth " << depth;  // never mated: no King to lose
  }
  EXPECT_GE(found, 4);
  EXPECT_LT(found, 12);
}

TEST(Eval, ShogiPiecesAreWorthTheClassicalEngineValues) {
  // variants/shogi.toml gives Bonanza's values scaled to a Pawn of 100, with no promotion share.
  auto v = builtin_variant("shogi");
  auto e = evaluator_for(v);
  auto value = [&](const char* sfen) { return e->piece_value(*v->kind_by_sfen(sfen)); };
  EXPECT_EQ(value("p"), 100);
  EXPECT_EQ(value("n"), 300);
  EXPECT_EQ(value("g"), 510);
  EXPECT_EQ(value("r"), 740);
  EXPECT_EQ(e->hand_value(*v->kind_by_sfen("g")), 510 * 23 / 20 + 20);
  // A Knight in hand against two Pawns in hand, the rest alike: the Knight is worth more. (By
  // reach alone a Knight was worth 173 and a Pawn 139: the two Pawns won.)
  Position pos = parse_sfen(v, "4k4/9/9/9/9/9/9/9/4K4 b N2p 1");
  EXPECT_GT(e->evaluate(pos), 0);
}

TEST(Eval, TheEnemyHandPressesAnOpenKingMoreThanASheltered) {
  // A Gold and a Silver in Black's hand, against White's King on 5a: sheltered by its Golds on
  // 4a and 6a (every neighbour stood on or guarded), or open with those Golds in the corners.
  // Without the hand pressure the hand would be worth the same to Black in both.
  auto v = builtin_variant("shogi");
  auto e = evaluator_for(v);
  auto hand_worth = [&](const std::string& board) {
    return e->evaluate(parse_sfen(v, board + " b GS 1")) - e->evaluate(parse_sfen(v, board + " b - 1"));
  };
  const int sheltered = hand_worth("3gkg3/9/9/9/9/9/9/9/4K4");
  const int open = hand_worth("g3k3g/9/9/9/9/9/9/9/4K4");
  EXPECT_EQ(sheltered, e->hand_value(*v->kind_by_sfen("g")) + e->hand_value(*v->kind_by_sfen("s")));
  EXPECT_GT(open, sheltered + 100);
}

// Limits with `left_ms` on both clocks of the time control `tc`.
SearchLimits clock_limits(const char* tc, int64_t left_ms) {
  SearchLimits l;
  l.time_control = parse_time_control(tc);
  l.clock.remaining_ms = {left_ms, left_ms};
  return l;
}

TEST(TimePlan, FixedMoveTime) {
  SearchLimits l;
  l.movetime_ms = 1000;
  TimeBudget b = plan_time(l, kBlack, 0);
  EXPECT_EQ(b.soft_ms, b.hard_ms);
  EXPECT_GT(b.hard_ms, 900);
  EXPECT_LE(b.hard_ms, 1000);
}

TEST(TimePlan, SuddenDeathSpendsAFraction) {
  SearchLimits l = clock_limits("60", 60000);
  TimeBudget b = plan_time(l, kWhite, 40);
  EXPECT_GT(b.soft_ms, 500);
  EXPECT_LT(b.soft_ms, 5000);
  EXPECT_LE(b.soft_ms, b.hard_ms);
  EXPECT_LT(b.hard_ms, 60000 / 4);
}

TEST(TimePlan, IncrementAndByoyomiAreUsed) {
  SearchLimits inc = clock_limits("10+0.1", 10000);
  SearchLimits byo = clock_limits("10 byoyomi 5", 10000);
  EXPECT_GT(plan_time(byo, kBlack, 0).soft_ms, plan_time(inc, kBlack, 0).soft_ms);
  // Only byoyomi left: most of the period, never all of it.
  SearchLimits only = clock_limits("0 byoyomi 3", 0);
  TimeBudget b = plan_time(only, kBlack, 100);
  EXPECT_GT(b.hard_ms, 2000);
  EXPECT_LT(b.hard_ms, 3000);
  // Almost no time at all still gives a positive budget below what is left.
  SearchLimits tiny = clock_limits("0.04", 40);
  b = plan_time(tiny, kBlack, 100);
  EXPECT_GE(b.hard_ms, 1);
  EXPECT_LE(b.hard_ms, 40);
}

// Several periods are a margin, never planned into: a move plans within one period.
TEST(TimePlan, PeriodsAreNotSpentCarelessly) {
  for (int64_t left : {0, 2000, 60000}) {
    SearchLimits one = clock_limits("60 byoyomi 3", left);
    SearchLimits five = clock_limits("60 byoyomi 3 periods 5", left);
    EXPECT_EQ(plan_time(five, kBlack, 100).hard_ms, plan_time(one, kBlack, 100).hard_ms);
    EXPECT_LT(plan_time(five, kBlack, 100).hard_ms, left + 3000);
  }
}

// A long Chu game at 10 s + 0.1 s: spending the target on every move, and the maximum on
// every fifth, still leaves a reserve for the engine's and the machine's delays.
TEST(TimePlan, AnIncrementGameKeepsAReserve) {
  for (bool overrun : {false, true}) {
    int64_t left = 10000;
    for (int move = 0; move < 300; ++move) {
      SearchLimits l = clock_limits("10+0.1", left);
      TimeBudget b = plan_time(l, kBlack, 2 * move);
      ASSERT_LT(b.hard_ms, left) << "move " << move;
      left += 100 - (overrun && move % 5 == 0 ? b.hard_ms : b.soft_ms);
      if (move > 150) {
        EXPECT_GT(left, overrun ? 250 : 900) << "move " << move;
      }
    }
  }
}

TEST(TimePlan, NoClockNoLimit) {
  SearchLimits l;
  EXPECT_EQ(plan_time(l, kBlack, 0).hard_ms, 0);
  l = clock_limits("1", 1000);
  l.infinite = true;
  EXPECT_EQ(plan_time(l, kBlack, 0).hard_ms, 0);
}

}  // namespace
}  // namespace kirin
