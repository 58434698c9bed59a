// The game service as every front door uses it: `kirin serve` (HTTP, WebSocket, its mail
// notices), `kirin command` and `kirin mail` each build this one object on a storage
// (server/store's open_storage), so that they cannot drift apart. The members are built in
// dependency order and destroyed in reverse.
#pragma once

#include <memory>
#include <string>

#include "server/domain/accounts.h"
#include "server/domain/blocks.h"
#include "server/domain/challenges.h"
#include "server/domain/events.h"
#include "server/domain/games.h"
#include "server/domain/imports.h"
#include "server/domain/mate_service.h"
#include "server/domain/messages.h"
#include "server/domain/moderation.h"
#include "server/domain/problems.h"
#include "server/domain/reports.h"
#include "server/domain/storage.h"
#include "server/domain/tournaments.h"
#include "server/domain/usage_counter.h"

namespace kirin::server {

// How the services are set up: every front door passes what its command line says.
struct ServiceOptions {
  // Password hashing (hash_cost Minimal in tests: Argon2 is slow on purpose) and the login
  // throttle.
  AccountOptions accounts;
  ChallengeLimits challenges;
  GameOptions games;
  ImportOptions imports;
  MessageOptions messages;
  MateOptions mate;  // the mate solver: the problems room, "find a mate"
  BlockOptions blocks;
  ReportOptions reports;
  TournamentOptions tournaments;
};

class Services {
 public:
  explicit Services(std::unique_ptr<Storage> storage, const ServiceOptions& options = {});
  Services(const Services&) = delete;
  Services& operator=(const Services&) = delete;

  Storage& storage() { return *storage_; }
  UsageCounter& usage() { return usage_; }
  EventHub& events() { return events_; }
  Accounts& accounts() { return accounts_; }
  GameService& games() { return games_; }
  Challenges& challenges() { return challenges_; }
  Ratings& ratings() { return games_.ratings(); }
  ImportService& imports() { return imports_; }
  Messages& messages() { return messages_; }
  MateService& mate() { return mate_; }
  ProblemService& problems() { return problems_; }
  Blocks& blocks() { return blocks_; }
  Reports& reports() { return reports_; }
  Moderation& moderation() { return moderation_; }
  Tournaments& tournaments() { return tournaments_; }

 private:
  std::unique_ptr<Storage> storage_;
  UsageCounter usage_;
  EventHub events_;
  Accounts accounts_;
  GameService games_;
  Challenges challenges_;
  ImportService imports_;
  Messages messages_;
  MateService mate_;
  ProblemService problems_;
  Blocks blocks_;
  Reports reports_;
  Moderation moderation_;
  Tournaments tournaments_;
};

}  // namespace kirin::server
