// pbmserv move notation (seed 003, docs/spec/README.md §3): pbmserv's piece codes, the
// forms it accepts ("7g-7f", "P7g-7f", "Bx2b+", "Lnx!4f", "Lnx6f-5e", "P*5e"), the standard
// form Kirin writes, round trips over every legal move, and the errors.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "move_text_test_util.h"
#include "notation/pbm.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "notation/written_move.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

using test::at;
using test::kBishopsFace;
using test::kBishopsInHand;
using test::kLionAndPawns;

Position with_profile(std::string_view game, std::string_view profile, std::string_view sfen) {
  auto v = builtin_variant(game);
  v->apply_profile(profile);
  return parse_sfen(v, sfen);
}

// The move as USI writes it (the USI layer is tested on its own).
std::string usi(const Position& pos, std::string_view pbm) {
  return to_usi(pos, parse_pbm_move(pos, pbm));
}

// The move given in USI as pbmserv writes it.
std::string pbm(const Position& pos, std::string_view usi_text, PbmForm form = PbmForm::Full) {
  return to_pbm_move(pos, parse_usi(pos, usi_text), form);
}

NotationError error_of(const Position& pos, std::string_view text) {
  return test::read_error(parse_pbm_move, pos, text);
}

// ---- Piece codes ------------------------------------------------------------------------------

TEST(PbmCodes, ChuUsesPbmservsCodes) {
  auto v = builtin_variant("chu");
  auto code = [&](std::string_view id) { return pbm_code(*v, *v->kind_by_id(id)); };
  EXPECT_EQ(code("kirin"), "Ky");
  EXPECT_EQ(code("dragon-horse"), "DH");
  EXPECT_EQ(code("dragon-king"), "DK");
  EXPECT_EQ(code("horned-falcon"), "+DH");
  EXPECT_EQ(code("soaring-eagle"), "+DK");
  EXPECT_EQ(code("promoted-kirin"), "+Ky");
  EXPECT_EQ(code("lion"), "Ln");
  EXPECT_EQ(code("queen"), "FK");
  EXPECT_EQ(code("reverse-chariot"), "RC");
  EXPECT_EQ(code("phoenix"), "Ph");
  EXPECT_EQ(code("go-between"), "GB");
  EXPECT_EQ(code("crown-prince"), "+DE");
  EXPECT_EQ(pbm_base_code(*v, *v->kind_by_id("horned-falcon")), "DH");
}

TEST(PbmCodes, DaiPiecesOfSeed003) {
  auto v = builtin_variant("dai");
  for (auto [id, want] : std::vector<std::pair<std::string, std::string>>{
           {"angry-boar", "AB"}, {"cat-sword", "CS"}, {"evil-wolf", "EW"},
           {"flying-dragon", "FD"}, {"violent-ox", "VO"}, {"iron-general", "IG"},
           {"stone-general", "St"}, {"knight", "N"}, {"promoted-stone-general", "+St"},
           {"kirin", "Ky"}, {"dragon-king", "DK"}})
    EXPECT_EQ(pbm_code(*v, *v->kind_by_id(id)), want) << id;
}

TEST(PbmCodes, OtherGamesKeepTheirOwnAbbreviations) {
  auto v = builtin_variant("chu-seireigi-2023");
  EXPECT_EQ(pbm_code(*v, *v->kind_by_id("kirin")), "Kr");
  EXPECT_EQ(pbm_code(*v, *v->kind_by_id("promoted-rook")), "+R");
  auto s = builtin_variant("shogi");
  EXPECT_EQ(pbm_code(*s, *s->kind_by_id("dragon")), "+R");
  EXPECT_EQ(pbm_code(*s, *s->kind_by_id("tokin")), "+P");
}

TEST(PbmCodes, EveryGamesCodesAreDistinctIgnoringCase) {
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    std::set<std::string> seen;
    for (Kind k = 1; k <= v->num_kinds(); ++k) {
      std::string c = pbm_code(*v, k);
      for (char& ch : c) ch = char(std::tolower(static_cast<unsigned char>(ch)));
      EXPECT_TRUE(seen.insert(c).second) << id << ": " << c;
    }
  }
}

// ---- Reading ----------------------------------------------------------------------------------

TEST(PbmParse, FormsOfTheShogiPage) {
  Position pos = at("shogi");
  EXPECT_EQ(usi(pos, "7g-7f"), "7g7f");
  EXPECT_EQ(usi(pos, "P7g-7f"), "7g7f");
  EXPECT_EQ(usi(pos, "P-7f"), "7g7f");
  EXPECT_EQ(usi(pos, "G6i-5h"), "6i5h");
  EXPECT_EQ(usi(pos, "G4i-5h"), "4i5h");
  // Letter-number squares, case-insensitive codes, blanks around the text.
  EXPECT_EQ(usi(pos, "g7-f7"), "7g7f");
  EXPECT_EQ(usi(pos, "Pg7-f7"), "7g7f");
  EXPECT_EQ(usi(pos, "p7g-7f"), "7g7f");
  EXPECT_EQ(usi(pos, "  P7g-7f "), "7g7f");
  EXPECT_EQ(usi(pos, "P 7g-7f"), "7g7f");
}

TEST(PbmParse, PromotionMarks) {
  Position pos = at("shogi", kBishopsFace);
  EXPECT_EQ(usi(pos, "Bx2b+"), "8h2b+");
  EXPECT_EQ(usi(pos, "B8hx2b="), "8h2b");
  EXPECT_EQ(usi(pos, "B8h-2b+"), "8h2b+");  // '-' for a capture: the squares decide
  EXPECT_EQ(usi(pos, "8h-2b+"), "8h2b+");
  // Optional promotion must be chosen.
  EXPECT_ERROR(pos, "Bx2b", "add + to promote or = to decline");
  // Forced promotion needs no mark, and cannot be declined.
  Position last = at("shogi", "4k4/7P1/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_EQ(usi(last, "P2b-2a"), "2b2a+");
  EXPECT_EQ(usi(last, "P-2a+"), "2b2a+");
  EXPECT_ERROR(last, "P2b-2a=", "the Pawn must promote on this move");
  // No promotion outside the zone.
  EXPECT_ERROR(at("shogi"), "P7g-7f+", "the Pawn may not promote on this move");
}

TEST(PbmParse, ChuPromotionAndPbmservDeferral) {
  const char* sfen = "k11/12/12/12/P11/12/12/12/12/12/12/11K b - 1";
  Position pos = at("chu", sfen);
  EXPECT_EQ(usi(pos, "P12e-12d+"), "12e12d+");
  EXPECT_EQ(usi(pos, "P12e-12d="), "12e12d");
  // pbmserv: a Pawn that declined on entering the zone promotes only on the last rank.
  Position pbm = with_profile("chu", "pbmserv", sfen);
  Undo u1, u2;
  pbm.do_move(parse_pbm_move(pbm, "P12e-12d="), u1);
  pbm.do_move(parse_pbm_move(pbm, "K12a-11a"), u2);
  EXPECT_ERROR(pbm, "P12d-12c+", "the Pawn may not promote on this move");
  EXPECT_EQ(usi(pbm, "P12d-12c"), "12d12c");  // no promotion possible: no mark needed
}

TEST(PbmParse, LionMovesOfSeed003) {
  Position pos = at("chu", kLionAndPawns);
  EXPECT_EQ(usi(pos, "Lnx!6f"), "7g6f7g");      // igui, as the seed writes it
  EXPECT_EQ(usi(pos, "Ln7gx!6f"), "7g6f7g");
  EXPECT_EQ(usi(pos, "Ln7gx6f-7g"), "7g6f7g");  // igui as a double move back
  EXPECT_EQ(usi(pos, "Lnx6fx5e"), "7g6f5e");    // double capture
  EXPECT_EQ(usi(pos, "Lnx6f-5e"), "7g6f5e");
  EXPECT_EQ(usi(pos, "Ln7gx6fx5e"), "7g6f5e");
  EXPECT_EQ(usi(pos, "Lnx6f-6e"), "7g6f6e");    // capture and step on
  EXPECT_EQ(usi(pos, "Ln7g-6f"), "7g6f");       // plain capture
  EXPECT_EQ(usi(pos, "Ln-7e"), "7g7e");         // jump
  EXPECT_EQ(usi(pos, "Ln7g-7f-7e"), "7g7e");    // two steps through an empty square: the jump
  EXPECT_EQ(usi(pos, "Ln7g-7f-7g"), "7g7f7g");  // pass
  EXPECT_EQ(usi(pos, "Ln7g-8f-7g"), "7g7f7g");  // any empty square: the same pass
  EXPECT_EQ(usi(pos, "LN7g-7f"), "7g7f");
  EXPECT_EQ(usi(pos, "Lng7xf6-e5"), "7g6f5e");  // letter-number throughout
}

TEST(PbmParse, LionPassWrittenAsAMoveToItsOwnSquare) {
  // pbmserv's jitto: "Ln7g-7g" is the Lion's pass, whichever empty neighbour it steps through.
  Position pos = at("chu", kLionAndPawns);
  EXPECT_EQ(usi(pos, "Ln7g-7g"), "7g7f7g");
  EXPECT_EQ(usi(pos, "7g-7g"), "7g7f7g");
  // A piece without the Lion's power does not pass.
  Position gold = at("chu", "k11/12/12/12/12/12/5G6/12/12/12/12/11K b - 1");
  EXPECT_ERROR(gold, "G7g-7g", "cannot pass (a pass steps to an empty square next to it and back)");
  // A Lion whose every neighbour is taken has no pass (its igui are captures).
  Position boxed = at("chu", "k11/12/12/12/12/4PPP5/4PNP5/4PPP5/12/12/12/11K b - 1");
  EXPECT_ERROR(boxed, "Ln7g-7g", "cannot pass");
  // A Horned Falcon passes in its Lion direction (forward) only.
  Position falcon = at("chu", "k11/12/12/12/12/12/5+H6/12/12/12/12/11K b - 1");
  EXPECT_EQ(usi(falcon, "+H7g-7g"), "7g7f7g");
}

TEST(PbmParse, HornedFalconAndKirin) {
  // Black Horned Falcon on 7g (promoted Dragon Horse), White Pawn on 7f; Kirin on 3g.
  Position pos = at("chu", "k11/12/12/12/12/5p6/5+H3O2/12/12/12/12/11K b - 1");
  EXPECT_EQ(usi(pos, "+DHx!7f"), "7g7f7g");
  EXPECT_EQ(usi(pos, "+DH7gx7f-7e"), "7g7f7e");
  EXPECT_EQ(usi(pos, "+H7g-7h"), "7g7h");  // lishogi's code also names it
  EXPECT_EQ(usi(pos, "Ky3g-3e"), "3g3e");
  EXPECT_EQ(usi(pos, "Kr3g-3e"), "3g3e");
}

TEST(PbmParse, Drops) {
  Position shogi = at("shogi", kBishopsInHand);
  EXPECT_EQ(usi(shogi, "B*5e"), "B*5e");
  EXPECT_EQ(usi(shogi, "b*5e"), "B*5e");
  EXPECT_ERROR(shogi, "B*5g", "5g is not empty");
  EXPECT_ERROR(shogi, "S*5e", "Black has no Silver General in hand");
  EXPECT_ERROR(shogi, "+B*5e", "a Dragon Horse is never in hand");
  Position nifu = at("shogi", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
  EXPECT_ERROR(nifu, "P*5e", "there is already an unpromoted Pawn of Black on that file");
  EXPECT_ERROR(nifu, "P*4a", "a Pawn dropped on 4a could never move");

  // Chu with pbmserv's -drops.
  auto v = builtin_variant("chu");
  v->set_option("drops", "true");
  Position chu = parse_sfen(v, "k11/12/12/12/12/12/12/12/12/12/12/11K b - GP 1");
  EXPECT_EQ(usi(chu, "G*6f"), "G*6f");
  EXPECT_EQ(usi(chu, "P*6f"), "P*6f");
  EXPECT_ERROR(chu, "Ky*6f", "Black has no Kirin in hand");
  EXPECT_ERROR(at("chu"), "P*6f", "game chu is played without drops");
}

TEST(PbmParse, DaiPieces) {
  Position pos = at("dai");
  EXPECT_EQ(usi(pos, "VO14m-14n"), "14m14n");
  EXPECT_EQ(usi(pos, "St13o-12n"), "13o12n");
  EXPECT_EQ(usi(pos, "ST13o-12n"), "13o12n");
  EXPECT_EQ(usi(pos, "N14o-13m"), "14o13m");
  EXPECT_EQ(usi(pos, "FD14l-12n"), "14l12n");
  EXPECT_EQ(usi(pos, "IG12o-12n"), "12o12n");
  EXPECT_EQ(usi(pos, "Ky9m-10n"), "9m10n");
  EXPECT_EQ(usi(pos, "Ln8m-6n"), "8m6n");
  EXPECT_EQ(usi(pos, "Lnm8-n6"), "8m6n");  // Lion, not a Lance on "n8"
  EXPECT_ERROR(pos, "AB12m-12l", "the Angry Boar on 12m cannot go to 12l");
}

TEST(PbmParse, MitsugumiExtraVictims) {
  Position pos = at("mitsugumi");
  Move plain = parse_pbm_move(pos, "RG7kx7c+");
  Move jumped = parse_pbm_move(pos, "RG7kx7cx!7d+");
  EXPECT_FALSE(plain.has_kills());
  EXPECT_EQ(jumped.kill[0], parse_square(pos.variant(), "7d"));
  EXPECT_EQ(to_pbm_move(pos, jumped), "RG7kx7cx!7d+");
}

// ---- Errors -----------------------------------------------------------------------------------

TEST(PbmParse, Errors) {
  Position shogi = at("shogi");
  EXPECT_ERROR(shogi, "7g-7e", "no legal move '7g-7e': the Pawn on 7g cannot go to 7e");
  EXPECT_ERROR(shogi, "5e-5d", "there is no piece on 5e");
  EXPECT_ERROR(shogi, "7c-7d", "the Pawn on 7c is White's");
  EXPECT_ERROR(shogi, "G-5h", "ambiguous move 'G-5h': it could be G6i-5h or G4i-5h");
  EXPECT_ERROR(shogi, "B-3c", "no Bishop of Black can go to 3c");
  EXPECT_ERROR(shogi, "+R-2c", "Black has no Dragon King on the board");

  // Unknown piece: offset 0, malformed.
  EXPECT_ERROR_AT(shogi, "Zz7g-7f", "unknown piece 'Zz'", 0);
  // The code must name the piece on the from square.
  Position lion = at("chu", kLionAndPawns);
  EXPECT_ERROR_AT(lion, "Ky7g-7f",
                  "wrong piece in 'Ky7g-7f': the piece on 7g is a Lion (Ln), not a Kirin (Ky)", 0);
  // Both squares of a move in one order.
  EXPECT_ERROR_AT(shogi, "P7g-f7", "mixed square order", 4);

  EXPECT_ERROR(shogi, "7g7f", "at offset 2: expected '-', 'x' or 'x!'");
  EXPECT_ERROR(shogi, "P7g-10f", "'10f' is not a square of the 9x9 board");
  EXPECT_ERROR(shogi, "P7G-7F", "rank letters are lower case");
  EXPECT_ERROR(shogi, "P7g-7f!", "unexpected '!'");
  EXPECT_ERROR(shogi, "", "empty move");
  EXPECT_ERROR(lion, "Lnx!7f", "capture on 7f: it is empty");
  EXPECT_ERROR(lion, "Ln7g-6f-5f-4f", "at most two steps");
}

TEST(PbmParse, RuleReasons) {
  // pbmserv's check rule: the Gold on 9k shields the King on 7k from the Rook on 12k.
  Position pinned =
      with_profile("chu", "pbmserv", "k11/12/12/12/12/12/12/12/12/12/r2G1K6/12 b - 1");
  EXPECT_ERROR(pinned, "G9k-9j", "it would leave the King in check");
  // Lion protection: the Lion on 6e is guarded by the Pawn on 6d.
  Position lions = at("chu", "k11/12/12/6p5/6n5/12/6N5/12/12/12/12/11K b - 1");
  EXPECT_ERROR(lions, "Ln6gx6e", "may not capture a protected Lion");
}

// ---- Writing ----------------------------------------------------------------------------------

TEST(PbmWrite, StandardForms) {
  Position chu = at("chu");
  EXPECT_EQ(pbm(chu, "7j6h"), "Ln7j-6h");
  EXPECT_EQ(pbm(chu, "7j6h", PbmForm::Short), "Ln-6h");
  EXPECT_EQ(pbm(chu, "7k9k"), "Ky7k-9k");
  EXPECT_EQ(pbm(chu, "9j9k"), "DH9j-9k");
  EXPECT_EQ(pbm(chu, "9h9g"), "GB9h-9g");
  // Six pieces reach 9k, one of them a Copper.
  EXPECT_EQ(pbm(chu, "10l9k", PbmForm::Short), "C-9k");

  Position lion = at("chu", kLionAndPawns);
  EXPECT_EQ(pbm(lion, "7g6f7g"), "Ln7gx!6f");
  EXPECT_EQ(pbm(lion, "7g6f7g", PbmForm::Short), "Lnx!6f");
  EXPECT_EQ(pbm(lion, "7g6f5e"), "Ln7gx6fx5e");
  EXPECT_EQ(pbm(lion, "7g6f5e", PbmForm::Short), "Lnx6fx5e");
  EXPECT_EQ(pbm(lion, "7g6f6e"), "Ln7gx6f-6e");
  EXPECT_EQ(pbm(lion, "7g6f"), "Ln7gx6f");
  EXPECT_EQ(pbm(lion, "7g7e"), "Ln7g-7e");
  EXPECT_EQ(pbm(lion, "7g7f7g"), "Ln7g-7f-7g");
  EXPECT_EQ(pbm(lion, "7g7f7g", PbmForm::Short), "Ln7g-7f-7g");

  Position bishops = at("shogi", kBishopsFace);
  EXPECT_EQ(pbm(bishops, "8h2b+"), "B8hx2b+");
  EXPECT_EQ(pbm(bishops, "8h2b"), "B8hx2b=");
  EXPECT_EQ(pbm(bishops, "8h2b", PbmForm::Short), "Bx2b=");
  EXPECT_EQ(pbm(bishops, "7i6h"), "S7i-6h");

  Position shogi = at("shogi");
  EXPECT_EQ(pbm(shogi, "6i5h", PbmForm::Short), "G6i-5h");
  EXPECT_EQ(pbm(shogi, "7g7f", PbmForm::Short), "P-7f");
  Position hand = at("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
  EXPECT_EQ(pbm(hand, "P*5e"), "P*5e");

  Position falcon = at("chu", "k11/12/12/12/12/5p6/5+H6/12/12/12/12/11K b - 1");
  EXPECT_EQ(pbm(falcon, "7g7f7g"), "+DH7gx!7f");
}

// ---- Round trips ------------------------------------------------------------------------------

// What the round trips met, so that a test can say it covered these kinds of moves.
struct Seen {
  int double_moves = 0, igui = 0, passes = 0, drops = 0, promotions = 0, declined = 0, kills = 0;
};
Seen seen;

void expect_round_trips(const Position& pos, int max_moves = 1 << 30) {
  test::for_each_legal_move(pos, max_moves, [&](const Move& m) {
    bool stays = m.is_two_step() && m.to == m.from;
    seen.double_moves += m.is_two_step() && !stays;
    seen.igui += stays && is_piece(pos.at(m.mid));
    seen.passes += stays && !is_piece(pos.at(m.mid));
    seen.drops += m.is_drop();
    seen.promotions += m.promotes();
    seen.declined += to_pbm_move(pos, m).back() == '=';
    seen.kills += m.has_kills();
    for (PbmForm form : {PbmForm::Full, PbmForm::Short})
      test::expect_reads_back(pos, m, to_pbm_move(pos, m, form), parse_pbm_move);
  });
}

TEST(PbmRoundTrip, EveryLegalMoveOfChosenPositions) {
  for (const Position& pos : test::round_trip_positions()) expect_round_trips(pos);
  expect_round_trips(at("chu", "k11/12/12/12/12/5p6/5+H3O2/12/12/12/12/11K b - 1"));
  expect_round_trips(with_profile("chu", "pbmserv", kLionAndPawns));
}

// Random games in every built-in game (Chu also with drops): every legal move (or an even
// sample of a long list) reads back from both forms.
TEST(PbmRoundTrip, RandomGames) {
  seen = {};
  test::play_random_games(20240503, [](const Position& pos) { expect_round_trips(pos, 120); });
  EXPECT_GT(seen.double_moves, 0);
  EXPECT_GT(seen.igui, 0);
  EXPECT_GT(seen.passes, 0);
  EXPECT_GT(seen.drops, 0);
  EXPECT_GT(seen.promotions, 0);
  EXPECT_GT(seen.declined, 0);
  EXPECT_GT(seen.kills, 0);
}

}  // namespace
}  // namespace kirin
