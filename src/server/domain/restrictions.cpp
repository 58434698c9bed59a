#include "server/domain/restrictions.h"

#include <ctime>

#include "server/domain/service_error.h"

namespace kirin::server {

std::string utc_time_text(TimeMs at) {
  std::time_t t = std::time_t(at / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &tm);
  return text;
}

void refuse_if_muted(const User& user, TimeMs now) {
  if (user.muted_until <= now) return;
  throw ServiceError(ErrorCode::Forbidden,
                     user.muted_until == kMutedForever
                         ? std::string("you are muted until a moderator lifts it")
                         : "you are muted until " + utc_time_text(user.muted_until));
}

void refuse_if_blocked(ModerationRepo& repo, Id from, Id to, const std::string& what) {
  if (from != to && repo.blocks(to, from))
    throw ServiceError(ErrorCode::Forbidden, "this player does not accept " + what + " from you");
}

void refuse_if_either_blocks(ModerationRepo& repo, Id me, Id other, const std::string& what) {
  if (me == other) return;
  if (repo.blocks(me, other))
    throw ServiceError(ErrorCode::Forbidden,
                       "you block this player: unblock them first to play them");
  refuse_if_blocked(repo, me, other, what);
}

}  // namespace kirin::server
