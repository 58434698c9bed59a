// Closing an account, whatever the door: the one place that decides what becomes of the
// account's challenges and unfinished games.
//
// Decisions: the account is closed, never erased, so that every game stays in the archive
// under its name and nothing is lost from other players' records; the name stays taken. Its
// open challenges, sent and received, are withdrawn (cancelled, declined). Its unfinished
// games end as lishogi ends a closed account's games: a game in which it has not yet moved
// and can still be aborted is aborted (no result), every other one is resigned, so that the
// opponent gets the win rather than a game that waits for ever.
#pragma once

#include <string_view>

#include "server/domain/accounts.h"
#include "server/domain/challenges.h"
#include "server/domain/games.h"

namespace kirin::server {

struct ClosedAccount {
  User user;
  int challenges_withdrawn = 0;
  int games_aborted = 0;
  int games_resigned = 0;
};

// Checks the password (Accounts::check_password: throws what it throws), then withdraws the
// challenges, ends the games and closes the account (Accounts::close).
ClosedAccount close_account(Accounts& accounts, Challenges& challenges, GameService& games,
                            std::string_view name, std::string_view password,
                            std::string_view client);

}  // namespace kirin::server
