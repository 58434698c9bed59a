// The commands about a game's players, pbmserv's: standings (each player's wins, losses and
// draws), ratings (the Glicko-2 ratings, domain/ratings.h) and history (the recently finished
// games). Public, like the board: no password.
#include <cmath>

#include "server/domain/results.h"
#include "server/text/command_common.h"

namespace kirin::server {
namespace {

// How many rows each list shows at most.
constexpr int kListed = 50;

std::string score_text(double score) {
  long halves = std::lround(score * 2);
  return std::to_string(halves / 2) + (halves % 2 ? ".5" : "");
}

}  // namespace

std::string CommandInterface::standings(const Parsed& p, const CommandContext&) {
  want_words(p.w, 2, 2, p.game_word, p.verb);
  StandingsQuery q;
  q.game = p.game->id;
  q.limit = kListed;
  std::vector<Standing> list = games_.ratings().standings(q);
  if (list.empty()) return "No finished " + p.game->name + " games yet.\n";
  std::vector<std::vector<std::string>> rows = {
      {"player", "games", "wins", "losses", "draws", "score"}};
  for (const Standing& s : list)
    rows.push_back({s.user.name, std::to_string(s.wins + s.losses + s.draws),
                    std::to_string(s.wins), std::to_string(s.losses), std::to_string(s.draws),
                    score_text(s.score())});
  return "Standings of " + p.game->name +
         " (finished games, rated and casual; a draw scores a half):\n" +
         table(rows, /*numbers_first=*/false);
}

std::string CommandInterface::ratings(const Parsed& p, const CommandContext&) {
  want_words(p.w, 2, 2, p.game_word, p.verb);
  std::vector<Rating> list =
      games_.ratings().leaderboard(p.game->id, kListed, /*with_provisional=*/true);
  if (list.empty()) return "No rated " + p.game->name + " games yet.\n";
  std::vector<std::vector<std::string>> rows = {{"rank", "player", "rating", "deviation", "games"}};
  for (size_t i = 0; i < list.size(); ++i)
    rows.push_back({std::to_string(i + 1), list[i].user.name, rating_text(list[i].value),
                    std::to_string(std::lround(list[i].value.deviation)),
                    std::to_string(list[i].games)});
  return "Ratings in " + p.game->name + " (Glicko-2; ? marks a provisional rating):\n" +
         table(rows);
}

std::string CommandInterface::history(const Parsed& p, const CommandContext&) {
  want_words(p.w, 2, 2, p.game_word, p.verb);
  GameQuery q;
  q.game = p.game->id;
  q.statuses = {GameStatus::Finished};
  q.limit = kListed;
  std::vector<GameState> list = games_.find_games(q, /*viewer=*/0);
  if (list.empty()) return "No finished " + p.game->name + " games yet.\n";
  std::vector<std::vector<std::string>> rows = {
      {"board", "ended", "black", "white", "result", "rated"}};
  for (const GameState& s : list)
    rows.push_back({std::to_string(s.id), utc_text(s.updated, "%Y-%m-%d"), s.black.name,
                    s.white.name, describe_result(s), s.setup.rated ? "rated" : "casual"});
  return "The latest finished games of " + p.game->name + ", newest first:\n" +
         table(rows);
}

}  // namespace kirin::server
