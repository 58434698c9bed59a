// A Tournaments service on the test server (server_fixture.h), with players, a computer
// account whose turns the test plays (QueuedComputer), and helpers that end games.
#pragma once

#include <algorithm>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/domain/tournament_repo.h"
#include "server/domain/tournaments.h"
#include "server_fixture.h"

namespace kirin::server::testing {

// The computer, answering when the test says: each turn it is given waits in a queue, and
// pump() plays the first legal move of each, so that a game of the computer against itself
// goes on one move a pump.
class QueuedComputer : public ComputerPlayer {
 public:
  QueuedComputer(GameService& games, Id user) : games_(games), user_(user) {
    games_.set_computer(this);
  }
  ~QueuedComputer() override { games_.clear_computer(this); }
  Id user() const override { return user_; }
  void your_turn(Id game, int ply, const Game&, int level, Id) override {
    std::lock_guard lock(mutex_);
    turns_.push_back({game, ply});
    levels_.insert(level);
  }
  void game_over(Id) override {}
  // Plays every queued turn (not those its moves queue); how many it played.
  int pump() {
    std::deque<std::pair<Id, int>> now;
    {
      std::lock_guard lock(mutex_);
      now.swap(turns_);
    }
    int played = 0;
    for (auto [game, ply] : now) {
      try {
        GameView v = games_.view(game);
        if (v.state.status != GameStatus::Active || v.state.ply != ply || v.legal_moves.empty())
          continue;
        games_.play_move(game, user_, v.legal_moves.front(), ply);
        ++played;
      } catch (const ServiceError&) {
      }
    }
    return played;
  }
  std::set<int> levels() {
    std::lock_guard lock(mutex_);
    return levels_;
  }

 private:
  GameService& games_;
  Id user_;
  std::mutex mutex_;
  std::deque<std::pair<Id, int>> turns_;
  std::set<int> levels_;
};

class TournamentTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    moderation->set_role(Moderation::kShell, "mod", Role::Moderator);
    make_service();
  }
  void TearDown() override {
    tournaments.reset();
    computer.reset();
    ServerTest::TearDown();
  }
  void make_service(TournamentOptions options = {}) {
    tournaments.reset();
    computer.reset();
    computer = std::make_unique<QueuedComputer>(*games, kirin.id);
    tournaments = std::make_unique<Tournaments>(*store, *accounts, *games, *challenges, *blocks,
                                                log, clock.fn(), options);
  }
  void restart(TournamentOptions options = {}) {
    tournaments.reset();
    computer.reset();
    reopen();
    make_service(options);
  }

  static TournamentSettings settings(TournamentKind kind, const char* tc = "300+5") {
    TournamentSettings s;
    s.kind = kind;
    s.setup.game = "shogi";
    s.time_control = parse_time_control(tc);
    if (kind == TournamentKind::Arena) s.minutes = 30;
    if (kind == TournamentKind::Swiss) s.rounds = 3;
    return s;
  }
  // Created by the moderator, joined by `players`.
  Tournament make(TournamentSettings s, const std::vector<User>& players) {
    Tournament t = tournaments->create(mod.id, std::move(s));
    for (const User& u : players) tournaments->join(t.id, u.id);
    return t;
  }
  std::vector<TournamentPairing> pairings(Id t) {
    return store->tournaments().pairings_of(t);
  }
  // The pairings with a game still being played.
  std::vector<TournamentPairing> playing(Id t) {
    std::vector<TournamentPairing> out;
    for (const TournamentPairing& p : pairings(t))
      if (p.game && !p.ended) out.push_back(p);
    return out;
  }
  // Plays `plies` moves of the game (the first legal ones), whoever is to move.
  void play(Id game, int plies) {
    for (int i = 0; i < plies; ++i) {
      GameView v = games->view(game);
      Id mover = v.to_move == kBlack ? v.state.black.id : v.state.white.id;
      games->play_move(game, mover, v.legal_moves.front(), v.state.ply);
    }
  }
  // Ends the game with `r`: the loser resigns, or a draw is agreed.
  void end(Id game, Result r) {
    GameState s = games->view(game).state;
    if (r == Result::Draw) {
      games->offer_draw(game, s.black.id);
      games->accept_draw(game, s.white.id);
    } else {
      Id loser = r == Result::BlackWins ? s.white.id : s.black.id;
      games->resign(game, loser);
    }
  }
  Id entry_of(Id t, const User& u) {
    for (const TournamentEntry& e : store->tournaments().entries_of(t))
      if (e.user.id == u.id && !e.computer) return e.id;
    return 0;
  }

  User mod = sign_up("mod");
  User carol = sign_up("carol");
  User dave = sign_up("dave");
  User erin = sign_up("erin");
  User kirin = sign_up("kirin");
  std::unique_ptr<QueuedComputer> computer;
  std::unique_ptr<Tournaments> tournaments;
};

}  // namespace kirin::server::testing
