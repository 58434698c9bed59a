#include "server/domain/ratings.h"

#include "server/domain/service_error.h"

namespace kirin::server {
namespace {

constexpr double kDayMs = 24.0 * 60 * 60 * 1000;

// How often settling a game may find a player's rating changed by another process meanwhile
// before it gives up: each retry reads the ratings again, and only a burst of games of the
// same players ending at once elsewhere comes back here.
constexpr int kSettleAttempts = 8;

double black_score(Result r) {
  return r == Result::BlackWins ? 1 : r == Result::WhiteWins ? 0 : 0.5;
}

}  // namespace

std::string why_not_rated(const GameSetup& setup, const Variant& variant,
                          bool against_computer) {
  if (against_computer) return "a game against the computer is casual";
  if (!setup.handicap.empty()) return "a handicap game cannot be rated";
  if (!setup.start_sfen.empty()) return "a game from a start position of your own cannot be rated";
  // A named profile (pbmserv, jcsa) is the game with small rule differences: rated, into the
  // game's one rating (build_setup has checked the game has it). Options of one's own are not.
  if (!setup.options.empty() || setup.drops)
    return "a rated game is played under " + variant.name +
           "'s own rules or one of its named profiles: leave the rule options out";
  return {};
}

Ratings::Ratings(Storage& storage, RatingOptions options)
    : rating_repo_(storage.ratings()), game_repo_(storage.games()), options_(options) {}

Rating Ratings::rating(const PlayerRef& user, const std::string& game) {
  if (std::optional<Rating> r = rating_repo_.find_rating(user.id, game)) return *r;
  Rating fresh;
  fresh.user = user;
  fresh.game = game;
  return fresh;
}

std::vector<RatingChange> Ratings::settle(const GameState& g) {
  const TimeMs at = g.updated;
  Rating black = rating(g.black, g.setup.game), white = rating(g.white, g.setup.game);
  // Each player's deviation grown over the periods since their last rated game.
  auto before_game = [&](const Rating& r) {
    if (!r.games) return r.value;
    double periods = double(at - r.last_played) / (options_.period_days * kDayMs);
    return glicko2_idle(r.value, periods, options_.glicko2);
  };
  const Glicko2Rating b = before_game(black), w = before_game(white);
  const double score = black_score(g.result);
  auto change = [&](const Rating& r, const Glicko2Rating& mine, const Glicko2Rating& theirs,
                    double s) {
    RatingChange c;
    c.game_id = g.id;
    c.user = r.user;
    c.game = g.setup.game;
    c.before = r.value;
    c.after = glicko2_update(mine, {{theirs, s}}, options_.glicko2);
    c.games_before = r.games;
    c.at = at;
    return c;
  };
  return {change(black, b, w, score), change(white, w, b, 1 - score)};
}

std::vector<RatingChange> Ratings::game_over(const GameState& g) {
  if (!g.setup.rated || g.status != GameStatus::Finished || g.result == Result::Ongoing ||
      g.black.id == g.white.id || g.ply < kMinRatedPly)
    return {};
  for (int attempt = 0; attempt < kSettleAttempts; ++attempt) {
    std::vector<RatingChange> changes = settle(g);
    switch (rating_repo_.record_rating_changes(changes)) {
      case RatingWrite::Ok: return changes;
      case RatingWrite::AlreadyRated: return rating_repo_.rating_changes_of_game(g.id);
      case RatingWrite::Stale: break;
    }
  }
  throw ServiceError(ErrorCode::Conflict,
                     "the ratings of game " + std::to_string(g.id) +
                         " kept changing meanwhile: `kirin ratings recompute` settles them");
}

std::vector<Rating> Ratings::ratings_of(Id user) { return rating_repo_.ratings_of(user); }
std::vector<RatingChange> Ratings::history(Id user) { return rating_repo_.rating_history(user); }
std::vector<RatingChange> Ratings::changes_of_game(Id game) {
  return rating_repo_.rating_changes_of_game(game);
}

std::vector<Rating> Ratings::leaderboard(const std::string& game, int limit,
                                         bool with_provisional) {
  // No deviation grows past options_.glicko2.max_deviation.
  return rating_repo_.leaderboard(
      game, -1, with_provisional ? options_.glicko2.max_deviation : kProvisionalDeviation, limit);
}

std::vector<Rating> Ratings::provisional(const std::string& game, int limit) {
  return rating_repo_.leaderboard(game, kProvisionalDeviation, options_.glicko2.max_deviation,
                                  limit);
}

std::vector<Standing> Ratings::standings(const StandingsQuery& query) {
  return rating_repo_.standings(query);
}

int Ratings::recompute() {
  rating_repo_.clear_ratings();
  int settled = 0;
  for (const GameState& g : game_repo_.finished_rated_games())
    if (!game_over(g).empty()) ++settled;
  return settled;
}

}  // namespace kirin::server
