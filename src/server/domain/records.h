// What the server stores, as plain values: users, sessions, challenges, games with their moves
// and comments. Shared by the repositories (storage.h), their implementation and the services;
// nothing here knows SQL or HTTP. Times are milliseconds since the Unix epoch (TimeMs).
//
// A game's draw offer and sealed move are part of its state (GameState), not rows of their
// own, so that they change in the same write as the ply and the clocks.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "clock/time_control.h"
#include "rules/game.h"
#include "server/domain/glicko2.h"

namespace kirin::server {

using Id = int64_t;  // 0 = none
using TimeMs = int64_t;

struct Preferences {
  std::string board_style = "standard";  // standard, alternate or small
  // Show a player's own games from their side (White at the bottom when they play White), as
  // pbmserv does by default; false: Black always at the bottom.
  bool flip = true;
  std::string piece_set = "kanji";
  // Mail when it is your turn in a game without a live clock (correspondence, untimed).
  bool turn_mail = true;
  // Messages from other players: whether they may send any, and whether each is mailed too.
  bool accept_messages = true;
  bool message_mail = true;
  // The rule profile a player's challenges of a game are played under when they name none
  // (game id -> profile, "chu" -> "pbmserv"): a profile belongs to one game.
  std::map<std::string, std::string> profiles;
  friend bool operator==(const Preferences&, const Preferences&) = default;
};

// What a user may do on the server: a moderator keeps it clean (moderation.h), an admin also
// names moderators and reads the audit log. An admin can do everything a moderator can.
enum class Role { Player, Moderator, Admin };
inline bool is_staff(Role r) { return r != Role::Player; }

// User::muted_until of a mute without an end (until a moderator lifts it).
constexpr TimeMs kMutedForever = INT64_MAX;

struct User {
  Id id = 0;
  std::string name;
  std::string email;
  std::string password_hash;  // libsodium crypto_pwhash_str output
  Preferences preferences;
  TimeMs created = 0;
  // The last time the user signed in, used a session or sent a command; 0: never. Written at
  // most once a minute per user (Accounts).
  TimeMs last_seen = 0;
  // When the account was closed (0: open). A closed account keeps its name and its games;
  // nobody signs in as it any more.
  TimeMs closed = 0;
  Role role = Role::Player;
  // When a moderator banned the account (0: not banned): nobody signs in as it, by any door.
  TimeMs banned = 0;
  // Until when the user may not write comments, chat or messages (0: not muted;
  // kMutedForever: until unmuted).
  TimeMs muted_until = 0;
  friend bool operator==(const User&, const User&) = default;
};

struct Session {
  std::string token_hash;  // hex BLAKE2b of the token: the token itself is never stored
  Id user = 0;
  TimeMs expires = 0;
  TimeMs created = 0;
  friend bool operator==(const Session&, const Session&) = default;
};

// A user as other records refer to one. Stores write only `id` and fill `name` on reads.
struct PlayerRef {
  Id id = 0;
  std::string name;
  friend bool operator==(const PlayerRef&, const PlayerRef&) = default;
};

// How a game is set up: which game, which rules, which start position.
constexpr int kMaxComputerLevel = 8;

struct GameSetup {
  std::string game = "chu";  // id or alias; stored games and challenges hold the canonical id
  std::string profile;       // rule profile ("lishogi", "jcsa"); empty: the game's default
  std::vector<std::pair<std::string, std::string>> options;  // NAME=VALUE, applied in order
  std::optional<bool> drops;  // shorthand for the option drops, applied last
  std::string handicap;       // a named handicap or pbmserv syntax ("RL", "8b,1a")
  std::string start_sfen;     // custom start position; not together with a handicap
  // A game against the computer: its strength, from 1 (weakest) to kMaxComputerLevel;
  // 0: the server's default (--computer-movetime).
  int computer_level = 0;
  // The result changes both players' ratings in this game (ratings.h); false: casual.
  bool rated = false;
  // Whether a player may ask to take a move back (the opponent still has to agree); a
  // challenge may refuse them (lishogi lets rated games do so).
  bool takebacks = true;
  friend bool operator==(const GameSetup&, const GameSetup&) = default;
};

enum class ColorChoice { ChallengerBlack, ChallengerWhite, Random };
enum class ChallengeStatus { Open, Accepted, Declined, Cancelled };

struct Challenge {
  Id id = 0;
  PlayerRef challenger;
  PlayerRef challenged;  // id 0: an open challenge, anyone may accept
  GameSetup setup;
  ColorChoice color = ColorChoice::ChallengerBlack;
  TimeControl time_control;
  ChallengeStatus status = ChallengeStatus::Open;
  Id game = 0;  // the game it became, once accepted
  TimeMs created = 0;
  Id rematch_of = 0;  // the finished or aborted game this challenge offers to play again
  friend bool operator==(const Challenge&, const Challenge&) = default;
};

// Aborted: ended before both sides had moved, with no result (lishogi's abort).
enum class GameStatus { Active, Adjourned, Finished, Aborted };
// Finished or aborted: nothing more happens in the game.
inline bool is_over(GameStatus s) { return s == GameStatus::Finished || s == GameStatus::Aborted; }

// A move sealed by the player to move when adjourning: played when the game resumes.
struct SealedMove {
  std::string usi;
  Id by = 0;
  int64_t time_used_ms = 0;
  TimeMs at = 0;
  friend bool operator==(const SealedMove&, const SealedMove&) = default;
};

struct GameState {
  Id id = 0;
  GameSetup setup;         // setup.game is the canonical game id
  std::string start_sfen;  // the start position the setup gave
  PlayerRef black, white;
  TimeControl time_control;
  ClockState clock;
  GameStatus status = GameStatus::Active;
  Result result = Result::Ongoing;
  // Why it ended, a word: resignation, timeout, agreement, or a rules ending
  // (checkmate, royals-captured, bare-king, no-legal-moves, repetition, perpetual-attack,
  // impasse, insufficient-material, ply-limit).
  std::string reason;
  int ply = 0;          // moves played
  int64_t version = 1;  // bumped by every write: optimistic concurrency between servers
  std::optional<Color> draw_offer;  // the colour that offered a draw, still open
  std::optional<Color> takeback_offer;  // the colour that asked to take back, still open
  std::optional<SealedMove> sealed;
  TimeMs created = 0, updated = 0;
  Id tournament = 0;  // the tournament it was paired in (tournament_records.h); 0: none
  // An arena's game: each player may berserk before their first move (half their main time,
  // no byoyomi or increment), for a point more if they win (tournament_pairing.h).
  bool berserk_allowed = false;
  std::array<bool, 2> berserk{false, false};  // by Color: who berserked
  friend bool operator==(const GameState&, const GameState&) = default;
};

struct MoveRecord {
  int ply = 0;  // 1 for the first move
  std::string usi;  // canonical USI, whatever notation the player wrote
  int64_t time_used_ms = 0;
  TimeMs at = 0;
  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

struct Comment {
  Id id = 0;
  Id game = 0;
  int ply = 0;  // the game's ply when it was written
  PlayerRef user;
  std::string text;
  TimeMs at = 0;
  TimeMs removed = 0;  // when a moderator removed it (0: shown); kept for the audit
  friend bool operator==(const Comment&, const Comment&) = default;
};

// A player's Glicko-2 rating in one game (ratings.h). A user who never finished a rated game
// of it has none stored, and the default value.
struct Rating {
  PlayerRef user;
  std::string game;  // the canonical game id: one rating per game, as lishogi per variant
  Glicko2Rating value;
  int games = 0;            // rated games finished
  TimeMs last_played = 0;  // when the latest of them ended; 0: none
  friend bool operator==(const Rating&, const Rating&) = default;
};

// What one rated game did to one player's rating: the rating history is these, in order.
struct RatingChange {
  Id game_id = 0;    // the rated game
  PlayerRef user;
  std::string game;  // the canonical game id
  Glicko2Rating before, after;
  int games_before = 0;  // the player's rated games before this one
  TimeMs at = 0;         // when the game ended
  friend bool operator==(const RatingChange&, const RatingChange&) = default;
};

// A player's finished games of one game, counted (pbmserv's standings).
struct Standing {
  PlayerRef user;
  std::string game;
  int wins = 0, losses = 0, draws = 0;
  double score() const { return wins + draws / 2.0; }
  friend bool operator==(const Standing&, const Standing&) = default;
};

// A game record imported from a file (KIF, USI, Game Courier's log) by a user: not played on
// this server, so its players are the record's names (no accounts), it is never rated and it is
// in no player's list of games. Kept for the analysis board.
struct ImportedGame {
  Id id = 0;
  PlayerRef imported_by;
  std::string format;      // "kif", "usi" or "gamecourier": what it was read from
  std::string game;        // canonical game id
  std::string start_sfen;
  std::string black, white;        // the record's names, maybe empty
  std::string event, played_at;    // the record's 棋戦 and 開始日時, maybe empty
  std::vector<std::string> moves;  // canonical USI
  Result result = Result::Ongoing;
  std::string ending;  // how the record says it ended ("resignation", "mate"...), or ""
  TimeMs created = 0;
  friend bool operator==(const ImportedGame&, const ImportedGame&) = default;
};

// A player's conditional moves in a correspondence game (pbmserv's queue, lishogi's forecast),
// private to that player. Each line starts at the position after `ply` moves, with the
// opponent's expected move, then the answer, alternately; the server plays the answer when
// the opponent's move matches, and keeps the rest of the lines that matched.
struct Forecast {
  int ply = 0;
  std::vector<std::vector<std::string>> lines;  // canonical USI moves
  friend bool operator==(const Forecast&, const Forecast&) = default;
};

// A game's chat: a line only the game's two players see (comments are public). The same
// shape as a comment; only its audience differs.
using ChatLine = Comment;

// A private message from one player to another (pbmserv's `message`).
struct Message {
  Id id = 0;
  PlayerRef from, to;
  std::string text;
  TimeMs at = 0;
  TimeMs read = 0;  // when the recipient read it (0: unread)
  bool warning = false;  // a moderator's warning (moderation.h)
  TimeMs removed = 0;    // when a moderator removed it (0: shown); kept for the audit
  friend bool operator==(const Message&, const Message&) = default;
};

struct StoredGame {
  GameState state;
  std::vector<MoveRecord> moves;  // by ply
  std::vector<Comment> comments;  // oldest first
};

}  // namespace kirin::server
