#include "server/domain/services.h"

namespace kirin::server {

Services::Services(const std::string& store_url, const ServiceOptions& options)
    : store_(open_store(store_url, options.store)),
      accounts_(*store_, options.accounts),
      games_(*store_, events_, system_now, options.games),
      challenges_(*store_, games_, events_, system_now, options.challenges),
      imports_(*store_, system_now, options.imports),
      messages_(*store_, events_, system_now, options.messages),
      mate_(options.mate),
      problems_(mate_) {}

}  // namespace kirin::server
