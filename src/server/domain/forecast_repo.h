// A player's conditional moves in a game, as the forecasts module stores them (storage.h).
#pragma once

#include <optional>

#include "server/domain/records.h"
#include "server/domain/storage.h"

namespace kirin::server {

class ForecastRepo {
 public:
  virtual ~ForecastRepo() = default;
  virtual std::optional<Forecast> find_forecast(Id game, Id user) = 0;
  // With no lines: deletes them.
  virtual void set_forecast(Id game, Id user, const Forecast& forecast) = 0;
};

}  // namespace kirin::server
