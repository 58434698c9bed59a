// XBetza move descriptions: "BETZA\nSTING\nSKIP_FIRST", a piece's fields `betza`, `sting`
// and `skip_first` in a game definition (docs/VARIANTS.md), read in that order.
#include "fuzz/fuzz_input.h"
#include "rules/betza.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text = fuzz::as_text(data, size);
  try {
    MoveSpec spec = parse_betza(fuzz::take_line(text));
    if (text.empty()) return 0;
    add_stinging_moves(spec, fuzz::take_line(text));
    if (text.empty()) return 0;
    add_skipping_slides(spec, fuzz::take_line(text));
  } catch (const BetzaError&) {
  }
  return 0;
}
