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
class UsageRepo;
class TournamentRepo;
class AnalysisRepo;
class GameChangeFeed;

// The background work done once for all the servers on one store (the computer opponent,
// run-out clocks, the session purge) is done by the leader. On PostgreSQL the leader holds an
// advisory lock on a connection of its own: when it dies, its connection closes, the lock goes
// with it, and the next node to ask takes over. On SQLite one process serves, and leads.
class Leadership {
 public:
  virtual ~Leadership() = default;
  // Whether this process leads now, becoming the leader if nobody is; called every tick. A
  // leader whose connection broke learns here that it no longer leads. Never throws.
  virtual bool lead() = 0;
};

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
  virtual UsageRepo& usage() = 0;  // usage_counter.h
  virtual TournamentRepo& tournaments() = 0;  // tournament_repo.h
  virtual AnalysisRepo& analyses() = 0;  // analysis_repo.h: games' computer analyses
  virtual GameChangeFeed& changes() = 0;
  // Asks the database a trivial question (GET /healthz); throws StoreError if it cannot answer.
  virtual void ping() = 0;
  virtual Leadership& leadership() = 0;
};

}  // namespace kirin::server
