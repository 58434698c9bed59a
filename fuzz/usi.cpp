// USI moves for every game (fuzz/move_input.h), written back in USI's canonical spelling.
#include "fuzz/move_input.h"
#include "notation/usi.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::fuzz_moves(
      data, size, [](const Position& pos, std::string_view text) { return parse_usi(pos, text); },
      [](const Position& pos, const Move& m) { return to_usi(pos, m); });
}
