// The store of the server targets: a SQLite file made once per run (alice, bob and carol, a
// session each for alice, bob and carol, a shogi game and a Chu game between alice and bob,
// carol's open challenge; carol is an admin, so that the moderation routes and commands are
// reached), copied afresh before each input. Nothing one input changes is seen by the
// next, so a crash repeats from its input alone.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "server/domain/services.h"
#include "server/store/sql_storage.h"
#include "server/text/commands.h"

namespace kirin::fuzz {

class ServerStore {
 public:
  // The accounts' passwords are "password-NAME"; the games are boards 1 (shogi) and 2 (Chu),
  // the challenge is 3.
  ServerStore() {
    std::string pattern = (std::filesystem::temp_directory_path() / "kirin-fuzz-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    {
      server::Services s(server::open_storage("sqlite:" + (dir_ / "template.db").string()),
                         options());
      for (const char* name : {"alice", "bob", "carol"})
        s.accounts().sign_up(name, std::string(name) + "@example.org",
                             std::string("password-") + name);
      alice_token_ = s.accounts().log_in("alice", "password-alice").token;
      bob_token_ = s.accounts().log_in("bob", "password-bob").token;
      s.moderation().set_role(server::Moderation::kShell, "carol", server::Role::Admin, "fuzz");
      carol_token_ = s.accounts().log_in("carol", "password-carol").token;
      for (const char* game : {"shogi", "chu"}) {
        server::ChallengeRequest r;
        r.opponent = "bob";
        r.setup.game = game;
        r.opponent_agrees = true;
        s.challenges().create(s.accounts().user_by_name("alice").id, r);
      }
      server::ChallengeRequest open;
      open.setup.game = "chu";
      s.challenges().create(s.accounts().user_by_name("carol").id, open);
    }
    std::filesystem::remove(dir_ / "template.db-wal");
    std::filesystem::remove(dir_ / "template.db-shm");
  }
  ~ServerStore() {
    close();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  // The services on a fresh copy of the store, for one input.
  server::Services& fresh() {
    close();
    for (const char* stale : {"run.db-wal", "run.db-shm"}) std::filesystem::remove(dir_ / stale);
    std::filesystem::copy_file(dir_ / "template.db", dir_ / "run.db",
                               std::filesystem::copy_options::overwrite_existing);
    services_ = std::make_unique<server::Services>(
        server::open_storage("sqlite:" + (dir_ / "run.db").string()), options());
    commands_ = std::make_unique<server::CommandInterface>(
        services_->accounts(), services_->challenges(), services_->games(),
        services_->messages(), services_->problems(),
        server::ModerationServices{services_->blocks(), services_->reports(),
                                   services_->moderation()},
        services_->tournaments());
    return *services_;
  }
  server::CommandInterface& commands() { return *commands_; }

  // Argon2 at its cheapest: the targets check what the commands do, not the hash.
  static server::ServiceOptions options() {
    server::ServiceOptions o;
    o.accounts.hash_cost = server::HashCost::Minimal;
    o.mate.threads = 0;  // an input that asks for a solve is refused at once, not solved
    return o;
  }

  // "@alice", "@bob" and "@carol" in `text` replaced by their session tokens.
  std::string with_tokens(std::string text) const {
    for (auto [name, token] : {std::pair{"@alice", &alice_token_}, {"@bob", &bob_token_},
                               {"@carol", &carol_token_}}) {
      size_t at = 0;
      while ((at = text.find(name, at)) != std::string::npos) {
        text.replace(at, std::string_view(name).size(), *token);
        at += token->size();
      }
    }
    return text;
  }

 private:
  void close() {
    commands_.reset();
    services_.reset();
  }

  std::filesystem::path dir_;
  std::string alice_token_, bob_token_, carol_token_;
  std::unique_ptr<server::Services> services_;
  std::unique_ptr<server::CommandInterface> commands_;
};

}  // namespace kirin::fuzz
