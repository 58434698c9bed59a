// Tournaments (issue 29): arenas, Swiss events and round robins of any Kirin game, live or by
// correspondence, the one implementation behind the web UI, the HTTP API and the text and
// mail commands. Creating, joining and following are done by any node; the director's work
// (starting events, recording results, pairing, finishing) is `tick`, which the leader runs
// (storage.h's Leadership), every write of it conditional on the event's version, so that two
// nodes that both believe they lead still pair a round once.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/clocks.h"
#include "server/domain/events.h"
#include "server/domain/password_hasher.h"
#include "server/domain/usage_counter.h"
#include "server/domain/tournament_pairing.h"
#include "server/domain/tournament_records.h"

namespace kirin::server {

class Accounts;
class Blocks;
class Challenges;
class GameService;
class Storage;

struct TournamentOptions {
  int max_players = 500;              // per event, and the cap of max_players
  int max_computer_entries = 8;       // per event
  int max_created_per_day = 5;        // events one user creates per day (moderators: no cap)
  int max_created_per_address_per_hour = 10;  // events created from one client address
  int max_minutes = 24 * 60;          // arena
  int max_rounds = 30;                // Swiss
  int max_robin_players = 30;         // robin: (n-1) rounds of n/2 games
  int arena_last_pairing_s = 60;      // arena: no new pairing when less is left (scaled down
                                      // for short arenas: at most a tenth of its length)
  int standings_page = 20;            // standings rows per page
  int max_start_days = 60;            // how far ahead a start time may be
  int max_round_interval_s = 7 * 24 * 3600;
};

// The standings row of one entry.
struct TournamentStanding {
  int rank = 0;  // 1 = first
  TournamentEntry entry;
  std::string name;  // the user's name; the computer's entries "kirin#2"
  int points2 = 0;   // Swiss and robin: half points; arena: points (x2, so that one field fits all)
  int buchholz2 = 0, sonneborn4 = 0;   // Swiss (both), robin (Sonneborn-Berger)
  int wins = 0, draws = 0, losses = 0, byes = 0;
  std::string sheet;  // arena: "2 4 4 0 1"
  bool fire = false;  // arena: on a streak
  Id playing = 0;     // the game the entry plays now, if any
};

// A whole tournament as a page shows it.
struct TournamentView {
  Tournament tournament;
  int entries = 0;
  std::vector<TournamentStanding> standings;  // the page asked for
  int page = 1, pages = 1;
  // Swiss and robin: every counted pairing (crosstable, rounds); arena: the games being played.
  std::vector<TournamentPairing> pairings;
  std::optional<TournamentEntry> mine;  // the viewer's entry
  Id my_game = 0;                       // the viewer's game in progress ("to my game")
  std::string rules;                    // the event's rules in words (English)
  // At the end: the podium (standings' first three) and statistics.
  struct Stats {
    int games = 0, black_wins = 0, white_wins = 0, draws = 0, berserks = 0;
    double average_rating = 0;
  } stats;
};

class Tournaments {
 public:
  // `challenges`: who may play rated (Challenges::check_may_play_rated) is asked there.
  Tournaments(Storage& storage, Accounts& accounts, GameService& games, Challenges& challenges,
              Blocks& blocks, EventSink& events, NowFn now = system_now,
              TournamentOptions options = {});

  // Any user with a rated game played, or a moderator. `password` (plain) makes it private.
  // `client`: who asks (an HTTP client's address, a mail's sender; "": the local operator),
  // for the per-address cap. Throws ServiceError invalid (field named as the API spells it:
  // "kind", "name", "description", "game", "profile", "option NAME", "handicap",
  // "start_sfen", "rated", "time_control", "minutes", "rounds", "round_interval",
  // "starts_at", "max_players", "min_rating", "min_rated_games", "computer", "password"),
  // forbidden, too_many_requests.
  Tournament create(Id user, TournamentSettings settings, std::string_view password = {},
                    std::string_view client = {});
  // The creator or a moderator: starts now (Created only).
  void start(Id id, Id user);
  // The creator or a moderator: cancels (Created or Running).
  void cancel(Id id, Id user);

  // Throws forbidden (conditions: rating, rated games; a block with an entered player in a
  // robin; banned), unauthorized (wrong password, field "password"), conflict (full, finished,
  // a Swiss past half its rounds, a robin that started).
  TournamentEntry join(Id id, Id user, std::string_view password = {});
  // Arena: pauses (rejoin with join); Swiss, robin: withdraws for good. Games in progress are
  // played out.
  void withdraw(Id id, Id user);

  Tournament get(Id id);  // not_found
  // Upcoming (Created), running and finished, newest first, `limit` each (1..100); of one game
  // (an id or alias) if `game` is not empty (invalid, field "game", if Kirin has none such).
  struct Lists {
    std::vector<Tournament> upcoming, running, finished;
  };
  Lists list(int limit = 20, std::string_view game = {});
  // How many entries the event has.
  int entries(Id id);
  // `page` of the standings (1-based; clamped). A private event is visible to anyone with its
  // id (as lishogi's).
  TournamentView view(Id id, Id viewer = 0, int page = 1);
  // The event's games, newest first (as GameService::find_games gives them).
  std::vector<GameState> games(Id id, Id viewer = 0, int limit = 100);
  // The tournament a game belongs to, 0 if none.
  Id of_game(Id game);

  // The director, on the leader: starts what is due, records ended games, pairs, finishes.
  // One event's trouble does not stop the others: every event is directed, then the first
  // trouble is thrown (the caller logs it) and that event is tried again on the next tick.
  void tick();
  // A game ended on this node: its tournament is looked at on the next tick (its `wake`).
  void game_ended(Id game);
  // Called when game_ended wants a tick at once (App wakes its ticker); none by default.
  void on_wake(std::function<void()> wake) { wake_ = std::move(wake); }
  // Another process wrote to the event (GameChange::tournament): its change is published here
  // (Event::elsewhere), so that this node's pages hear of it.
  void changed_elsewhere(Id id);

 private:
  // An event's entries and pairings, read once per decision.
  struct Sheet {
    std::vector<TournamentEntry> entries;
    std::vector<TournamentPairing> pairings;
    const TournamentEntry* entry(Id id) const;
    int players() const;  // the entries not withdrawn
  };
  Sheet sheet(Id id);
  Tournament load(Id id);
  // The settings checked (invalid naming the field) and made whole (defaults, what the kind
  // does not use cleared).
  TournamentSettings checked_settings(TournamentSettings s);
  // Writes `t` with one more version and `change`, or nothing if the version moved: whether it
  // wrote; `t` is the written one then.
  bool write(Tournament& t, const char* change);
  void publish(const Tournament& t, const char* what, std::vector<PlayerRef> users = {},
               Id game = 0);
  std::vector<TournamentStanding> standings(const Tournament& t, const Sheet& sheet);
  // Copies the results of ended games into their pairings, every running event's.
  void record_results();
  // The director's work on one event: start it, pair, finish.
  void direct(Tournament t);
  bool begin(Tournament& t);
  void finish(Tournament t, const char* change);
  void direct_arena(Tournament t);
  void direct_swiss(Tournament t);
  void direct_robin(Tournament t);
  // Whether the next round waits for the event's interval after `last_end` (the last game of
  // the round ended then); writes when it comes as the event's deadline.
  bool waiting_for_interval(Tournament& t, TimeMs last_end);
  // The event, if `user` is its creator or a moderator and it is in one of `statuses`; throws
  // forbidden, conflict.
  Tournament managed(Id id, const User& user, const char* doing,
                     std::initializer_list<TournamentStatus> statuses);
  // Whether every pairing of round `round` has its result; `last_end`: when the last ended.
  static bool round_over(const Sheet& sheet, int round, TimeMs* last_end);
  // Stores the pairings `with_games` (round, black, white) with their new games, and the
  // game-less ones (byes, forfeits) in `extra`, in one conditional write that makes
  // `next_round` the event's round; publishes `change` and each game's "paired".
  bool pair(Tournament t, const Sheet& sheet, std::vector<TournamentPairing> with_games,
            std::vector<TournamentPairing> extra, int next_round, const char* change);
  // A new game between two entries from `start_sfen` (the event's setup's, built once).
  GameState make_game(const Tournament& t, const std::string& start_sfen,
                      const TournamentEntry& black, const TournamentEntry& white);
  // Who may not meet: players of whom one blocks the other; in an arena, the computer's
  // entries with each other.
  tournament::Forbidden forbidden(const Tournament& t, const Sheet& sheet);

  Storage& storage_;
  Accounts& accounts_;
  GameService& games_;
  Challenges& challenges_;
  Blocks& blocks_;
  EventSink& events_;
  NowFn now_;
  TournamentOptions options_;
  // A private event's password: Argon2id at libsodium's least limits, on the caller's thread.
  // It guards an event, not an account, and every join checks it: a strong hash would take a
  // place on the password threads that sign-ins wait for.
  Argon2Hasher passwords_{HashCost::Minimal};
  UsageCounter usage_;  // events created per client address and hour
  std::function<void()> wake_;
  std::mutex mutex_;  // guards idle_ and told_
  // The version at which each running event was found with nothing to do: unchanged, it is
  // not read again until its deadline.
  std::map<Id, int64_t> idle_;
  // The newest version of each event this process has published: the change feed brings its
  // own writes back too (PostgreSQL's NOTIFY), and those are not told twice.
  std::map<Id, int64_t> told_;
};

// The event's rules in words (English), as its page and the text commands show them.
std::string rules_text(const Tournament& t, const TournamentOptions& options);

const char* kind_name(TournamentKind k);      // "arena", "swiss", "robin"
const char* status_name(TournamentStatus s);  // "created", "running", "finished", "cancelled"
// The kind or status a name spells (as above), or nullopt.
std::optional<TournamentKind> tournament_kind_named(std::string_view name);
std::optional<TournamentStatus> tournament_status_named(std::string_view name);

}  // namespace kirin::server
