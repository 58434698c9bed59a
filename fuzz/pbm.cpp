// pbmserv's move notation for every game (fuzz/move_input.h), written back in its full form
// and, every other move, its short form.
#include "fuzz/move_input.h"
#include "notation/pbm.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::fuzz_moves(
      data, size,
      [](const Position& pos, std::string_view text) { return parse_pbm_move(pos, text); },
      [](const Position& pos, const Move& m) {
        return to_pbm_move(pos, m, pos.move_number() % 2 ? PbmForm::Full : PbmForm::Short);
      });
}
