#include "server/domain/services.h"

namespace kirin::server {

Services::Services(const std::string& store_url, HashCost hash_cost,
                   ChallengeLimits challenge_limits)
    : store_(open_store(store_url)),
      accounts_(*store_, hash_cost),
      games_(*store_, events_),
      challenges_(*store_, games_, events_, system_now, challenge_limits) {}

}  // namespace kirin::server
