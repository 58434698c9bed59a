// Challenges: a user proposes a game (any built-in game or alias, with its profile, options,
// handicap or start position, colours and time control) to another user or to anyone;
// accepting creates the game. The setup is checked by building the game for real, so a
// challenge that exists can be played.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "server/domain/account_repo.h"
#include "server/domain/challenge_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/events.h"
#include "server/domain/game_repo.h"
#include "server/domain/games.h"
#include "server/domain/moderation_repo.h"

namespace kirin::server {

struct ChallengeRequest {
  std::string opponent;  // a user name; empty: open to anyone
  GameSetup setup;
  ColorChoice color = ColorChoice::ChallengerBlack;
  TimeControl time_control;
  // The opponent agrees already (a text command naming both players): the game starts at
  // once, and no open challenge is announced.
  bool opponent_agrees = false;
  // A rematch of this game (over, played by the challenger): to the other player of it (who
  // is the opponent if none is named), on its terms (setup, clock, colours swapped).
  Id rematch_of = 0;
};

// What one user may ask of others at once (kirin serve options; docs/API.md, "Limits").
struct ChallengeLimits {
  std::size_t open_per_user = 50;         // open challenges sent
  std::size_t open_to_one_user = 5;       // of those, to one opponent
  std::size_t computer_games_per_user = 3;  // unfinished games against the computer
  // Who may play rated (creating or accepting a rated challenge): an account this old, or
  // one with this many finished games of Ratings::kMinRatedPly moves or more; either
  // suffices, so that throwaway accounts do not farm ratings (issue 28, finding 5). 0: none.
  TimeMs rated_min_account_age_ms = 24LL * 3600 * 1000;
  int rated_min_games = 10;
};

class Challenges {
 public:
  Challenges(Storage& storage, GameService& games, EventSink& events, NowFn now = system_now,
             ChallengeLimits limits = {});

  // Throws ServiceError: invalid naming the bad field (game, profile, option NAME, drops,
  // handicap, start_sfen, time_control, opponent), not_found (no such opponent), conflict
  // (over a ChallengeLimits cap). A challenge to the computer, or one the opponent agrees to
  // already (only the local operator's `kirin command` may say so), is accepted at once (the
  // returned challenge has its game). A rematch (ChallengeRequest::rematch_of) throws
  // not_found, forbidden (not the challenger's game), conflict (the game is not over, or was
  // rematched already, or the challenger's offer is open already); offering one while the
  // opponent's offer is open accepts that offer, and returns it.
  Challenge create(Id challenger, ChallengeRequest request);
  // Creates the game and returns its id. Black is the challenger unless the challenge says
  // otherwise; who moves first is the start position's (White in a handicap game).
  // Throws not_found, forbidden (not for this user, or one's own), conflict (no longer open).
  Id accept(Id challenge, Id user);
  void decline(Id challenge, Id user);  // the challenged user
  void cancel(Id challenge, Id user);   // the challenger

  Challenge get(Id challenge);  // throws not_found
  std::optional<Challenge> rematch_of(Id game);  // the latest offer of a rematch of `game`
  std::vector<Challenge> open();            // open to anyone
  std::vector<Challenge> incoming(Id user);  // addressed to the user, still open
  std::vector<Challenge> outgoing(Id user);  // sent by the user, still open
  // Declines every open challenge to `user` and cancels every one from them (a moderator's
  // action, a ban), each announced as its own answer would be: how many it closed.
  int close_all_of(Id user);
  // Whether `me` may play rated games (ChallengeLimits): throws ServiceError forbidden (field
  // "rated") naming what the account lacks. Joining a rated tournament asks it too.
  void check_may_play_rated(const User& me);

 private:
  void publish(const Challenge& c, const char* what, const PlayerRef& by);
  // Checks a rematch offer and names its opponent (r.opponent); returns the opponent's open
  // offer of the same rematch, if any.
  std::optional<Challenge> check_rematch(const User& me, ChallengeRequest& r);
  // Sets a rematch's terms from its game: setup, clock, and the colours swapped.
  void take_rematch_terms(const User& me, ChallengeRequest& r);
  // A challenge that names no profile is played under the challenger's default profile of
  // the game (Preferences::profiles); "default" names the game's own default rules.
  static void choose_profile(const User& me, GameSetup& setup);
  void check_caps(const User& me, const PlayerRef& opponent);

  ChallengeRepo& challenge_repo_;
  AccountRepo& account_repo_;
  GameRepo& game_repo_;
  ModerationRepo& moderation_repo_;
  GameService& games_;
  EventSink& events_;
  NowFn now_;
  ChallengeLimits limits_;
};

}  // namespace kirin::server
