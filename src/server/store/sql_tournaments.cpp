// Tournaments, their entries and pairings (TournamentRepo), in SQL both databases run. Every
// write to an event is conditional on its version and bumps it: the first statement of each
// transaction, so that on PostgreSQL it locks the event's row and a concurrent writer waits
// for the commit, then finds the version moved and writes nothing.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {
namespace {

const std::string& select_tournament() {
  static const std::string sql = select_sql<Tournament>();
  return sql;
}

// Writes `next` if the stored version is next.version - 1: whether it did.
bool write_tournament(Connection& c, const Tournament& next) {
  static const std::string sql =
      "UPDATE tournaments SET " + set_list<Tournament>(3) + " WHERE id = $1 AND version = $2";
  Values v{next.id, next.version - 1};
  bind(v, next, ColumnNames::For::Update);
  return c.execute(sql, v) == 1;
}

}  // namespace

Id SqlTournamentRepo::create_tournament(const Tournament& t,
                                        const std::vector<TournamentEntry>& entries) {
  static const std::string insert = insert_sql<Tournament>() + " RETURNING id";
  static const std::string insert_entry = insert_sql<TournamentEntry>();
  return db_.write([&](Connection& c) {
    Values v;
    bind(v, t, ColumnNames::For::Insert);
    Id id = *c.integer(insert, v);
    for (TournamentEntry e : entries) {
      e.tournament = id;
      Values ev;
      bind(ev, e, ColumnNames::For::Insert);
      c.execute(insert_entry, ev);
    }
    return id;
  });
}

std::optional<Tournament> SqlTournamentRepo::find_tournament(Id id) {
  static const std::string sql = select_tournament() + "WHERE t.id = $1";
  return db_.read([&](Connection& c) { return c.first(sql, {id}, read<Tournament>); });
}

std::vector<Tournament> SqlTournamentRepo::list_tournaments(TournamentStatus status,
                                                            std::string_view game, int limit) {
  Values v;
  std::string sql = select_tournament() + "WHERE t.status = " +
                    v.param(record_text::tournament_status_text(status));
  if (!game.empty()) sql += " AND t.game = " + v.param(game);
  sql += " ORDER BY t.id DESC LIMIT " + v.param(limit);
  return db_.read([&](Connection& c) { return c.all(sql, v, read<Tournament>); });
}

int SqlTournamentRepo::count_created_since(Id creator, TimeMs since) {
  static const std::string sql =
      "SELECT count(*) FROM tournaments WHERE creator = $1 AND created_ms >= $2";
  return int(db_.read([&](Connection& c) { return c.integer(sql, {creator, since}); }).value_or(0));
}

std::vector<Tournament> SqlTournamentRepo::tournaments_to_direct(TimeMs now) {
  static const std::string sql =
      select_tournament() +
      "WHERE t.status = 'running' OR (t.status = 'created' AND t.starts_at_ms > 0 AND "
      "t.starts_at_ms <= $1) ORDER BY t.id";
  return db_.read([&](Connection& c) { return c.all(sql, {now}, read<Tournament>); });
}

std::vector<TournamentEntry> SqlTournamentRepo::entries_of(Id tournament) {
  static const std::string sql =
      select_sql<TournamentEntry>() + "WHERE e.tournament_id = $1 ORDER BY e.id";
  return db_.read([&](Connection& c) { return c.all(sql, {tournament}, read<TournamentEntry>); });
}

std::vector<TournamentPairing> SqlTournamentRepo::pairings_of(Id tournament) {
  static const std::string sql =
      select_sql<TournamentPairing>() + "WHERE p.tournament_id = $1 ORDER BY p.id";
  return db_.read(
      [&](Connection& c) { return c.all(sql, {tournament}, read<TournamentPairing>); });
}

std::vector<GameState> SqlTournamentRepo::games_of(Id tournament, int limit) {
  static const std::string sql =
      select_sql<GameState>() + "WHERE g.tournament_id = $1 ORDER BY g.id DESC LIMIT $2";
  return db_.read([&](Connection& c) { return c.all(sql, {tournament, limit}, read<GameState>); });
}

bool SqlTournamentRepo::update_tournament(const Tournament& next) {
  return db_.write([&](Connection& c) { return write_tournament(c, next); });
}

std::optional<Id> SqlTournamentRepo::add_entry(const Tournament& next,
                                               const TournamentEntry& entry) {
  static const std::string upsert = insert_sql<TournamentEntry>() +
                                    " ON CONFLICT (tournament_id, user_id, computer) DO UPDATE "
                                    "SET " + excluded_list<TournamentEntry>() + " RETURNING id";
  return db_.write([&](Connection& c) -> std::optional<Id> {
    if (!write_tournament(c, next)) return std::nullopt;
    Values v;
    bind(v, entry, ColumnNames::For::Insert);
    return c.integer(upsert, v);
  });
}

bool SqlTournamentRepo::set_withdrawn(const Tournament& next, Id entry, bool withdrawn) {
  return db_.write([&](Connection& c) {
    if (!write_tournament(c, next)) return false;
    c.execute("UPDATE tournament_entries SET withdrawn = $1 WHERE id = $2 AND tournament_id = $3",
              {withdrawn, entry, next.id});
    return true;
  });
}

bool SqlTournamentRepo::remove_entry(const Tournament& next, Id entry) {
  return db_.write([&](Connection& c) {
    if (!write_tournament(c, next)) return false;
    c.execute("DELETE FROM tournament_entries WHERE id = $1 AND tournament_id = $2",
              {entry, next.id});
    return true;
  });
}

std::optional<std::vector<Id>> SqlTournamentRepo::start_round(
    const Tournament& next, std::vector<TournamentPairing> pairings,
    std::vector<GameState> games) {
  static const std::string insert_pairing = insert_sql<TournamentPairing>();
  if (games.size() > pairings.size())
    throw StoreError("start_round: more games than pairings in tournament " +
                     std::to_string(next.id));
  return db_.write([&](Connection& c) -> std::optional<std::vector<Id>> {
    if (!write_tournament(c, next)) return std::nullopt;
    std::vector<Id> ids;
    for (size_t i = 0; i < pairings.size(); ++i) {
      TournamentPairing& p = pairings[i];
      p.tournament = next.id;
      if (i < games.size()) {
        games[i].tournament = next.id;
        p.game = SqlGameRepo::insert_game(c, games[i]);
        ids.push_back(p.game);
      }
      Values v;
      bind(v, p, ColumnNames::For::Insert);
      c.execute(insert_pairing, v);
    }
    return ids;
  });
}

std::vector<TournamentPairing> SqlTournamentRepo::unrecorded_ended_pairings() {
  static const std::string sql =
      select_sql<TournamentPairing>() +
      "JOIN tournaments t ON t.id = p.tournament_id JOIN games g ON g.id = p.game_id "
      "WHERE t.status = 'running' AND p.ended_ms = 0 AND g.status IN ('finished', 'aborted') "
      "ORDER BY p.id";
  return db_.read([&](Connection& c) { return c.all(sql, {}, read<TournamentPairing>); });
}

bool SqlTournamentRepo::record_result(const TournamentPairing& p, std::string_view change) {
  static const std::string update = "UPDATE tournament_pairings SET " +
                                    set_list<TournamentPairing>(2) +
                                    " WHERE id = $1 AND ended_ms = 0";
  Values v{p.id};
  bind(v, p, ColumnNames::For::Update);
  return db_.write([&](Connection& c) {
    if (c.execute(update, v) == 0) return false;
    c.execute("UPDATE tournaments SET version = version + 1, change = $1 WHERE id = $2",
              {change, p.tournament});
    return true;
  });
}

}  // namespace kirin::server::sql
