#include "server/store/change_feed.h"

#include <exception>

namespace kirin::server::sql {

void ChangeFeed::listen_for_game_changes(GameChangeFn on_change) {
  std::lock_guard lock(mutex_);
  const std::string prefix = "store " + name_ + ": ";
  if (listening_) throw StoreError(prefix + "already listening for game changes");
  try {
    listening_ = start(std::move(on_change));
  } catch (const std::exception& e) {
    std::string what = e.what();
    if (what.starts_with(prefix)) what = what.substr(prefix.size());
    throw StoreError(prefix + "cannot listen for game changes: " + what);
  }
}

void ChangeFeed::stop_listening() {
  std::unique_ptr<Listening> l;
  {
    std::lock_guard lock(mutex_);
    l = std::move(listening_);
  }
  l.reset();  // joins the thread, outside the lock
}

}  // namespace kirin::server::sql
