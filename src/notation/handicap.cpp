#include "notation/handicap.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <vector>

#include "notation/sfen.h"
#include "notation/usi.h"
#include "notation/written_move.h"

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

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The game's pbmserv codes of its unpromoted pieces, in the game's order: "K, DE, G, ...".
std::string code_list(const Variant& v) {
  std::string out, promoted;
  for (Kind k = 1; k <= v.num_kinds(); ++k)
    if (!v.piece(k).promoted_from) out += (out.empty() ? "" : ", ") + pbm_code(v, k);
    else if (promoted.empty()) promoted = pbm_code(v, k);
  return out + (promoted.empty() ? "" : " (a promoted piece: + and its code, as " + promoted + ")");
}

// The piece a code names (pbm_piece_names, the table pbmserv moves are read by), in any case:
// no two codes of a game differ only in case, so "ph", "PH" and "Ph" are all the Phoenix.
std::optional<Kind> code_kind(const std::map<std::string, Kind>& names, std::string_view code) {
  auto it = names.find(lower(code));
  if (it == names.end()) return std::nullopt;
  return it->second;
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
  const std::string named = lower(spec);  // "2LN" is 2ln, as pbmserv's codes are read
  for (const Handicap& h : v.handicaps)
    if (named == lower(h.name) ||
        std::any_of(h.aliases.begin(), h.aliases.end(),
                    [&](const std::string& a) { return named == lower(a); }))
      return parse_sfen(variant, h.sfen);
  if (spec.empty()) fail(spec, "empty handicap", 0);

  Position pos = parse_sfen(variant, v.setup);
  const std::map<std::string, Kind> codes = pbm_piece_names(v);
  size_t longest = 0;
  for (const auto& [code, _] : codes) longest = std::max(longest, code.size());
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
      auto kind = code_kind(codes, letters);
      if (!kind)
        fail(spec, "'" + letters + "' is not a piece of " + v.name + ": its codes are " +
                       code_list(v),
             start + eq + 1);
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
    } else {
      // Piece codes, each removes one of White's pieces. Read longest first, as pbmserv
      // does: "RC" is the Reverse Chariot and "Ph" the Phoenix, not R+C or P+H (write "R,C"
      // for a Rook and a Copper).
      for (size_t i = 0; i < token.size();) {
        size_t at = start + i;
        std::optional<Kind> kind;
        size_t len = std::min(longest, token.size() - i);
        while (len > 0 && !(kind = code_kind(codes, token.substr(i, len)))) --len;
        if (!kind) {
          std::string handicaps;
          for (const Handicap& h : v.handicaps) {  // "2-lions (2ln)"
            std::string also;
            for (const std::string& alias : h.aliases) also += (also.empty() ? "" : ", ") + alias;
            handicaps += (handicaps.empty() ? "" : ", ") + h.name +
                         (also.empty() ? "" : " (" + also + ")");
          }
          fail(spec,
               "'" + std::string(token.substr(i)) + "'" +
                   (i ? " (of '" + std::string(token) + "')" : std::string()) +
                   " is neither a square nor a piece of " +
                   v.name + ": its codes are " + code_list(v) +
                   (handicaps.empty() ? "" : "; its named handicaps: " + handicaps),
               at);
        }
        i += len;
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
