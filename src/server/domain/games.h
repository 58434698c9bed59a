// The game service: moves, clocks, draws, resignation, adjournment, comments, views and
// exports of stored games. It knows no HTTP and no SQL.
//
// A move is accepted only once stored: it is checked (player, turn, expected ply, notation,
// legality, clock), written with GameRepo::append_move, which checks the ply again in its
// transaction, and only then applied to the cached game and published. Each game's live
// kirin::Game is cached (rebuilt from the store by replaying its moves on first use) and
// operated on under that game's own lock. Every call first compares the cached version with
// the stored one (one row read), so a game another process wrote is brought up to date (and
// what it changed published); a write that still loses a race is refused by the store and
// drops the cached game. Changes other processes make are also heard as they happen, through
// changed_elsewhere.
#pragma once

#include <array>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"
#include "server/domain/account_repo.h"
#include "server/domain/clocks.h"
#include "server/domain/events.h"
#include "server/domain/forecast_repo.h"
#include "server/domain/forecasts.h"
#include "server/domain/game_analyses.h"
#include "server/domain/game_change_feed.h"
#include "server/domain/game_export.h"
#include "server/domain/game_repo.h"
#include "server/domain/moderation_repo.h"
#include "server/domain/move_lines.h"
#include "server/domain/rate_limit.h"
#include "server/domain/ratings.h"
#include "server/domain/social_repo.h"

namespace kirin::server {

// Throws ServiceError conflict unless `expected_ply` is the game's ply (the moves played): a
// move, takeback or forecast sent for a position the game has left. Every door's check
// (the API's expected_ply, pbmserv's move#moveno: moveno = expected_ply + 1).
void check_expected_ply(const GameState& state, int expected_ply);

// A computer opponent (a user of its own). The service calls your_turn, outside any lock,
// whenever that user is to move in an active game; the player must not block the caller:
// it thinks elsewhere and answers through GameService::play_move with `ply` as the
// expected ply.
class ComputerPlayer {
 public:
  virtual ~ComputerPlayer() = default;
  virtual Id user() const = 0;
  // `level`: the game's GameSetup::computer_level; `opponent`: the user it plays against.
  virtual void your_turn(Id game, int ply, const Game& game_now, int level, Id opponent) = 0;
  // The game has ended (or was found ended): whatever it still thinks about it is wasted.
  virtual void game_over(Id game) = 0;
};

struct GameView {
  GameState state;  // state.sealed->usi is empty unless the viewer sealed it
  std::string game_name;  // "Chu Shogi"
  std::string start_sfen, sfen;  // the start and the current position
  Color to_move = kBlack;
  std::vector<MoveRecord> moves;
  std::vector<Comment> comments;  // the latest kViewComments, oldest first
  std::size_t comments_total = 0;
  std::vector<std::string> legal_moves;  // USI, of the current position; empty unless active
  std::array<int64_t, 2> clock_ms{0, 0};  // main time left now, by Color (live games), or
                                          // time to the deadline (correspondence)
  std::array<int, 2> periods_left{0, 0};  // byoyomi periods left now, by Color
  std::optional<Color> running;    // whose clock runs (none before both sides have moved)
  std::optional<TimeMs> deadline;  // when the side to move runs out of time
  std::optional<TimeMs> abort_at;  // when the game is aborted if the side to move has not
                                   // made its first move
  TimeMs now = 0;
  std::optional<Color> computer;  // the side the computer plays, if it plays this game
  std::string result_text;  // describe_result
  std::vector<RatingChange> rating_changes;  // a finished rated game's, Black's first
  bool analysed = false;  // a finished game with a kept computer analysis (game_analyses.h)
};

struct MoveAck {
  MoveRecord move;  // as stored
  GameState state;  // after the move
};

// What a server lets its games do (kirin serve options; docs/API.md, "Limits").
struct GameOptions {
  std::size_t comments_per_minute = 10;  // by one user, in any minute
  std::size_t chat_per_minute = 10;      // a game's chat lines by one user, in any minute
  // A live game whose side to move has not made its first move this long after its turn
  // began is aborted (clocks.h); 0: never. Games against the computer are not (lishogi's rule).
  int64_t first_move_timeout_ms = 60'000;
  // The computer's account (kirin serve --computer; empty: none). Its games are known by this
  // name, so that processes that run no computer (kirin command, kirin mail) judge them alike.
  std::string computer_name = "kirin";
  RatingOptions ratings;
  ForecastLimits forecast;  // conditional moves stored per player and game
  AnalysisLimits analysis;  // games' computer analyses (game_analyses.h)
};

// A game replayed from its start: what checks an analysis of it (game_analyses.h).
struct GameReplay {
  GameState state;
  Position start;
  std::vector<Move> moves;
  std::vector<std::string> usi;  // the moves as stored
};

// A position after some moves, not played (GameService::preview).
struct Preview {
  std::vector<std::string> moves;  // canonical USI
  int ply = 0;                     // the game's ply after them
  std::string sfen;
  Color to_move = kBlack;
  std::string ending;  // the rules' reason word if the moves end the game, else empty
};

class GameService {
 public:
  explicit GameService(Storage& storage, EventSink& events, NowFn now = system_now,
                       GameOptions options = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  void set_move_parser(MoveParser parser);
  // The computer opponent, or nullptr; clear_computer forgets `c` if it is the one set.
  void set_computer(ComputerPlayer* c);
  void clear_computer(ComputerPlayer* c);
  // The computer's account while no computer is set: on a node that does not lead
  // (leadership in storage.h), games against it are made here and answered by the leader.
  void set_computer_account(Id user);
  Id computer_user();  // 0 if none
  // The computer's account: the one set, or the one named GameOptions::computer_name.
  bool is_computer(const PlayerRef& player);
  // The ratings every rated game that finishes here settles.
  Ratings& ratings() { return ratings_; }
  // Games' computer analyses, kept and judged.
  GameAnalyses& analyses() { return analyses_; }

  // Every call below throws ServiceError: not_found (no such game), forbidden (not a player
  // of it, not the player to move), invalid (bad move or text), conflict (game over or
  // adjourned, stale expected ply, lost a race with another writer).

  // What `viewer` (0: anyone) may see: a sealed move shows only to the player who sealed it.
  GameView view(Id game, Id viewer = 0);
  std::vector<GameState> games_of(Id user, Id viewer);  // newest first
  std::vector<GameState> find_games(const GameQuery& query, Id viewer);  // newest first

  // `text` in the move parser's notation; `expected_ply` the ply the client saw (moves
  // played so far). A move after the mover's time ran out ends the game on time and throws
  // conflict.
  MoveAck play_move(Id game, Id user, std::string_view text,
                    std::optional<int> expected_ply = std::nullopt);
  // Active or adjourned. The side to move's unfinished turn is charged to its clock.
  void resign(Id game, Id user);
  // Either player ends an active game before both sides have made their first move: no result
  // (GameStatus::Aborted). Conflict once both have moved.
  void abort(Id game, Id user);
  void offer_draw(Id game, Id user);  // agrees if the opponent's offer is open
  void accept_draw(Id game, Id user);
  void decline_draw(Id game, Id user);
  // Takebacks, as lishogi has them. A player asks to take back their last move (and, if the
  // opponent has replied, that reply too); nothing is taken back until the opponent accepts,
  // and a move by either side ends the request. The computer accepts at once. Forbidden in a
  // game whose challenge refused takebacks (GameSetup::takebacks). After the takeback the
  // asker is to move and its turn starts now; no side gets back the time its moves used
  // (lishogi refunds only the turn that was running).
  void ask_takeback(Id game, Id user);
  void accept_takeback(Id game, Id user);
  // The opponent declines the request, or its asker withdraws it.
  void decline_takeback(Id game, Id user);
  // The position after `moves` played from the current one (at most kMaxPreviewMoves), nothing
  // played: pbmserv's preview. Anyone may look. Throws invalid (field "moves") naming the
  // first move that does not read or is not legal. `parser`, here and below: the notation
  // of the moves, the service's (set_move_parser) if empty.
  static constexpr std::size_t kMaxPreviewMoves = 100;
  Preview preview(Id game, const std::vector<std::string>& moves, MoveParser parser = {});
  // A player's conditional moves in a game without a live clock (correspondence, or untimed as
  // pbmserv's games; forecasts.h): private, shown only to that player. forecast returns none
  // once the game has left them. set_forecast stores lines (no lines: deletes them) while the
  // opponent is to move, checked legal; forbidden to anyone but a player, invalid in a game
  // with a live clock. Deleting them (no lines) is
  // allowed to the player at any time.
  Forecast forecast(Id game, Id user);
  Forecast set_forecast(Id game, Id user, const std::vector<std::vector<std::string>>& lines,
                        MoveParser parser = {});
  // pbmserv's queue: `moves` are one line. On the player's turn its first move is played now
  // (at `expected_ply`, if given) and the rest is stored as a conditional line; on the
  // opponent's turn the whole line is. The line is added to the player's stored lines (those
  // of the position it starts from). Everything is checked before anything is played or
  // stored. Returns the move played, if any, and the lines stored.
  struct Queued {
    std::optional<MoveAck> played;
    Forecast forecast;
  };
  Queued queue(Id game, Id user, const std::vector<std::string>& moves,
               std::optional<int> expected_ply = std::nullopt, MoveParser parser = {});
  // The player to move seals a legal move (its time is charged now) and the game stops; the
  // clocks do not run while it is adjourned. resume (either player) plays the sealed move
  // and the opponent's clock starts.
  void adjourn(Id game, Id user, std::string_view sealed_move);
  // An arena game's player goes berserk before their first move (lishogi's): half their main
  // time, no byoyomi, periods or increment from then on (clocks.h, colour_time_control), for a
  // point more if they win (tournament_pairing.h). Published as EventKind::Berserk. Forbidden
  // in a game that does not allow it (berserk_allowed) or to a non-player; conflict once the
  // player has moved, has berserked, or the game is over or adjourned, or without a live main
  // time to halve.
  void berserk(Id game, Id user);
  MoveAck resume(Id game, Id user);
  Comment add_comment(Id game, Id user, std::string_view text);
  // A game's chat: private to its two players (anyone else is forbidden, even to read it),
  // checked and limited as comments are (chat_per_minute). Its events go to the players only.
  ChatLine add_chat_line(Id game, Id user, std::string_view text);
  std::vector<ChatLine> chat(Id game, Id user);  // oldest first
  // A moderator removed a comment or chat line (stored already, moderation.h): it leaves the
  // cached game's comments and the removal is published, so that open pages drop it.
  void line_removed(const Comment& line, bool chat);
  // A game's view carries its latest comments; earlier ones are read a page at a time.
  static constexpr std::size_t kViewComments = 100;
  struct CommentPage {
    std::vector<Comment> comments;  // oldest first
    bool earlier = false;           // there are comments before these
  };
  // The `limit` comments before comment `before` (0: the latest).
  CommentPage comments(Id game, Id before, std::size_t limit);

  // Ends the active games whose player to move has run out of time at `now`, and aborts those
  // whose side to move let the time for its first move pass; returns how many it ended. The
  // server calls it periodically (every second or so); a late move ends its game by itself.
  int expire_clocks(TimeMs now);
  // Tells the computer about every active game where it is to move (on server start).
  void wake_computer();
  // A new game was stored (Challenges::accept): the computer may be to move.
  void game_created(Id game);

  // A change another process committed (another server node, a `kirin command` or `kirin
  // mail` run), as GameChangeFeed::listen_for_game_changes reports it. A cached game is brought up to
  // date and what changed is published (moves, comments, draw offers, adjournment, the
  // result); changes this service made itself are recognised by their version and cost
  // nothing. A game not cached here has nobody watching it: only its new comment is
  // published. Either way the computer is told if it is now to move. GameChange{0} (changes
  // may have been missed): every cached game is compared with the store, and the computer
  // asked about every game where it is to move. Never throws.
  void changed_elsewhere(const GameChange& change);
  // Keeps the game cached, so that the changes other processes make to it are published (a
  // client subscribed to it); throws not_found.
  void watch(Id game);

  // The game's record in a format of game_export.h: "usi", "kif" or "gamecourier".
  std::string export_game(Id game, std::string_view format);
  // The game's start and its moves; throws not_found.
  GameReplay replay(Id game);

 private:
  struct Live;
  struct Pending;  // events and computer turns to hand out once the game's lock is released
  std::shared_ptr<Live> live(Id game);
  bool comment_published(Id game, Id comment);
  // The game if `user` plays it; throws not_found, forbidden.
  GameState game_of_player(Id game, Id user);
  std::shared_ptr<Live> load(Id game);
  void forget(Id game, Live& g);
  template <class F>
  auto with_game(Id game, F&& f);
  void flush(Pending& p);
  // Brings the cached game forward to the stored one, adding to `p` the events of what
  // changed; false if it cannot be (the store went back, or a move does not replay): then the
  // caller drops it. Called under the game's lock.
  bool catch_up(Live& g, StoredGame stored, Pending& p);
  void refresh(Id game);  // compares a cached game with the store and catches up
  // The game ended: its ratings are settled (if it is rated and finished).
  void ended(const GameState& s);
  // Ends the game (Finished, or Aborted with Result::Ongoing), charging the turn it cuts short.
  void finish(Live& g, Result result, const std::string& reason, Pending& p,
              std::optional<Color> flagged = std::nullopt,
              GameStatus status = GameStatus::Finished);
  // The first-move timeout of this game: none against the computer.
  int64_t first_move_timeout(const GameState& s);
  // If the side to move's time for its first move has passed at `now`, aborts the game and
  // returns true.
  bool abort_if_no_first_move(Live& g, TimeMs now, Pending& p);
  // Charges `mover` on next's clock for a move made `now` (`doing`: "the move", "sealing") and
  // returns the time it used. If the game was to be aborted or the mover's time had run out,
  // ends the game so and throws a conflict saying so.
  int64_t charge_or_end(Live& g, GameState& next, Color mover, TimeMs now, const char* doing,
                        Pending& p);
  void write(Live& g, const GameState& next);
  // Opens (`by`, the colour offering) or closes (nullopt) a draw offer or takeback request,
  // and publishes `kind` with `what`, by `actor` (the one who offered or answered).
  void write_offer(Live& g, Pending& p, std::optional<Color> GameState::*offer,
                   std::optional<Color> by, Color actor, EventKind kind, const char* what);
  void after_move(Live& g, Pending& p);
  Color player_color(const Live& g, Id user) const;
  // Appends a legal move; `next` is the state with the mover's clock already charged.
  MoveAck store_move(Live& g, GameState next, const Move& m, int64_t used, TimeMs at,
                     Pending& p);
  // After a move in a game without a live clock: plays the answers the player to move stored
  // for it (forecasts), as long as they match.
  void play_forecasts(Live& g, Pending& p);
  // Takes back the asker's last move (and the reply to it, if any) and publishes it.
  void take_back(Live& g, Color asker, Pending& p);
  // The player's colour, throwing forbidden unless takebacks are allowed in the game.
  Color takeback_player(const Live& g, Id user);
  // The player's colour, throwing unless they may store conditional moves in the game now:
  // a correspondence game, the opponent to move (after `first_moves` more moves).
  Color forecaster(const Live& g, Id user, int first_moves);
  MoveParser parser_or_default(MoveParser parser);

  GameRepo& game_repo_;
  AccountRepo& account_repo_;
  ForecastRepo& forecast_repo_;
  SocialRepo& social_repo_;
  ModerationRepo& moderation_repo_;
  EventSink& events_;
  NowFn now_;
  GameOptions options_;
  RateLimit comment_rate_;
  Ratings ratings_;
  RateLimit chat_rate_;
  GameAnalyses analyses_;
  std::mutex mutex_;  // guards the fields below
  MoveParser parser_;
  std::map<Id, std::shared_ptr<Live>> cache_;
  // Finished games leave the cache. For the latest of them, the last comment published: the
  // catch-up that saw a game end may have published comments whose own changes arrive later,
  // and they must not be published twice (changed_elsewhere). Oldest first.
  static constexpr size_t kFinishedRemembered = 1024;
  std::deque<std::pair<Id, Id>> finished_comments_;  // game, comment
  std::mutex computer_mutex_;  // held while calling the computer
  ComputerPlayer* computer_ = nullptr;
  Id computer_account_ = 0;
};

}  // namespace kirin::server
