// Roles by name, as every door writes them: "player", "moderator", "admin".
#pragma once

#include <optional>
#include <string_view>

#include "server/domain/account_repo.h"
#include "server/domain/records.h"

namespace kirin::server {

const char* role_name(Role role);
std::optional<Role> role_of(std::string_view name);  // nullopt for any other word

// The user `actor`, if their role is `least` or above (an admin is a moderator too); throws
// ServiceError forbidden ("this is for moderators") or not_found.
User require_role(AccountRepo& accounts, Id actor, Role least);

}  // namespace kirin::server
