// What the players should be told by mail about what they did not do themselves, as the
// play-by-email server does: a new game's board to both players, after a move the board to the
// player now to move (unless their turn_mail setting is off), the result to both, a draw offer to
// the one offered it, a challenge to the one challenged, a private message to its recipient (unless
// their message_mail setting is off). Moves and results only in games without a live clock
// (correspondence or untimed): a live game's players are at their boards. Never to the computer
// opponent, a closed account or an address that cannot receive mail (".invalid"). The transports
// decide how notices travel (mail/outbox.h).
// Tournaments by correspondence (or untimed), so that they can be played by mail alone: each
// new pairing to both players (the board, the opponent, the colour, the clock, the command to
// move), and the event's end (or cancellation) with the final standings to every player who
// entered; a tournament game's result says which event it counts in.
#pragma once

#include <string>
#include <vector>

#include "server/domain/accounts.h"
#include "server/domain/challenges.h"
#include "server/domain/events.h"
#include "server/domain/games.h"
#include "server/text/commands.h"

namespace kirin::server {

struct Notice {
  std::string name, email;  // the recipient
  std::string subject;
  std::string body;  // plain text: what happened, the board in the recipient's style, what to do
};

class Notices {
 public:
  Notices(Accounts& accounts, Challenges& challenges, GameService& games,
          CommandInterface& commands);

  // The notices an event calls for (most call for none). Reads the game or challenge as it
  // is now; throws ServiceError or StoreError if it cannot.
  std::vector<Notice> for_event(const Event& event);

 private:
  std::vector<Notice> for_challenge(const Event& event);
  std::vector<Notice> for_game(const Event& event);
  std::vector<Notice> for_message(const Event& event);
  std::vector<Notice> for_tournament(const Event& event);
  // A notice to `user` about `game`, its board drawn for them; none for the computer.
  void add(std::vector<Notice>& out, Id user, const GameView& game, const std::string& what);

  Accounts& accounts_;
  Challenges& challenges_;
  GameService& games_;
  CommandInterface& commands_;
};

}  // namespace kirin::server
