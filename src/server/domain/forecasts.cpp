#include "server/domain/forecasts.h"

#include <algorithm>

#include "server/domain/service_error.h"

namespace kirin::server {

std::vector<std::vector<std::string>> check_forecast_lines(
    const Game& game, int ply, const std::vector<std::vector<std::string>>& lines,
    const MoveParser& parser, const ForecastLimits& limits) {
  if (lines.size() > limits.lines)
    throw ServiceError(ErrorCode::Invalid,
                       "at most " + std::to_string(limits.lines) +
                           " conditional lines may be stored in a game, not " +
                           std::to_string(lines.size()),
                       "lines");
  std::vector<std::vector<std::string>> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string which = "line " + std::to_string(i + 1);
    const std::vector<std::string>& line = lines[i];
    if (line.size() < 2 || line.size() % 2)
      throw ServiceError(ErrorCode::Invalid,
                         which + " has " + std::to_string(line.size()) +
                             (line.size() == 1 ? " move" : " moves") +
                             ": a line is pairs of your opponent's move and your answer",
                         "lines");
    if (line.size() > limits.plies)
      throw ServiceError(ErrorCode::Invalid,
                         which + " has " + std::to_string(line.size()) + " moves: at most " +
                             std::to_string(limits.plies),
                         "lines");
    try {
      out.push_back(read_line(game, ply, line, parser, "lines").usi);
    } catch (const ServiceError& e) {
      throw ServiceError(ErrorCode::Invalid, which + ", " + e.what(), "lines");
    }
    if (std::find(out.begin(), out.end() - 1, out.back()) != out.end() - 1)
      throw ServiceError(ErrorCode::Invalid, which + " is stored already", "lines");
  }
  return out;
}

ForecastStep follow_forecast(const Forecast& forecast, int ply, const std::string& usi) {
  ForecastStep step;
  step.rest.ply = ply + 2;
  if (forecast.ply != ply) return step;  // stored for another position: the game left it
  for (const std::vector<std::string>& line : forecast.lines) {
    if (line.size() < 2 || line[0] != usi) continue;
    if (!step.answer) step.answer = line[1];
    if (line[1] != *step.answer) continue;  // the first matching line's answer is played
    if (line.size() >= 4) step.rest.lines.emplace_back(line.begin() + 2, line.end());
  }
  return step;
}

}  // namespace kirin::server
