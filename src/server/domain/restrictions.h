// The checks moderation makes where an action happens, whatever the door: a muted user writes
// no comments, chat or messages; a blocked user's challenges, messages and chat lines do not
// reach the one who blocked them. Each throws ServiceError forbidden, and says no more than
// it must (a blocked user learns only that the other does not accept it).
#pragma once

#include <string>

#include "server/domain/moderation_repo.h"
#include "server/domain/records.h"

namespace kirin::server {

// Throws forbidden "you are muted until ..." if `user` is muted at `now`.
void refuse_if_muted(const User& user, TimeMs now);
// Throws forbidden "this player does not accept <what> from you" if `to` blocks `from`.
void refuse_if_blocked(ModerationRepo& repo, Id from, Id to, const std::string& what);
// The same for a game between two players: if either blocks the other (tournament pairing
// will ask Blocks::either_blocks).
void refuse_if_either_blocks(ModerationRepo& repo, Id me, Id other, const std::string& what);

// "2026-11-29 06:30 UTC": a time as moderation's messages give it.
std::string utc_time_text(TimeMs at);

}  // namespace kirin::server
