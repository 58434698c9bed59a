#include "notation/sfen.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "rules/position_check.h"

namespace kirin {
namespace {

struct Field {
  std::string_view text;
  size_t offset;  // of the field within the whole SFEN
};

std::vector<Field> split_fields(std::string_view sfen) {
  std::vector<Field> fields;
  size_t i = 0;
  while (i < sfen.size()) {
    while (i < sfen.size() && (sfen[i] == ' ' || sfen[i] == '_')) ++i;
    if (i >= sfen.size()) break;
    size_t start = i;
    while (i < sfen.size() && sfen[i] != ' ' && sfen[i] != '_') ++i;
    fields.push_back({sfen.substr(start, i - start), start});
  }
  return fields;
}

[[noreturn]] void fail(const std::string& msg, const char* field, size_t offset) {
  throw NotationError("SFEN " + std::string(field) + " at offset " + std::to_string(offset) +
                          ": " + msg,
                      field, long(offset));
}

// Where the pieces of a position stand in its SFEN: the offset of each square's piece and of
// the last hand entry of each kind, for errors about the position as a whole.
struct Places {
  std::array<long, kArraySize> square;
  std::array<long, kMaxKinds + 1> hand;
  Places() { square.fill(-1), hand.fill(-1); }
};

// Pieces in hand: "-" or runs of [count]token, upper case Black ("2Pp", "R3p"). A kind's
// total in both hands is summed wide and checked before it reaches the position's byte: every
// piece in hand once stood on the board, so no game holds more of a kind than its board has
// squares. (How many of each kind the game has, parse_start_sfen checks: a handicap may add
// one, and a game from it be read here.)
void parse_hands(Position& pos, const Field& f, Places* places) {
  const Variant& v = pos.variant();
  if (f.text == "-") return;
  if (!v.rules.drops)
    fail("pieces in hand need drops, which game " + v.id + " is played without", "hands",
         f.offset);
  size_t i = 0;
  while (i < f.text.size()) {
    size_t at = f.offset + i;
    int64_t count = 0;
    size_t digits = i;
    for (; i < f.text.size() && std::isdigit(static_cast<unsigned char>(f.text[i])); ++i)
      if (count < 1'000'000'000) count = count * 10 + (f.text[i] - '0');  // else: too many
    if (i > digits && count == 0) fail("a piece count must be at least 1", "hands", at);
    if (i == digits) count = 1;
    if (i >= f.text.size() || !std::isalpha(static_cast<unsigned char>(f.text[i])))
      fail("expected a piece letter", "hands", f.offset + i);
    size_t token_at = f.offset + i;
    std::string token(1, f.text[i++]);
    while (i < f.text.size() && f.text[i] == '\'') token += f.text[i++];
    Color color = std::isupper(static_cast<unsigned char>(token[0])) ? kBlack : kWhite;
    token[0] = char(std::tolower(static_cast<unsigned char>(token[0])));
    auto kind = v.kind_by_sfen(token);
    if (!kind || std::find(v.hand_kinds.begin(), v.hand_kinds.end(), *kind) == v.hand_kinds.end())
      fail("'" + token + "' is not a piece that can be in hand in game " + v.id, "hands",
           token_at);
    const int64_t in_hands = count + pos.hand(kBlack, *kind) + pos.hand(kWhite, *kind);
    const int64_t most = std::min<int64_t>(int64_t(v.files) * v.ranks, 255);
    if (in_hands > most)
      fail("the hands hold " + (count >= 1'000'000'000 ? "too many" : std::to_string(in_hands)) +
               " " + v.piece(*kind).name + "s, more than the " + std::to_string(most) +
               " squares of game " + v.id + "'s board ever hold",
           "hands", at);
    pos.set_hand(color, *kind, pos.hand(color, *kind) + int(count));
    if (places) places->hand[*kind] = long(at);
  }
}

std::string hands_text(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out;
  for (Color c : {kBlack, kWhite})
    for (Kind k : v.hand_kinds) {
      int n = pos.hand(c, k);
      if (!n) continue;
      if (n > 1) out += std::to_string(n);
      std::string token = v.piece(k).sfen;
      if (c == kBlack) token[0] = char(std::toupper(static_cast<unsigned char>(token[0])));
      out += token;
    }
  return out.empty() ? "-" : out;
}

bool has_extra_field(const Variant& v) {
  return v.sfen_style == Variant::SfenStyle::LishogiChu ? v.rules.drops : v.rules.counter_strike;
}

void parse_counter_strike(Position& pos, const Field& f) {
  const Variant& v = pos.variant();
  if (f.text == "-") return;
  size_t i = 0;
  int file = 0;
  while (i < f.text.size() && std::isdigit(static_cast<unsigned char>(f.text[i])) && file < 100)
    file = file * 10 + (f.text[i++] - '0');
  bool ok = i > 0 && i + 1 == f.text.size() && file >= 1 && file <= v.files && f.text[i] >= 'a' &&
            f.text[i] < 'a' + v.ranks;
  if (!ok)
    fail("the Lion-capture field must be '-' or a square such as 7g, not '" +
             std::string(f.text) + "'",
         "lion square", f.offset);
  pos.set_counter_strike(make_square(v.files - file, f.text[i] - 'a'));
}

// parse_sfen, noting where the pieces stand if `places`.
Position read_sfen(std::shared_ptr<const Variant> variant, std::string_view sfen,
                   Places* places) {
  const Variant& v = *variant;
  Position pos(variant);
  auto fields = split_fields(sfen);
  if (fields.empty()) throw NotationError("empty SFEN", "board", 0);
  size_t max_fields = has_extra_field(v) ? 5 : 4;
  if (fields.size() > max_fields)
    fail("unexpected extra field '" + std::string(fields[max_fields].text) + "'", "end",
         fields[max_fields].offset);

  // Board.
  const Field& board = fields[0];
  int row = 0, col = 0;
  for (size_t i = 0; i < board.text.size();) {
    size_t at = board.offset + i;
    char c = board.text[i];
    if (c == '/') {
      if (col != v.files)
        fail("rank " + std::string(1, char('a' + row)) + " has " + std::to_string(col) +
                 " squares, expected " + std::to_string(v.files),
             "board", at);
      ++row;
      col = 0;
      ++i;
      if (row >= v.ranks) fail("more than " + std::to_string(v.ranks) + " ranks", "board", at);
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      // Read no further than a run too long for the board, so that no count can overflow.
      int n = 0;
      for (; i < board.text.size() && std::isdigit(static_cast<unsigned char>(board.text[i])); ++i)
        if (n <= kMaxFiles) n = n * 10 + (board.text[i] - '0');  // more is too long anyway
      if (n == 0) fail("an empty-square count must be at least 1", "board", at);
      col += n;
      if (col > v.files)
        fail("rank " + std::string(1, char('a' + row)) + " is longer than " +
                 std::to_string(v.files) + " squares",
             "board", at);
      continue;
    }
    std::string token;
    if (c == '+') {
      if (i + 1 >= board.text.size() || !std::isalpha(static_cast<unsigned char>(board.text[i + 1])))
        fail("'+' must be followed by a piece letter", "board", at);
      token = board.text.substr(i, 2);
      i += 2;
      while (i < board.text.size() && board.text[i] == '\'') token += board.text[i++];
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      token = std::string(1, c);
      ++i;
      while (i < board.text.size() && board.text[i] == '\'') token += board.text[i++];
    } else {
      fail(std::string("unexpected character '") + c + "'", "board", at);
    }
    size_t letter_at = token[0] == '+' ? 1 : 0;
    char letter = token[letter_at];
    Color color = std::isupper(static_cast<unsigned char>(letter)) ? kBlack : kWhite;
    token[letter_at] = char(std::tolower(static_cast<unsigned char>(letter)));
    auto kind = v.kind_by_sfen(token);
    if (!kind) fail("unknown piece '" + std::string(board.text.substr(at - board.offset, token.size())) +
                        "' in game " + v.id,
                    "board", at);
    if (col >= v.files)
      fail("rank " + std::string(1, char('a' + row)) + " is longer than " +
               std::to_string(v.files) + " squares",
           "board", at);
    if (pos.count(color) >= 255) fail("too many pieces", "board", at);
    if (v.piece(*kind).royal && pos.royal_count(color) >= Position::kMaxRoyals)
      fail("more than " + std::to_string(Position::kMaxRoyals) + " royal pieces a side", "board",
           at);
    pos.put(make_square(col, row), make_piece(*kind, color));
    if (places) places->square[make_square(col, row)] = long(at);
    // Promotion-deferral marks (pbmserv): '~' a Pawn that declined, '=' declined on entering.
    uint8_t marks = 0;
    for (char mark : {'~', '='}) {
      if (i >= board.text.size() || board.text[i] != mark) continue;
      if (!v.rules.promotion_deferral)
        fail(std::string("the promotion-deferral mark '") + mark + "' needs option " +
                 "promotion_deferral, which game " + v.id + " is played without",
             "board", board.offset + i);
      marks |= mark == '~' ? kDeferToLastRank : kDeferNextMove;
      ++i;
    }
    if (marks && !v.piece(*kind).promotes_to)
      fail("a piece that cannot promote has no promotion-deferral mark", "board", at);
    pos.set_deferral(make_square(col, row), marks);
    ++col;
  }
  if (row != v.ranks - 1 || col != v.files)
    fail("the board has " + std::to_string(row + 1) + " ranks" +
             (col != v.files ? " and its last rank " + std::to_string(col) + " squares" : "") +
             ", expected " + std::to_string(v.ranks) + " ranks of " + std::to_string(v.files),
         "board", board.offset + board.text.size());

  // Side to move.
  if (fields.size() > 1) {
    const Field& f = fields[1];
    if (f.text == "b")
      pos.set_side_to_move(kBlack);
    else if (f.text == "w")
      pos.set_side_to_move(kWhite);
    else
      fail("side to move must be 'b' or 'w', not '" + std::string(f.text) + "'", "side", f.offset);
  }

  // Third field: the counter-strike square (lishogi Chu) or the pieces in hand. Extra fields:
  // a lishogi-style Chu game played with drops writes its hands fourth, a shogi-style game with
  // the counter-strike rule (Dai with lion_rules) its counter-strike square.
  size_t number_field = 3;
  if (fields.size() > 2) {
    if (v.sfen_style == Variant::SfenStyle::LishogiChu) {
      parse_counter_strike(pos, fields[2]);
      if (v.rules.drops && fields.size() > 4)
        parse_hands(pos, fields[3], places), number_field = 4;
    } else {
      parse_hands(pos, fields[2], places);
      if (v.rules.counter_strike && fields.size() > 4)
        parse_counter_strike(pos, fields[3]), number_field = 4;
    }
  }

  // Move number.
  if (fields.size() > number_field) {
    const Field& f = fields[number_field];
    long n = 0;
    for (char c : f.text) {
      if (!std::isdigit(static_cast<unsigned char>(c)) || n > 100000000)
        fail("move number must be a positive integer, not '" + std::string(f.text) + "'",
             "move number", f.offset);
      n = n * 10 + (c - '0');
    }
    if (n < 1) fail("move number must be at least 1", "move number", f.offset);
    pos.set_move_number(int(n));
  }
  return pos;
}

// What the game's start positions (its setup and named handicaps) hold at most of each kind.
PieceCounts game_supply(const std::shared_ptr<const Variant>& variant) {
  std::vector<Position> starts{read_sfen(variant, variant->setup, nullptr)};
  for (const Handicap& h : variant->handicaps)
    starts.push_back(read_sfen(variant, h.sfen, nullptr));
  return most_of_each(starts);
}

}  // namespace

Position parse_sfen(std::shared_ptr<const Variant> variant, std::string_view sfen) {
  return read_sfen(std::move(variant), sfen, nullptr);
}

Position parse_start_sfen(std::shared_ptr<const Variant> variant, std::string_view sfen) {
  Places places;
  Position pos = read_sfen(variant, sfen, &places);
  std::vector<PositionProblem> problems = position_problems(pos, game_supply(variant));
  if (problems.empty()) return pos;
  std::string what = "no game of " + variant->id + " reaches this position: ";
  for (size_t i = 0; i < problems.size(); ++i) what += (i ? "; " : "") + problems[i].what;
  const PositionProblem& first = problems[0];
  if (first.square != kNoSquare) fail(what, "board", size_t(places.square[first.square]));
  fail(what, "hands", size_t(places.hand[first.hand_kind]));
}

std::string to_sfen(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out;
  for (int row = 0; row < v.ranks; ++row) {
    if (row) out += '/';
    int empty = 0;
    for (int col = 0; col < v.files; ++col) {
      Piece p = pos.at(make_square(col, row));
      if (!is_piece(p)) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      std::string token = v.piece(kind_of(p)).sfen;
      if (color_of(p) == kBlack)
        for (char& c : token) c = char(std::toupper(static_cast<unsigned char>(c)));
      out += token;  // primes are not letters: toupper leaves them
      uint8_t marks = pos.deferral(make_square(col, row));
      if (marks & kDeferToLastRank) out += '~';
      if (marks & kDeferNextMove) out += '=';
    }
    if (empty) out += std::to_string(empty);
  }
  out += pos.side_to_move() == kBlack ? " b " : " w ";
  if (v.sfen_style == Variant::SfenStyle::LishogiChu) {
    out += pos.counter_strike() != kNoSquare ? square_name(v, pos.counter_strike()) : "-";
    if (v.rules.drops) out += ' ' + hands_text(pos);
  } else {
    out += hands_text(pos);
    if (v.rules.counter_strike)
      out += ' ' + (pos.counter_strike() != kNoSquare ? square_name(v, pos.counter_strike()) : "-");
  }
  int n = pos.move_number();
  out += ' ' + std::to_string(n < 1 ? 1 : n > 9999 ? 9999 : n);
  return out;
}

}  // namespace kirin
