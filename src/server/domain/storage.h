// The storage the domain needs, as lila keeps it: a repository per concern, each an interface
// declared next to the module that uses it and implemented once for SQLite and PostgreSQL in
// server/store (open_storage). The domain never sees SQL, connections or transactions.
//
// Errors: a repository throws StoreError when the storage itself fails (a lost connection, a
// full disk, a broken row); an expected outcome (a lost race, a taken name) is a return value.
#pragma once

#include <stdexcept>

namespace kirin::server {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AccountRepo;
class ChallengeRepo;
class GameRepo;
class RatingRepo;
class SocialRepo;
class ImportRepo;
class ForecastRepo;
class ModerationRepo;
class GameChangeFeed;

// Every repository over one database, and its change feed; the repositories live as long as
// the Storage.
class Storage {
 public:
  virtual ~Storage() = default;
  virtual AccountRepo& accounts() = 0;
  virtual ChallengeRepo& challenges() = 0;
  virtual GameRepo& games() = 0;
  virtual RatingRepo& ratings() = 0;
  virtual SocialRepo& social() = 0;
  virtual ImportRepo& imports() = 0;
  virtual ForecastRepo& forecasts() = 0;
  virtual ModerationRepo& moderation() = 0;
  virtual GameChangeFeed& changes() = 0;
};

}  // namespace kirin::server
