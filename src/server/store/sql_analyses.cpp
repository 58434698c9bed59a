// Games' computer analyses (AnalysisRepo), in SQL both databases run.
#include "server/store/record_text.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {

std::optional<StoredAnalysis> SqlAnalysisRepo::find_analysis(Id game) {
  static const std::string sql =
      "SELECT a.game_id, a.user_id, u.name, a.nodes, a.created_ms, a.positions "
      "FROM game_analyses a JOIN users u ON u.id = a.user_id WHERE a.game_id = $1";
  return db_.read([&](Connection& c) {
    return c.first(sql, {game}, [](Row& r) {
      StoredAnalysis a;
      a.game = r.i64();
      a.by.id = r.i64();
      a.by.name = r.str();
      a.nodes = r.i64();
      a.created = r.i64();
      a.positions = record_text::analysis_positions_of(r.str());
      return a;
    });
  });
}

bool SqlAnalysisRepo::has_analysis(Id game) {
  return db_.read([&](Connection& c) {
    return c.integer("SELECT 1 FROM game_analyses WHERE game_id = $1", {game}).has_value();
  });
}

bool SqlAnalysisRepo::add_analysis(const StoredAnalysis& a) {
  const std::string positions = record_text::analysis_positions_text(a.positions);
  return db_.write_one(
             "INSERT INTO game_analyses (game_id, user_id, nodes, created_ms, positions) "
             "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id) DO NOTHING",
             {a.game, a.by.id, a.nodes, a.created, positions}) > 0;
}

}  // namespace kirin::server::sql
