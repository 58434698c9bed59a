// Players protect themselves: a user blocks another, whose challenges (named, or accepting an
// open one), rematches, messages and chat lines then do not reach them (restrictions.h, checked
// where each happens). Tournament pairing (issue 29) asks either_blocks.
#pragma once

#include <string_view>
#include <vector>

#include "server/domain/account_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/moderation_repo.h"

namespace kirin::server {

struct BlockOptions {
  int max_per_user = 500;  // users one may block
};

class Blocks {
 public:
  Blocks(Storage& storage, NowFn now = system_now, BlockOptions options = {});

  // Throws not_found (no such user), invalid (oneself, field "name"), conflict (over
  // max_per_user). Blocking twice is no error.
  void block(Id user, std::string_view other);
  void unblock(Id user, std::string_view other);  // throws not_found; unblocking twice: no error
  std::vector<Block> of(Id user);                 // the newest first
  bool blocks(Id user, Id other);                 // whether `user` blocks `other`
  // Whether either blocks the other: two such players are never paired.
  bool either_blocks(Id a, Id b);

 private:
  User named(std::string_view name);

  ModerationRepo& moderation_repo_;
  AccountRepo& account_repo_;
  NowFn now_;
  BlockOptions options_;
};

}  // namespace kirin::server
