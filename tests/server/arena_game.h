// A game between two users as an arena pairs it, berserk allowed (GameState::berserk_allowed),
// stored through the storage's own interface, as the tournament director's games are: for the
// tests of berserk in the domain and its doors.
#pragma once

#include "clock/time_control.h"
#include "server/domain/challenge_repo.h"
#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server::testing {

// Shogi from its start, `black` against `white`, created at `now` with time control `tc`.
inline Id store_arena_game(Storage& store, PlayerRef black, PlayerRef white, TimeControl tc,
                           TimeMs now) {
  Challenge c;
  c.challenger = black;
  c.challenged = white;
  c.setup.game = "shogi";
  c.time_control = tc;
  c.created = now;
  const Id challenge = store.challenges().create_challenge(c);
  GameState g;
  g.setup = c.setup;
  g.start_sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
  g.black = black;
  g.white = white;
  g.time_control = tc;
  g.created = g.updated = now;
  g.clock = start_clock(tc, now);
  g.berserk_allowed = true;
  return store.challenges().accept_challenge(challenge, g).value();
}

}  // namespace kirin::server::testing
