// Pieces' moves and games' rules in words, generated from the definitions: exact sentences for
// a piece of each kind of move in every game, and a sentence for every piece of every game.
#include "notation/piece_words.h"

#include <gtest/gtest.h>

#include <regex>

#include "rules/catalog.h"

namespace kirin {
namespace {

Words words_of(const std::string& game, const std::string& piece_id) {
  auto v = builtin_variant(game);
  std::optional<Kind> k = v->kind_by_id(piece_id);
  if (!k) throw std::runtime_error("no piece " + piece_id + " in " + game);
  return piece_moves_text(*v, *k);
}

void expect_words(const std::string& game, const std::string& piece, const std::string& en,
                  const std::string& ja) {
  Words w = words_of(game, piece);
  EXPECT_EQ(w.en, en) << game << " " << piece;
  EXPECT_EQ(w.ja, ja) << game << " " << piece;
}

TEST(PieceWords, ChuStepsSlidesAndPromotion) {
  expect_words("chu", "king", "Moves one square in any direction.", "全方向に1マス動ける。");
  expect_words("chu", "rook",
               "Moves any number of squares orthogonally. Promotes to Dragon King in the last 4 "
               "ranks.",
               "縦横に何マスでも動ける。敵陣4段目以内で龍王に成れる。");
  expect_words("chu", "dragon-king",
               "Moves any number of squares orthogonally; one square diagonally. Promotes to "
               "Soaring Eagle in the last 4 ranks.",
               "縦横に何マスでも、斜めに1マス動ける。敵陣4段目以内で飛鷲に成れる。");
  expect_words("chu", "gold",
               "Moves one square orthogonally or diagonally forward. Promotes to Rook in the "
               "last 4 ranks.",
               "縦横・斜め前に1マス動ける。敵陣4段目以内で飛車に成れる。");
  expect_words("chu", "lance",
               "Moves any number of squares straight forward. Promotes to White Horse in the "
               "last 4 ranks.",
               "前に何マスでも動ける。敵陣4段目以内で白駒に成れる。");
  expect_words("chu", "pawn", "Moves one square straight forward. Promotes to Tokin in the last "
               "4 ranks.", "前に1マス動ける。敵陣4段目以内でと金に成れる。");
  expect_words("chu", "kirin",
               "Moves one square diagonally. Jumps to the second square orthogonally (over any "
               "piece in between). Promotes to Lion in the last 4 ranks.",
               "斜めに1マス動ける。縦横の2マス目へ、間の駒を越えて跳べる。"
               "敵陣4段目以内で獅子に成れる。");
}

TEST(PieceWords, ChuLionFalconAndEagleDoubleMoves) {
  expect_words("chu", "lion",
               "Jumps to any square up to two squares away, over any piece in between. Captures "
               "a piece one square in any direction and may then step once more in any "
               "direction, capturing again or not (a double move). Captures an adjacent piece "
               "without moving (igui). May pass its turn by stepping to an empty adjacent square "
               "and back.",
               "2マス以内のどのマスへも、間の駒を越えて跳べる。"
               "全方向に1マスの駒を取ってから、さらに"
               "どの方向へも1マス動ける（2枚取りも可）。隣の駒を動かずに取れる（居食い）。"
               "隣の空きマスへ出て戻ることで手番をパスできる。");
  expect_words("chu", "horned-falcon",
               "Moves any number of squares diagonally, sideways or straight backward; one square "
               "straight forward. Jumps to the second square straight forward (over any piece in "
               "between). Captures a piece one square straight forward and may then step once "
               "more in the same direction, capturing again or not (a double move). Captures a "
               "piece one square straight forward without moving (igui). May pass its turn by "
               "stepping straight forward to an empty square and back.",
               "斜め・左右・後ろに何マスでも、前に1マス動ける。"
               "前の2マス目へ、間の駒を越えて跳べる。"
               "前に1マスの駒を取ってから、さらに同じ方向へ1マス動ける（2枚取りも可）。前に1マスの"
               "駒を動かずに取れる（居食い）。前の空きマスへ出て戻ることで手番をパスできる。");
  expect_words("chu", "soaring-eagle",
               "Moves any number of squares orthogonally or diagonally backward; one square "
               "diagonally forward. Jumps to the second square diagonally forward (over any piece "
               "in between). Captures a piece one square diagonally forward and may then step "
               "once more in the same direction, capturing again or not (a double move). "
               "Captures a piece one square diagonally forward without moving (igui). May pass "
               "its turn by stepping diagonally forward to an empty square and back.",
               "縦横・斜め後ろに何マスでも、斜め前に1マス動ける。斜め前の2マス目へ、間の駒を越えて"
               "跳べる。斜め前に1マスの駒を取ってから、さらに同じ方向へ1マス動ける（2枚取りも可）。"
               "斜め前に1マスの駒を動かずに取れる（居食い）。斜め前の空きマスへ出て戻ることで手番を"
               "パスできる。");
}

TEST(PieceWords, SeireigiLionHawkStingsAndBentSteps) {
  expect_words("chu-seireigi", "lion-hawk",
               "Moves any number of squares diagonally. Jumps to the second square in any "
               "direction, or to a Knight's-move square in any direction (over any piece in "
               "between).",
               "斜めに何マスでも動ける。"
               "全方向の2マス目・八方の桂馬跳びのマスへ、間の駒を越えて跳べる。");
  // The 2023 edition's stinging Lion: a capture, then a step on to an empty square.
  EXPECT_NE(words_of("chu-seireigi-2023", "lion")
                .en.find("After capturing one square in any direction, may step once more in "
                         "any direction to an empty square (a sting)."),
            std::string::npos);
  // The 10x10 Horned Falcon reaches two squares by a bent path through an empty square.
  EXPECT_NE(words_of("chu-seireigi-10", "horned-falcon")
                .en.find("Moves in two steps, the first to an empty square, to a square two "
                         "forward and one sideways."),
            std::string::npos);
}

TEST(PieceWords, MitsugumiBurnsAreaRangeCaptureAndFreezing) {
  expect_words(
      "mitsugumi", "fire-demon",
      "Moves any number of squares diagonally or sideways. Area move: up to three King steps in "
      "one turn through empty squares, in any directions; a capture ends it, and coming back to "
      "its own square is a pass. After moving, burns (captures) up to two enemy pieces next to "
      "where it stops, except those that cannot be burned. Cannot be burned. Captures up to two "
      "adjacent enemy pieces without moving.",
      "斜め・左右に何マスでも動ける。範囲移動：空きマスを通って王の動きで3歩まで進める（駒を取ると"
      "そこで止まり、元のマスに戻ればパス）。"
      "動いた後、止まったマスに隣接する敵の駒を2枚まで焼き払える"
      "（取れる）（焼かれない駒を除く）。焼かれない。動かずに隣接する敵の駒を2枚まで取れる。");
  expect_words("mitsugumi", "rook-general",
               "Moves any number of squares orthogonally. Range capture: a capturing slide may "
               "jump over up to two pieces of either side ranked below it (its rank is 2), "
               "capturing each enemy it jumps or leaving it. Promotes to Great General in the "
               "last 4 ranks.",
               "縦横に何マスでも動ける。範囲取り：走って駒を取るとき、格下（この駒の格は2）の駒を"
               "敵味方問わず2枚まで飛び越せ、越えた敵の駒は取っても残してもよい。"
               "敵陣4段目以内で大将に"
               "成れる。");
  Words tetrarch = words_of("mitsugumi", "heavenly-tetrarch");
  EXPECT_EQ(tetrarch.en,
            "Moves any number of squares diagonally or vertically beyond the adjacent square, "
            "passing over it whatever stands there (it cannot stop on it). Moves sideways to the "
            "second or third square, passing over the adjacent square whatever stands there (it "
            "cannot stop on it). Captures up to two adjacent enemy pieces without moving. "
            "Freezes the enemy pieces next to it: they cannot move (other freezing pieces "
            "excepted).");
  expect_words("mitsugumi", "knight",
               "Jumps to a Knight's-move square in any direction (over any piece in between). "
               "Promotes to Side Soldier in the last 4 ranks.",
               "八方の桂馬跳びのマスへ、間の駒を越えて跳べる。敵陣4段目以内で横兵に成れる。");
}

TEST(PieceWords, DropGamesSayHowAPieceIsDroppedAndForcedPromotion) {
  expect_words("shogi", "pawn",
               "Moves one square straight forward. Promotes to Tokin in the last 3 ranks. Must "
               "promote on the last rank. When dropped: not where it could never move; not on a "
               "file that holds an unpromoted Pawn of its side; not to give checkmate.",
               "前に1マス動ける。敵陣3段目以内でと金に成れる。最終段では必ず成る。動けない場所には"
               "打てない、二歩禁止、打って詰ますことはできない。");
  expect_words("shogi", "knight",
               "Jumps to a square two forward and one sideways (over any piece in between). "
               "Promotes to Promoted Knight in the last 3 ranks. Must promote on the last two "
               "ranks. When dropped: not where it could never move.",
               "前2・横1のマスへ、間の駒を越えて跳べる。敵陣3段目以内で成桂に成れる。最後の2段では"
               "必ず成る。動けない場所には打てない。");
  expect_words("shogi", "dragon",
               "Moves any number of squares orthogonally; one square diagonally. When captured, "
               "goes to hand as Rook.",
               "縦横に何マスでも、斜めに1マス動ける。取られると飛車として持ち駒になる。");
}

TEST(PieceWords, ProfilesChangeTheSentences) {
  // Chu under pbmserv's rules: Pawns must promote on the last rank, and the rules say so.
  auto chu = builtin_variant("chu");
  auto pbm = std::make_shared<Variant>(*chu);
  pbm->apply_profile("pbmserv");
  Kind pawn = *chu->kind_by_id("pawn");
  EXPECT_EQ(piece_moves_text(*pbm, pawn).en,
            "Moves one square straight forward. Promotes to Tokin in the last 4 ranks. Must "
            "promote on the last rank.");
  auto has = [](const std::vector<Words>& rules, const std::string& en) {
    return std::any_of(rules.begin(), rules.end(), [&](const Words& w) { return w.en == en; });
  };
  std::vector<Words> lishogi = rules_text(*chu), pbmserv = rules_text(*pbm);
  const std::string ply_limit = "The game is drawn after 1000 moves (plies).";
  EXPECT_TRUE(has(lishogi, ply_limit));
  EXPECT_FALSE(has(pbmserv, ply_limit));
  const std::string checkmate = "Checkmate wins: no move may leave your own King attacked.";
  EXPECT_FALSE(has(lishogi, checkmate));
  EXPECT_TRUE(has(pbmserv, checkmate));
  EXPECT_TRUE(has(lishogi,
                  "Counter-strike: after a Lion is taken by a piece other than a Lion, the other "
                  "side may not take a Lion with a piece other than a Lion on the next move. A "
                  "Lion standing on the square of that capture may still be taken."));
}

TEST(PieceWords, MitsugumiRulesNameItsPowers) {
  std::vector<Words> rules = rules_text(*builtin_variant("mitsugumi"));
  std::vector<std::string> en;
  for (const Words& w : rules) en.push_back(w.en);
  EXPECT_NE(std::find(en.begin(), en.end(),
                      "Freezing: an enemy piece next to a Heavenly Tetrarch cannot move."),
            en.end());
  EXPECT_NE(std::find(en.begin(), en.end(),
                      "Capture the opponent's King to win; a move that leaves your own King "
                      "attacked is allowed."),
            en.end());
}

TEST(PieceWords, RidersAndCannonsNoGameHasYetAreSaid) {
  // Built from XBetza here: a Knightrider and a cannon, so that no move goes unsaid.
  auto v = std::make_shared<Variant>(*builtin_variant("chu"));
  Kind pawn = *v->kind_by_id("pawn");
  v->pieces[pawn].spec = parse_betza("NN");
  v->pieces[pawn].promotes_to = 0;
  EXPECT_EQ(piece_moves_text(*v, pawn).en,
            "Jumps again and again in a straight line, as long as it lands on empty squares, to "
            "a Knight's-move square in any direction.");
  v->pieces[pawn].spec = parse_betza("mRpcR");
  EXPECT_EQ(piece_moves_text(*v, pawn).en,
            "Moves any number of squares orthogonally without capturing. Hops over exactly one "
            "piece orthogonally to any square beyond it only to capture.");
}

// No XBetza left in a sentence: a word made of direction letters and atoms ("KNAD", "fR").
bool has_betza(const std::string& text) {
  static const std::regex betza(
      "(^|[^A-Za-z])[fbslrvmcpa]*[WFDANKRBQHGCZ]{1,4}[0-9]*([^A-Za-z]|$)");
  return std::regex_search(text, betza);
}

TEST(PieceWords, EveryPieceOfEveryGameAndEveryProfileHasBothSentences) {
  EXPECT_TRUE(has_betza("moves KNAD"));
  EXPECT_TRUE(has_betza("fR."));
  for (const std::string& id : builtin_variant_ids()) {
    auto base = builtin_variant(id);
    std::vector<std::shared_ptr<Variant>> rule_sets = {base};
    for (const auto& [name, values] : base->profiles) {
      rule_sets.push_back(std::make_shared<Variant>(*base));
      rule_sets.back()->apply_profile(name);
    }
    for (const auto& v : rule_sets) {
      for (Kind k = 1; k <= v->num_kinds(); ++k) {
        Words w = piece_moves_text(*v, k);
        SCOPED_TRACE(id + " " + v->piece(k).id + ": " + w.en + " / " + w.ja);
        EXPECT_FALSE(w.en.empty());
        EXPECT_FALSE(w.ja.empty());
        EXPECT_FALSE(has_betza(w.en));
        EXPECT_FALSE(has_betza(w.ja));
        EXPECT_EQ(w.en.find("Cannot move"), std::string::npos);
        EXPECT_EQ(w.en.back(), '.');
      }
      std::vector<Words> rules = rules_text(*v);
      EXPECT_GE(rules.size(), 4u) << id;
      for (const Words& w : rules) {
        EXPECT_FALSE(w.en.empty()) << id;
        EXPECT_FALSE(w.ja.empty()) << id;
      }
    }
  }
}

}  // namespace
}  // namespace kirin
