// GET /api/variants and /api/variants/{id} over a real server: the figures a board needs,
// checked against the built-in definitions (what `kirin show-variant` prints).
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "notation/piece_diagram.h"
#include "rules/catalog.h"
#include "server/http/server.h"
#include "server/http/variant_json.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::HttpClient;
using test::Reply;

class VariantsApi : public ::testing::Test {
 protected:
  void SetUp() override {
    Router router;
    add_variant_routes(router);
    ServerOptions options;
    options.port = 0;
    options.shutdown_grace = std::chrono::milliseconds(500);
    server_ = std::make_unique<Server>(options, std::move(router));
    server_->start();
  }
  void TearDown() override { server_->stop(); }

  Reply get(const std::string& target) {
    HttpClient client(server_->port());
    return client.request("GET", target);
  }
  json detail(const std::string& id) {
    Reply r = get("/api/variants/" + id);
    EXPECT_EQ(r.status, 200u) << r.body;
    return r.json();
  }

  std::unique_ptr<Server> server_;
};

const json& piece(const json& detail, const std::string& token) {
  for (const json& p : detail["pieces"])
    if (p["token"] == token) return p;
  static const json none;
  ADD_FAILURE() << "no piece " << token;
  return none;
}

// Splits the board field of an SFEN with the pattern the detail gives, and counts the pieces
// of each side, checking that every token names one of the game's pieces.
std::pair<int, int> count_setup(const json& d) {
  std::set<std::string> white, black;
  for (const json& p : d["pieces"]) {
    white.insert(p["token"].get<std::string>());
    black.insert(p["token_black"].get<std::string>());
  }
  std::string board = d["setup_sfen"].get<std::string>();
  board = board.substr(0, board.find(' '));
  std::regex token(d["sfen_tokens"]["pattern"].get<std::string>());
  int counts[2] = {0, 0};
  std::size_t covered = 0;
  for (auto it = std::sregex_iterator(board.begin(), board.end(), token);
       it != std::sregex_iterator(); ++it) {
    std::string t = it->str();
    EXPECT_EQ(static_cast<std::size_t>(it->position()), covered) << "a gap before " << t;
    covered += t.size();
    if (t == "/" || std::isdigit(static_cast<unsigned char>(t[0]))) continue;
    bool is_black = black.count(t) > 0;
    EXPECT_TRUE(is_black || white.count(t)) << "unknown token " << t;
    ++counts[is_black ? 0 : 1];
  }
  EXPECT_EQ(covered, board.size());
  return {counts[0], counts[1]};
}

TEST_F(VariantsApi, ListsEveryBuiltInGame) {
  Reply r = get("/api/variants");
  ASSERT_EQ(r.status, 200u);
  json list = r.json()["variants"];
  ASSERT_EQ(list.size(), builtin_variant_ids().size());
  std::map<std::string, json> by_id;
  for (const json& v : list) by_id[v["id"]] = v;
  for (const char* id : {"chu", "dai", "shogi", "sho", "chu-seireigi", "dai-seireigi", "mitsugumi"})
    EXPECT_TRUE(by_id.count(id)) << id;
  EXPECT_EQ(by_id["chu"]["name"], "Chu Shogi");
  EXPECT_EQ(by_id["chu"]["files"], 12);
  EXPECT_EQ(by_id["chu"]["ranks"], 12);
  EXPECT_EQ(by_id["chu"]["drops"], false);
  EXPECT_EQ(by_id["chu"]["default_profile"], "lishogi");
  EXPECT_EQ(by_id["chu"]["aliases"], json({"chushogi", "chu-shogi"}));
  EXPECT_EQ(by_id["shogi"]["drops"], true);
  EXPECT_EQ(by_id["dai"]["files"], 15);
}

TEST_F(VariantsApi, ChuInFull) {
  json chu = detail("chu");
  auto v = builtin_variant("chu");
  EXPECT_EQ(chu["id"], "chu");
  EXPECT_EQ(chu["files"], 12);
  EXPECT_EQ(chu["ranks"], 12);
  EXPECT_EQ(chu["zone_ranks"], 4);
  EXPECT_EQ(chu["setup_sfen"], v->setup);
  EXPECT_EQ(chu["sfen_style"], "lishogi-chu");
  EXPECT_EQ(chu["sfen_fields"], json({"board", "side", "lion_square", "move_number"}));
  // Every kind show-variant lists: 21 unpromoted kinds and their promotions.
  ASSERT_EQ(chu["pieces"].size(), 39u);
  ASSERT_EQ(chu["pieces"].size(), static_cast<std::size_t>(v->num_kinds()));
  EXPECT_EQ(count_setup(chu), std::make_pair(46, 46));

  const json& king = piece(chu, "k");
  EXPECT_EQ(king["token_black"], "K");
  EXPECT_EQ(king["name"], "King");
  EXPECT_EQ(king["kanji"], "玉将");
  EXPECT_EQ(king["abbrev"], "K");
  EXPECT_EQ(king["betza"], "K");
  EXPECT_EQ(king["royal"], true);
  EXPECT_EQ(king["promotes_to"], nullptr);
  EXPECT_EQ(king["promoted"], false);
  EXPECT_EQ(king["diagram"]["size"], 3);
  EXPECT_EQ(king["diagram"]["center"], json({1, 1}));
  EXPECT_EQ(king["diagram"]["cells"], json({{"o", "o", "o"}, {"o", "X", "o"}, {"o", "o", "o"}}));

  // The Kirin promotes to a Lion, written '+' and the Kirin's letter.
  const json& kirin = piece(chu, "o");
  EXPECT_EQ(kirin["promotes_to"], "+o");
  const json& promoted = piece(chu, "+o");
  EXPECT_EQ(promoted["token_black"], "+O");
  EXPECT_EQ(promoted["promoted"], true);
  EXPECT_EQ(promoted["promoted_from"], "o");
  EXPECT_EQ(promoted["lion"], true);
  const json& lion = piece(chu, "n");
  EXPECT_EQ(lion["lion"], true);
  EXPECT_EQ(lion["diagram"]["size"], 5);
  ASSERT_FALSE(lion["diagram"]["notes"].empty());
  EXPECT_NE(lion["diagram"]["notes"][0].get<std::string>().find("two-step"), std::string::npos);
  // The diagram is the one show-variant draws, cell for cell.
  auto grid = piece_diagram_grid(v->piece(*v->kind_by_sfen("d")));
  const json& dragon = piece(chu, "d")["diagram"]["cells"];
  ASSERT_EQ(dragon.size(), grid.rows.size());
  for (std::size_t row = 0; row < grid.rows.size(); ++row)
    for (std::size_t col = 0; col < grid.rows[row].size(); ++col)
      EXPECT_EQ(dragon[row][col], std::string(1, grid.rows[row][col]));

  std::map<std::string, json> options;
  for (const json& o : chu["options"]) options[o["name"]] = o;
  EXPECT_EQ(options["promotion"]["type"], "enum");
  EXPECT_EQ(options["promotion"]["default"], "lishogi");
  EXPECT_NE(std::find(options["promotion"]["values"].begin(), options["promotion"]["values"].end(),
                      "shogi"),
            options["promotion"]["values"].end());
  EXPECT_EQ(options["lion_protection"]["type"], "bool");
  EXPECT_EQ(options["lion_protection"]["default"], true);
  EXPECT_EQ(options["max_plies"]["type"], "int");
  EXPECT_EQ(options["max_plies"]["default"], 1000);
  EXPECT_FALSE(options["drops"]["description"].get<std::string>().empty());

  std::map<std::string, json> profiles;
  for (const json& p : chu["profiles"]) profiles[p["name"]] = p;
  EXPECT_EQ(profiles.size(), 5u);
  EXPECT_EQ(profiles["hachu"]["settings"]["lion_protection_by_recapture"], true);
  EXPECT_EQ(profiles["pbmserv"]["settings"]["check_rule"], true);
  EXPECT_EQ(profiles["jcsa"]["settings"]["max_plies"], 0);
  EXPECT_EQ(profiles["lishogi"]["settings"]["repetition"], "lishogi");

  ASSERT_FALSE(chu["handicaps"].empty());
  EXPECT_EQ(chu["handicaps"][0]["name"], "2-lions");
  EXPECT_EQ(chu["handicaps"][0]["aliases"], json({"2ln"}));
  EXPECT_NE(chu["handicaps"][0]["sfen"].get<std::string>().find("+O"), std::string::npos);
  EXPECT_EQ(chu["diagram_legend"]["o"], "moves or captures there");
}

TEST_F(VariantsApi, PiecesAndRulesInWordsPerProfile) {
  json chu = detail("chu");
  auto v = builtin_variant("chu");
  const json& dragon = piece(chu, "d")["moves_text"];
  EXPECT_EQ(dragon["en"],
            "Moves any number of squares orthogonally; one square diagonally. Promotes to "
            "Soaring Eagle in the last 4 ranks.");
  EXPECT_EQ(dragon["ja"], "縦横に何マスでも、斜めに1マス動ける。敵陣4段目以内で飛鷲に成れる。");
  for (const json& p : chu["pieces"]) {
    EXPECT_FALSE(p["moves_text"]["en"].get<std::string>().empty()) << p["token"];
    EXPECT_FALSE(p["moves_text"]["ja"].get<std::string>().empty()) << p["token"];
  }
  // The default rules, and each profile's: pbmserv's Pawn must promote on the last rank, and
  // only the pieces a profile changes are listed under it.
  ASSERT_FALSE(chu["rules_text"].empty());
  EXPECT_EQ(chu["rules_text"][0]["en"],
            "The promotion zone is the last 4 ranks, on the opponent's side.");
  std::map<std::string, json> profiles;
  for (const json& p : chu["profiles"]) profiles[p["name"]] = p;
  EXPECT_EQ(profiles["lishogi"]["rules_text"], chu["rules_text"]);
  EXPECT_TRUE(profiles["lishogi"]["moves_text"].empty());
  EXPECT_NE(profiles["pbmserv"]["rules_text"], chu["rules_text"]);
  EXPECT_EQ(profiles["pbmserv"]["moves_text"]["p"]["en"],
            "Moves one square straight forward. Promotes to Tokin in the last 4 ranks. Must "
            "promote on the last rank.");
  EXPECT_FALSE(profiles["pbmserv"]["moves_text"].contains("d"));
  // A game without profiles has its rules too.
  json mitsugumi = detail("mitsugumi");
  EXPECT_TRUE(mitsugumi["profiles"].empty());
  EXPECT_GE(mitsugumi["rules_text"].size(), 5u);
}

TEST_F(VariantsApi, DaiWritesPiecesWithPrimes) {
  json dai = detail("dai");
  EXPECT_EQ(dai["files"], 15);
  EXPECT_EQ(dai["ranks"], 15);
  EXPECT_EQ(dai["zone_ranks"], 5);
  EXPECT_EQ(dai["sfen_style"], "shogi");
  EXPECT_EQ(dai["sfen_fields"], json({"board", "side", "hands", "move_number"}));
  ASSERT_EQ(dai["pieces"].size(), 55u);
  EXPECT_EQ(count_setup(dai), std::make_pair(65, 65));
  const json& knight = piece(dai, "n'");
  EXPECT_EQ(knight["token_black"], "N'");
  EXPECT_EQ(knight["promotes_to"], "+n'");
  EXPECT_EQ(piece(dai, "+n'")["token_black"], "+N'");
  // A macro option: it sets several options at once.
  bool macro = false;
  for (const json& o : dai["options"])
    if (o["name"] == "lion_rules") macro = o.value("macro", false);
  EXPECT_TRUE(macro);
}

TEST_F(VariantsApi, EveryGameSplitsItsSetup) {
  for (const std::string& id : builtin_variant_ids()) {
    json d = detail(id);
    auto [black, white] = count_setup(d);
    EXPECT_GT(black, 0) << id;
    EXPECT_EQ(black, white) << id;
    if (d["drops"] == true) {
      EXPECT_FALSE(d["hand_order"].empty()) << id;
      EXPECT_NE(std::find(d["sfen_fields"].begin(), d["sfen_fields"].end(), "hands"),
                d["sfen_fields"].end())
          << id;
    }
  }
  json mitsugumi = detail("mitsugumi");
  const json& demon = piece(mitsugumi, "f'");
  EXPECT_TRUE(demon.contains("powers")) << demon.dump();
}

TEST_F(VariantsApi, AliasesAndUnknownGames) {
  EXPECT_EQ(detail("chushogi")["id"], "chu");
  EXPECT_EQ(detail("standard")["id"], "shogi");
  Reply unknown = get("/api/variants/tenjiku");
  EXPECT_EQ(unknown.status, 404u);
  EXPECT_EQ(unknown.json()["error"]["code"], "not_found");
  std::string message = unknown.json()["error"]["message"];
  EXPECT_NE(message.find("unknown game 'tenjiku'"), std::string::npos) << message;
  EXPECT_NE(message.find("chu"), std::string::npos) << message;
}

}  // namespace
}  // namespace kirin::server::http
