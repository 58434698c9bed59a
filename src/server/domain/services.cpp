#include "server/domain/services.h"

namespace kirin::server {

Services::Services(std::unique_ptr<Storage> storage, const ServiceOptions& options)
    : storage_(std::move(storage)),
      accounts_(storage_->accounts(), options.accounts),
      games_(*storage_, events_, system_now, options.games),
      challenges_(*storage_, games_, events_, system_now, options.challenges),
      imports_(*storage_, system_now, options.imports),
      messages_(*storage_, events_, system_now, options.messages),
      mate_(options.mate),
      problems_(mate_),
      blocks_(*storage_, system_now, options.blocks),
      reports_(*storage_, system_now, options.reports),
      moderation_(*storage_, accounts_, challenges_, games_, messages_, events_) {}

}  // namespace kirin::server
