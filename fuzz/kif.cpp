// KIF records (notation/kif.h): the first line names the game the record falls back to (empty:
// read_kif's own guess), the rest is the record. A record read is written again and must read
// back as the same start and moves.
#include <optional>

#include "fuzz/fuzz_input.h"
#include "notation/kif.h"
#include "notation/sfen.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  std::shared_ptr<const Variant> game = fuzz::game_named(fuzz::take_line(text));
  std::optional<KifGame> read;
  try {
    read = read_kif(text, game);
  } catch (const NotationError& e) {
    fuzz::echo(e.what());
    return 0;
  }
  const KifGame& g = *read;
  const std::string written = write_kif(g);
  fuzz::echo(written);
  try {
    const KifGame back = read_kif(written, g.start.variant_ptr());
    if (to_sfen(back.start) != to_sfen(g.start) || back.moves != g.moves)
      fuzz::broken("KIF written reads back as another game:\n" + written);
  } catch (const NotationError& e) {
    fuzz::broken("KIF written does not read back: " + std::string(e.what()) + "\n" + written);
  }
  return 0;
}
