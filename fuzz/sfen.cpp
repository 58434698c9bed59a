// SFEN for every game: "GAME\nSFEN" (GAME a built-in game's id). A position the reader
// accepts must write back to an SFEN that reads to the same position, and its legal moves
// must be generated without fault (a custom start position is outside input on the server).
#include "fuzz/fuzz_input.h"
#include "notation/notation_error.h"
#include "notation/sfen.h"
#include "rules/movegen.h"
#include "rules/position.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  std::shared_ptr<const Variant> game = fuzz::game_named(fuzz::take_line(text));
  if (!game) return -1;  // not worth keeping in the corpus
  std::optional<Position> pos;
  try {
    pos.emplace(parse_sfen(game, text));
  } catch (const NotationError&) {
    return 0;
  }
  std::string written = to_sfen(*pos);
  std::string again;
  try {
    again = to_sfen(parse_sfen(game, written));
  } catch (const NotationError& e) {
    fuzz::broken("the SFEN written, '" + written + "', does not read: " + e.what());
  }
  if (again != written) fuzz::broken("'" + written + "' reads back as '" + again + "'");
  MoveList moves;
  generate_moves(*pos, moves);
  return 0;
}
