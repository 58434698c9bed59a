// A player's conditional moves (ForecastRepo), in SQL both databases run.
#include "server/store/columns.h"
#include "server/store/repositories.h"

namespace kirin::server::sql {

std::optional<Forecast> SqlForecastRepo::find_forecast(Id game, Id user) {
  static const std::string sql =
      select_sql<Forecast>() + "WHERE f.game_id = $1 AND f.user_id = $2";
  return db_.read([&](Connection& c) { return c.first(sql, {game, user}, read<Forecast>); });
}

void SqlForecastRepo::set_forecast(Id game, Id user, const Forecast& forecast) {
  static const std::string upsert = insert_sql<Forecast>({"game_id", "user_id"}) +
                                    " ON CONFLICT (game_id, user_id) DO UPDATE SET " +
                                    excluded_list<Forecast>();
  Values v{game, user};
  bind(v, forecast, ColumnNames::For::Insert);
  if (forecast.lines.empty())
    db_.write_one("DELETE FROM forecasts WHERE game_id = $1 AND user_id = $2", {game, user});
  else
    db_.write_one(upsert, v);
}

}  // namespace kirin::server::sql
