#include "server/domain/account_closing.h"

#include "server/domain/service_error.h"

namespace kirin::server {

ClosedAccount close_account(Accounts& accounts, Challenges& challenges, GameService& games,
                            std::string_view name, std::string_view password,
                            std::string_view client) {
  ClosedAccount out;
  out.user = accounts.check_password(name, password, client);
  const Id me = out.user.id;
  for (const Challenge& c : challenges.outgoing(me)) {
    try {
      challenges.cancel(c.id, me);
      ++out.challenges_withdrawn;
    } catch (const ServiceError&) {
      // accepted or cancelled meanwhile: its game, if any, is ended below
    }
  }
  for (const Challenge& c : challenges.incoming(me)) {
    try {
      challenges.decline(c.id, me);
      ++out.challenges_withdrawn;
    } catch (const ServiceError&) {
    }
  }
  for (const GameState& g : games.games_of(me, me)) {
    if (is_over(g.status)) continue;
    try {
      games.abort(g.id, me);
      ++out.games_aborted;
      continue;
    } catch (const ServiceError&) {
      // both have moved, or adjourned: resigned below
    }
    try {
      games.resign(g.id, me);
      ++out.games_resigned;
    } catch (const ServiceError&) {
      // ended meanwhile
    }
  }
  accounts.close(me);
  return out;
}

}  // namespace kirin::server
