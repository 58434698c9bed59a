// How much random play a test does. `make test` runs on every commit with fixed seeds, so its
// games find nothing new after the first run: the defaults are small, and every legal move is
// checked at every tenth position only (the one played is checked at every position). The long
// run, `make test-long`, plays KIRIN_RANDOM_GAMES times as many games from the seed
// KIRIN_RANDOM_SEED ("time": a new one each run), which the tests print so that a failure can
// be played again.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace kirin::test {

// `per_run` games, or KIRIN_RANDOM_GAMES times as many.
inline int random_games(int per_run) {
  const char* times = std::getenv("KIRIN_RANDOM_GAMES");
  int n = times ? std::atoi(times) : 1;
  return per_run * (n > 0 ? n : 1);
}

// The test's own seed, or one made from KIRIN_RANDOM_SEED (the same for the same value, so a
// run can be repeated); the seed used is printed and recorded with the test's result.
inline std::uint32_t random_seed(std::uint32_t fixed) {
  static const std::uint32_t offset = [] {
    const char* text = std::getenv("KIRIN_RANDOM_SEED");
    if (!text || !*text) return std::uint32_t(0);
    if (std::string(text) == "time")
      return std::uint32_t(std::chrono::system_clock::now().time_since_epoch().count());
    return std::uint32_t(std::strtoul(text, nullptr, 10));
  }();
  if (offset) std::printf("[ seed     ] KIRIN_RANDOM_SEED=%u\n", offset);
  ::testing::Test::RecordProperty("random_seed_offset", std::to_string(offset));
  return fixed ^ offset * 2654435761u;
}

// Whether every legal move is checked at this position of a random game, or only the one played.
inline bool check_every_move_at(int ply) { return ply % 10 == 0; }

}  // namespace kirin::test
