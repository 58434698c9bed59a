// Every stored record's columns, declared once: each record's `columns` lists its columns in
// order with the field each holds, and every statement that selects, inserts or updates the
// record is built from that list (select_list, insert_sql, set_list), its parameters bound from
// it (bind) and its rows read back by it (read). So a column added to a record is added to
// every statement, and reading cannot get out of step with writing.
//
// How a field is written is its type's: enums as words and lists as JSON (record_text.h), an
// Id of 0 as NULL where a column may be empty (ZeroIsNull), an optional as NULL.
#pragma once

#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "server/domain/moderation_repo.h"
#include "server/domain/records.h"
#include "server/domain/roles.h"
#include "server/domain/tournament_records.h"
#include "server/store/database.h"
#include "server/store/record_text.h"

namespace kirin::server::sql {

// Which statements write a column.
enum class Col {
  Key,     // the generated id: read only
  Joined,  // another table's (a user's name): read only
  Fixed,   // written once, when the row is inserted
  State,   // written when the row is inserted and by updates
};

// An Id whose 0 is stored as NULL (a challenge open to anyone, a game not yet made).
template <class T>
struct ZeroIsNull {
  T& id;
};
template <class T>
ZeroIsNull<T> zero_is_null(T& id) {
  return {id};
}

// --- The records ---

template <class V, class S>  // S: GameSetup or const GameSetup
void setup_columns(V& v, const char* t, S& s) {
  v(Col::Fixed, t, "game", s.game);
  v(Col::Fixed, t, "profile", s.profile);
  v(Col::Fixed, t, "options", s.options);
  v(Col::Fixed, t, "drops", s.drops);
  v(Col::Fixed, t, "handicap", s.handicap);
  v(Col::Fixed, t, "custom_sfen", s.start_sfen);
  v(Col::Fixed, t, "computer_level", s.computer_level);
  v(Col::Fixed, t, "rated", s.rated);
  v(Col::Fixed, t, "takebacks", s.takebacks);
}

template <class V, class T>  // T: TimeControl or const TimeControl
void time_control_columns(V& v, const char* t, T& tc) {
  v(Col::Fixed, t, "tc_kind", tc.kind);
  v(Col::Fixed, t, "tc_main_ms", tc.main_ms);
  v(Col::Fixed, t, "tc_byoyomi_ms", tc.byoyomi_ms);
  v(Col::Fixed, t, "tc_increment_ms", tc.increment_ms);
  v(Col::Fixed, t, "tc_days", tc.days_per_move);
  v(Col::Fixed, t, "tc_periods", tc.periods);
}

template <class R>
struct Table;  // a record's table, its joins and its columns

template <>
struct Table<GameState> {
  static constexpr const char* name = "games";
  static constexpr const char* from =
      "games g JOIN users b ON b.id = g.black JOIN users w ON w.id = g.white";
  template <class V, class G>
  static void columns(V& v, G& g) {
    v(Col::Key, "g", "id", g.id);
    setup_columns(v, "g", g.setup);
    v(Col::Fixed, "g", "start_sfen", g.start_sfen);
    v(Col::Fixed, "g", "black", g.black.id);
    v(Col::Joined, "b", "name", g.black.name);
    v(Col::Fixed, "g", "white", g.white.id);
    v(Col::Joined, "w", "name", g.white.name);
    time_control_columns(v, "g", g.time_control);
    v(Col::State, "g", "clock_black_ms", g.clock.remaining_ms[kBlack]);
    v(Col::State, "g", "clock_white_ms", g.clock.remaining_ms[kWhite]);
    v(Col::State, "g", "turn_started_ms", g.clock.turn_started);
    v(Col::State, "g", "periods_used_black", g.clock.periods_used[kBlack]);
    v(Col::State, "g", "periods_used_white", g.clock.periods_used[kWhite]);
    v(Col::State, "g", "status", g.status);
    v(Col::State, "g", "result", g.result);
    v(Col::State, "g", "reason", g.reason);
    v(Col::State, "g", "ply", g.ply);
    v(Col::State, "g", "version", g.version);
    v(Col::State, "g", "draw_offer", g.draw_offer);
    v(Col::State, "g", "takeback_offer", g.takeback_offer);
    v.sealed(Col::State, "g", g.sealed);
    v(Col::Fixed, "g", "created_ms", g.created);
    v(Col::State, "g", "updated_ms", g.updated);
    v(Col::Fixed, "g", "tournament_id", zero_is_null(g.tournament));
    v(Col::Fixed, "g", "berserk_allowed", g.berserk_allowed);
    v(Col::State, "g", "berserk_black", g.berserk[kBlack]);
    v(Col::State, "g", "berserk_white", g.berserk[kWhite]);
  }
};

template <>
struct Table<Challenge> {
  static constexpr const char* name = "challenges";
  static constexpr const char* from =
      "challenges c JOIN users a ON a.id = c.challenger LEFT JOIN users b ON b.id = c.challenged";
  template <class V, class C>
  static void columns(V& v, C& c) {
    v(Col::Key, "c", "id", c.id);
    v(Col::Fixed, "c", "challenger", c.challenger.id);
    v(Col::Joined, "a", "name", c.challenger.name);
    v(Col::Fixed, "c", "challenged", zero_is_null(c.challenged.id));
    v(Col::Joined, "b", "name", c.challenged.name);  // NULL (read as "") if open to anyone
    setup_columns(v, "c", c.setup);
    v(Col::Fixed, "c", "color", c.color);
    time_control_columns(v, "c", c.time_control);
    v(Col::State, "c", "status", c.status);
    v(Col::State, "c", "game_id", zero_is_null(c.game));
    v(Col::Fixed, "c", "created_ms", c.created);
    v(Col::Fixed, "c", "rematch_of", zero_is_null(c.rematch_of));
  }
};

template <>
struct Table<User> {
  static constexpr const char* name = "users";
  static constexpr const char* from = "users u";
  template <class V, class U>
  static void columns(V& v, U& u) {
    v(Col::Key, "u", "id", u.id);
    v(Col::Fixed, "u", "name", u.name);
    v(Col::State, "u", "email", u.email);
    v(Col::State, "u", "password_hash", u.password_hash);
    v(Col::State, "u", "preferences", u.preferences);
    v(Col::Fixed, "u", "created_ms", u.created);
    v(Col::State, "u", "seen_ms", u.last_seen);
    v(Col::State, "u", "closed_ms", u.closed);
    v(Col::State, "u", "role", u.role);
    v(Col::State, "u", "banned_ms", u.banned);
    v(Col::State, "u", "muted_until_ms", u.muted_until);
  }
};

template <>
struct Table<Session> {
  static constexpr const char* name = "sessions";
  static constexpr const char* from = "sessions s";
  template <class V, class S>
  static void columns(V& v, S& s) {
    v(Col::Fixed, "s", "token_hash", s.token_hash);
    v(Col::Fixed, "s", "user_id", s.user);
    v(Col::Fixed, "s", "expires_ms", s.expires);
    v(Col::Fixed, "s", "created_ms", s.created);
  }
};

template <>
struct Table<MoveRecord> {
  static constexpr const char* name = "moves";
  static constexpr const char* from = "moves m";
  template <class V, class M>
  static void columns(V& v, M& m) {
    v(Col::Fixed, "m", "ply", m.ply);
    v(Col::Fixed, "m", "usi", m.usi);
    v(Col::Fixed, "m", "time_used_ms", m.time_used_ms);
    v(Col::Fixed, "m", "at_ms", m.at);
  }
};

// Comments and a game's chat lines have one shape (ChatLine is Comment) in two tables.
template <class V, class C>
void comment_columns(V& v, C& c) {
  v(Col::Key, "c", "id", c.id);
  v(Col::Fixed, "c", "game_id", c.game);
  v(Col::Fixed, "c", "ply", c.ply);
  v(Col::Fixed, "c", "user_id", c.user.id);
  v(Col::Joined, "u", "name", c.user.name);
  v(Col::Fixed, "c", "text", c.text);
  v(Col::Fixed, "c", "at_ms", c.at);
  v(Col::State, "c", "removed_ms", c.removed);
}
template <>
struct Table<Comment> {
  static constexpr const char* name = "comments";
  static constexpr const char* from = "comments c JOIN users u ON u.id = c.user_id";
  template <class V, class C>
  static void columns(V& v, C& c) {
    comment_columns(v, c);
  }
};
struct ChatTable {  // Table<ChatLine> is Table<Comment>: the chat's table is named apart
  static constexpr const char* name = "chat";
  static constexpr const char* from = "chat c JOIN users u ON u.id = c.user_id";
  template <class V, class C>
  static void columns(V& v, C& c) {
    comment_columns(v, c);
  }
};

template <>
struct Table<Message> {
  static constexpr const char* name = "messages";
  static constexpr const char* from =
      "messages m JOIN users a ON a.id = m.sender JOIN users b ON b.id = m.recipient";
  template <class V, class M>
  static void columns(V& v, M& m) {
    v(Col::Key, "m", "id", m.id);
    v(Col::Fixed, "m", "sender", m.from.id);
    v(Col::Joined, "a", "name", m.from.name);
    v(Col::Fixed, "m", "recipient", m.to.id);
    v(Col::Joined, "b", "name", m.to.name);
    v(Col::Fixed, "m", "text", m.text);
    v(Col::Fixed, "m", "at_ms", m.at);
    v(Col::State, "m", "read_ms", m.read);
    v(Col::Fixed, "m", "warning", m.warning);
    v(Col::State, "m", "removed_ms", m.removed);
  }
};

template <>
struct Table<Rating> {
  static constexpr const char* name = "ratings";
  static constexpr const char* from = "ratings r JOIN users u ON u.id = r.user_id";
  template <class V, class R>
  static void columns(V& v, R& r) {
    v(Col::Fixed, "r", "user_id", r.user.id);
    v(Col::Joined, "u", "name", r.user.name);
    v(Col::Fixed, "r", "game", r.game);
    v(Col::State, "r", "rating", r.value.rating);
    v(Col::State, "r", "deviation", r.value.deviation);
    v(Col::State, "r", "volatility", r.value.volatility);
    v(Col::State, "r", "games", r.games);
    v(Col::State, "r", "last_played_ms", r.last_played);
  }
};

template <>
struct Table<RatingChange> {
  static constexpr const char* name = "rating_changes";
  static constexpr const char* from = "rating_changes c JOIN users u ON u.id = c.user_id";
  template <class V, class C>
  static void columns(V& v, C& c) {
    v(Col::Fixed, "c", "game_id", c.game_id);
    v(Col::Fixed, "c", "user_id", c.user.id);
    v(Col::Joined, "u", "name", c.user.name);
    v(Col::Fixed, "c", "game", c.game);
    v(Col::Fixed, "c", "rating_before", c.before.rating);
    v(Col::Fixed, "c", "deviation_before", c.before.deviation);
    v(Col::Fixed, "c", "volatility_before", c.before.volatility);
    v(Col::Fixed, "c", "rating", c.after.rating);
    v(Col::Fixed, "c", "deviation", c.after.deviation);
    v(Col::Fixed, "c", "volatility", c.after.volatility);
    v(Col::Fixed, "c", "games_before", c.games_before);
    v(Col::Fixed, "c", "at_ms", c.at);
  }
};

template <>
struct Table<ImportedGame> {
  static constexpr const char* name = "imported_games";
  static constexpr const char* from = "imported_games i JOIN users u ON u.id = i.imported_by";
  template <class V, class G>
  static void columns(V& v, G& g) {
    v(Col::Key, "i", "id", g.id);
    v(Col::Fixed, "i", "imported_by", g.imported_by.id);
    v(Col::Joined, "u", "name", g.imported_by.name);
    v(Col::Fixed, "i", "format", g.format);
    v(Col::Fixed, "i", "game", g.game);
    v(Col::Fixed, "i", "start_sfen", g.start_sfen);
    v(Col::Fixed, "i", "black_name", g.black);
    v(Col::Fixed, "i", "white_name", g.white);
    v(Col::Fixed, "i", "event", g.event);
    v(Col::Fixed, "i", "played_at", g.played_at);
    v(Col::Fixed, "i", "moves", g.moves);
    v(Col::Fixed, "i", "result", g.result);
    v(Col::Fixed, "i", "ending", g.ending);
    v(Col::Fixed, "i", "created_ms", g.created);
  }
};

template <>
struct Table<Forecast> {  // keyed by (game_id, user_id), which the statements give
  static constexpr const char* name = "forecasts";
  static constexpr const char* from = "forecasts f";
  template <class V, class F>
  static void columns(V& v, F& f) {
    v(Col::State, "f", "ply", f.ply);
    v(Col::State, "f", "lines", f.lines);
  }
};

template <>
struct Table<Block> {  // keyed by (blocker, blocked): the blocker the statements give
  static constexpr const char* name = "blocks";
  static constexpr const char* from = "blocks k JOIN users u ON u.id = k.blocked";
  template <class V, class B>
  static void columns(V& v, B& b) {
    v(Col::Fixed, "k", "blocked", b.user.id);
    v(Col::Joined, "u", "name", b.user.name);
    v(Col::Fixed, "k", "created_ms", b.since);
  }
};

template <>
struct Table<Report> {
  static constexpr const char* name = "reports";
  static constexpr const char* from =
      "reports r JOIN users a ON a.id = r.reporter JOIN users u ON u.id = r.user_id "
      "LEFT JOIN users m ON m.id = r.closed_by";
  template <class V, class R>
  static void columns(V& v, R& r) {
    v(Col::Key, "r", "id", r.id);
    v(Col::Fixed, "r", "reporter", r.by.id);
    v(Col::Joined, "a", "name", r.by.name);
    v(Col::Fixed, "r", "user_id", r.user.id);
    v(Col::Joined, "u", "name", r.user.name);
    v(Col::Fixed, "r", "reason", r.reason);
    v(Col::Fixed, "r", "text", r.text);
    v(Col::Fixed, "r", "game_id", zero_is_null(r.game));
    v(Col::Fixed, "r", "comment_id", zero_is_null(r.comment));
    v(Col::Fixed, "r", "chat_id", zero_is_null(r.chat));
    v(Col::Fixed, "r", "message_id", zero_is_null(r.message));
    v(Col::Fixed, "r", "created_ms", r.created);
    v(Col::State, "r", "open", r.open);
    v(Col::State, "r", "closed_by", zero_is_null(r.closed_by.id));
    v(Col::Joined, "m", "name", r.closed_by.name);  // NULL (read as "") while open
    v(Col::State, "r", "closed_ms", r.closed_at);
    v(Col::State, "r", "resolution", r.resolution);
  }
};

template <>
struct Table<AuditEntry> {
  static constexpr const char* name = "audit_log";
  static constexpr const char* from =
      "audit_log l LEFT JOIN users b ON b.id = l.by_user LEFT JOIN users u ON u.id = l.user_id";
  template <class V, class E>
  static void columns(V& v, E& e) {
    v(Col::Key, "l", "id", e.id);
    v(Col::Fixed, "l", "at_ms", e.at);
    v(Col::Fixed, "l", "by_user", zero_is_null(e.by.id));  // NULL: the shell
    v(Col::Joined, "b", "name", e.by.name);
    v(Col::Fixed, "l", "action", e.action);
    v(Col::Fixed, "l", "user_id", zero_is_null(e.user.id));
    v(Col::Joined, "u", "name", e.user.name);
    v(Col::Fixed, "l", "target_kind", e.target_kind);
    v(Col::Fixed, "l", "target_id", zero_is_null(e.target));
    v(Col::Fixed, "l", "reason", e.reason);
  }
};

template <>
struct Table<Tournament> {
  static constexpr const char* name = "tournaments";
  static constexpr const char* from = "tournaments t JOIN users u ON u.id = t.creator";
  template <class V, class T>
  static void columns(V& v, T& t) {
    auto& s = t.settings;
    v(Col::Key, "t", "id", t.id);
    v(Col::Fixed, "t", "kind", s.kind);
    v(Col::Fixed, "t", "name", s.name);
    v(Col::Fixed, "t", "description", s.description);
    setup_columns(v, "t", s.setup);
    time_control_columns(v, "t", s.time_control);
    v(Col::Fixed, "t", "minutes", s.minutes);
    v(Col::Fixed, "t", "rounds", s.rounds);
    v(Col::Fixed, "t", "double_round", s.double_round);
    v(Col::Fixed, "t", "round_interval_s", s.round_interval_s);
    v(Col::Fixed, "t", "starts_at_ms", s.starts_at);
    v(Col::Fixed, "t", "max_players", s.max_players);
    v(Col::Fixed, "t", "min_rating", s.min_rating);
    v(Col::Fixed, "t", "min_rated_games", s.min_rated_games);
    v(Col::Fixed, "t", "berserk", s.berserk);
    v(Col::Fixed, "t", "password_hash", s.password_hash);
    v(Col::Fixed, "t", "computer_entries", s.computer_entries);
    v(Col::Fixed, "t", "computer_entry_level", s.computer_level);
    v(Col::Fixed, "t", "creator", t.creator.id);
    v(Col::Joined, "u", "name", t.creator.name);
    v(Col::State, "t", "status", t.status);
    v(Col::State, "t", "round", t.round);
    v(Col::Fixed, "t", "created_ms", t.created);
    v(Col::State, "t", "started_ms", t.started);
    v(Col::State, "t", "finished_ms", t.finished);
    v(Col::State, "t", "deadline_ms", t.deadline);
    v(Col::State, "t", "version", t.version);
    v(Col::State, "t", "change", t.change);
  }
};

template <>
struct Table<TournamentEntry> {
  static constexpr const char* name = "tournament_entries";
  static constexpr const char* from = "tournament_entries e JOIN users u ON u.id = e.user_id";
  template <class V, class E>
  static void columns(V& v, E& e) {
    v(Col::Key, "e", "id", e.id);
    v(Col::Fixed, "e", "tournament_id", e.tournament);
    v(Col::Fixed, "e", "user_id", e.user.id);
    v(Col::Joined, "u", "name", e.user.name);
    v(Col::Fixed, "e", "computer", e.computer);
    v(Col::State, "e", "rating", e.rating);
    v(Col::State, "e", "withdrawn", e.withdrawn);
    v(Col::State, "e", "joined_ms", e.joined);
  }
};

template <>
struct Table<TournamentPairing> {
  static constexpr const char* name = "tournament_pairings";
  static constexpr const char* from = "tournament_pairings p";
  template <class V, class P>
  static void columns(V& v, P& p) {
    v(Col::Key, "p", "id", p.id);
    v(Col::Fixed, "p", "tournament_id", p.tournament);
    v(Col::Fixed, "p", "round", p.round);
    v(Col::Fixed, "p", "game_id", zero_is_null(p.game));
    v(Col::Fixed, "p", "black", p.black);
    v(Col::Fixed, "p", "white", zero_is_null(p.white));
    v(Col::State, "p", "result", p.result);
    v(Col::State, "p", "reason", p.reason);
    v(Col::State, "p", "ply", p.ply);
    v(Col::State, "p", "berserk_black", p.berserk_black);
    v(Col::State, "p", "berserk_white", p.berserk_white);
    v(Col::State, "p", "counted", p.counted);
    v(Col::Fixed, "p", "created_ms", p.created);
    v(Col::State, "p", "ended_ms", p.ended);
  }
};

// --- Visitors: names, parameters, rows ---

// Whether a statement of kind `what` writes a column: an update its state, an insert its
// state and fixed columns.
enum class For { Select, Insert, Update };
inline bool written(Col col, For what) {
  return col == Col::State || (what == For::Insert && col == Col::Fixed);
}

// The columns a statement names: SELECT's (every one, as alias.name) or a write's.
class ColumnNames {
 public:
  using For = sql::For;
  explicit ColumnNames(For what) : for_(what) {}
  template <class T>
  void operator()(Col col, const char* alias, const char* name, T&&) {
    add(col, alias, name);
  }
  template <class T>
  void sealed(Col col, const char* alias, T&) {
    for (const char* n : {"sealed_usi", "sealed_by", "sealed_time_ms", "sealed_at_ms"})
      add(col, alias, n);
  }
  std::vector<std::string> names;

 private:
  void add(Col col, const char* alias, const char* name) {
    if (for_ == For::Select)
      names.push_back(std::string(alias) + "." + name);
    else if (written(col, for_))
      names.push_back(name);
  }
  For for_;
};

// A write's parameters, in the order ColumnNames gives the columns.
class Binder {
 public:
  Binder(Values& out, ColumnNames::For what) : out_(out), for_(what) {}
  template <class T>
  void operator()(Col col, const char*, const char*, T&& field) {
    if (writes(col)) add(field);
  }
  void sealed(Col col, const char*, const std::optional<SealedMove>& s) {
    if (!writes(col)) return;
    if (!s) {
      for (int i = 0; i < 4; ++i) out_.add(nullptr);
      return;
    }
    out_.add(std::string_view(s->usi));
    out_.add(s->by);
    out_.add(s->time_used_ms);
    out_.add(s->at);
  }

 private:
  bool writes(Col col) const {
    return written(col, for_);
  }
  template <class T>
    requires std::is_arithmetic_v<T>
  void add(T v) {
    out_.add(v);
  }
  void add(const std::string& s) { out_.add(std::string_view(s)); }
  void add(GameStatus s) { out_.add(record_text::status_text(s)); }
  void add(Result r) { out_.add(record_text::result_text(r)); }
  void add(ChallengeStatus s) { out_.add(record_text::challenge_status_text(s)); }
  void add(ColorChoice c) { out_.add(record_text::color_choice_text(c)); }
  void add(TimeControl::Kind k) { out_.add(record_text::tc_kind_text(k)); }
  void add(Role r) { out_.add(role_name(r)); }
  void add(TournamentKind k) { out_.add(record_text::tournament_kind_text(k)); }
  void add(TournamentStatus s) { out_.add(record_text::tournament_status_text(s)); }
  void add(const std::optional<Color>& c) {
    out_.add(c ? Value(record_text::color_text(*c)) : Value());
  }
  void add(const std::optional<bool>& b) { out_.add(b); }
  template <class T>
  void add(const ZeroIsNull<T>& z) {
    out_.add(z.id ? Value(z.id) : Value());
  }
  void add(const Preferences& p) { out_.add_owned(record_text::preferences_json(p)); }
  void add(const std::vector<std::pair<std::string, std::string>>& options) {
    out_.add_owned(record_text::options_json(options));
  }
  void add(const std::vector<std::string>& moves) {
    out_.add_owned(record_text::words_text(moves));
  }
  void add(const std::vector<std::vector<std::string>>& lines) {
    out_.add_owned(record_text::forecast_lines_text(lines));
  }

  Values& out_;
  ColumnNames::For for_;
};

// A row read in the order of select_list's columns.
class Reader {
 public:
  explicit Reader(Row& r) : r_(r) {}
  template <class T>
  void operator()(Col, const char*, const char*, T&& field) {
    read(field);
  }
  void sealed(Col, const char*, std::optional<SealedMove>& s) {
    if (r_.null_next()) {
      r_.skip(4);
      s.reset();
      return;
    }
    SealedMove m;
    m.usi = r_.str();
    m.by = r_.i64();
    m.time_used_ms = r_.i64();
    m.at = r_.i64();
    s = m;
  }

 private:
  void read(int64_t& v) { v = r_.i64(); }
  void read(int& v) { v = r_.i32(); }
  void read(double& v) { v = r_.dbl(); }
  void read(bool& v) { v = r_.boolean(); }
  void read(std::string& s) {
    if (r_.null_next()) {  // a LEFT JOIN's missing row
      r_.skip(1);
      s.clear();
    } else {
      s = r_.str();
    }
  }
  void read(GameStatus& s) { s = record_text::status_of(r_.str()); }
  void read(Result& v) { v = record_text::result_of(r_.str()); }
  void read(ChallengeStatus& s) { s = record_text::challenge_status_of(r_.str()); }
  void read(ColorChoice& c) { c = record_text::color_choice_of(r_.str()); }
  void read(TimeControl::Kind& k) { k = record_text::tc_kind_of(r_.str()); }
  void read(Role& role) { role = role_of(r_.str()).value_or(Role::Player); }
  void read(TournamentKind& k) { k = record_text::tournament_kind_of(r_.str()); }
  void read(TournamentStatus& s) { s = record_text::tournament_status_of(r_.str()); }
  template <class T>
  void read(std::optional<T>& o) {
    if (r_.null_next()) {
      r_.skip(1);
      o.reset();
    } else {
      T v{};
      read(v);
      o = v;
    }
  }
  void read(Color& c) { c = record_text::color_of(r_.str()); }
  template <class T>
  void read(ZeroIsNull<T>& z) {
    if (r_.null_next()) {
      r_.skip(1);
      z.id = 0;
    } else {
      z.id = r_.i64();
    }
  }
  void read(Preferences& p) { p = record_text::preferences_of(r_.str()); }
  void read(std::vector<std::pair<std::string, std::string>>& options) {
    options = record_text::options_of(r_.str());
  }
  void read(std::vector<std::string>& words) { words = record_text::words_of(r_.str()); }
  void read(std::vector<std::vector<std::string>>& lines) {
    lines = record_text::forecast_lines_of(r_.str());
  }

  Row& r_;
};

// --- Statements built from the declarations ---

// "a.x, b.y, ...": the columns SELECT reads, in the order `read` takes them.
template <class R, class T = Table<R>>
std::string select_list() {
  R dummy{};
  ColumnNames names(ColumnNames::For::Select);
  T::columns(names, dummy);
  std::string out;
  for (const std::string& n : names.names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// "SELECT <every column> FROM <the table and its joins> ": a WHERE clause follows.
template <class R, class T = Table<R>>
std::string select_sql() {
  return "SELECT " + select_list<R, T>() + " FROM " + T::from + " ";
}

// "INSERT INTO <table> (<keys>, <columns>) VALUES ($1, ...)": the row's key columns that the
// record does not hold (a move's game) first, then the record's. RETURNING or ON CONFLICT may
// follow.
template <class R, class T = Table<R>>
std::string insert_sql(std::initializer_list<const char*> keys = {}) {
  R dummy{};
  ColumnNames names(ColumnNames::For::Insert);
  T::columns(names, dummy);
  std::vector<std::string> all(keys.begin(), keys.end());
  all.insert(all.end(), names.names.begin(), names.names.end());
  std::string columns, values;
  for (size_t i = 0; i < all.size(); ++i) {
    columns += (i ? ", " : "") + all[i];
    values += (i ? ", $" : "$") + std::to_string(i + 1);
  }
  return "INSERT INTO " + std::string(T::name) + " (" + columns + ") VALUES (" + values + ")";
}

// The SQL types of the columns an insert writes, by their fields' types, for parameters that
// no column gives a type to (a SELECT list's).
class InsertTypes {
 public:
  template <class T>
  void operator()(Col col, const char*, const char*, T&&) {
    if (!written(col, For::Insert)) return;
    using F = std::decay_t<T>;
    if constexpr (std::is_same_v<F, int64_t>) types.push_back("BIGINT");
    else if constexpr (std::is_same_v<F, int>) types.push_back("INTEGER");
    else if constexpr (std::is_same_v<F, double>) types.push_back("DOUBLE PRECISION");
    else if constexpr (std::is_same_v<F, bool>) types.push_back("BOOLEAN");
    else types.push_back("TEXT");  // text, and what is written as text
  }
  template <class T>
  void sealed(Col col, const char*, T&) {
    if (written(col, For::Insert))
      types.insert(types.end(), {"TEXT", "BIGINT", "BIGINT", "BIGINT"});
  }
  std::vector<const char*> types;
};

// "INSERT INTO <table> (<key>, <columns>) SELECT <key_value>, CAST($first AS ...), ...": a row
// inserted only where the FROM ... WHERE that follows finds one (a move, only while its game is
// where the writer saw it). The record's values are $first on, as bind(For::Insert) gives them.
template <class R, class T = Table<R>>
std::string insert_select_sql(const char* key, const char* key_value, int first) {
  R dummy{};
  ColumnNames names(ColumnNames::For::Insert);
  T::columns(names, dummy);
  InsertTypes types;
  T::columns(types, dummy);
  std::string columns = key, values = key_value;
  for (size_t i = 0; i < names.names.size(); ++i) {
    columns += ", " + names.names[i];
    values += ", CAST($" + std::to_string(first + int(i)) + " AS " + types.types[i] + ")";
  }
  return "INSERT INTO " + std::string(T::name) + " (" + columns + ") SELECT " + values;
}

// "x = excluded.x, ...": an upsert's update of the columns an update writes.
template <class R, class T = Table<R>>
std::string excluded_list() {
  R dummy{};
  ColumnNames names(ColumnNames::For::Update);
  T::columns(names, dummy);
  std::string out;
  for (const std::string& n : names.names) out += (out.empty() ? "" : ", ") + n + " = excluded." + n;
  return out;
}

// "x = $N, y = $N+1, ...": the columns an update writes, numbered from `first`.
template <class R, class T = Table<R>>
std::string set_list(int first) {
  R dummy{};
  ColumnNames names(ColumnNames::For::Update);
  T::columns(names, dummy);
  std::string out;
  for (size_t i = 0; i < names.names.size(); ++i)
    out += (i ? ", " : "") + names.names[i] + " = $" + std::to_string(first + int(i));
  return out;
}

// Adds the record's values for insert_sql (For::Insert) or set_list (For::Update) to `out`.
template <class R, class T = Table<R>>
void bind(Values& out, const R& record, ColumnNames::For what) {
  Binder binder(out, what);
  T::columns(binder, record);
}

// The record a row of select_sql holds.
template <class R, class T = Table<R>>
R read(Row& row) {
  R record{};
  Reader reader(row);
  T::columns(reader, record);
  return record;
}

}  // namespace kirin::server::sql
