#include "notation/handicap.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"

namespace kirin {
namespace {

[[noreturn]] void fail(std::string_view spec, const std::string& why, size_t offset) {
  throw NotationError("handicap '" + std::string(spec) + "' at offset " + std::to_string(offset) +
                          ": " + why,
                      "handicap", long(offset));
}

// A square written number-letter ("8b") or letter-number ("b8").
Square read_square(const Variant& v, std::string_view text) {
  Square s = parse_square(v, text);
  if (s != kNoSquare || text.size() < 2 || !std::isalpha(static_cast<unsigned char>(text[0])))
    return s;
  std::string swapped = std::string(text.substr(1)) + text[0];
  return parse_square(v, swapped);
}

// Standard shogi handicaps by number of pieces: White gives up these, in this order.
const std::map<int, std::vector<std::string>>& shogi_piece_handicaps() {
  static const std::map<int, std::vector<std::string>> table = {
      {2, {"r", "b"}},
      {4, {"r", "b", "l", "l"}},
      {6, {"r", "b", "l", "l", "n", "n"}},
      {8, {"r", "b", "l", "l", "n", "n", "s", "s"}},
      {10, {"r", "b", "l", "l", "n", "n", "s", "s", "g", "g"}},
  };
  return table;
}

// Removes White's piece of this kind that is leftmost as White sees it (lowest file number),
// nearest White's back rank on a tie.
bool remove_white(Position& pos, Kind kind) {
  const Variant& v = pos.variant();
  Piece want = make_piece(kind, kWhite);
  for (int col = v.files - 1; col >= 0; --col)
    for (int row = 0; row < v.ranks; ++row) {
      Square s = make_square(col, row);
      if (pos.at(s) == want) {
        pos.remove(s);
        return true;
      }
    }
  return false;
}

}  // namespace

Position handicap_position(std::shared_ptr<const Variant> variant, std::string_view spec) {
  const Variant& v = *variant;
  for (const Handicap& h : v.handicaps)
    if (spec == h.name || std::find(h.aliases.begin(), h.aliases.end(), spec) != h.aliases.end())
      return parse_sfen(variant, h.sfen);
  if (spec.empty()) fail(spec, "empty handicap", 0);

  Position pos = parse_sfen(variant, v.setup);
  size_t start = 0;
  while (start <= spec.size()) {
    size_t end = spec.find(',', start);
    if (end == std::string_view::npos) end = spec.size();
    std::string_view token = spec.substr(start, end - start);
    if (token.empty()) fail(spec, "empty item in the list", start);
    size_t eq = token.find('=');
    if (eq != std::string_view::npos) {  // square=PIECE
      Square s = read_square(v, token.substr(0, eq));
      if (s == kNoSquare) fail(spec, "'" + std::string(token.substr(0, eq)) + "' is not a square", start);
      std::string letters(token.substr(eq + 1));
      bool promoted = !letters.empty() && letters[0] == '+';
      std::string base = promoted ? letters.substr(1) : letters;
      if (!base.empty()) base[0] = char(std::tolower(static_cast<unsigned char>(base[0])));
      auto kind = v.kind_by_sfen((promoted ? "+" : "") + base);
      if (!kind) fail(spec, "'" + letters + "' is not a piece of game " + v.id, start + eq + 1);
      // The piece belongs to the player whose half of the board the square is in.
      Color owner = row_of(s) < v.ranks / 2 ? kWhite : kBlack;
      pos.put(s, make_piece(*kind, owner));
    } else if (Square s = read_square(v, token); s != kNoSquare) {  // a square: empty it
      if (is_piece(pos.at(s))) pos.remove(s);
    } else if (token.size() >= 2 && token.back() == 'p' &&
               std::all_of(token.begin(), token.end() - 1,
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      if (v.id != "shogi") fail(spec, "'Np' handicaps exist only in shogi", start);
      // Two digits at most: a longer count is no handicap (and would not fit an int).
      const int n = token.size() <= 3 ? std::stoi(std::string(token.substr(0, token.size() - 1)))
                                      : -1;
      auto it = shogi_piece_handicaps().find(n);
      if (it == shogi_piece_handicaps().end())
        fail(spec, "shogi piece handicaps are 2p, 4p, 6p, 8p and 10p", start);
      for (const std::string& letter : it->second) remove_white(pos, *v.kind_by_sfen(letter));
    } else {  // piece letters, each removes one of White's pieces
      for (size_t i = 0; i < token.size();) {
        size_t at = start + i;
        std::string letter(1, char(std::tolower(static_cast<unsigned char>(token[i++]))));
        while (i < token.size() && token[i] == '\'') letter += token[i++];
        auto kind = v.kind_by_sfen(letter);
        if (!kind) {
          std::string named;
          for (const Handicap& h : v.handicaps) named += (named.empty() ? "" : ", ") + h.name;
          fail(spec,
               "'" + letter + "' is neither a square nor a piece of game " + v.id +
                   (named.empty() ? "" : " (its named handicaps: " + named + ")"),
               at);
        }
        if (!remove_white(pos, *kind))
          fail(spec, "White has no " + v.piece(*kind).name + " left to remove", at);
      }
    }
    start = end + 1;
  }
  Square royal[1];
  for (Color c : {kBlack, kWhite})
    if (pos.royals(c, royal, 1) == 0)
      fail(spec, std::string("it leaves ") + (c == kBlack ? "Black" : "White") +
                     " without a King",
           0);
  pos.set_side_to_move(kWhite);
  return pos;
}

}  // namespace kirin
