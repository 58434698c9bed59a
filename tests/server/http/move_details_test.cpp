// The game view's legal_move_details and check: what a board needs to enter moves by clicking
// (paths of Lion moves, igui, captured squares, drops, promotions), through the whole server.
#include "server/http/move_details.h"

#include <gtest/gtest.h>

#include "../server_fixture.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"
#include "rules/movegen.h"
#include "server/http/app.h"
#include "test_client.h"

namespace kirin::server::http {
namespace {

using nlohmann::json;
using test::Reply;

class MoveDetails : public ::testing::Test {
 protected:
  void SetUp() override {
    AppOptions options;
    options.http.port = 0;
    options.http.shutdown_grace = std::chrono::milliseconds(500);
    options.store_url = "sqlite:" + (dir_.path() / "kirin.db").string();
    options.services.accounts.hash_cost = HashCost::Minimal;
    options.computer_name = "";
    app_ = std::make_unique<App>(options);
    app_->start();
    alice_ = sign_up("alice");
    bob_ = sign_up("bob");
  }
  void TearDown() override { app_->stop(); }

  Reply call(const std::string& method, const std::string& target, const json& body = nullptr,
             const std::string& token = {}) {
    return test::api_call(app_->port(), method, target, body, token);
  }
  std::string sign_up(const std::string& name) { return test::api_sign_up(app_->port(), name); }
  // alice (Black) against bob: the game view.
  json game(const json& setup) {
    json challenge = setup;
    challenge["opponent"] = "bob";
    Reply c = call("POST", "/api/challenges", challenge, alice_);
    EXPECT_EQ(c.status, 201u) << c.body;
    Reply a =
        call("POST", "/api/challenges/" + std::to_string(c.json()["id"].get<Id>()) + "/accept",
             nullptr, bob_);
    EXPECT_EQ(a.status, 200u) << a.body;
    id_ = a.json()["game"];
    return view();
  }
  json view() { return call("GET", "/api/games/" + std::to_string(id_)).json(); }
  static json detail(const json& view, const std::string& usi) {
    for (const json& d : view["legal_move_details"])
      if (d["usi"] == usi) return d;
    ADD_FAILURE() << "no legal move " << usi;
    return json();
  }

  testing::TempDir dir_;
  std::unique_ptr<App> app_;
  std::string alice_, bob_;
  Id id_ = 0;
};

TEST_F(MoveDetails, OneForEachLegalMoveInTheSameOrder) {
  json g = game({{"game", "shogi"}});
  ASSERT_EQ(g["legal_move_details"].size(), g["legal_moves"].size());
  for (std::size_t i = 0; i < g["legal_moves"].size(); ++i)
    EXPECT_EQ(g["legal_move_details"][i]["usi"], g["legal_moves"][i]);
  EXPECT_EQ(detail(g, "7g7f"), json({{"usi", "7g7f"},
                                     {"from", "7g"},
                                     {"to", "7f"},
                                     {"path", {"7g", "7f"}},
                                     {"promotion", false},
                                     {"drop", nullptr},
                                     {"captured", json::array()}}));
  EXPECT_EQ(g["check"], json::array());
}

TEST_F(MoveDetails, DropsPromotionsAndCaptures) {
  // Shogi: Black has a Pawn in hand (and none on file 5) and a Bishop that can take on 2b
  // with or without promoting.
  json g = game({{"game", "shogi"},
                 {"sfen", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1P1PPPP/1B5R1/LNSGKGSNL b P 1"}});
  json drop = detail(g, "P*5e");
  EXPECT_EQ(drop["from"], nullptr);
  EXPECT_EQ(drop["drop"], "p");
  EXPECT_EQ(drop["path"], json({"5e"}));
  EXPECT_EQ(drop["captured"], json::array());
  json promote = detail(g, "8h2b+");
  EXPECT_EQ(promote["promotion"], true);
  EXPECT_EQ(promote["captured"], json({"2b"}));
  EXPECT_EQ(detail(g, "8h2b")["promotion"], false);
}

TEST_F(MoveDetails, LionDoubleMovesIguiAndCheck) {
  // Chu: Black's Lion on 7g with White Pawns on 6f and 5e; the Kings far away on 12a and 1l;
  // a White Gold keeps White's King from being bare once the Pawns are gone.
  json g = game({{"game", "chu"}, {"sfen", "k11/12/g11/12/7p4/6p5/5N6/12/12/12/12/11K b - 1"}});
  json twice = detail(g, "7g6f5e");
  EXPECT_EQ(twice["path"], json({"7g", "6f", "5e"}));
  EXPECT_EQ(twice["from"], "7g");
  EXPECT_EQ(twice["to"], "5e");
  EXPECT_EQ(twice["captured"], json({"6f", "5e"}));
  json igui = detail(g, "7g6f7g");
  EXPECT_EQ(igui["to"], "7g");
  EXPECT_EQ(igui["captured"], json({"6f"}));
  // Through 6f to an empty square beyond: takes the Pawn on 6f only.
  json through = detail(g, "7g6f6e");
  EXPECT_EQ(through["captured"], json({"6f"}));
  EXPECT_EQ(detail(g, "7g5e")["captured"], json({"5e"}));  // the jump leaves 6f standing
  // A pass: out and back through an empty square, nothing taken.
  int passes = 0;
  for (const json& d : g["legal_move_details"]) {
    if (d["path"].size() != 3 || d["path"][0] != d["path"][2] || !d["captured"].empty()) continue;
    EXPECT_EQ(d["from"], d["to"]);
    ++passes;
  }
  EXPECT_EQ(passes, 1);  // all passes leave the same position: one move
  EXPECT_EQ(g["check"], json::array());

  // After Black's move the details are those of White's moves.
  Reply moved = call("POST", "/api/games/" + std::to_string(id_) + "/moves",
                     {{"move", "7g6f5e"}, {"expected_ply", 0}}, alice_);
  ASSERT_EQ(moved.status, 200u) << moved.body;
  json after = view();
  ASSERT_EQ(after["legal_move_details"].size(), after["legal_moves"].size());
  EXPECT_EQ(detail(after, "12a11b")["from"], "12a");
}

TEST_F(MoveDetails, OtherPiecesIguiAndPassAreOtherSpellings) {
  // Two Black Lions (7g, and a promoted Kirin on 5g) next to the White Pawn on 6f: either can
  // take it in place, and either can pass. The legal moves name each position once.
  json g = game({{"game", "chu"}, {"sfen", "k11/12/g11/12/12/6p5/5N1+O4/12/12/12/12/11K b - 1"}});
  auto has = [](const json& list, const std::string& usi) {
    return std::find(list.begin(), list.end(), usi) != list.end();
  };
  const json& legal = g["legal_moves"];
  const json& other = g["other_spellings"];
  const bool seven = has(legal, "7g6f7g");
  EXPECT_NE(seven, has(legal, "5g6f5g"));
  const std::string alt = seven ? "5g6f5g" : "7g6f7g";
  EXPECT_TRUE(has(other, alt)) << other;
  for (const json& o : other) EXPECT_FALSE(has(legal, o)) << o;
  // One Lion's pass is listed, the other's is another spelling.
  auto pass_of = [](const std::string& usi) {
    return usi.size() >= 6 && usi.substr(0, 2) == usi.substr(4, 2);
  };
  int passes = 0;
  for (const json& o : other)
    if (pass_of(o) && o.get<std::string>().substr(2, 2) != "6f") ++passes;
  EXPECT_EQ(passes, 1) << other;

  // Played, the other spelling is that move: the Pawn is gone and both Lions stay.
  Reply moved = call("POST", "/api/games/" + std::to_string(id_) + "/moves",
                     {{"move", alt}, {"expected_ply", 0}}, alice_);
  ASSERT_EQ(moved.status, 200u) << moved.body;
  EXPECT_EQ(view()["sfen"], "k11/12/g11/12/12/12/5N1+O4/12/12/12/12/11K w - 2");
  EXPECT_EQ(view()["other_spellings"], json::array());  // White has no Lion
}

// The analysis board's positions, which no stored game holds.
TEST_F(MoveDetails, PositionsListTheMovesOfAnyPosition) {
  Reply start = call("POST", "/api/positions", {{"variant", "shogi"}});
  ASSERT_EQ(start.status, 200u) << start.body;
  EXPECT_EQ(start.json()["legal_moves"].size(), 30u);
  EXPECT_EQ(start.json()["to_move"], "black");
  EXPECT_EQ(start.json()["result"], nullptr);

  Reply after = call("POST", "/api/positions", {{"variant", "shogi"}, {"moves", {"7g7f", "3c3d"}}});
  ASSERT_EQ(after.status, 200u) << after.body;
  EXPECT_EQ(after.json()["sfen"],
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  EXPECT_EQ(after.json()["to_move"], "black");

  // Rule options travel as in a challenge; other pieces' igui and pass come too.
  Reply lions = call("POST", "/api/positions",
                     {{"variant", "chu"}, {"profile", "jcsa"},
                      {"sfen", "k11/12/g11/12/12/6p5/5N1+O4/12/12/12/12/11K b - 1"}});
  ASSERT_EQ(lions.status, 200u) << lions.body;
  EXPECT_FALSE(lions.json()["other_spellings"].empty());

  // Over (the Lion takes the King): no moves, and the result.
  Reply over = call("POST", "/api/positions",
                    {{"variant", "chu"}, {"sfen", "k11/1N10/g11/12/12/12/12/12/12/12/12/11K b - 1"},
                     {"moves", {"11b12a"}}});
  ASSERT_EQ(over.status, 200u) << over.body;
  EXPECT_EQ(over.json()["legal_moves"], json::array());
  EXPECT_NE(over.json()["result"], nullptr);

  Reply no_variant = call("POST", "/api/positions", {{"sfen", "9/9 b - 1"}});
  EXPECT_EQ(no_variant.status, 400u);
  EXPECT_EQ(no_variant.json()["error"]["field"], "variant");
  Reply illegal = call("POST", "/api/positions", {{"variant", "shogi"}, {"moves", {"7g7f", "7g7f"}}});
  EXPECT_EQ(illegal.status, 422u) << illegal.body;
  EXPECT_EQ(illegal.json()["error"]["field"], "moves[1]");
  Reply bad_sfen = call("POST", "/api/positions", {{"variant", "shogi"}, {"sfen", "lnsgk/9 q"}});
  EXPECT_EQ(bad_sfen.status, 422u) << bad_sfen.body;
  EXPECT_EQ(bad_sfen.json()["error"]["field"], "sfen");
  EXPECT_EQ(call("POST", "/api/positions", json::array()).status, 400u);
}

TEST_F(MoveDetails, RoyalsInCheck) {
  // Shogi: White's Rook on 5a gives check to Black's King on 5i.
  json g = game({{"game", "shogi"}, {"sfen", "k3r4/9/9/9/9/9/9/9/4K4 b - 1"}});
  EXPECT_EQ(g["check"], json({"5i"}));
  EXPECT_FALSE(g["legal_moves"].empty());
}

TEST_F(MoveDetails, ARangeCaptureOfTheKingIsCheck) {
  // Mitsugumi, the report's game: after 12j12i 7c7kx7j+ White's Great General on 7k can jump
  // Black's Fire Demon on 7l and take the King on 7m. A check by range capture, burn, area
  // move or igui counts as any other (every power: tests/rules/royal_attack_test.cpp).
  game({{"game", "mitsugumi"}});
  int ply = 0;
  for (const auto& [usi, token] : {std::pair{"12j12i", alice_}, std::pair{"7c7kx7j+", bob_}}) {
    Reply r = call("POST", "/api/games/" + std::to_string(id_) + "/moves",
                   {{"move", usi}, {"expected_ply", ply++}}, token);
    ASSERT_EQ(r.status, 200u) << r.body;
  }
  EXPECT_EQ(view()["check"], json({"7m"}));
  Reply analysis =
      call("POST", "/api/positions", {{"variant", "mitsugumi"}, {"moves", {"12j12i", "7c7kx7j+"}}});
  ASSERT_EQ(analysis.status, 200u) << analysis.body;
  EXPECT_EQ(analysis.json()["check"], json({"7m"}));
}

TEST(MoveDetail, BurnsAndRangeCapturesNameEveryVictim) {
  // Mitsugumi: Black's Fire Demon among White Pawns (it burns, igui-captures, moves by area);
  // every legal move's captured squares are exactly the enemy pieces it removes.
  auto v = builtin_variant("mitsugumi");
  Position pos = parse_sfen(v, "k12/13/13/13/6p6/5p1p5/6F'6/5p7/13/13/13/13/12K b - 1");
  auto list = std::make_unique<MoveList>();
  generate_moves(pos, *list);
  int multiple = 0;
  for (const Move& m : *list) {
    json d = move_detail_json(pos, m);
    Position after = pos;
    Undo undo;
    after.do_move(m, undo);
    int removed = 0;
    for (int col = 0; col < v->files; ++col)
      for (int row = 0; row < v->ranks; ++row) {
        Square s = make_square(col, row);
        if (is_piece(pos.at(s)) && color_of(pos.at(s)) == kWhite && after.at(s) != pos.at(s))
          ++removed;
      }
    EXPECT_EQ(d["captured"].size(), static_cast<std::size_t>(removed)) << d.dump();
    if (removed >= 2) ++multiple;
  }
  EXPECT_GT(multiple, 0);  // burns that take two Pawns or more
}

}  // namespace
}  // namespace kirin::server::http
