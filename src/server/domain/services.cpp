#include "server/domain/services.h"

namespace kirin::server {

Services::Services(std::unique_ptr<Storage> storage, const ServiceOptions& options)
    : storage_(std::move(storage)),
      usage_(storage_->usage()),
      accounts_(storage_->accounts(), options.accounts),
      games_(*storage_, events_, system_now, options.games),
      challenges_(*storage_, games_, events_, system_now, options.challenges),
      imports_(*storage_, system_now, options.imports),
      messages_(*storage_, events_, system_now, options.messages),
      mate_(options.mate),
      problems_(mate_),
      blocks_(*storage_, system_now, options.blocks),
      reports_(*storage_, system_now, options.reports),
      moderation_(*storage_, accounts_, challenges_, games_, messages_, events_),
      tournaments_(*storage_, accounts_, games_, challenges_, blocks_, events_, system_now,
                   options.tournaments) {
  accounts_.publish_to(events_);
  accounts_.limit_signups(usage_, options.accounts.signups_per_address_per_hour);
  // A game that ends may end a round: the director looks at once.
  events_.subscribe([this](const Event& e) {
    if (e.kind == EventKind::Result) tournaments_.game_ended(e.game);
  });
}

}  // namespace kirin::server
