// The problems room and the mate service (server/domain/problems.h, mate_service.h): the
// collections, an attempt's verdicts, the refusals, and the solver's limits.
#include <gtest/gtest.h>

#include <thread>

#include "notation/usi.h"
#include "rules/mating.h"
#include "server/domain/game_setup.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

// chu-tsume-ab A22, a mate in 5: 5e5d 7b6a 10e9d8c 8b8c 5d7b 7a7b 10b9a 7b8a 9a8a.
const std::vector<std::string> kA22 = {"5e5d", "7b6a", "10e9d8c", "8b8c", "5d7b",
                                       "7a7b", "10b9a", "7b8a",   "9a8a"};

std::vector<std::string> first(std::size_t n) { return {kA22.begin(), kA22.begin() + n}; }

class Problems : public ServerTest {
 protected:
  Asker someone{0, "192.0.2.1"};

  void with_options(MateOptions options) {
    problems.reset();
    mate = std::make_unique<MateService>(options, clock.fn());
    problems = std::make_unique<ProblemService>(*mate);
  }

  ServiceError refusal(const std::vector<std::string>& moves) {
    try {
      problems->attempt("chu-tsume-ab", "A22", moves, someone);
    } catch (const ServiceError& e) {
      return e;
    }
    ADD_FAILURE() << "not refused";
    return ServiceError(ErrorCode::Invalid, "");
  }
};

TEST_F(Problems, TheCollectionListsA22AsAMateInFive) {
  const Problem& p = problems->problem("chu-tsume-ab", "A22");
  EXPECT_EQ(p.published_moves(), 5);
  EXPECT_EQ(p.solution, kA22);
  EXPECT_EQ(ProblemService::attacker(p), kBlack);
  EXPECT_EQ(problems->collection("chu-tsume-ab").game, "chu");
}

TEST_F(Problems, AnUnknownCollectionOrProblemIsNotFound) {
  for (auto [collection, name] : {std::pair{"no-such", "A22"}, std::pair{"chu-tsume-ab", "Z9"}}) {
    try {
      problems->problem(collection, name);
      ADD_FAILURE() << collection << " " << name;
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.code(), ErrorCode::NotFound);
      EXPECT_EQ(e.field(), std::string(collection) == "no-such" ? "collection" : "name");
    }
  }
}

TEST_F(Problems, TheBooksLineIsAnsweredFromTheBookAndEndsSolved) {
  for (std::size_t n = 1; n < kA22.size(); n += 2) {
    AttemptAnswer a = problems->attempt("chu-tsume-ab", "A22", first(n), someone);
    EXPECT_EQ(a.verdict, Verdict::Defended) << n;
    EXPECT_TRUE(a.from_book);
    EXPECT_EQ(a.reply, kA22[n]);
    EXPECT_EQ(a.nodes, 0);
  }
  EXPECT_EQ(problems->attempt("chu-tsume-ab", "A22", kA22, someone).verdict, Verdict::Solved);
}

TEST_F(Problems, AMoveThatAttacksNoRoyalIsWrong) {
  // The Horned Falcon on 10b steps aside to 11b: White's King on 7b is not attacked.
  AttemptAnswer a = problems->attempt("chu-tsume-ab", "A22", {"10b11b"}, someone);
  EXPECT_EQ(a.verdict, Verdict::Wrong);
  EXPECT_EQ(a.reason, "no-attack");
  EXPECT_EQ(a.nodes, 0);
}

TEST_F(Problems, AnAttackThatDoesNotMateIsRefutedWithADefence) {
  // After 5e5d 7b6a the Dragon King to 5b attacks the King, which takes it.
  AttemptAnswer a = problems->attempt("chu-tsume-ab", "A22", {"5e5d", "7b6a", "5d5b"}, someone);
  ASSERT_EQ(a.verdict, Verdict::Wrong);
  EXPECT_EQ(a.reason, "no-mate");
  EXPECT_EQ(a.refutation, "6a5b");
  EXPECT_GT(a.nodes, 0);
  // The Lion's 10e9d8c at once attacks too, but does not mate.
  a = problems->attempt("chu-tsume-ab", "A22", {"10e9d8c"}, someone);
  EXPECT_EQ(a.verdict, Verdict::Wrong);
  EXPECT_EQ(a.reason, "no-mate");
}

TEST_F(Problems, AnyMoveTheSolverProvesMatingIsRightNotOnlyTheBooks) {
  // After 5e5d 7b6a the book plays the Lion 10e9d8c; the Lion's jump 10e8c mates too.
  AttemptAnswer a = problems->attempt("chu-tsume-ab", "A22", {"5e5d", "7b6a", "10e8c"}, someone);
  EXPECT_EQ(a.verdict, Verdict::Defended);
  EXPECT_FALSE(a.from_book);
  EXPECT_EQ(a.reply, "8b8c");
  EXPECT_EQ(a.mate_moves, 3);
  EXPECT_GT(a.nodes, 0);
}

TEST_F(Problems, AnyDefenceIsTakenAndTheSolverAnswersOffTheBook) {
  // After the book's first move, a defence other than the book's 7b6a: the book's line no
  // longer applies, the solver answers the attacker's next move.
  Game game = ProblemService::start(problems->collection("chu-tsume-ab"),
                                    problems->problem("chu-tsume-ab", "A22"));
  game.play(read_usi_move(game, "5e5d", 0));
  MoveList defences;
  Position pos = game.position();
  generate_defences(pos, defences);
  std::string other;
  for (const Move& m : defences)
    if (to_usi(pos, m) != "7b6a") other = to_usi(pos, m);
  ASSERT_FALSE(other.empty());
  game.play(read_usi_move(game, other, 1));
  MoveList attacks;
  Position now = game.position();
  generate_attacks(now, attacks);
  ASSERT_GT(attacks.size, 0);
  bool any_defended_or_solved = false;
  for (const Move& m : attacks) {
    AttemptAnswer a =
        problems->attempt("chu-tsume-ab", "A22", {"5e5d", other, to_usi(now, m)}, Asker{});
    EXPECT_FALSE(a.from_book);
    any_defended_or_solved |= a.verdict == Verdict::Defended || a.verdict == Verdict::Solved;
    if (a.verdict == Verdict::Defended) {
      EXPECT_FALSE(a.reply.empty());
    }
  }
  EXPECT_TRUE(any_defended_or_solved) << "after " << other;
}

TEST_F(Problems, BadMovesAreRefusedNamingTheField) {
  ServiceError e = refusal({});
  EXPECT_EQ(e.field(), "moves");
  e = refusal({"5e5d", "7b6a"});  // ends with a defence
  EXPECT_EQ(e.field(), "moves");
  e = refusal({"5e5d", "7b6a", "zz9"});
  EXPECT_EQ(e.code(), ErrorCode::Invalid);
  EXPECT_EQ(e.field(), "moves[2]");
  e = refusal({"5e5d", "1a1b", "10e9d8c"});  // not a legal defence
  EXPECT_EQ(e.field(), "moves[1]");
  e = refusal({"10b11b", "7b6a", "5e5d"});  // an earlier move that attacks no royal
  EXPECT_EQ(e.field(), "moves[0]");
  std::vector<std::string> after_the_end = kA22;
  after_the_end.insert(after_the_end.end(), {"8a7a", "7c7b"});
  e = refusal(after_the_end);
  EXPECT_EQ(e.field(), "moves[9]");
}

TEST_F(Problems, AnUnprovedMoveIsSaidSoAndNotAccepted) {
  with_options(MateOptions{.default_movetime_ms = 1, .max_movetime_ms = 1});
  // A1 is a mate in 16: one millisecond proves nothing after its first move off the book.
  const Problem& a1 = problems->problem("chu-tsume-ab", "A1");
  Game game = ProblemService::start(problems->collection("chu-tsume-ab"), a1);
  MoveList attacks;
  Position pos = game.position();
  generate_attacks(pos, attacks);
  int unproved = 0;
  for (const Move& m : attacks) {
    if (to_usi(pos, m) == a1.solution[0]) continue;  // the book's: answered from the book
    AttemptAnswer a = problems->attempt("chu-tsume-ab", "A1", {to_usi(pos, m)}, Asker{});
    EXPECT_NE(a.verdict, Verdict::Defended) << to_usi(pos, m);  // never accepted unproved
    unproved += a.verdict == Verdict::Unproved;
  }
  EXPECT_GT(unproved, 0);
}

TEST_F(Problems, SolvesPerMinuteAreLimitedByUserAndByAddressButRememberedAnswersAreFree) {
  with_options(MateOptions{.per_minute = 1});
  MateAnswer first_answer =
      mate->solve(GameSetup{.game = "chu", .start_sfen = problems->problem("chu-tsume-ab",
                                                                           "A22").sfen},
                  {}, 0, Asker{alice.id, "192.0.2.1"});
  EXPECT_EQ(first_answer.status, MateStatus::Mate);
  EXPECT_EQ(first_answer.mate_moves, 5);
  EXPECT_FALSE(first_answer.cached);
  // The same question again: remembered, no solve counted.
  MateAnswer again = mate->solve(
      GameSetup{.game = "chu", .start_sfen = problems->problem("chu-tsume-ab", "A22").sfen}, {},
      0, Asker{alice.id, "192.0.2.1"});
  EXPECT_TRUE(again.cached);
  EXPECT_EQ(again.line, first_answer.line);
  // Another question: alice is over her limit, from any address; her address too, for anyone.
  for (Asker asker : {Asker{alice.id, "198.51.100.7"}, Asker{bob.id, "192.0.2.1"}}) {
    try {
      problems->attempt("chu-tsume-ab", "A22", {"10e9d8c"}, asker);
      ADD_FAILURE() << "not limited";
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.code(), ErrorCode::TooManyRequests) << e.what();
      EXPECT_GT(e.retry_after_s(), 0);
    }
  }
  // The book's line takes no solve.
  EXPECT_EQ(problems->attempt("chu-tsume-ab", "A22", {"5e5d"}, Asker{alice.id, "192.0.2.1"})
                .verdict,
            Verdict::Defended);
  clock.advance(61'000);
  EXPECT_EQ(problems->attempt("chu-tsume-ab", "A22", {"10e9d8c"}, Asker{bob.id, "192.0.2.1"})
                .verdict,
            Verdict::Wrong);
}

TEST_F(Problems, TheBudgetIsTheDefaultOrAtMostTheMaximum) {
  EXPECT_EQ(mate->budget(0), 3000);
  EXPECT_EQ(mate->budget(500), 500);
  EXPECT_EQ(mate->budget(60'000), 10'000);
}

TEST_F(Problems, ASwitchedOffSolverIsBusyButTheBookStillAnswers) {
  with_options(MateOptions{.threads = 0});
  EXPECT_EQ(problems->attempt("chu-tsume-ab", "A22", {"5e5d"}, someone).verdict,
            Verdict::Defended);
  ServiceError e = refusal({"10e9d8c"});
  EXPECT_EQ(e.code(), ErrorCode::Busy);
}

TEST_F(Problems, SolvesPastTheThreadsAndTheQueueAreRefusedAsBusy) {
  with_options(MateOptions{.threads = 1, .queue_limit = 0, .max_movetime_ms = 20'000});
  // B45, a mate in 31: a solve of many seconds, running until it is stopped.
  const std::string b45 = problems->problem("chu-tsume-ab", "B45").sfen;
  std::thread long_solve([&] {
    MateAnswer a = mate->solve(GameSetup{.game = "chu", .start_sfen = b45}, {}, 20'000, Asker{});
    EXPECT_EQ(a.status, MateStatus::Unknown);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  try {
    mate->solve(GameSetup{.game = "chu"}, {"7i7h"}, 10, Asker{});
    ADD_FAILURE() << "not refused";
  } catch (const ServiceError& e) {
    EXPECT_EQ(e.code(), ErrorCode::Busy);
    EXPECT_GT(e.retry_after_s(), 0);
  }
  mate->stop();  // the running solve answers unknown at once
  long_solve.join();
}

TEST_F(Problems, AFindAMateQuestionNamesItsBadFields) {
  auto field_of = [&](GameSetup setup, std::vector<std::string> moves) {
    try {
      mate->solve(std::move(setup), moves, 0, someone);
    } catch (const ServiceError& e) {
      return e.field();
    }
    return std::string("(not refused)");
  };
  EXPECT_EQ(field_of(GameSetup{.game = "nosuch"}, {}), "game");
  EXPECT_EQ(field_of(GameSetup{.game = "chu", .start_sfen = "12/12 b"}, {}), "start_sfen");
  EXPECT_EQ(field_of(GameSetup{.game = "shogi"}, {"7g7f", "7g7f"}), "moves[1]");
}

}  // namespace
}  // namespace kirin::server::testing
