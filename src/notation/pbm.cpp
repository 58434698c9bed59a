#include "notation/pbm.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "notation/sfen.h"
#include "notation/written_move.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
// Rank letters are lower case; 'x' is always the capture mark (no board has 24 ranks).
bool is_rank_letter(char c) { return c >= 'a' && c <= 'z' && c != 'x'; }

struct Failure {
  std::string why;
  size_t offset = 0;
};

// Reads the part of a move after its piece code; remembers the first failure.
class BodyReader {
 public:
  BodyReader(const Variant& v, std::string_view text, size_t start)
      : v_(v), text_(text), i_(start) {}

  // Fills `w` from text[start..]; false with failure() set if it is not a move.
  bool read(WrittenMove& w, bool have_piece) {
    if (have_piece && at(' ')) ++i_;
    if (at('*')) {
      if (!have_piece) return fail("a drop starts with the piece code, as in P*5e", i_);
      ++i_;
      Square to;
      if (!square(to)) return false;
      w.drop = true;
      w.path = {to};
      return end();
    }
    if (i_ < text_.size() && (is_digit(text_[i_]) || is_rank_letter(text_[i_]))) {
      if (!square(w.from)) return false;
    } else if (!have_piece) {
      return fail("expected a piece code or a square, as in P7g-7f or 7g-7f", i_);
    }
    while (i_ < text_.size()) {
      size_t at_mark = i_;
      if (text_[i_] == 'x' && i_ + 1 < text_.size() && text_[i_ + 1] == '!') {
        i_ += 2;
        Square s;
        if (!square(s)) return false;
        if (w.victims.size() == 3) return fail("too many pieces taken", at_mark);
        w.victims.push_back(s);
      } else if (text_[i_] == '-' || text_[i_] == 'x') {
        if (!w.victims.empty()) return fail("a step cannot follow a capture with 'x!'", at_mark);
        if (w.path.size() == 2) return fail("a move has at most two steps", at_mark);
        ++i_;
        Square s;
        if (!square(s)) return false;
        w.path.push_back(s);
      } else {
        break;
      }
    }
    if (w.path.empty() && w.victims.empty())
      return fail("expected '-', 'x' or 'x!' and a square", i_);
    if (at('+') || at('=')) {
      w.promotion = text_[i_] == '+' ? WrittenMove::Promotion::Promote
                                     : WrittenMove::Promotion::Decline;
      ++i_;
    }
    return end();
  }

  const Failure& failure() const { return failure_; }

 private:
  bool at(char c) const { return i_ < text_.size() && text_[i_] == c; }

  bool fail(std::string why, size_t offset) {
    failure_ = {std::move(why), offset};
    return false;
  }

  bool end() {
    if (i_ == text_.size()) return true;
    return fail("unexpected " + quoted_input(text_.substr(i_)), i_);
  }

  // A square, number-letter ("7g", "12a") or letter-number ("g7"), in the move's one order.
  bool square(Square& out) {
    size_t start = i_;
    int file = 0, rank = -1;
    bool number_first = false;
    auto digits = [&] {
      size_t d = i_;
      while (i_ < text_.size() && is_digit(text_[i_]) && i_ - d < 2)
        file = file * 10 + (text_[i_++] - '0');
      return i_ > d;
    };
    if (i_ < text_.size() && is_digit(text_[i_])) {
      digits();
      if (i_ < text_.size() && is_rank_letter(text_[i_])) {
        rank = text_[i_++] - 'a';
        number_first = true;
      }
    } else if (i_ < text_.size() && is_rank_letter(text_[i_])) {
      rank = text_[i_++] - 'a';
      if (!digits()) rank = -1;
    }
    if (rank < 0)
      return fail(std::string("expected a square such as 7g") +
                      (i_ < text_.size() && std::isupper(static_cast<unsigned char>(text_[i_]))
                           ? " (rank letters are lower case)"
                           : ""),
                  start);
    std::string written(text_.substr(start, i_ - start));
    if (file < 1 || file > v_.files || rank >= v_.ranks)
      return fail("'" + written + "' is not a square of the " + std::to_string(v_.files) + "x" +
                      std::to_string(v_.ranks) + " board",
                  start);
    if (order_ && *order_ != number_first)
      return fail("mixed square order: '" + written + "' is written " +
                      (number_first ? "number-letter" : "letter-number") +
                      " but the move's first square is " +
                      (number_first ? "letter-number" : "number-letter"),
                  start);
    order_ = number_first;
    out = make_square(v_.files - file, rank);
    return true;
  }

  const Variant& v_;
  std::string_view text_;
  size_t i_;
  std::optional<bool> order_;  // number-letter?
  Failure failure_;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

[[noreturn]] void malformed(std::string_view text, const std::string& why, size_t offset) {
  throw NotationError("malformed move " + quoted_input(text) + " at offset " +
                          std::to_string(offset) + ": " + why,
                      "move", long(offset));
}

// The unpromoted pieces' codes, for an unknown-piece message.
std::string code_list(const Variant& v) {
  std::string out;
  for (Kind k = 1; k <= v.num_kinds(); ++k)
    if (!v.piece(k).promoted_from) out += (out.empty() ? "" : " ") + pbm_code(v, k);
  return out;
}

char mark(const Position& pos, Square s) {
  Piece p = pos.at(s);
  return is_piece(p) && color_of(p) != pos.side_to_move() ? 'x' : '-';
}

}  // namespace

Move parse_pbm_move(const Position& pos, std::string_view text) {
  const Variant& v = pos.variant();
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  if (text.empty()) malformed(text, "empty move", 0);

  // Every reading: each piece code the text starts with (longest first), then none. The
  // first that reads to the end wins; otherwise the one that got furthest explains the error.
  std::vector<std::pair<std::string, Kind>> codes;
  for (const auto& [name, kind] : pbm_piece_names(v))
    if (lower(text.substr(0, name.size())) == name) codes.emplace_back(name, kind);
  std::stable_sort(codes.begin(), codes.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  codes.emplace_back("", Kind(0));

  std::optional<Failure> best;
  for (const auto& [name, kind] : codes) {
    WrittenMove w;
    w.piece = kind;
    BodyReader reader(v, text, name.size());
    if (reader.read(w, kind != 0)) {
      return resolve_written_move(
          pos, w, text, [&](const Move& m) { return to_pbm_move(pos, m, PbmForm::Full); },
          [&](Kind k) { return pbm_code(v, k); });
    }
    if (!best || reader.failure().offset > best->offset) best = reader.failure();
  }
  // Nothing read: a word that is no square (upper case, '+', two letters) is a piece code.
  auto letter = [&](size_t i) {
    return i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]));
  };
  if (best->offset == 0 && (text[0] == '+' || std::isupper(static_cast<unsigned char>(text[0])) ||
                            (letter(0) && letter(1)))) {
    size_t end = text[0] == '+' ? 1 : 0;
    while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
    malformed(text,
              "unknown piece " + quoted_input(text.substr(0, end)) + ": the pieces of game " +
                  v.id + " are " + code_list(v) + " (promoted: '+' and the code)",
              0);
  }
  malformed(text, best->why, best->offset);
}

std::string to_pbm_move(const Position& pos, const Move& m, PbmForm form) {
  const Variant& v = pos.variant();
  auto sq = [&](Square s) { return square_name(v, s); };
  if (m.is_drop()) return pbm_code(v, m.drop_kind) + "*" + sq(m.to);

  const std::string code = pbm_code(v, kind_of(pos.at(m.from)));
  const std::string from = sq(m.from);
  std::string body;
  bool pass = false;
  if (m.is_two_step() && m.to == m.from) {
    if (is_piece(pos.at(m.mid))) {
      body = "x!" + sq(m.mid);
    } else {
      body = "-" + sq(m.mid) + "-" + from;
      pass = true;
    }
  } else {
    if (m.is_two_step()) body += mark(pos, m.mid) + sq(m.mid);
    body += mark(pos, m.to) + sq(m.to);
  }
  for (Square k : m.kill)
    if (k) body += "x!" + sq(k);

  if (m.promotes()) {
    body += '+';
  } else {
    // '=' where the same move could have promoted.
    Move twin = m;
    twin.flags |= Move::kPromote;
    MoveList legal;
    generate_moves(pos, legal);
    if (std::find(legal.begin(), legal.end(), twin) != legal.end()) body += '=';
  }

  if (form == PbmForm::Short && !pass) {
    std::string shorter = code + body;
    try {
      if (parse_pbm_move(pos, shorter) == m) return shorter;
    } catch (const NotationError&) {
      // ambiguous without the from square
    }
  }
  return code + from + body;
}

}  // namespace kirin
