// A game definition in TOML (variants/*.toml, `--variant-file`): read and compiled, every
// profile applied; a game that loads must set up its start position or refuse it cleanly,
// and generate that position's legal moves.
#include <stdexcept>

#include "fuzz/fuzz_input.h"
#include "notation/notation_error.h"
#include "notation/sfen.h"
#include "rules/movegen.h"
#include "rules/position.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::shared_ptr<const Variant> game;
  try {
    game = load_variant_toml(fuzz::as_text(data, size), "fuzz.toml");
  } catch (const VariantError&) {
    return 0;
  }
  try {
    Position start = parse_sfen(game, game->setup);
    MoveList moves;
    generate_moves(start, moves);
  } catch (const NotationError&) {
  } catch (const std::length_error&) {  // more legal moves than a MoveList holds: refused
  }
  return 0;
}
