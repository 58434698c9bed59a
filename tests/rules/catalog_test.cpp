// The built-in games' names in other programs (each game's [names] table) and the games of
// other programs that Kirin does not play (variants/other-games/), as the protocol and match
// code find them; every piece's name in kanji.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "rules/catalog.h"

namespace kirin {
namespace {

TEST(Catalog, NamesInOtherPrograms) {
  auto chu = builtin_variant("chu");
  EXPECT_EQ(chu->names.usi, "chushogi");
  EXPECT_EQ(chu->names.fairy_stockfish, "chushogi");
  EXPECT_EQ(chu->names.xboard, "chu");
  EXPECT_EQ(builtin_variant("shogi")->names.usi, "standard");
  // Sho: Fairy-Stockfish's name only; XBoard does not know the game, lishogi does not have it.
  auto sho = builtin_variant("sho");
  EXPECT_EQ(sho->names.fairy_stockfish, "shoshogi");
  EXPECT_EQ(sho->names.usi, "");
  EXPECT_EQ(sho->names.xboard, "");
}

TEST(Catalog, OtherProgramsGames) {
  EXPECT_EQ(program_of_other_game("minishogi"), "lishogi");
  EXPECT_EQ(program_of_other_game("checkshogi"), "lishogi");
  EXPECT_EQ(program_of_other_game("chushogi"), "");  // a Kirin game
  EXPECT_EQ(program_of_other_game("nonsense"), "");
}

// The code points of UTF-8 text, or nothing if it is not valid UTF-8.
std::optional<std::vector<uint32_t>> code_points(const std::string& text) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int extra = lead < 0x80 ? 0 : (lead >> 5) == 6 ? 1 : (lead >> 4) == 14 ? 2
                                     : (lead >> 3) == 30 ? 3 : -1;
    if (extra < 0 || i + size_t(extra) >= text.size()) return std::nullopt;
    uint32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
      const auto cont = static_cast<unsigned char>(text[i + k]);
      if ((cont >> 6) != 2) return std::nullopt;
      cp = cp << 6 | (cont & 0x3F);
    }
    out.push_back(cp);
    i += extra + 1;
  }
  return out;
}

// A kanji (the unified ideographs with their extensions and compatibility forms) or kana.
bool kanji_or_kana(uint32_t cp) {
  return (cp >= 0x3040 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0x20000 && cp <= 0x3134F);
}

TEST(Catalog, EveryPieceHasItsNameInKanji) {
  // The web's kanji sets draw these (sources: docs/rules/kanji.md); a piece without them would
  // show Latin letters among kanji.
  int pieces = 0;
  for (const auto& v : builtin_games())
    for (size_t k = 1; k < v->pieces.size(); ++k) {
      const PieceType& p = v->pieces[k];
      const auto cps = code_points(p.kanji);
      ASSERT_TRUE(cps) << v->id << " " << p.id << ": not UTF-8";
      EXPECT_GE(cps->size(), 1u) << v->id << " " << p.id << " has no kanji";
      EXPECT_LE(cps->size(), 3u) << v->id << " " << p.id << ": " << p.kanji;
      for (uint32_t cp : *cps)
        EXPECT_TRUE(kanji_or_kana(cp)) << v->id << " " << p.id << ": " << p.kanji;
      ++pieces;
    }
  EXPECT_GT(pieces, 200);
}

TEST(Catalog, KanjiCheckReadsUtf8) {
  EXPECT_EQ(code_points("玉将"), (std::vector<uint32_t>{0x7389, 0x5C06}));
  EXPECT_EQ(code_points("と金"), (std::vector<uint32_t>{0x3068, 0x91D1}));
  EXPECT_FALSE(code_points("\xE7\x8E"));  // cut short
  EXPECT_FALSE(kanji_or_kana('G'));
  EXPECT_TRUE(kanji_or_kana(0x5204));  // 刄 (Dai's Cat Sword)
}

}  // namespace
}  // namespace kirin
