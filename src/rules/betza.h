// XBetza move notation, parsed into a list of geometric move elements.
//
// Supported (see docs/RULES.md, "XBetza"): atoms W F D A N K R B Q (and H G C Z), doubled atoms
// as riders, a range after an atom (`W2`), direction modifiers f b l r s v (and the two-letter
// forms for diagonal and oblique atoms), modes m c p, and two-leg moves joined with `a` whose
// second-leg directions are relative to the first leg (`caK`, `mcabK`, `fcavW`, `fabW`).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kirin {

// Vectors are seen from Black: dx > 0 to Black's right, dy > 0 forward (towards rank 'a').
struct Vec {
  int8_t dx = 0, dy = 0;
  friend bool operator==(const Vec&, const Vec&) = default;
};

enum MoveMode : uint8_t {
  kModeMove = 1,     // may go to an empty square
  kModeCapture = 2,  // may capture an enemy piece
  kModeHop = 4,      // (first leg only) must land on an occupied square and hop over it
};

struct LeapSpec {  // one jump to a fixed vector
  Vec v;
  uint8_t mode;
};
struct SlideSpec {  // repeated steps of v, at most `range` (0 = unlimited)
  Vec v;
  uint8_t range;
  uint8_t mode;
  bool hop;  // cannon-like: must pass exactly one occupied square before the landing square
  bool skip_first = false;  // passes over the adjacent square and cannot stop there
};
struct TwoLegSpec {  // a step `first`, then a step `second` from where the first one ended
  Vec first;
  uint8_t mode1;
  Vec second;
  uint8_t mode2;
};

struct MoveSpec {
  std::vector<LeapSpec> leaps;
  std::vector<SlideSpec> slides;
  std::vector<TwoLegSpec> two_legs;
  int max_leap = 0;  // largest |dx| or |dy| of any single jump (for the board padding check)
};

class BetzaError : public std::runtime_error {
 public:
  BetzaError(const std::string& what, size_t offset)
      : std::runtime_error(what), offset_(offset) {}
  size_t offset() const { return offset_; }  // character offset in the XBetza string

 private:
  size_t offset_;
};

// Throws BetzaError naming the character offset of the first thing it does not understand.
MoveSpec parse_betza(std::string_view text);

// Adds stinging moves (Chu Seireigi): for each single step of `steps` (an XBetza of one-step
// atoms, e.g. "fW" or "K"), the step itself, and, after a step that captured, one more
// non-capturing king step in any direction (back to the start included).
void add_stinging_moves(MoveSpec& spec, std::string_view steps);

// Adds slides that pass over the adjacent square whatever stands there and cannot stop on it
// (Mitsugumi's Heavenly Tetrarch): "BvR" unlimited, "sR3" to the 2nd or 3rd square.
void add_skipping_slides(MoveSpec& spec, std::string_view slides);

}  // namespace kirin
