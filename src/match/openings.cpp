#include "match/openings.h"

#include <random>
#include <set>
#include <sstream>

#include "notation/notation_error.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/game.h"
#include "rules/movegen.h"

namespace kirin::match {
namespace {

bool quiet(const Position& pos, const Move& m) { return !m.is_two_step() && !is_capture(pos, m); }

// Could either side capture anything here? (The side not to move as if it were its turn.)
bool can_capture(const Position& pos) {
  MoveList captures;
  generate_captures(pos, captures);
  if (captures.size > 0) return true;
  Position other = pos;
  other.set_side_to_move(~pos.side_to_move());
  generate_captures(other, captures);
  return captures.size > 0;
}

Opening random_line(std::shared_ptr<const Variant> variant, int plies, std::mt19937_64& rng) {
  Game game(parse_sfen(variant, variant->setup));
  Opening line;
  for (int i = 0; i < plies && !game.outcome().over(); ++i) {
    const Position& pos = game.position();
    MoveList list;
    generate_moves(pos, list);
    std::vector<Move> safe, quiet_moves;
    for (const Move& m : list) {
      if (!quiet(pos, m)) continue;
      quiet_moves.push_back(m);
      Position after = pos;
      Undo u;
      after.do_move(m, u);
      if (!can_capture(after)) safe.push_back(m);
    }
    const std::vector<Move>& pool = safe.empty() ? quiet_moves : safe;
    if (pool.empty()) break;
    // rng() % n rather than a distribution: the same lines on every standard library.
    const Move& m = pool[rng() % pool.size()];
    line.push_back(to_usi(pos, m));
    game.play(m);
  }
  return line;
}

}  // namespace

std::vector<Opening> random_openings(std::shared_ptr<const Variant> variant, int count, int plies,
                                     uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Opening> out;
  std::set<Opening> seen;
  for (int i = 0; i < count; ++i) {
    Opening line = random_line(variant, plies, rng);
    // A few more tries for a line not played yet; small games may not have enough.
    for (int tries = 0; tries < 20 && seen.count(line); ++tries)
      line = random_line(variant, plies, rng);
    seen.insert(line);
    out.push_back(std::move(line));
  }
  return out;
}

std::vector<Opening> read_openings(std::shared_ptr<const Variant> variant, std::istream& in,
                                   const std::string& origin) {
  std::vector<Opening> out;
  std::string text;
  int line_number = 0;
  while (std::getline(in, text)) {
    ++line_number;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    std::istringstream words(text);
    Opening line;
    std::string word;
    while (words >> word) line.push_back(word);
    if (line.empty() || line[0][0] == '#') continue;
    Game game(parse_sfen(variant, variant->setup));
    for (size_t i = 0; i < line.size(); ++i) {
      std::string where = origin + ":" + std::to_string(line_number) + ": move " +
                          std::to_string(i + 1) + " '" + line[i] + "'";
      if (game.outcome().over())
        throw NotationError(where + ": the game is already over (" + describe(game.outcome()) +
                            ")");
      try {
        Move m = parse_usi(game.position(), line[i]);
        line[i] = to_usi(game.position(), m);  // one spelling in the game files
        game.play(m);
      } catch (const NotationError& e) {
        throw NotationError(where + ": " + e.what());
      }
    }
    out.push_back(std::move(line));
  }
  if (out.empty()) throw NotationError(origin + ": no openings in the file");
  return out;
}

}  // namespace kirin::match
