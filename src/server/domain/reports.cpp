#include "server/domain/reports.h"

#include <algorithm>

#include "server/domain/roles.h"
#include "server/domain/service_error.h"
#include "server/domain/user_text.h"

namespace kirin::server {
namespace {

constexpr TimeMs kHourMs = 3600'000;

[[noreturn]] void not_found(const std::string& what) {
  throw ServiceError(ErrorCode::NotFound, "no " + what);
}

[[noreturn]] void not_theirs(const std::string& what, const std::string& name) {
  throw ServiceError(ErrorCode::Invalid, "that " + what + " is not " + name + "'s", what);
}

}  // namespace

std::string checked_reason(std::string_view text, const std::string& field) {
  try {
    return checked_user_text(text, field);
  } catch (const ServiceError& e) {
    throw ServiceError(e.code(), e.what(), field, e.offset());
  }
}

Reports::Reports(Storage& storage, NowFn now, ReportOptions options)
    : moderation_repo_(storage.moderation()),
      account_repo_(storage.accounts()),
      game_repo_(storage.games()),
      social_repo_(storage.social()),
      now_(std::move(now)),
      options_(options) {}

const std::vector<std::string>& Reports::reasons() {
  static const std::vector<std::string> words{"cheating", "abuse", "spam", "boosting", "other"};
  return words;
}

void Reports::check_target(const User& by, const User& user, const ReportRequest& r) {
  if (int(r.game != 0) + int(r.comment != 0) + int(r.chat != 0) + int(r.message != 0) > 1)
    throw ServiceError(ErrorCode::Invalid,
                       "a report is about one game, comment, chat line or message at most");
  if (r.game) {
    std::optional<GameState> g = game_repo_.find_game(r.game);
    if (!g) not_found("game with id " + std::to_string(r.game));
    if (g->black.id != user.id && g->white.id != user.id)
      throw ServiceError(ErrorCode::Invalid, user.name + " did not play that game", "game");
  }
  if (r.comment) {
    std::optional<Comment> c = moderation_repo_.find_line(WrittenLine::Comment, r.comment);
    if (!c || c->removed) not_found("comment with id " + std::to_string(r.comment));
    if (c->user.id != user.id) not_theirs("comment", user.name);
  }
  if (r.chat) {
    // A game's chat is its players' own: a line of another game's chat is not the reporter's
    // to show, and they are not told it exists.
    std::optional<Comment> c = moderation_repo_.find_line(WrittenLine::Chat, r.chat);
    std::optional<GameState> g = c ? game_repo_.find_game(c->game) : std::nullopt;
    if (!c || c->removed || !g || (g->black.id != by.id && g->white.id != by.id))
      not_found("chat line with id " + std::to_string(r.chat) + " in your games");
    if (c->user.id != user.id) not_theirs("chat", user.name);
  }
  if (r.message) {
    std::optional<Message> m = social_repo_.find_message(r.message);
    if (!m || m->to.id != by.id || m->removed)
      not_found("message " + std::to_string(r.message) + " to you");
    if (m->from.id != user.id) not_theirs("message", user.name);
  }
}

Report Reports::file(Id by, const ReportRequest& r) {
  if (std::find(reasons().begin(), reasons().end(), r.reason) == reasons().end())
    throw ServiceError(ErrorCode::Invalid,
                       "a report's reason is cheating, abuse, spam, boosting or other, not '" +
                           r.reason + "'",
                       "reason");
  std::string text = r.text.find_first_not_of(" \t\r\n") == std::string::npos
                         ? std::string()
                         : checked_user_text(r.text, "report");
  std::optional<User> me = account_repo_.find_user(by);
  if (!me) not_found("user with id " + std::to_string(by));
  std::optional<User> them = account_repo_.find_user_by_name(r.user);
  if (!them) not_found("user named '" + r.user + "'");
  if (them->id == me->id) throw ServiceError(ErrorCode::Invalid, "you cannot report yourself", "user");
  check_target(*me, *them, r);
  TimeMs now = now_();
  // Counted in the store, so that every server of a cluster counts the same reports.
  if (moderation_repo_.count_reports_since(by, now - kHourMs) >= options_.per_hour)
    throw ServiceError(ErrorCode::TooManyRequests,
                       "you have filed " + std::to_string(options_.per_hour) +
                           " reports in the last hour: try again later")
        .retry_after(kHourMs / 1000);
  if (std::optional<Report> open = moderation_repo_.open_report(by, them->id))
    throw ServiceError(ErrorCode::Conflict,
                       "your report " + std::to_string(open->id) + " about " + them->name +
                           " is still open: a moderator will read it",
                       "user");
  Report report;
  report.by = {me->id, me->name};
  report.user = {them->id, them->name};
  report.reason = r.reason;
  report.text = text;
  report.game = r.game;
  report.comment = r.comment;
  report.chat = r.chat;
  report.message = r.message;
  report.created = now;
  report.id = moderation_repo_.add_report(report);
  return report;
}

std::vector<Report> Reports::list(Id moderator, const ReportQuery& query) {
  require_role(account_repo_, moderator, Role::Moderator);
  ReportQuery q = query;
  q.limit = std::clamp(q.limit, 1, 200);
  return moderation_repo_.find_reports(q);
}

Report Reports::close(Id moderator, Id id, std::string_view resolution) {
  User mod = require_role(account_repo_, moderator, Role::Moderator);
  std::string text = checked_reason(resolution, "resolution");
  std::optional<Report> r = moderation_repo_.find_report(id);
  if (!r) not_found("report with id " + std::to_string(id));
  AuditEntry entry{0, now_(), {mod.id, mod.name}, "close-report", r->user, "report", id, text};
  if (!moderation_repo_.close_report(id, mod.id, entry.at, text, entry))
    throw ServiceError(ErrorCode::Conflict, "report " + std::to_string(id) + " is closed already");
  r->open = false;
  r->closed_by = {mod.id, mod.name};
  r->closed_at = entry.at;
  r->resolution = text;
  return *r;
}

std::optional<Reports::Excerpt> Reports::excerpt(const Report& r) {
  if (r.comment || r.chat) {
    std::optional<Comment> c =
        moderation_repo_.find_line(r.comment ? WrittenLine::Comment : WrittenLine::Chat,
                                   r.comment ? r.comment : r.chat);
    if (c) return Excerpt{c->text, c->removed};
  }
  if (r.message)
    if (std::optional<Message> m = social_repo_.find_message(r.message))
      return Excerpt{m->text, m->removed};
  return std::nullopt;
}

}  // namespace kirin::server
