// Moderation (domain/moderation.h, blocks.h, reports.h) on the store (SQLite, or PostgreSQL
// with KIRIN_TEST_STORE=postgres): roles, blocks and what they refuse, reports and their
// checks and limits, mutes, bans, removals, unrated games, and the audit log of each.
#include <gtest/gtest.h>

#include "server/domain/restrictions.h"
#include "server_fixture.h"

namespace kirin::server::testing {
namespace {

class ModerationTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    moderation->set_role(Moderation::kShell, "admin", Role::Admin);
    moderation->set_role(admin.id, "carol", Role::Moderator);
    carol = accounts->user(carol.id);
  }

  ErrorCode code(const std::function<void()>& f) { return service_error(f).code(); }

  ChallengeRequest to(const User& u) {
    ChallengeRequest r;
    r.opponent = u.name;
    r.setup = shogi();
    return r;
  }

  User admin = sign_up("admin");
  User carol = sign_up("carol");  // a moderator
  User dave = sign_up("dave");
};

TEST_F(ModerationTest, RolesAreSetByAdminsAndTheShellAndLogged) {
  EXPECT_EQ(accounts->user(admin.id).role, Role::Admin);
  EXPECT_EQ(accounts->user(carol.id).role, Role::Moderator);
  // A moderator and a player may not set roles.
  EXPECT_EQ(code([&] { moderation->set_role(carol.id, "dave", Role::Moderator); }),
            ErrorCode::Forbidden);
  EXPECT_EQ(code([&] { moderation->set_role(alice.id, "alice", Role::Admin); }),
            ErrorCode::Forbidden);
  // An admin keeps their own admin role: a server always has one.
  EXPECT_EQ(code([&] { moderation->set_role(admin.id, "admin", Role::Player); }),
            ErrorCode::Conflict);
  EXPECT_EQ(accounts->user(admin.id).role, Role::Admin);
  std::vector<AuditEntry> entries = moderation->log(admin.id, "", 0, 50);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].action, "role moderator");
  EXPECT_EQ(entries[0].by.name, "admin");
  EXPECT_EQ(entries[0].user.name, "carol");
  EXPECT_EQ(entries[1].by.id, 0);  // the shell
  EXPECT_EQ(entries[1].user.name, "admin");
  // Only admins read it.
  EXPECT_EQ(code([&] { moderation->log(carol.id, "", 0, 50); }), ErrorCode::Forbidden);
}

TEST_F(ModerationTest, ABlockRefusesChallengesRematchesMessagesAndChat) {
  Id game = start_game();  // alice against bob
  EXPECT_EQ(code([&] { blocks->block(bob.id, "bob"); }), ErrorCode::Invalid);
  EXPECT_EQ(code([&] { blocks->block(bob.id, "nobody"); }), ErrorCode::NotFound);
  blocks->block(bob.id, "ALICE");
  blocks->block(bob.id, "alice");  // twice: no error
  ASSERT_EQ(blocks->of(bob.id).size(), 1u);
  EXPECT_EQ(blocks->of(bob.id)[0].user.name, "alice");
  EXPECT_TRUE(blocks->either_blocks(alice.id, bob.id));
  EXPECT_TRUE(blocks->either_blocks(bob.id, alice.id));
  EXPECT_FALSE(blocks->either_blocks(alice.id, dave.id));

  ServiceError named = service_error([&] { challenges->create(alice.id, to(bob)); });
  EXPECT_EQ(named.code(), ErrorCode::Forbidden);
  EXPECT_EQ(std::string(named.what()), "this player does not accept challenges from you");
  EXPECT_EQ(code([&] { messages->send(alice.id, {"bob"}, "hello"); }), ErrorCode::Forbidden);
  EXPECT_EQ(code([&] { games->add_chat_line(game, alice.id, "hello"); }), ErrorCode::Forbidden);
  games->add_chat_line(game, bob.id, "I may still speak");  // the blocker may
  // Bob's open challenge: alice may not take it.
  ChallengeRequest open;
  open.setup = shogi();
  Challenge c = challenges->create(bob.id, open);
  EXPECT_EQ(code([&] { challenges->accept(c.id, alice.id); }), ErrorCode::Forbidden);
  challenges->accept(c.id, dave.id);
  // A rematch of their game.
  games->resign(game, bob.id);
  ChallengeRequest rematch;
  rematch.rematch_of = game;
  EXPECT_EQ(code([&] { challenges->create(alice.id, rematch); }), ErrorCode::Forbidden);
  // The blocker cannot challenge the one they block either.
  EXPECT_EQ(code([&] { challenges->create(bob.id, to(alice)); }), ErrorCode::Forbidden);

  blocks->unblock(bob.id, "alice");
  EXPECT_TRUE(blocks->of(bob.id).empty());
  messages->send(alice.id, {"bob"}, "hello again");
  challenges->create(alice.id, to(bob));
}

TEST_F(ModerationTest, BlocksAreLimited) {
  Blocks few(*store, clock.fn(), BlockOptions{.max_per_user = 2});
  few.block(alice.id, "bob");
  few.block(alice.id, "carol");
  EXPECT_EQ(code([&] { few.block(alice.id, "dave"); }), ErrorCode::Conflict);
  few.block(alice.id, "bob");  // one already blocked: no error
}

TEST_F(ModerationTest, ReportsPointOnlyAtWhatTheReporterMaySee) {
  Id game = start_game();
  Message to_bob = messages->send(alice.id, {"bob"}, "you are a fool")[0];
  Message to_dave = messages->send(alice.id, {"dave"}, "private words")[0];
  ChatLine line = games->add_chat_line(game, alice.id, "rude line");
  Comment comment = games->add_comment(game, alice.id, "a public comment");
  ReportRequest r{.user = "alice", .reason = "abuse", .text = "see the message"};
  r.message = to_dave.id;  // not bob's to show
  EXPECT_EQ(code([&] { reports->file(bob.id, r); }), ErrorCode::NotFound);
  r.message = 0;
  r.chat = line.id;  // a chat of a game dave did not play
  EXPECT_EQ(code([&] { reports->file(dave.id, r); }), ErrorCode::NotFound);
  r.chat = 0;
  r.comment = comment.id;
  r.user = "dave";  // not dave's comment
  EXPECT_EQ(service_error([&] { reports->file(bob.id, r); }).field(), "comment");
  r.user = "alice";
  r.reason = "rudeness";
  EXPECT_EQ(service_error([&] { reports->file(bob.id, r); }).field(), "reason");
  r.reason = "abuse";
  r.user = "bob";
  r.comment = 0;
  EXPECT_EQ(code([&] { reports->file(bob.id, r); }), ErrorCode::Invalid);  // oneself
  r.user = "alice";
  r.message = to_bob.id;
  Report filed = reports->file(bob.id, r);
  EXPECT_TRUE(filed.open);
  // One open report about a player is enough.
  r.message = 0;
  EXPECT_EQ(code([&] { reports->file(bob.id, r); }), ErrorCode::Conflict);

  // Players do not read the queue; moderators do, with the reported line.
  ReportQuery open{.open = true};
  EXPECT_EQ(code([&] { reports->list(bob.id, open); }), ErrorCode::Forbidden);
  std::vector<Report> queue = reports->list(carol.id, open);
  ASSERT_EQ(queue.size(), 1u);
  EXPECT_EQ(queue[0].by.name, "bob");
  EXPECT_EQ(queue[0].message, to_bob.id);
  EXPECT_EQ(reports->excerpt(queue[0])->text, "you are a fool");
  EXPECT_EQ(code([&] { reports->close(carol.id, filed.id, ""); }), ErrorCode::Invalid);
  Report closed = reports->close(carol.id, filed.id, "warned");
  EXPECT_FALSE(closed.open);
  EXPECT_EQ(code([&] { reports->close(carol.id, filed.id, "again"); }), ErrorCode::Conflict);
  EXPECT_TRUE(reports->list(carol.id, open).empty());
  ReportQuery shut{.open = false};
  std::vector<Report> done = reports->list(carol.id, shut);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].closed_by.name, "carol");
  EXPECT_EQ(done[0].resolution, "warned");
  // Closed: a new report about alice may be filed.
  reports->file(bob.id, r);
}

TEST_F(ModerationTest, ReportsPerHourAreLimitedInTheStore) {
  Reports two(*store, clock.fn(), ReportOptions{.per_hour = 2});
  two.file(alice.id, {.user = "bob", .reason = "spam"});
  two.file(alice.id, {.user = "carol", .reason = "other"});
  ServiceError e = service_error([&] { two.file(alice.id, {.user = "dave", .reason = "spam"}); });
  EXPECT_EQ(e.code(), ErrorCode::TooManyRequests);
  EXPECT_GT(e.retry_after_s(), 0);
  clock.advance(3600'001);
  two.file(alice.id, {.user = "dave", .reason = "spam"});
}

TEST_F(ModerationTest, AMutedPlayerWritesNothingUntilTheMuteEnds) {
  Id game = start_game();
  EXPECT_EQ(service_error([&] { moderation->mute(carol.id, "alice", "", 24); }).field(), "reason");
  EXPECT_EQ(code([&] { moderation->mute(bob.id, "alice", "spam", 24); }), ErrorCode::Forbidden);
  User muted = moderation->mute(carol.id, "alice", "spam in comments", 2);
  EXPECT_EQ(muted.muted_until, clock.t + 2 * 3600'000);
  ServiceError e = service_error([&] { games->add_comment(game, alice.id, "hi"); });
  EXPECT_EQ(e.code(), ErrorCode::Forbidden);
  EXPECT_TRUE(std::string(e.what()).starts_with("you are muted until ")) << e.what();
  EXPECT_EQ(code([&] { games->add_chat_line(game, alice.id, "hi"); }), ErrorCode::Forbidden);
  EXPECT_EQ(code([&] { messages->send(alice.id, {"bob"}, "hi"); }), ErrorCode::Forbidden);
  clock.advance(2 * 3600'000 + 1);
  games->add_comment(game, alice.id, "back");
  moderation->mute(carol.id, "alice", "again", 0);  // until unmuted
  EXPECT_EQ(accounts->user(alice.id).muted_until, kMutedForever);
  clock.advance(1000LL * 24 * 3600'000);
  EXPECT_EQ(code([&] { messages->send(alice.id, {"bob"}, "hi"); }), ErrorCode::Forbidden);
  moderation->unmute(carol.id, "alice", "");
  messages->send(alice.id, {"bob"}, "hi");
}

TEST_F(ModerationTest, ABanEndsSessionsRefusesSignInAndClosesChallenges) {
  LoginResult login = accounts->log_in("alice", "password-alice");
  Challenge mine = challenges->create(alice.id, to(bob));
  Challenge theirs = challenges->create(dave.id, to(alice));
  moderation->ban(carol.id, "alice", "cheating, twice");
  EXPECT_EQ(code([&] { accounts->authenticate(login.token); }), ErrorCode::Unauthorized);
  ServiceError e = service_error([&] { accounts->check_password("alice", "password-alice"); });
  EXPECT_EQ(e.code(), ErrorCode::Unauthorized);
  EXPECT_EQ(std::string(e.what()), "the account 'alice' is banned: nobody can sign in as it");
  EXPECT_EQ(challenges->get(mine.id).status, ChallengeStatus::Cancelled);
  EXPECT_EQ(challenges->get(theirs.id).status, ChallengeStatus::Declined);
  moderation->unban(carol.id, "alice", "");
  accounts->check_password("alice", "password-alice");
}

TEST_F(ModerationTest, OnlyAdminsActOnModeratorsAndAdmins) {
  moderation->set_role(admin.id, "dave", Role::Moderator);
  EXPECT_EQ(code([&] { moderation->ban(carol.id, "dave", "no"); }), ErrorCode::Forbidden);
  EXPECT_EQ(code([&] { moderation->ban(carol.id, "admin", "no"); }), ErrorCode::Forbidden);
  EXPECT_EQ(code([&] { moderation->mute(carol.id, "admin", "no", 1); }), ErrorCode::Forbidden);
  EXPECT_EQ(code([&] { moderation->ban(carol.id, "carol", "me"); }), ErrorCode::Conflict);
  moderation->mute(admin.id, "dave", "testing the rule", 1);
  EXPECT_GT(accounts->user(dave.id).muted_until, 0);
}

TEST_F(ModerationTest, RemovedLinesLeaveEveryViewAndStayForTheAudit) {
  Id game = start_game();
  Comment comment = games->add_comment(game, alice.id, "spam spam");
  ChatLine line = games->add_chat_line(game, alice.id, "rude");
  Message m = messages->send(alice.id, {"bob"}, "insult")[0];
  Report r = reports->file(bob.id, {.user = "alice", .reason = "abuse", .chat = line.id});
  log.clear();
  moderation->remove(carol.id, WrittenLine::Comment, comment.id, "spam");
  moderation->remove(carol.id, WrittenLine::Chat, line.id, "abuse");
  moderation->remove(carol.id, WrittenLine::Message, m.id, "abuse");
  EXPECT_EQ(code([&] { moderation->remove(carol.id, WrittenLine::Chat, line.id, "again"); }),
            ErrorCode::NotFound);
  EXPECT_TRUE(games->comments(game, 0, 50).comments.empty());
  EXPECT_TRUE(games->view(game).comments.empty());
  EXPECT_TRUE(games->chat(game, bob.id).empty());
  EXPECT_TRUE(messages->inbox(bob.id, 0, 50).messages.empty());
  EXPECT_EQ(messages->unread(bob.id), 0);
  EXPECT_EQ(code([&] { messages->read(bob.id, m.id); }), ErrorCode::NotFound);
  // After a restart too (the cache is gone).
  reopen();
  EXPECT_TRUE(games->view(game).comments.empty());
  // The moderator still reads the reported line, marked removed.
  std::optional<Reports::Excerpt> excerpt = reports->excerpt(*store->moderation().find_report(r.id));
  ASSERT_TRUE(excerpt);
  EXPECT_EQ(excerpt->text, "rude");
  EXPECT_GT(excerpt->removed, 0);
  std::vector<AuditEntry> about = moderation->user_view(carol.id, "alice").log;
  ASSERT_EQ(about.size(), 3u);
  EXPECT_EQ(about[0].target_kind, "message");
  EXPECT_EQ(about[1].target_kind, "chat");
  EXPECT_EQ(about[1].target, line.id);
  EXPECT_EQ(about[2].target_kind, "comment");
  EXPECT_EQ(about[2].reason, "spam");
}

TEST_F(ModerationTest, RemovalsArePublished) {
  Id game = start_game();
  Comment comment = games->add_comment(game, alice.id, "spam");
  log.clear();
  moderation->remove(carol.id, WrittenLine::Comment, comment.id, "spam");
  ASSERT_EQ(log.kinds(), std::vector<std::string>{"removed"});
  EXPECT_EQ(log.events[0].removed, comment.id);
  EXPECT_EQ(log.events[0].game, game);
  EXPECT_EQ(log.events[0].text, "comment");
}

TEST_F(ModerationTest, AWarningIsAMessageMarkedAsOne) {
  blocks->block(alice.id, "carol");  // a warning reaches a player who blocks the moderator
  Message w = moderation->warn(carol.id, "alice", "mind your language");
  EXPECT_TRUE(w.warning);
  Message read = messages->read(alice.id, w.id);
  EXPECT_TRUE(read.warning);
  EXPECT_EQ(read.from.name, "carol");
  std::vector<AuditEntry> about = moderation->user_view(carol.id, "alice").log;
  ASSERT_EQ(about.size(), 1u);
  EXPECT_EQ(about[0].action, "warn");
  EXPECT_EQ(about[0].target, w.id);
}

TEST_F(ModerationTest, UnratingACheatersGamesUndoesTheirRatings) {
  GameSetup rated = shogi();
  rated.rated = true;
  ChallengeRequest r = to(bob);
  r.setup = rated;
  Id game = challenges->accept(challenges->create(alice.id, r).id, bob.id);
  // Two moves each: a shorter game is not rated (ratings.h).
  for (auto [by, move] : {std::pair{alice.id, "7g7f"}, {bob.id, "3c3d"}, {alice.id, "2g2f"},
                          {bob.id, "8c8d"}})
    games->play_move(game, by, move);
  games->resign(game, bob.id);
  Rating before = games->ratings().rating({bob.id, "bob"}, "shogi");
  EXPECT_EQ(before.games, 1);
  EXPECT_EQ(moderation->unrate_games(carol.id, "alice", "engine use"), 1);
  EXPECT_FALSE(games->view(game).state.setup.rated);
  EXPECT_EQ(games->ratings().rating({bob.id, "bob"}, "shogi").games, 0);
  EXPECT_TRUE(games->ratings().ratings_of(alice.id).empty());
  EXPECT_EQ(moderation->unrate_games(carol.id, "alice", "again"), 0);
}

TEST_F(ModerationTest, TheModeratorsViewOfAPlayer) {
  start_game();
  reports->file(bob.id, {.user = "alice", .reason = "boosting"});
  moderation->mute(carol.id, "alice", "spam", 1);
  EXPECT_EQ(code([&] { moderation->user_view(bob.id, "alice"); }), ErrorCode::Forbidden);
  Moderation::UserView v = moderation->user_view(carol.id, "alice");
  EXPECT_EQ(v.games, 1);
  ASSERT_EQ(v.reports.size(), 1u);
  EXPECT_EQ(v.reports[0].reason, "boosting");
  ASSERT_EQ(v.log.size(), 1u);
  EXPECT_EQ(v.log[0].action, "mute 1h");
}

}  // namespace
}  // namespace kirin::server::testing
