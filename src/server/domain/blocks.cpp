#include "server/domain/blocks.h"

#include "server/domain/service_error.h"

namespace kirin::server {

Blocks::Blocks(Storage& storage, NowFn now, BlockOptions options)
    : moderation_repo_(storage.moderation()),
      account_repo_(storage.accounts()),
      now_(std::move(now)),
      options_(options) {}

User Blocks::named(std::string_view name) {
  std::optional<User> u = account_repo_.find_user_by_name(name);
  if (!u) throw ServiceError(ErrorCode::NotFound, "no user named '" + std::string(name) + "'");
  return *u;
}

void Blocks::block(Id user, std::string_view other) {
  User them = named(other);
  if (them.id == user) throw ServiceError(ErrorCode::Invalid, "you cannot block yourself", "name");
  if (moderation_repo_.blocks(user, them.id)) return;
  if (moderation_repo_.count_blocks(user) >= options_.max_per_user)
    throw ServiceError(ErrorCode::Conflict, "you block " + std::to_string(options_.max_per_user) +
                                                " players already, the most this server keeps: "
                                                "unblock some first");
  moderation_repo_.add_block(user, them.id, now_());
}

void Blocks::unblock(Id user, std::string_view other) {
  moderation_repo_.remove_block(user, named(other).id);
}

std::vector<Block> Blocks::of(Id user) { return moderation_repo_.blocks_of(user); }

bool Blocks::blocks(Id user, Id other) { return moderation_repo_.blocks(user, other); }

bool Blocks::either_blocks(Id a, Id b) {
  return moderation_repo_.blocks(a, b) || moderation_repo_.blocks(b, a);
}

}  // namespace kirin::server
