// The text command interface (pbmserv's play-by-email grammar) on a real service and a
// temporary SQLite store: every command, the three move notations, the board styles, and
// refusals that say what was wrong and change nothing.
#include "server/text/commands.h"

#include "../arena_game.h"
#include "../server_fixture.h"
#include "notation/board_styles.h"
#include "notation/sfen.h"
#include "server/domain/game_setup.h"
#include "server/http/command_routes.h"
#include "server/http/service_errors.h"

namespace kirin::server::testing {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

class CommandsTest : public ServerTest {
 protected:
  CommandInterface commands{*accounts, *challenges, *games, *messages, *problems,
                            moderation_services(), *tournaments};
  CommandContext op{.sender_email = {}, .sender_user = 0, .operator_mode = true};

  std::string run(const std::string& line, const CommandContext& ctx) {
    return commands.run(line, ctx);
  }
  std::string run(const std::string& line) { return commands.run(line, op); }

  static CommandContext mail_from(const std::string& address) {
    CommandContext ctx;
    ctx.sender_email = address;
    return ctx;
  }

  // Starts a game through the command and returns its board number.
  Id challenge(const std::string& line, const CommandContext& ctx) {
    std::string reply = run(line, ctx);
    EXPECT_TRUE(contains(reply, "New game: board ")) << reply;
    size_t at = reply.find("board ");
    return at == std::string::npos ? 0 : std::stoll(reply.substr(at + 6));
  }
  Id challenge(const std::string& line) { return challenge(line, op); }

  std::vector<std::string> stored_moves(Id game) {
    std::vector<std::string> out;
    for (const MoveRecord& m : games->view(game).moves) out.push_back(m.usi);
    return out;
  }

  // What a refused command must leave alone: the games of alice and bob, all of their state.
  struct Snapshot {
    std::vector<GameState> games;
    std::vector<Preferences> prefs;
    size_t challenges = 0;
  };
  Snapshot snapshot() {
    Snapshot s;
    for (const User& u : {alice, bob}) {
      std::vector<GameState> g = games->games_of(u.id, u.id);
      s.games.insert(s.games.end(), g.begin(), g.end());
      s.prefs.push_back(accounts->preferences(u.id));
      s.challenges += challenges->outgoing(u.id).size();
    }
    return s;
  }
  void expect_unchanged(const Snapshot& before) {
    Snapshot after = snapshot();
    ASSERT_EQ(after.games.size(), before.games.size());
    for (size_t i = 0; i < after.games.size(); ++i) {
      EXPECT_EQ(after.games[i].version, before.games[i].version);
      EXPECT_EQ(after.games[i].ply, before.games[i].ply);
      EXPECT_EQ(after.games[i].status, before.games[i].status);
    }
    EXPECT_EQ(after.prefs, before.prefs);
    EXPECT_EQ(after.challenges, before.challenges);
  }
};

TEST_F(CommandsTest, SignUp) {
  std::string reply = run("signup carol password-carol carol@example.org");
  EXPECT_TRUE(contains(reply, "Welcome, carol")) << reply;
  EXPECT_EQ(accounts->user_by_name("carol").email, "carol@example.org");
  accounts->log_in("carol", "password-carol");

  EXPECT_EQ(first_line(run("signup carol password-other carol2@example.org")),
            "error: signup: the name 'carol' is taken")
      << run("signup carol password-other carol2@example.org");
  EXPECT_TRUE(contains(first_line(run("signup dave short dave@example.org")),
                       "error: signup: a password has at least 8 characters"));
  EXPECT_TRUE(contains(first_line(run("signup dave")), "error: signup: write"));

  // By mail: the address must be the sender's, and may be left out.
  CommandContext mail = mail_from("Dave@Example.org");
  EXPECT_TRUE(contains(first_line(run("signup dave password-dave eve@example.org", mail)),
                       "error: signup: the e-mail address must be the one you send from"));
  EXPECT_TRUE(contains(run("signup dave password-dave", mail), "Welcome, dave"));
  EXPECT_EQ(accounts->user_by_name("dave").email, "Dave@Example.org");
  EXPECT_TRUE(
      contains(run("chushogi signup erin password-erin erin@example.org"), "Welcome, erin"));
}

TEST_F(CommandsTest, ChallengeStartsAChuGameAtOnce) {
  std::string reply = run("chushogi challenge alice bob");
  ASSERT_TRUE(contains(reply, "New game: board 1.")) << reply;
  EXPECT_TRUE(contains(reply, "Board 1: Chu Shogi, alice (Black) against bob (White)")) << reply;
  EXPECT_TRUE(contains(reply, "Black (alice) to move.")) << reply;
  GameView v = games->view(1);
  EXPECT_EQ(v.state.setup.game, "chu");
  EXPECT_EQ(v.state.black.name, "alice");
  EXPECT_EQ(v.state.white.name, "bob");
  EXPECT_EQ(v.to_move, kBlack);
  EXPECT_EQ(v.state.status, GameStatus::Active);
  // The board as pbmserv draws it, in the default (standard) style.
  auto variant = setup_variant(v.state.setup);
  std::string board = board_text_pbm(parse_sfen(variant, v.sfen), BoardStyle::Standard, false);
  board.erase(board.rfind("Black to move"));
  EXPECT_TRUE(contains(reply, board)) << reply;
}

TEST_F(CommandsTest, CheckLineNamesTheRoyalAttacked) {
  // Chu with two royals: a White Rook on 6a attacks the Crown Prince on 6l, not the King.
  GameSetup chu;
  chu.game = "chu";
  chu.start_sfen = "6r4k/12/12/pppp4pppp/12/12/12/12/PPPP4PPPP/12/12/5K+E5 b - 1";
  std::string board = run("chushogi board " + std::to_string(start_game(chu)));
  EXPECT_TRUE(
      contains(board, "Black (alice) to move. Check: the Crown Prince on 6l is attacked.\n"))
      << board;
  // Both royals attacked (a Rook on each file); then no royal attacked: no line.
  chu.start_sfen = "5rr4k/12/12/pppp4pppp/12/12/12/12/PPPP4PPPP/12/12/5K+E5 b - 1";
  board = run("chushogi board " + std::to_string(start_game(chu)));
  EXPECT_TRUE(contains(board, "Check: the King on 7l and the Crown Prince on 6l are attacked.\n"))
      << board;
  chu.start_sfen = "k11/12/12/pppp4pppp/12/5RR5/12/12/PPPP4PPPP/12/12/5K+E5 w - 1";
  board = run("chushogi board " + std::to_string(start_game(chu)));
  EXPECT_FALSE(contains(board, "Check")) << board;
}

TEST_F(CommandsTest, ChallengeOptions) {
  Id drops = challenge("chushogi challenge alice bob -drops");
  GameView v = games->view(drops);
  EXPECT_EQ(v.state.setup.drops, std::optional<bool>(true));
  EXPECT_TRUE(setup_variant(v.state.setup)->rules.drops);
  EXPECT_TRUE(contains(run("chu board " + std::to_string(drops)), "Black in hand: -"));

  // 2ln: Black's Kirin starts as a Lion; White moves first in a handicap game.
  Id handicap = challenge("chushogi challenge alice bob -handicap=2ln");
  v = games->view(handicap);
  EXPECT_EQ(v.state.setup.handicap, "2ln");
  EXPECT_EQ(v.to_move, kWhite);
  EXPECT_EQ(v.state.black.name, "alice");
  EXPECT_TRUE(contains(run("chu board " + std::to_string(handicap)), "White (bob) to move."));

  // -dai -lion: Dai Shogi with the Chu Lion rules (the lion_rules macro).
  Id dai = challenge("CHUSHOGI challenge alice bob -dai -lion");
  v = games->view(dai);
  EXPECT_EQ(v.state.setup.game, "dai");
  ASSERT_EQ(v.state.setup.options.size(), 1u);
  EXPECT_EQ(v.state.setup.options[0], (std::pair<std::string, std::string>{"lion_rules", "true"}));
  auto variant = setup_variant(v.state.setup);
  EXPECT_TRUE(variant->rules.lion_protection);
  EXPECT_TRUE(variant->rules.promotion_deferral);
  EXPECT_EQ(v.game_name, "Dai Shogi");
  // Without -lion Dai has none of them; -daishogi is -dai; options may come first.
  Id plain = challenge("chushogi challenge -daishogi alice bob");
  EXPECT_FALSE(setup_variant(games->view(plain).state.setup)->rules.lion_protection);
  EXPECT_EQ(games->view(plain).state.setup.game, "dai");

  Id option = challenge("chushogi challenge alice bob -option=max_plies=300 -profile=pbmserv");
  v = games->view(option);
  EXPECT_EQ(v.state.setup.profile, "pbmserv");
  EXPECT_EQ(setup_variant(v.state.setup)->rules.max_plies, 300);
  EXPECT_TRUE(setup_variant(v.state.setup)->rules.check_rule);

  Snapshot before = snapshot();
  EXPECT_EQ(first_line(run("chushogi challenge alice bob -castle")).substr(0, 44),
            "error: challenge: unknown option '-castle': ");
  EXPECT_TRUE(contains(first_line(run("shogi challenge alice bob -dai")),
                       "error: challenge: -dai plays Dai Shogi"));
  EXPECT_TRUE(contains(first_line(run("shogi challenge alice bob -lion")),
                       "error: challenge: -lion turns on"));
  EXPECT_TRUE(contains(first_line(run("chushogi challenge alice bob -handicap=9z")),
                       "error: challenge: handicap"));
  EXPECT_TRUE(contains(first_line(run("chushogi challenge alice bob -option=castling=yes")),
                       "error: challenge: "));
  EXPECT_TRUE(contains(first_line(run("chushogi challenge alice bob -handicap")),
                       "error: challenge: '-handicap' needs a value"));
  EXPECT_TRUE(
      contains(first_line(run("chushogi challenge alice")), "error: challenge: name two players"));
  EXPECT_TRUE(contains(first_line(run("chushogi challenge alice alice")),
                       "error: challenge: you cannot challenge yourself"));
  EXPECT_TRUE(
      contains(first_line(run("chushogi challenge alice nobody")), "error: challenge: no user"));
  // Numbers too large for their fields are refused as written, never wrapped or thrown out.
  EXPECT_TRUE(contains(first_line(run("shogi challenge alice bob -handicap=99999999999p")),
                       "error: challenge: handicap: handicap '99999999999p' at offset 0: shogi "
                       "piece handicaps are 2p"));
  EXPECT_TRUE(contains(first_line(run("shogi challenge alice kirin -level=4294967297")),
                       "error: challenge: '-level=4294967297': the computer's level is 1 to 8"));
  EXPECT_TRUE(
      contains(first_line(run("shogi challenge alice bob -option=max_plies=99999999999999999999")),
               "not '99999999999999999999'"));
  expect_unchanged(before);
}

TEST_F(CommandsTest, WhoMayChallenge) {
  User carol = sign_up("carol");
  Snapshot before = snapshot();
  // No identity, a stranger's address, a stranger's session: refused.
  std::string reply = run("chushogi challenge alice bob", CommandContext{});
  EXPECT_EQ(first_line(reply),
            "error: challenge: only alice or bob may propose a game between them");
  EXPECT_TRUE(contains(reply, "Send the challenge from the e-mail address")) << reply;
  EXPECT_TRUE(contains(first_line(run("chushogi challenge alice bob -password=password-carol",
                                      mail_from("carol@example.org"))),
                       "error: challenge: only alice or bob"));
  CommandContext carol_session;
  carol_session.sender_user = carol.id;
  EXPECT_TRUE(contains(first_line(run("chushogi challenge alice bob", carol_session)),
                       "error: challenge: only alice or bob"));
  // A From: address is easily forged: by mail a challenge needs the sender's password.
  EXPECT_TRUE(contains(first_line(run("chushogi challenge alice bob",
                                      mail_from("alice@example.org"))),
                       "error: challenge: add -password=YOURS"));
  reply =
      run("chushogi challenge alice bob -password=password-bob", mail_from("alice@example.org"));
  EXPECT_TRUE(contains(first_line(reply), "error: challenge: ")) << reply;
  EXPECT_FALSE(contains(reply, "password-bob")) << reply;
  expect_unchanged(before);
}

// Outside the local operator's `kirin command`, a challenge is a proposal: the game starts
// only when the other player accepts it, with their password.
TEST_F(CommandsTest, AChallengeWaitsForTheOpponent) {
  Snapshot before = snapshot();
  std::string reply = run("chushogi challenge alice bob -password=password-alice -drops",
                          mail_from("ALICE@example.org"));
  EXPECT_TRUE(contains(first_line(reply), "Challenge ")) << reply;
  EXPECT_TRUE(contains(reply, "bob accepts with 'chushogi accept ")) << reply;
  EXPECT_TRUE(games->games_of(alice.id, alice.id).empty());
  ASSERT_EQ(challenges->incoming(bob.id).size(), 1u);
  Id id = challenges->incoming(bob.id)[0].id;
  std::string n = std::to_string(id);

  EXPECT_TRUE(contains(first_line(run("chushogi accept " + n + " alice password-alice")),
                       "error: accept " + n + ": ")) << "only bob may accept";
  EXPECT_TRUE(contains(first_line(run("chushogi accept " + n + " bob wrong-password")),
                       "error: accept " + n + ": "));
  EXPECT_TRUE(games->games_of(alice.id, alice.id).empty());
  reply = run("chushogi accept " + n + " bob password-bob", CommandContext{});
  EXPECT_TRUE(contains(first_line(reply), "New game: board ")) << reply;
  std::vector<GameState> started = games->games_of(alice.id, alice.id);
  ASSERT_EQ(started.size(), 1u);
  EXPECT_EQ(started[0].black.name, "alice");
  EXPECT_EQ(started[0].setup.drops, std::optional<bool>(true));

  // Bob, signed in over HTTP, proposes the colours the other way round; alice declines.
  CommandContext bob_session;
  bob_session.sender_user = bob.id;
  reply = run("shogi challenge alice bob", bob_session);
  ASSERT_EQ(challenges->incoming(alice.id).size(), 1u) << reply;
  Challenge c = challenges->incoming(alice.id)[0];
  EXPECT_EQ(c.color, ColorChoice::ChallengerWhite);
  reply = run("shogi decline " + std::to_string(c.id) + " alice password-alice");
  EXPECT_EQ(first_line(reply), "Challenge " + std::to_string(c.id) + " declined.");
  EXPECT_TRUE(challenges->incoming(alice.id).empty());
  EXPECT_EQ(games->games_of(alice.id, alice.id).size(), 1u);
  (void)before;
}

// The probe's attack: a signed-in user sending "challenge me alice" again and again. Each is a
// proposal, and the caps of Challenges hold as in the JSON API.
TEST_F(CommandsTest, RepeatedChallengesMeetTheCaps) {
  CommandContext bob_session;
  bob_session.sender_user = bob.id;
  std::string last;
  for (int i = 0; i < 20; ++i) last = run("shogi challenge bob alice", bob_session);
  EXPECT_TRUE(contains(first_line(last), "error: challenge: you have 5 open challenges to alice"))
      << last;
  EXPECT_EQ(challenges->outgoing(bob.id).size(), 5u);
  EXPECT_TRUE(games->games_of(alice.id, alice.id).empty());
}

// The masked echo hides every password a line carries.
TEST_F(CommandsTest, EchoesHideThePasswords) {
  EXPECT_EQ(CommandInterface::masked("chushogi challenge alice bob -password=secret -drops"),
            "chushogi challenge alice bob -password=*** -drops");
  EXPECT_EQ(CommandInterface::masked("chushogi accept 3 bob secret"), "chushogi accept 3 bob ***");
  EXPECT_EQ(CommandInterface::masked("chushogi decline 3 bob secret"),
            "chushogi decline 3 bob ***");
  EXPECT_EQ(CommandInterface::masked("chushogi withdraw 3 alice secret"),
            "chushogi withdraw 3 alice ***");
  EXPECT_EQ(CommandInterface::masked("chushogi challenges alice secret"),
            "chushogi challenges alice ***");
  // A line that does not fit its form: every argument might be the password.
  EXPECT_EQ(CommandInterface::masked("chushogi challenges secret"), "chushogi challenges ***");
}

TEST_F(CommandsTest, MovesInThreeNotations) {
  Id id = challenge("shogi challenge alice bob");
  std::string n = std::to_string(id);
  std::string reply = run("shogi move " + n + " alice password-alice 7g-7f");  // pbmserv
  EXPECT_EQ(first_line(reply), "Board " + n + ", move 1: alice (Black) played P7g-7f.") << reply;
  EXPECT_TRUE(contains(reply, "White (bob) to move.")) << reply;
  reply = run("shogi move " + n + " bob password-bob P 3c-3d");  // Game Courier
  EXPECT_EQ(first_line(reply), "Board " + n + ", move 2: bob (White) played P3c-3d.") << reply;
  reply = run("shogi move " + n + " alice password-alice 8h2b+");  // USI
  EXPECT_EQ(first_line(reply), "Board " + n + ", move 3: alice (Black) played B8hx2b+.") << reply;
  EXPECT_TRUE(contains(reply, "Moves played: 3; the last, by Black: B8hx2b+")) << reply;
  EXPECT_EQ(stored_moves(id), (std::vector<std::string>{"7g7f", "3c3d", "8h2b+"}));

  // Chu: the Lion in pbmserv notation, then a Lion move as two Game Courier legs.
  Id chu = challenge("chushogi challenge alice bob");
  std::string c = std::to_string(chu);
  EXPECT_TRUE(contains(run("chu move " + c + " alice password-alice Ln7j-6h"), "played Ln7j-6h."));
  EXPECT_TRUE(contains(run("chu move " + c + " bob password-bob p 5d-5e"), "played P5d-5e."));
  reply = run("chu move " + c + " alice password-alice n 6h-6g; n 6g-5f");
  EXPECT_TRUE(contains(first_line(reply), "alice (Black) played Ln6h-5f.")) << reply;
  EXPECT_TRUE(contains(run("chu move " + c + " bob password-bob 5e-5g"), "error: move 4"));
  EXPECT_EQ(stored_moves(chu), (std::vector<std::string>{"7j6h", "5d5e", "6h5f"}));

  // Dai: "n" is pbmserv's Knight but Game Courier's Lion; the piece on the square decides.
  Id dai = challenge("chushogi challenge alice bob -dai");
  std::string d = std::to_string(dai);
  run("chu move " + d + " alice password-alice P8k-8j");
  run("chu move " + d + " bob password-bob P8e-8f");
  EXPECT_TRUE(contains(run("chu move " + d + " alice password-alice n 8m-8k"), "played Ln8m-8k."));
  reply = run("chu move " + d + " bob password-bob N8a-8c");
  EXPECT_TRUE(contains(first_line(reply), "wrong piece in 'N8a-8c'")) << reply;
  EXPECT_EQ(stored_moves(dai), (std::vector<std::string>{"8k8j", "8e8f", "8m8k"}));
}

TEST_F(CommandsTest, AnOptionalPromotionMustBeMarked) {
  Id id = challenge("shogi challenge alice bob");
  std::string n = std::to_string(id);
  run("shogi move " + n + " alice password-alice 7g-7f");
  run("shogi move " + n + " bob password-bob 3c-3d");
  Snapshot before = snapshot();
  // pbmserv asks for '+' or '='; Game Courier (where no mark declines) does not step in.
  std::string reply = run("shogi move " + n + " alice password-alice 8h-2b");
  EXPECT_TRUE(contains(first_line(reply), "error: move 3 in board " + n + ": ")) << reply;
  EXPECT_TRUE(contains(reply, "add + to promote or = to decline")) << reply;
  expect_unchanged(before);
  EXPECT_TRUE(contains(run("shogi move " + n + " alice password-alice Bx2b="), "played B8hx2b="));
}

TEST_F(CommandsTest, RefusedCommandsSayWhyAndChangeNothing) {
  Id id = challenge("shogi challenge alice bob");
  std::string n = std::to_string(id);
  run("shogi move " + n + " alice password-alice 7g-7f");
  sign_up("carol");
  Snapshot before = snapshot();
  struct Case {
    std::string line;
    std::string first_line_start;
  };
  std::string long_line = "shogi board " + n + " " + std::string(1200, 'x');
  std::vector<Case> cases = {
      {"bogus command", "error: unknown game or command 'bogus'"},
      {"chess move " + n + " alice password-alice 7g-7f", "error: unknown game or command 'chess'"},
      {"shogi", "error: 'shogi' needs a command after it"},
      {"shogi fly " + n, "error: unknown command 'fly' for shogi"},
      {"shogi move " + n + " bob wrong-password 3c-3d",
       "error: board " + n + ": wrong name or password"},
      {"shogi move " + n + " nobody password-x 3c-3d",
       "error: board " + n + ": wrong name or password"},
      {"shogi move " + n + " bob password-bob 3c-3e",
       "error: move 2 in board " + n + ": no legal move '3c-3e': "},
      {"shogi move " + n + " alice password-alice 2g-2f",
       "error: move 2 in board " + n + ": it is not alice's turn: White (bob) is to move"},
      {"shogi move " + n + " carol password-carol 3c-3d",
       "error: move 2 in board " + n + ": carol does not play in this game"},
      {"shogi move " + n + " bob password-bob zz9",
       "error: move 2 in board " + n + ": cannot read 'zz9' as a move"},
      {"shogi move " + n + " bob password-bob", "error: move: too few words"},
      {"chushogi move " + n + " bob password-bob 3c-3d",
       "error: board " + n + " is a game of Shogi, not of Chu Shogi"},
      {"shogi move 999 bob password-bob 3c-3d", "error: no board 999"},
      {"shogi board twelve", "error: 'twelve' is not a board number"},
      {"shogi board 99999999999999999999", "error: '99999999999999999999' is not a board number"},
      {"shogi board " + n + " nobody", "error: board: no user"},
      {"shogi resign " + n + " bob wrong-password", "error: resign in board " + n + ": wrong name"},
      {"shogi set bob wrong-password small", "error: set: wrong name or password"},
      {"shogi set bob password-bob tiny", "error: set: unknown setting 'tiny'"},
      {"shogi games nobody", "error: games: no user"},
      {long_line, "error: the line has 1"},
      {"shogi board 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 "
       "30 31 32 33",
       "error: the line has more than 32 words"},
      {"shogi board \x01" + n, "error: the line has a control character (code 1)"},
      {"", "error: empty command"},
  };
  for (const Case& c : cases) {
    std::string reply = run(c.line);
    EXPECT_EQ(first_line(reply).substr(0, c.first_line_start.size()), c.first_line_start)
        << "command: " << c.line.substr(0, 80) << "\nreply: " << reply;
    EXPECT_EQ(reply.back(), '\n');
  }
  expect_unchanged(before);
  EXPECT_EQ(stored_moves(id), (std::vector<std::string>{"7g7f"}));
}

TEST_F(CommandsTest, BoardStylesAndFlip) {
  Id id = challenge("shogi challenge alice bob");
  std::string n = std::to_string(id);
  run("shogi move " + n + " alice password-alice 7g-7f");
  GameView v = games->view(id);
  Position pos = parse_sfen(setup_variant(v.state.setup), v.sfen);
  auto drawing = [&](BoardStyle style, bool flip) {
    std::string text = board_text_pbm(pos, style, flip);
    return text.erase(text.rfind("White to move"));
  };

  std::string reply = run("shogi board " + n);
  EXPECT_TRUE(contains(reply, drawing(BoardStyle::Standard, false))) << reply;
  EXPECT_TRUE(contains(reply, "|\\ N/|")) << reply;  // pbmserv's standard style
  EXPECT_TRUE(contains(reply, "White (bob) to move.")) << reply;

  // bob (White) asks for small boards turned to his side.
  reply = run("shogi set bob password-bob flip small");
  EXPECT_EQ(first_line(reply),
            "Settings of bob: small board, flip (turned so that your pieces are at the bottom "
            "when you play White).");
  EXPECT_EQ(accounts->preferences(bob.id).board_style, "small");
  EXPECT_TRUE(accounts->preferences(bob.id).flip);
  EXPECT_TRUE(contains(run("shogi show " + n + " bob"), drawing(BoardStyle::Small, true)));
  // alice plays Black: her flip setting keeps Black at the bottom.
  run("shogi set alice password-alice alternate flip");
  reply = run("shogi board " + n + " alice");
  EXPECT_TRUE(contains(reply, drawing(BoardStyle::Alternate, false))) << reply;
  EXPECT_TRUE(contains(reply, "| wN |")) << reply;
  run("shogi set bob password-bob noflip standard");
  EXPECT_TRUE(contains(run("shogi board " + n + " bob"), drawing(BoardStyle::Standard, false)));
  EXPECT_EQ(first_line(run("shogi set bob password-bob")),
            "Settings of bob: standard board, noflip (Black always at the bottom).");

  // Without USER: the player whose address sent the mail, or a signed-in user.
  run("shogi set bob password-bob flip small");
  EXPECT_TRUE(contains(run("shogi board " + n, mail_from("bob@example.org")),
                       drawing(BoardStyle::Small, true)));
  CommandContext session;
  session.sender_user = bob.id;
  EXPECT_TRUE(contains(run("shogi board " + n, session), drawing(BoardStyle::Small, true)));
  // After a move, the mover's style.
  reply = run("shogi move " + n + " bob password-bob 3c-3d");
  EXPECT_TRUE(contains(reply, "|wL ")) << reply;
}

TEST_F(CommandsTest, GamesListAndResign) {
  Id chu = challenge("chushogi challenge alice bob -drops");
  Id dai = challenge("chushogi challenge bob alice -dai");
  Id shogi = challenge("shogi challenge bob alice");
  run("chushogi move " + std::to_string(dai) + " bob password-bob P8k-8j");
  // A game's list holds its games only (Chu and Dai are one, as pbmserv's chushogi).
  std::string reply = run("chushogi games alice");
  EXPECT_EQ(first_line(reply), "Games of alice:") << reply;
  EXPECT_TRUE(contains(reply, "board  game")) << reply;
  EXPECT_TRUE(contains(reply, "    " + std::to_string(chu) +
                                  "  Chu Shogi (with drops)  bob       Black   alice to move\n"))
      << reply;
  EXPECT_TRUE(contains(reply, "    " + std::to_string(dai) +
                                  "  Dai Shogi               bob       White   alice to move\n"))
      << reply;
  EXPECT_FALSE(contains(reply, "  Shogi  ")) << reply;
  EXPECT_TRUE(contains(run("shogi games alice"), std::to_string(shogi) + "  Shogi  bob"));

  reply = run("chushogi resign " + std::to_string(chu) + " bob password-bob");
  EXPECT_EQ(first_line(reply), "Board " + std::to_string(chu) + ": bob resigned.") << reply;
  EXPECT_TRUE(contains(reply, "Game over: Black wins by resignation.")) << reply;
  EXPECT_EQ(games->view(chu).state.result, Result::BlackWins);
  reply = run("chushogi games bob");
  EXPECT_TRUE(contains(reply, "over: Black wins by resignation")) << reply;
  // Finished games come after the ones in progress.
  EXPECT_LT(reply.find(std::to_string(dai) + "  Dai Shogi"), reply.find("over: Black wins"));
  EXPECT_TRUE(contains(
      first_line(run("chushogi move " + std::to_string(chu) + " alice password-alice P8i-8h")),
      "the game is over (Black wins by resignation)"));
  EXPECT_TRUE(
      contains(first_line(run("chushogi resign " + std::to_string(chu) + " alice password-alice")),
               "error: resign in board " + std::to_string(chu) + ": game " + std::to_string(chu) +
                   " is over"));
  EXPECT_EQ(run("shogi games carol").substr(0, 12), "error: games");
  sign_up("carol");
  EXPECT_EQ(run("shogi games carol"), "carol has no games of Shogi.\n");
}

// A sealed move is private: `show` never reveals it, whatever user's settings draw the
// board; `showas` shows it to its player, behind the password.
TEST_F(CommandsTest, ASealedMoveShowsOnlyToItsPlayerBehindThePassword) {
  Id game = challenge("shogi challenge alice bob");
  games->adjourn(game, alice.id, "7g7f");
  const std::string id = std::to_string(game);
  const std::string secret = "Your sealed move (only you see it): 7g7f";
  for (const std::string& line :
       {"shogi show " + id, "shogi show " + id + " alice", "shogi board " + id + " alice",
        std::string("shogi show alice"), std::string("all show alice"),
        "shogi showas bob password-bob " + id}) {
    std::string reply = run(line, mail_from("alice@example.org"));
    EXPECT_TRUE(contains(reply, "Adjourned: Black (alice) has sealed a move.")) << line << reply;
    EXPECT_FALSE(contains(reply, "7g7f")) << line << "\n" << reply;
  }
  EXPECT_TRUE(contains(run("shogi showas alice password-alice " + id), secret));
  EXPECT_TRUE(contains(run("shogi showas alice password-alice"), secret));
  EXPECT_FALSE(contains(run("shogi showas alice wrong-password " + id), "7g7f"));
}

TEST_F(CommandsTest, AbortBeforeBothHaveMoved) {
  Id game = challenge("shogi challenge alice bob");
  std::string n = std::to_string(game);
  EXPECT_TRUE(contains(first_line(run("shogi abort " + n + " carol password-carol")), "error: "));
  std::string reply = run("shogi abort " + n + " bob password-bob");
  EXPECT_EQ(first_line(reply), "Board " + n + ": bob aborted the game.") << reply;
  EXPECT_TRUE(contains(reply, "Game aborted.")) << reply;
  EXPECT_EQ(games->view(game).state.status, GameStatus::Aborted);
  EXPECT_TRUE(contains(run("shogi games alice"), "over: aborted")) << run("shogi games alice");

  Id played = challenge("shogi challenge alice bob");
  n = std::to_string(played);
  run("shogi move " + n + " alice password-alice 7g-7f");
  run("shogi move " + n + " bob password-bob 3c-3d");
  reply = run("shogi abort " + n + " alice password-alice");
  EXPECT_EQ(first_line(reply), "error: abort in board " + n + ": both players have moved in game " +
                                   n + ": it can no longer be aborted (resign, or offer a draw)")
      << reply;
  EXPECT_EQ(games->view(played).state.status, GameStatus::Active);
  // Its password is masked in the echo, as resign's is.
  EXPECT_FALSE(contains(commands.run_text("shogi abort " + n + " alice password-alice\n", op),
                        "password-alice"));
}

TEST_F(CommandsTest, TextsOfCommands) {
  std::string text =
      "# my moves\r\n"
      "\r\n"
      "shogi challenge alice bob -password=password-alice\r\n"
      "shogi accept 1 bob password-bob\n"
      "> quoted text from an earlier reply: shogi resign 1 alice password-alice\n"
      "shogi move 1 alice password-alice 7g\xe2\x80\x93"
      "7f\n"  // an en dash, as mailers type
      "\xc2\xa0shogi\xc2\xa0"
      "board 1\n"
      "-- \n"
      "Alice, with a signature: shogi resign 1 alice password-alice\n";
  std::string reply = commands.run_text(text, mail_from("alice@example.org"));
  EXPECT_EQ(first_line(reply), "> shogi challenge alice bob -password=***") << reply;
  EXPECT_TRUE(contains(
      reply, "> shogi move 1 alice *** 7g-7f\nBoard 1, move 1: alice (Black) played P7g-7f."))
      << reply;
  EXPECT_FALSE(contains(reply, "password-alice")) << reply;
  EXPECT_FALSE(contains(reply, "password-bob")) << reply;
  EXPECT_TRUE(contains(reply, std::string(CommandInterface::kSeparator) + "\n> shogi board 1\n"));
  EXPECT_EQ(games->view(1).state.status, GameStatus::Active);
  EXPECT_EQ(games->view(1).state.ply, 1);

  EXPECT_EQ(CommandInterface::masked("signup carol secret-word carol@example.org"),
            "signup carol *** carol@example.org");
  EXPECT_EQ(CommandInterface::masked("chu set  carol secret-word small"),
            "chu set  carol *** small");
  EXPECT_EQ(CommandInterface::masked("chu resign 3 carol secret-word"), "chu resign 3 carol ***");
  EXPECT_EQ(CommandInterface::masked("chu board 3"), "chu board 3");

  EXPECT_TRUE(contains(commands.run_text("\n# nothing\n", op), "error: no command found"));
  std::string many;
  for (int i = 0; i < 25; ++i) many += "help\n";
  reply = commands.run_text(many, op, 3);  // a limit of 3 commands
  EXPECT_TRUE(contains(reply, "error: more than 3 commands: the rest were not run"))
      << reply.substr(reply.size() - 200);

  // A command that takes text, on the last line with no line end: no text follows (the
  // fuzzer's find: the text was read from past the end).
  for (const char* last : {"message bob alice password-alice", "shogi chat 1 alice password-alice"}) {
    reply = commands.run_text(std::string("help\n") + last, op);
    EXPECT_TRUE(contains(reply, std::string("> ") + CommandInterface::masked(last))) << reply;
  }

  EXPECT_EQ(classify_line("--"), LineKind::Stop);
  EXPECT_EQ(classify_line("-- \r"), LineKind::Stop);
  EXPECT_EQ(classify_line("-----Original Message-----"), LineKind::Stop);
  EXPECT_EQ(classify_line("On Mon, 1 Jan 2024, Kirin wrote:"), LineKind::Stop);
  EXPECT_EQ(classify_line("  # comment"), LineKind::Skip);
  EXPECT_EQ(classify_line("\xef\xbb\xbf"), LineKind::Skip);
  EXPECT_EQ(classify_line("help"), LineKind::Command);
}

TEST_F(CommandsTest, AtMostThreeCommandsWithAPasswordRunFromOneText) {
  std::string text;
  for (int i = 0; i < 5; ++i) text += "shogi set alice password-alice small\nshogi board 99\n";
  std::string reply = commands.run_text(text, mail_from("alice@example.org"));
  size_t refused = 0;
  for (size_t at = 0; (at = reply.find("error: only 3 commands with a password", at)) !=
                      std::string::npos;
       ++at)
    ++refused;
  EXPECT_EQ(refused, 2u) << reply;
  size_t ran = 0;
  for (size_t at = 0; (at = reply.find("Settings of alice", at)) != std::string::npos; ++at) ++ran;
  EXPECT_EQ(ran, 3u) << reply;
  // The commands without a password all ran.
  size_t boards = 0;
  for (size_t at = 0; (at = reply.find("error: no board 99", at)) != std::string::npos; ++at)
    ++boards;
  EXPECT_EQ(boards, 5u);
  EXPECT_TRUE(contains(reply, "> shogi set alice *** small\nerror: only 3 commands with a "
                              "password are run from one text: this one was not run (send it "
                              "again in another)\n"))
      << reply;
  // The local operator is not limited.
  reply = commands.run_text(text, op);
  EXPECT_FALSE(contains(reply, "error: only 3")) << reply;
}

TEST_F(CommandsTest, WrongPasswordsInCommandsAreThrottledPerSender) {
  CommandContext mallory = mail_from("mallory@example.net");
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(first_line(run("shogi set alice guess-" + std::to_string(i), mallory)),
              "error: set: wrong name or password");
  EXPECT_EQ(first_line(run("shogi set alice guess-6", mallory)),
            "error: set: wrong name or password");
  // The name must wait now, even with the right password, whoever sends it.
  EXPECT_EQ(first_line(run("shogi set alice password-alice", mail_from("alice@example.org"))),
            "error: set: too many wrong passwords for that name: try again in 1 second");
  clock.advance(1000);
  EXPECT_TRUE(contains(run("shogi set alice password-alice", mail_from("alice@example.org")),
                       "Settings of alice"));

  // Guesses at many names from one client address (POST /api/command) slow that address.
  CommandContext web;
  web.client = "203.0.113.9";
  for (int i = 0; i < 21; ++i) run("shogi set user" + std::to_string(i) + " guess", web);
  EXPECT_EQ(first_line(run("shogi set bob password-bob", web)),
            "error: set: too many wrong passwords from your address: try again in 1 second");
}

TEST_F(CommandsTest, APasswordIsNeverShownBack) {
  Id board = challenge("shogi challenge alice bob");
  std::string b = std::to_string(board);
  const std::string secret = "Sekrit-Pa55";
  for (const std::string& line : {
           // Right form: the password in its place.
           "shogi move " + b + " alice " + secret + " 9a9b",
           "shogi resign " + b + " alice " + secret,
           "shogi set alice " + secret + " huge",
           "signup alice " + secret + " other@example.org",
           // The words in the wrong places, too few or too many.
           "shogi move " + secret + " " + b + " alice 7g7f",
           "shogi move " + b + " " + secret + " 7g7f",
           "shogi resign " + secret + " alice",
           "shogi resign " + b + " alice " + secret + " now",
           "shogi set " + secret,
           "signup " + secret,
           "signup carol carol@example.org " + secret,
           "shogi signup alice " + secret + " a@example.org extra",
           // Lines that cannot be read: a control character, too long.
           "shogi move " + b + " alice " + secret + " 7g7f\x01",
           "shogi move " + b + " alice " + secret + " " + std::string(1200, 'x'),
       }) {
    std::string reply = commands.run_text(line, mail_from("alice@example.org"));
    EXPECT_FALSE(contains(reply, secret)) << line << "\n" << reply;
    EXPECT_TRUE(contains(reply, "error: ")) << line << "\n" << reply;
    EXPECT_FALSE(contains(run(line, mail_from("alice@example.org")), secret)) << line;
  }
  EXPECT_EQ(games->view(board).state.ply, 0);
  // The words after a right password are shown: they are not it.
  clock.advance(3'600'000);  // the wrong passwords above made alice's name wait
  EXPECT_EQ(first_line(run("shogi set alice password-alice huge")),
            "error: set: unknown setting 'huge': the settings are flip, noflip, standard, "
            "alternate, small and profile=NAME");
  EXPECT_EQ(CommandInterface::masked("shogi move 12 " + secret + " 7g7f"),
            "shogi move *** *** ***");
  EXPECT_EQ(CommandInterface::masked("shogi move 12 alice " + secret + " 7g7f\x01"),
            "shogi move 12 alice *** 7g7f?");
}

// With a node budget (the same answers on any machine), A22's mate in 5 is first proved only
// along its line (1,000 nodes), then bounded (3,000), as the API says it (ProblemsApi).
TEST_F(CommandsTest, AMateNotProvedTheShortestSaysWhatIsProved) {
  const std::string a22 =
      "chushogi mate 5e2s3/2+H1ck+ltc3/9f2/3p2p2p2/2+Oi1+m1+D4/12/2q6b2/12/12/12/12/12 b - 1";
  for (auto [nodes, said] :
       {std::pair{1000, "Mate, its length not bounded within the budget (a line of 5):"},
        std::pair{3000, "Mate in at most 5:"}}) {
    MateService limited_mate(MateOptions{.nodes = nodes}, clock.fn());
    ProblemService problems_of_mate(limited_mate);
    CommandInterface limited{*accounts, *challenges, *games, *messages, problems_of_mate,
                             moderation_services(), *tournaments};
    EXPECT_EQ(first_line(limited.run(a22, op)), said);
    EXPECT_EQ(first_line(limited.run(a22, op)), said) << "not remembered";
  }
}

TEST_F(CommandsTest, Help) {
  std::string help = run("help");
  for (const char* part : {"signup USER PASSWORD EMAIL", "GAME challenge USER1 USER2",
                           "-handicap=SPEC", "-dai", "-lion", "GAME move BOARD USER PASSWORD MOVE",
                           "Lnx!4f", "GAME set USER PASSWORD", "chu, chushogi", "dai, daishogi",
                           "Importing a game record", "POST /api/import",
                           "undo|propose|accept|reject|resign", "GAME preview BOARD",
                           "GAME queue BOARD", "GAME submit BOARD", "-notakeback"})
    EXPECT_TRUE(contains(help, part)) << part;
  std::string chu = run("help chushogi");
  EXPECT_EQ(first_line(chu).substr(0, 31), "Chu Shogi (chu, chushogi, chu-s");
  for (const char* part :
       {"2-lions, 2ln", "pbmserv", "lion_protection=true", "Ln Lion", "Ky Kirin"})
    EXPECT_TRUE(contains(chu, part)) << part << "\n" << chu;
  EXPECT_EQ(run("dai help"), run("help daishogi"));
  EXPECT_TRUE(contains(run("help dai"), "lion_rules"));
  EXPECT_TRUE(contains(first_line(run("help chess")), "error: help: no help on 'chess'"));
}

TEST_F(CommandsTest, HttpRoute) {
  http::Router router;
  http::add_command_route(router, commands, *accounts);
  router.set_error_mapper(http::map_service_error);  // as add_api_routes does
  http::Request r;
  r.method = "POST";
  r.path = "/api/command";
  r.body = "# three commands\nshogi challenge alice bob\nshogi accept 1 bob password-bob\n"
           "shogi board 1\n";
  http::Response res = router.handle(r);
  EXPECT_EQ(res.status, 200u);
  EXPECT_EQ(res.content_type, "text/plain; charset=utf-8");
  EXPECT_TRUE(contains(res.body, "error: challenge: only alice or bob")) << res.body;
  EXPECT_TRUE(contains(res.body, "error: no board 1")) << res.body;

  LoginResult login = accounts->log_in("alice", "password-alice");
  r.headers["authorization"] = "Bearer " + login.token;
  res = router.handle(r);
  EXPECT_EQ(res.status, 200u);
  EXPECT_TRUE(contains(res.body, "Challenge 1 sent to bob")) << res.body;
  EXPECT_TRUE(contains(res.body, "> shogi accept 1 bob ***\nNew game: board 1.")) << res.body;
  EXPECT_TRUE(contains(res.body, "> shogi board 1\nBoard 1: Shogi")) << res.body;

  r.headers["authorization"] = "Bearer not-a-token";
  EXPECT_EQ(router.handle(r).status, 401u);
}

TEST_F(CommandsTest, HttpRouteLimitsPasswordChecksAndThrottlesTheClientAddress) {
  http::Router router;
  http::add_command_route(router, commands, *accounts, 2);
  http::Request r;
  r.method = "POST";
  r.path = "/api/command";
  r.client = "198.51.100.4";
  r.body = "shogi set alice guess-1\nshogi set alice guess-2\nshogi set alice guess-3\n";
  std::string body = router.handle(r).body;
  EXPECT_TRUE(contains(body, "error: only 2 commands with a password")) << body;
  r.body = "shogi set alice guess-1\nshogi set alice guess-2\n";
  http::Router strict;
  http::add_command_route(strict, commands, *accounts, 1);
  EXPECT_TRUE(contains(strict.handle(r).body, "error: only 1 command with a password is run"))
      << body;
  // 22 wrong passwords from the address, at two a request, for names that do not exist.
  for (int i = 0; i < 10; ++i) {
    r.body = "shogi set user" + std::to_string(i) + " guess\nshogi set other" +
             std::to_string(i) + " guess\n";
    router.handle(r);
  }
  r.body = "shogi set bob password-bob\n";
  body = router.handle(r).body;
  EXPECT_TRUE(contains(body, "error: set: too many wrong passwords from your address")) << body;
  r.client = "198.51.100.5";
  EXPECT_TRUE(contains(router.handle(r).body, "Settings of bob"));
}

// --- During a game: proposals, move numbers, previews, conditional moves ---

TEST_F(CommandsTest, MoveNumberMustBeTheMoveBeingPlayed) {
  Id id = challenge("shogi challenge alice bob");
  std::string b = std::to_string(id);
  EXPECT_TRUE(contains(run("shogi move " + b + " alice password-alice 7g-7f#1"), "played"));
  Snapshot before = snapshot();
  std::string stale = run("shogi move " + b + " bob password-bob 3c-3d#1");
  EXPECT_EQ(first_line(stale), "error: move 2 in board " + b + ": game " + b +
                                   " is at move 2 (1 played), not move 1"
                                       ": look at the board as it is now and try again");
  expect_unchanged(before);
  EXPECT_TRUE(contains(first_line(run("shogi move " + b + " bob password-bob 3c-3d#x")),
                       "after '#' comes the number of the move you play"));
  expect_unchanged(before);
  EXPECT_TRUE(contains(run("shogi move " + b + " bob password-bob 3c-3d#2"), "played"));
  EXPECT_TRUE(contains(first_line(run("shogi move " + b + " alice password-alice pass")),
                       "these games have no pass"));
  EXPECT_TRUE(contains(first_line(run("shogi move " + b + " alice password-alice swap")),
                       "swap (the pie rule)"));
}

TEST_F(CommandsTest, UndoAcceptRejectProposeResign) {
  Id id = challenge("shogi challenge alice bob");
  std::string b = std::to_string(id);
  User carol = sign_up("carol");
  run("shogi move " + b + " alice password-alice 7g-7f");
  EXPECT_EQ(first_line(run("shogi move " + b + " bob password-bob accept")),
            "error: accept in board " + b + ": alice has proposed nothing to accept");
  EXPECT_EQ(first_line(run("shogi move " + b + " carol password-carol undo")),
            "error: undo in board " + b + ": carol does not play in this game (alice (Black) "
            "against bob (White))");
  std::string asked = run("shogi move " + b + " alice password-alice undo");
  EXPECT_EQ(first_line(asked), "Board " + b + ": alice asks to take back their last move; bob "
                               "answers with 'shogi move " + b + " bob PASSWORD accept' (or "
                               "reject).");
  EXPECT_TRUE(contains(asked, "Black (alice) asks to take back a move."));
  EXPECT_TRUE(contains(first_line(run("shogi move " + b + " alice password-alice accept")),
                       "you cannot accept your own request"));
  std::string accepted = run("shogi move " + b + " bob password-bob accept");
  EXPECT_EQ(first_line(accepted), "Board " + b + ": bob accepted: alice's last move is taken back.");
  EXPECT_TRUE(stored_moves(id).empty());

  run("shogi move " + b + " alice password-alice 2g-2f");
  run("shogi move " + b + " alice password-alice undo");
  EXPECT_EQ(first_line(run("shogi move " + b + " bob password-bob reject")),
            "Board " + b + ": bob rejected alice's request to take back.");
  EXPECT_EQ(first_line(run("shogi move " + b + " bob password-bob propose")),
            "Board " + b + ": bob offers a draw; alice answers with 'shogi move " + b +
                " alice PASSWORD accept' (or reject).");
  EXPECT_EQ(first_line(run("shogi move " + b + " alice password-alice reject")),
            "Board " + b + ": alice rejected the draw offer.");
  EXPECT_EQ(first_line(run("shogi move " + b + " bob password-bob resign")),
            "Board " + b + ": bob resigned.");
  EXPECT_EQ(games->view(id).state.result, Result::BlackWins);
}

TEST_F(CommandsTest, TakebacksRefusedByTheChallengeOption) {
  Id id = challenge("shogi challenge alice bob -notakeback");
  std::string b = std::to_string(id);
  EXPECT_FALSE(games->view(id).state.setup.takebacks);
  run("shogi move " + b + " alice password-alice 7g-7f");
  Snapshot before = snapshot();
  EXPECT_EQ(first_line(run("shogi move " + b + " alice password-alice undo")),
            "error: undo in board " + b + ": takebacks are not allowed in game " + b +
                ": its challenge refused them");
  expect_unchanged(before);
  EXPECT_TRUE(contains(run("shogi board " + b), "no takebacks"));
}

// -tc=CLOCK: byoyomi periods in every spelling a word allows; the board shows the periods left.
TEST_F(CommandsTest, ChallengeClockWithPeriods) {
  for (const char* spec : {"600_byoyomi_30x3", "600_byoyomi_30_periods_3", "10|30(3)"}) {
    Id id = challenge(std::string("shogi challenge alice bob -tc=") + spec);
    EXPECT_EQ(games->view(id).state.time_control, parse_time_control("600 byoyomi 30 periods 3"))
        << spec;
    std::string b = std::to_string(id);
    std::string shown = run("shogi board " + b);
    EXPECT_TRUE(contains(shown, "Time control: 600 byoyomi 30 periods 3\n")) << shown;
    EXPECT_TRUE(contains(shown, "Clocks: Black 10:00, 30s x3; White 10:00, 30s x3\n")) << shown;
  }
  Snapshot before = snapshot();
  EXPECT_EQ(first_line(run("shogi challenge alice bob -tc=600_byoyomi_30x11")),
            "error: challenge: time control: byoyomi periods must be from 1 to 10, not 11");
  EXPECT_EQ(first_line(run("shogi challenge alice bob -tc=300+5_periods_2")),
            "error: challenge: time control: byoyomi periods need a byoyomi");
  EXPECT_EQ(first_line(run("shogi challenge alice bob -tc=")),
            "error: challenge: '-tc=' needs a value: -tc=VALUE");
  expect_unchanged(before);
}

TEST_F(CommandsTest, Berserk) {
  Id id = store_arena_game(*store, {alice.id, "alice"}, {bob.id, "bob"},
                           parse_time_control("60 byoyomi 10 periods 2"), clock.t.load());
  std::string b = std::to_string(id);
  std::string reply = run("shogi berserk " + b + " bob password-bob");
  EXPECT_EQ(first_line(reply),
            "Board " + b + ": bob went berserk: half the main time, no byoyomi or increment.");
  EXPECT_TRUE(contains(reply, "Clocks: Black 1:00, 10s x2; White 0:30 (berserk)\n")) << reply;
  EXPECT_TRUE(games->view(id).state.berserk[kWhite]);
  Snapshot before = snapshot();
  EXPECT_EQ(first_line(run("shogi berserk " + b + " bob password-bob")),
            "error: berserk in board " + b + ": you have already berserked in game " + b);
  EXPECT_EQ(first_line(run("shogi berserk " + b + " bob wrong-password")).rfind("error: ", 0), 0u);
  expect_unchanged(before);
  Id plain = challenge("shogi challenge alice bob -tc=60_byoyomi_10");
  std::string p = std::to_string(plain);
  EXPECT_EQ(first_line(run("shogi berserk " + p + " alice password-alice")),
            "error: berserk in board " + p + ": berserk is not allowed in game " + p +
                ": only an arena that allows it lets its players berserk");
  run("shogi move " + b + " alice password-alice 7g-7f");
  Snapshot moved = snapshot();
  EXPECT_EQ(first_line(run("shogi berserk " + b + " alice password-alice")),
            "error: berserk in board " + b + ": you have moved in game " + b +
                ": berserk is before one's first move");
  expect_unchanged(moved);
  EXPECT_EQ(first_line(run("shogi berserk " + b + " alice")).rfind("error: ", 0), 0u);
}

TEST_F(CommandsTest, PreviewDrawsTheBoardAndPlaysNothing) {
  Id id = challenge("shogi challenge alice bob");
  std::string b = std::to_string(id);
  Snapshot before = snapshot();
  std::string pv = run("shogi preview " + b + " 7g-7f 3c-3d");
  EXPECT_EQ(first_line(pv), "Preview of board " + b + " after 2 moves (nothing is played):");
  EXPECT_TRUE(contains(pv, "Moves played: 2; the last, by White: P3c-3d")) << pv;
  EXPECT_TRUE(contains(pv, "Black (alice) to move."));
  EXPECT_EQ(first_line(run("shogi preview " + b + " 7g-7f 7g-7f")).rfind(
                "error: preview of board " + b + ": move 2: ", 0),
            0u);
  EXPECT_EQ(first_line(run("shogi preview " + b + " 7g-7f#3")),
            "error: preview of board " + b + ": game " + b +
                " is at move 1 (0 played), not move 3"
                    ": look at the board as it is now and try again");
  expect_unchanged(before);
}

TEST_F(CommandsTest, QueueStoresConditionalMovesAndPlaysThem) {
  CommandContext by_alice = mail_from("alice@example.org");
  TimeControl live;
  live.kind = TimeControl::Kind::Live;
  live.main_ms = 600'000;
  std::string b = std::to_string(start_game(shogi(), live));
  ASSERT_TRUE(contains(first_line(run("shogi queue " + b + " alice password-alice 7g-7f")),
                       "conditional moves are for games without a live clock"));
  // An untimed game, as pbmserv's are.
  Id id = challenge("shogi challenge alice bob");
  b = std::to_string(id);
  std::string q = run("shogi queue " + b + " alice password-alice 7g-7f#1 3c-3d 2g-2f", by_alice);
  EXPECT_EQ(first_line(q), "Board " + b + ", move 1: alice (Black) played P7g-7f.");
  EXPECT_TRUE(contains(q, "  1. P3c-3d P2g-2f\n")) << q;
  Snapshot before = snapshot();
  EXPECT_TRUE(contains(first_line(run("shogi queue " + b + " alice password-alice 8c-8d 5i-5a")),
                       "queue in board " + b + ": move 3: "));
  EXPECT_TRUE(contains(first_line(run("shogi queue " + b + " alice password-alice 8c-8d")),
                       "a line is pairs of your opponent's move and your answer"));
  EXPECT_TRUE(contains(first_line(run("shogi queue " + b + " alice password-alice 8c-8d#1 6g-6f")),
                       "is at move 2 (1 played), not move 1"));
  expect_unchanged(before);
  EXPECT_EQ(run("shogi queue " + b + " bob password-bob"),
            "bob has no conditional moves in board " + b + ".\n");
  std::string played = run("shogi move " + b + " bob password-bob 3c-3d");
  EXPECT_TRUE(contains(played, "\nPlayed at once from conditional moves: P2g-2f.\n")) << played;
  EXPECT_EQ(stored_moves(id), (std::vector<std::string>{"7g7f", "3c3d", "2g2f"}));
  run("shogi move " + b + " bob password-bob 8c-8d");
  EXPECT_TRUE(contains(run("shogi queue " + b + " alice password-alice 6g-6f 4c-4d 2f-2e"),
                       "  1. P4c-4d P2f-2e\n"));
  EXPECT_EQ(first_line(run("shogi queue " + b + " alice password-alice clear")),
            "Board " + b + ": alice's conditional moves are deleted.");
  EXPECT_EQ(run("shogi queue " + b + " alice password-alice"),
            "alice has no conditional moves in board " + b + ".\n");
  // The password is never echoed.
  EXPECT_EQ(CommandInterface::masked("shogi queue " + b + " alice password-alice 7g-7f 3c-3d"),
            "shogi queue " + b + " alice *** 7g-7f 3c-3d");
}

TEST_F(CommandsTest, SubmitAndConfirmSayWhyNot) {
  Id id = challenge("shogi challenge alice bob");
  std::string b = std::to_string(id);
  Snapshot before = snapshot();
  std::string submit = run("shogi submit " + b + " alice password-alice 7g-7f");
  EXPECT_EQ(first_line(submit),
            "error: submit: Kirin holds no unconfirmed moves: look at the board a move leads to "
            "with 'shogi preview BOARD MOVE', then play it with 'shogi move BOARD USER PASSWORD "
            "MOVE#MOVENO'");
  EXPECT_FALSE(contains(submit, "password-alice"));
  EXPECT_EQ(first_line(run("shogi confirm " + b + " alice password-alice")).rfind(
                "error: confirm: Kirin holds no unconfirmed moves", 0),
            0u);
  expect_unchanged(before);
}

}  // namespace
}  // namespace kirin::server::testing
