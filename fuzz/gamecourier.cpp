// Game Courier's move notation for every game (fuzz/move_input.h), in shogi coordinates on
// odd move numbers and chess coordinates on even ones, read and written back.
#include "fuzz/move_input.h"
#include "notation/gamecourier.h"

using namespace kirin;

namespace {

GameCourierOptions coords_for(const Position& pos) {
  GameCourierOptions options;
  if (pos.move_number() % 2 == 0) options.coords = GameCourierOptions::Coords::Chess;
  return options;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::fuzz_moves(
      data, size,
      [](const Position& pos, std::string_view text) {
        return parse_gamecourier_move(pos, text, coords_for(pos));
      },
      [](const Position& pos, const Move& m) {
        return to_gamecourier_move(pos, m, coords_for(pos));
      });
}
