// Random games from the Chu start position and the three lishogi handicaps. At every tenth
// position reached (tests/random_play.h; at the others, the move played; under the sanitizers
// at every position of fewer games): SFEN out and in again is the same position (text and hash); every legal move's USI
// text reads back as that move, every other spelling lishogi accepts (two-steps through empty
// squares, each pass path) reads as the same move and their number is spellings(); making and
// unmaking each move restores the position exactly; the game only ever plays legal moves.
#include <gtest/gtest.h>

#include <cstdio>
#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>

#include "../random_play.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/game.h"
#include "rules/movegen.h"

#if defined(__SANITIZE_ADDRESS__)
#define KIRIN_SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KIRIN_SLOW_BUILD 1
#endif
#endif
#if !defined(KIRIN_SLOW_BUILD) && !defined(NDEBUG)
#define KIRIN_SLOW_BUILD 1
#endif

namespace kirin {
namespace {

#ifdef KIRIN_SLOW_BUILD
// A few short games, every position checked in full, so that they still meet two-steps,
// promotions and deferral marks.
constexpr int kGamesPerStart = 4;
constexpr int kMaxPlies = 60;
bool checked_in_full(int) { return true; }
#else
constexpr int kGamesPerStart = 50;
constexpr int kMaxPlies = 150;
bool checked_in_full(int ply) { return test::check_every_move_at(ply); }
#endif

struct Stats {
  long positions = 0;
  long moves = 0;
  long alt_spellings = 0;
  long two_steps = 0;
  long passes = 0;
  long promotions = 0;
  long games_over = 0;
  long deferral_marks = 0;  // pieces carrying a promotion-deferral mark (pbmserv), summed
};

// The hash of `pos` computed from scratch, as the SFEN reader would.
uint64_t scratch_hash(const Position& pos) {
  Position fresh(pos.variant_ptr());
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < pos.count(Color(c)); ++i) {
      Square s = pos.squares(Color(c))[i];
      fresh.put(s, pos.at(s));
      fresh.set_deferral(s, pos.deferral(s));
    }
  fresh.set_side_to_move(pos.side_to_move());
  fresh.set_counter_strike(pos.counter_strike());
  return fresh.hash();
}

// Everything an SFEN records, and the piece lists: equal in both positions.
bool same_state(const Position& a, const Position& b) {
  if (a.side_to_move() != b.side_to_move() || a.counter_strike() != b.counter_strike() ||
      a.move_number() != b.move_number())
    return false;
  int on_board[2] = {0, 0};
  for (Square s = 0; s < kArraySize; ++s) {
    if (a.at(s) != b.at(s) || a.deferral(s) != b.deferral(s)) return false;
    if (is_piece(a.at(s))) ++on_board[color_of(a.at(s))];
  }
  for (const Position* p : {&a, &b})
    for (int c = 0; c < 2; ++c) {
      if (p->count(Color(c)) != on_board[c]) return false;
      std::array<bool, kArraySize> seen{};
      for (int i = 0; i < p->count(Color(c)); ++i) {
        Square s = p->squares(Color(c))[i];
        if (seen[s] || !is_piece(p->at(s)) || color_of(p->at(s)) != c) return false;
        seen[s] = true;
      }
    }
  return true;
}

// All checks at one position. Returns false after the first failure.
bool check_position(const Position& pos, const MoveList& list, Stats& st) {
  const Variant& v = pos.variant();
  const std::string sfen = to_sfen(pos);

  // SFEN -> position -> SFEN, and the hash computed from scratch equals the incremental one.
  Position reread = parse_sfen(pos.variant_ptr(), sfen);
  EXPECT_EQ(to_sfen(reread), sfen);
  EXPECT_EQ(reread.hash(), pos.hash()) << sfen;
  EXPECT_EQ(reread.side_to_move(), pos.side_to_move()) << sfen;
  EXPECT_EQ(reread.counter_strike(), pos.counter_strike()) << sfen;
  EXPECT_FALSE(list.overflow) << sfen;
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < pos.count(Color(c)); ++i)
      if (pos.deferral(pos.squares(Color(c))[i])) ++st.deferral_marks;

  // Every move: its USI reads back, make/unmake restores everything, and no two moves lead to
  // the same position.
  Position work = pos;
  std::vector<std::pair<uint64_t, int>> results;  // resulting hash, index of the move
  std::map<std::string, std::set<std::string>> accepted;  // canonical text -> all spellings
  const Move* pass = nullptr;
  for (const Move& m : list) {
    ++st.moves;
    if (m.is_two_step()) ++st.two_steps;
    if (m.promotes()) ++st.promotions;
    if (m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty) {
      EXPECT_EQ(pass, nullptr) << "two pass moves in " << sfen;
      pass = &m;
      ++st.passes;
    }
    const std::string text = to_usi(pos, m);
    accepted[text].insert(text);
    try {
      EXPECT_EQ(parse_usi(pos, text), m) << text << " in " << sfen;
    } catch (const NotationError& e) {
      ADD_FAILURE() << "to_usi gave '" << text << "', which does not parse: " << e.what()
                    << "\n in " << sfen;
    }
    Undo u;
    work.do_move(m, u);
    results.push_back({work.hash(), int(&m - list.begin())});
    EXPECT_EQ(scratch_hash(work), work.hash())
        << "incremental hash after " << text << " in " << sfen;
    work.undo_move(m, u);
    EXPECT_TRUE(same_state(work, pos)) << "after undoing " << text << " in " << sfen;
    EXPECT_EQ(work.hash(), pos.hash()) << "after undoing " << text << " in " << sfen;
    if (m.is_two_step() || m.promotes()) {  // the rarer moves: the SFEN text too
      EXPECT_EQ(to_sfen(work), sfen) << "after undoing " << text;
    }
    if (::testing::Test::HasFailure()) return false;
  }

  // One move per distinct position: no two legal moves may lead to the same position.
  std::sort(results.begin(), results.end());
  for (size_t i = 1; i < results.size(); ++i) {
    if (results[i].first != results[i - 1].first) continue;
    ADD_FAILURE() << to_usi(pos, list[results[i - 1].second]) << " and "
                  << to_usi(pos, list[results[i].second]) << " lead to the same position, in "
                  << sfen;
  }

  // Every three-square spelling through an empty square, for every piece with two-step moves:
  // it is the direct move to the same square (or the pass), or illegal exactly when that is.
  const Color us = pos.side_to_move();
  for (int i = 0; i < pos.count(us); ++i) {
    const Square from = pos.squares(us)[i];
    const MoveTable& t = v.tables[kind_of(pos.at(from))][us];
    for (const auto& [o1, o2] : t.shapes) {
      const Square mid = Square(from + o1), to = Square(mid + o2);
      if (to == from && is_piece(pos.at(mid)) && color_of(pos.at(mid)) != us) {
        // Another piece's igui of a victim leaves the position of the one igui move of that
        // victim; it reads as that piece's own move (the record keeps the piece that moved).
        const std::string text = square_name(v, from) + square_name(v, mid) + square_name(v, to);
        MoveList all;
        generate_every_piece_moves(pos, all);
        const Move* raw = nullptr;
        for (const Move& m : all)
          if (m.from == from && m.mid == mid && m.to == to) raw = &m;
        if (!raw) continue;  // not legal for this piece (Lion rules)
        const Move* same = nullptr;
        for (const Move& m : list)
          if (same_result(pos, m, *raw)) same = &m;
        if (!same) {
          ADD_FAILURE() << "no generated move for the igui " << text << " in " << sfen;
          continue;
        }
        EXPECT_EQ(parse_usi(pos, text), *raw) << text << " in " << sfen;
        if (raw->from != same->from) ++st.alt_spellings;
        accepted[to_usi(pos, *same)].insert(text);
        continue;
      }
      if (pos.at(mid) != kEmpty || pos.at(to) == kWall) continue;
      const std::string text = square_name(v, from) + square_name(v, mid) + square_name(v, to);
      const Move* same = nullptr;
      if (to == from) {
        same = pass;
      } else {
        for (const Move& m : list)
          if (m.from == from && m.to == to && !m.is_two_step() && !m.promotes()) same = &m;
      }
      ++st.alt_spellings;
      try {
        Move got = parse_usi(pos, text);
        if (!same) {
          ADD_FAILURE() << "'" << text << "' accepted but no such move, in " << sfen;
        } else {
          EXPECT_EQ(got, *same) << text << " in " << sfen;
          accepted[to_usi(pos, *same)].insert(text);
        }
      } catch (const NotationError& e) {
        EXPECT_EQ(same, nullptr) << "'" << text << "' rejected: " << e.what() << "\n in " << sfen;
      }
    }
  }
  // The number of spellings of each move is what perft's "encodings" count uses.
  for (const Move& m : list)
    EXPECT_EQ(int(accepted[to_usi(pos, m)].size()), spellings(pos, m))
        << to_usi(pos, m) << " in " << sfen;
  ++st.positions;
  return !::testing::Test::HasFailure();
}

void play_random_games(const std::shared_ptr<Variant>& v, const std::string& start,
                       uint32_t seed, Stats& st) {
  std::mt19937 rng(test::random_seed(seed));
  for (int g = 0; g < test::random_games(kGamesPerStart); ++g) {
    Game game(parse_sfen(v, start));
    for (int ply = 0; ply < kMaxPlies && !game.outcome().over(); ++ply) {
      const Position& pos = game.position();
      MoveList list;
      generate_moves(pos, list);
      if (checked_in_full(ply) && !check_position(pos, list, st)) return;
      ASSERT_GT(list.size, 0) << to_sfen(pos);
      const Move m = list[int(rng() % uint32_t(list.size))];
      ASSERT_TRUE(is_legal(pos, m)) << to_usi(pos, m) << " in " << to_sfen(pos);
      // The move as text, as a user would enter it, is the same move.
      ASSERT_EQ(parse_usi(pos, to_usi(pos, m)), m);
      const int number = pos.move_number();
      game.play(m);
      EXPECT_EQ(game.position().move_number(), number + 1);
    }
    if (game.outcome().over()) {
      ++st.games_over;
      // A finished game's final position still reads and writes.
      const std::string sfen = to_sfen(game.position());
      EXPECT_EQ(to_sfen(parse_sfen(v, sfen)), sfen);
    }
  }
}

class RoundTrip : public ::testing::TestWithParam<int> {};

TEST_P(RoundTrip, RandomGames) {
  auto v = builtin_variant("chu");
  const int which = GetParam();
  const std::string start = which == 0 ? v->setup : v->handicaps.at(size_t(which - 1)).sfen;
  Stats st;
  play_random_games(v, start, 20240601u + uint32_t(which), st);
  ASSERT_FALSE(HasFailure());
  // The games really went somewhere: many positions, with Lion two-steps and promotions.
  EXPECT_GE(st.positions, long(kGamesPerStart) * 2);  // checked in full: every tenth
  EXPECT_GT(st.two_steps, 0);
  EXPECT_GT(st.alt_spellings, 0);
  EXPECT_GT(st.promotions, 0);
  RecordProperty("positions", int(st.positions));
  RecordProperty("moves", int(st.moves));
  std::printf("[ stats    ] %ld positions, %ld moves (%ld two-step, %ld passes, %ld promotions), "
              "%ld other spellings, %ld games ended\n",
              st.positions, st.moves, st.two_steps, st.passes, st.promotions, st.alt_spellings,
              st.games_over);
}

std::string start_name(const ::testing::TestParamInfo<int>& info) {
  static const char* const kNames[] = {"start", "two_lions", "three_lions", "two_kings"};
  return kNames[info.param];
}

INSTANTIATE_TEST_SUITE_P(Chu, RoundTrip, ::testing::Values(0, 1, 2, 3), start_name);

// The pbmserv profile: shogi promotion with deferral marks that travel with the pieces (SFEN,
// hash, make/unmake all carry them) and the check rule.
TEST(RoundTripPbmserv, RandomGames) {
  auto v = builtin_variant("chu");
  v->apply_profile("pbmserv");
  Stats st;
  play_random_games(v, v->setup, 20261121u, st);
  ASSERT_FALSE(HasFailure());
  EXPECT_GE(st.positions, long(kGamesPerStart) * 2);  // checked in full: every tenth
  EXPECT_GT(st.promotions, 0);
  EXPECT_GT(st.deferral_marks, 0);
  std::printf("[ stats    ] %ld positions, %ld promotions, %ld deferral marks seen\n",
              st.positions, st.promotions, st.deferral_marks);
}

}  // namespace
}  // namespace kirin
