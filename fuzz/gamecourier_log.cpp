// Game Courier move lists (notation/gamecourier.h): the first line names the game, the rest is
// the list, from the game's setup. A list read is written again and must read back the same.
#include "fuzz/fuzz_input.h"
#include "notation/gamecourier.h"
#include "notation/sfen.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  std::shared_ptr<const Variant> game = fuzz::game_named(fuzz::take_line(text));
  if (!game) return 0;
  const Position start = parse_sfen(game, game->setup);
  std::vector<Move> moves;
  try {
    moves = read_gamecourier_log(start, text);
  } catch (const NotationError& e) {
    fuzz::echo(e.what());
    return 0;
  }
  const std::string written = gamecourier_log(start, moves);
  fuzz::echo(written);
  try {
    if (read_gamecourier_log(start, written) != moves)
      fuzz::broken("the log written reads back as other moves:\n" + written);
  } catch (const NotationError& e) {
    fuzz::broken("the log written does not read back: " + std::string(e.what()) + "\n" + written);
  }
  return 0;
}
