// Players report other players to the moderators: a reason word, a text, and what it is about
// (a game, a comment, a chat line or a message of the reported player's, or nothing). A report
// may point only at what its writer can see: a message they received, a chat line of a game
// they played, so that nobody can make a moderator read someone else's private lines. The
// moderators read the queue, oldest open first, and close each with a resolution.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/account_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/game_repo.h"
#include "server/domain/moderation_repo.h"
#include "server/domain/social_repo.h"

namespace kirin::server {

struct ReportOptions {
  int per_hour = 10;  // reports one user files in any hour (kirin serve --reports-per-hour)
};

struct ReportRequest {
  std::string user;    // the reported player's name
  std::string reason;  // one of Reports::reasons()
  std::string text;    // may be empty
  Id game = 0, comment = 0, chat = 0, message = 0;  // what it is about, at most one
};

class Reports {
 public:
  Reports(Storage& storage, NowFn now = system_now, ReportOptions options = {});

  static const std::vector<std::string>& reasons();  // cheating, abuse, spam, boosting, other

  // Throws ServiceError invalid (field "reason", "text", "user": oneself; or the line is not
  // the reported player's), not_found (no such user, game or line, or a message not to the
  // reporter, a chat line of a game they did not play), too_many_requests (over per_hour),
  // conflict (the reporter's earlier report about that player is still open: one is enough).
  Report file(Id by, const ReportRequest& request);

  // For moderators (others: forbidden). Open reports oldest first, the others newest first.
  std::vector<Report> list(Id moderator, const ReportQuery& query);
  // Closes an open report with a resolution (required, checked as a comment): conflict if it
  // is closed already.
  Report close(Id moderator, Id report, std::string_view resolution);

  // The reported line as the moderator reads it: its text, and whether it was removed.
  struct Excerpt {
    std::string text;
    TimeMs removed = 0;
  };
  std::optional<Excerpt> excerpt(const Report& report);

 private:
  void check_target(const User& by, const User& user, const ReportRequest& r);

  ModerationRepo& moderation_repo_;
  AccountRepo& account_repo_;
  GameRepo& game_repo_;
  SocialRepo& social_repo_;
  NowFn now_;
  ReportOptions options_;
};

// A moderator's reason or resolution, checked as what players write (user_text.h), the field
// named `field`.
std::string checked_reason(std::string_view text, const std::string& field);

}  // namespace kirin::server
