#include "server/domain/roles.h"

#include "server/domain/service_error.h"

namespace kirin::server {

const char* role_name(Role role) {
  switch (role) {
    case Role::Player: return "player";
    case Role::Moderator: return "moderator";
    case Role::Admin: return "admin";
  }
  return "player";
}

std::optional<Role> role_of(std::string_view name) {
  for (Role r : {Role::Player, Role::Moderator, Role::Admin})
    if (name == role_name(r)) return r;
  return std::nullopt;
}

User require_role(AccountRepo& accounts, Id actor, Role least) {
  std::optional<User> u = accounts.find_user(actor);
  if (!u) throw ServiceError(ErrorCode::NotFound, "no user with id " + std::to_string(actor));
  if (int(u->role) < int(least))
    throw ServiceError(ErrorCode::Forbidden, least == Role::Admin ? "this is for admins"
                                                                  : "this is for moderators");
  return *u;
}

}  // namespace kirin::server
