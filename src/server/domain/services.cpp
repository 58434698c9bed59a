#include "server/domain/services.h"

namespace kirin::server {

Services::Services(const std::string& store_url, const AccountOptions& accounts)
    : store_(open_store(store_url)),
      accounts_(*store_, accounts),
      games_(*store_, events_),
      challenges_(*store_, games_, events_) {}

}  // namespace kirin::server
