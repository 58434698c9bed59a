#include "server/domain/services.h"

namespace kirin::server {

Services::Services(const std::string& store_url, HashCost hash_cost,
                   const StoreOptions& store_options)
    : store_(open_store(store_url, store_options)),
      accounts_(*store_, hash_cost),
      games_(*store_, events_),
      challenges_(*store_, games_, events_) {}

}  // namespace kirin::server
