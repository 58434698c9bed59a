// What the players should be told by mail about what they did not do themselves, as the
// play-by-email server does, each with the exact command that answers it (the web is named only
// after it, as another way): a challenge to the one challenged (what it is, every term, and how
// to accept or decline it), its refusal to the challenger and its withdrawal to the one
// challenged; a new game's board to both players; after a move the board to the player now to
// move (unless their turn_mail setting is off); a move played for a player from their
// conditional moves to that player (turn_mail too); the result to both (a draw agreed is one
// result, no second notice); a draw offer to the one offered it, its refusal to the one who
// offered; a request to take back a move to the one asked, its acceptance or refusal to the
// asker, its withdrawal to the one asked; a chat line to the other player and a private message
// to its recipient (unless their message_mail setting is off). Game events only in games
// without a live clock (correspondence or untimed): a live game's players are at their boards.
// Never to the computer opponent, a closed account or an address that cannot receive mail
// (".invalid"). Subjects stay short ("Chu Shogi board 12: takeback asked"). The transports
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
  std::vector<Notice> for_chat(const Event& event);
  // The notices of a draw offer's or a takeback request's event.
  void for_offer(std::vector<Notice>& out, const Event& event, const GameView& game);
  // A notice to `user` about `game`: the subject after the board's name, `what` above their
  // board drawn for them, and the command to move when it is their turn. None for the
  // computer.
  void add(std::vector<Notice>& out, Id user, const GameView& game, const std::string& subject,
           const std::string& what);

  Accounts& accounts_;
  Challenges& challenges_;
  GameService& games_;
  CommandInterface& commands_;
};

}  // namespace kirin::server
