#include "notation/gamecourier.h"

#include <cctype>
#include <optional>

#include "notation/written_move.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

using Coords = GameCourierOptions::Coords;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

[[noreturn]] void malformed(std::string_view text, const std::string& why, size_t offset) {
  throw NotationError("malformed move " + quoted_input(text) + " at offset " +
                          std::to_string(offset) + ": " + why,
                      "move", long(offset));
}

// One ';'-separated part, without the blanks around it.
struct Part {
  std::string_view text;
  size_t offset;  // in the whole move
};

std::vector<Part> split_parts(std::string_view text) {
  std::vector<Part> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    size_t a = start, b = end;
    while (a < b && is_blank(text[a])) ++a;
    while (b > a && is_blank(text[b - 1])) --b;
    parts.push_back({text.substr(a, b - a), a});
    start = end + 1;
  }
  return parts;
}

class MoveReader {
 public:
  MoveReader(const Position& pos, std::string_view text, const GameCourierOptions& o)
      : pos_(pos), v_(pos.variant()), text_(text), coords_(o.coords) {}

  WrittenMove read() {
    std::vector<Part> parts = split_parts(text_);
    WrittenMove w;
    w.unmarked_declines = true;
    Square last = kNoSquare;  // where the last leg ended
    bool legs_done = false;
    for (size_t n = 0; n < parts.size(); ++n) {
      const Part& p = parts[n];
      if (p.text.empty()) malformed(text_, "empty part", p.offset);
      std::string_view t = p.text;
      // "label square-square": the label is the first word.
      std::optional<Kind> label;
      size_t body_at = 0;
      size_t blank = t.find_first_of(" \t");
      if (blank != std::string_view::npos) {
        label = kind_of_label(t.substr(0, blank), p.offset);
        body_at = blank;
        while (body_at < t.size() && is_blank(t[body_at])) ++body_at;
      }
      std::string_view body = t.substr(body_at);
      size_t at = p.offset + body_at;

      if (!label && body.substr(0, 2) == "@-") {  // removal
        if (n == 0) malformed(text_, "a move starts with a piece's move or a drop", p.offset);
        w.victims.push_back(square(body.substr(2), at + 2));
        legs_done = true;
        continue;
      }
      if (size_t star = body.find('*'); !label && star != std::string_view::npos) {  // drop
        if (parts.size() > 1 || n > 0) malformed(text_, "a drop is a move of its own", p.offset);
        w.drop = true;
        w.piece = kind_of_label(body.substr(0, star), at);
        w.piece_offset = at;
        w.path = {square(body.substr(star + 1), at + star + 1)};
        return w;
      }
      size_t dash = body.find('-');
      if (dash == std::string_view::npos)
        malformed(text_, "expected a move such as \"p 7g-7f\"", at);
      std::string_view left = body.substr(0, dash), right = body.substr(dash + 1);
      if (right.empty()) {  // "5e-": removal
        if (label || n == 0)
          malformed(text_, "a move starts with a piece's move or a drop", p.offset);
        w.victims.push_back(square(left, at));
        legs_done = true;
        continue;
      }
      if (!label && !looks_like_square(left)) {  // "label-square": a drop or a promotion
        if (left.empty()) malformed(text_, "expected a piece label or a square before '-'", at);
        Kind k = kind_of_label(left, at);
        Square s = square(right, at + dash + 1);
        if (n == 0) {
          if (parts.size() > 1) malformed(text_, "a drop is a move of its own", p.offset);
          w.drop = true;
          w.piece = k;
          w.piece_offset = at;
          w.path = {s};
          return w;
        }
        promotion(w, k, s, at);
        legs_done = true;
        continue;
      }
      // A leg.
      if (legs_done || w.path.size() == 2)
        malformed(text_, "a move has at most two legs, before any removal or promotion",
                  p.offset);
      if (w.promotion != WrittenMove::Promotion::Unmarked)
        malformed(text_, "a promotion mark ends the move", p.offset);
      if (!right.empty() && (right.back() == '+' || right.back() == '=')) {
        w.promotion = right.back() == '+' ? WrittenMove::Promotion::Promote
                                          : WrittenMove::Promotion::Decline;
        right.remove_suffix(1);
      }
      Square from = square(left, at), to = square(right, at + dash + 1);
      if (label) {
        if (w.piece && w.piece != *label)
          malformed(text_, "the two legs name different pieces", p.offset);
        if (!w.piece) w.piece_offset = p.offset;
        w.piece = *label;
      }
      if (n == 0) {
        w.from = from;
      } else if (from != last) {
        malformed(text_, "the second leg must start where the first ended, on " +
                             gamecourier_square(v_, last, {coords_}),
                  at);
      }
      w.path.push_back(to);
      last = to;
    }
    if (w.path.empty()) malformed(text_, "expected a move such as \"p 7g-7f\"", 0);
    return w;
  }

 private:
  // "+p-7c" after the legs: the mover's promoted piece on its last square.
  void promotion(WrittenMove& w, Kind k, Square s, size_t at) {
    if (w.path.empty()) malformed(text_, "a promotion follows the move", at);
    if (s != w.path.back())
      malformed(text_, "the promoted piece goes where the move ended, " +
                           gamecourier_square(v_, w.path.back(), {coords_}),
                at);
    Piece mover = pos_.at(w.from);
    if (is_piece(mover)) {
      Kind promotes_to = v_.piece(kind_of(mover)).promotes_to;
      if (promotes_to != k)
        malformed(text_,
                  "'" + gamecourier_label(v_, k, color_of(mover)) + "' is not what the " +
                      v_.piece(kind_of(mover)).name + " promotes to" +
                      (promotes_to ? " ('" + gamecourier_label(v_, promotes_to, color_of(mover)) +
                                         "')"
                                   : " (it does not promote)"),
                  at);
    }
    if (w.promotion == WrittenMove::Promotion::Decline)
      malformed(text_, "the move says both '=' and a promotion", at);
    w.promotion = WrittenMove::Promotion::Promote;
  }

  Kind kind_of_label(std::string_view label, size_t at) const {
    std::string token(label);
    for (char& c : token) c = char(std::tolower(static_cast<unsigned char>(c)));
    auto kind = v_.kind_by_sfen(token);
    if (token.empty() || !kind) {
      std::string known;
      for (Kind k = 1; k <= v_.num_kinds(); ++k)
        if (!v_.piece(k).promoted_from) known += (known.empty() ? "" : " ") + v_.piece(k).sfen;
      malformed(text_,
                "unknown piece '" + std::string(label) + "': the labels of game " + v_.id +
                    " are " + known + " (promoted: '+' and the label)",
                at);
    }
    return *kind;
  }

  // Digits then a letter (shogi) or a letter then digits (chess); never a label.
  bool looks_like_square(std::string_view s) const {
    if (s.size() < 2) return false;
    if (coords_ == Coords::Shogi) return is_digit(s[0]);
    if (s[0] < 'a' || s[0] > 'z') return false;
    for (size_t i = 1; i < s.size(); ++i)
      if (!is_digit(s[i])) return false;
    return true;
  }

  Square square(std::string_view s, size_t at) const {
    int file = 0, row = -1;
    size_t i = 0;
    auto number = [&](int& n) {
      size_t d = i;
      n = 0;
      while (i < s.size() && is_digit(s[i]) && i - d < 2) n = n * 10 + (s[i++] - '0');
      return i > d;
    };
    if (coords_ == Coords::Shogi) {
      if (number(file) && i < s.size() && s[i] >= 'a' && s[i] <= 'z') {
        row = s[i++] - 'a';
        if (row >= v_.ranks || file < 1 || file > v_.files) row = -2;
      }
    } else if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') {
      int col = s[i++] - 'a', rank = 0;
      if (number(rank)) {
        file = v_.files - col;
        row = col < v_.files && rank >= 1 && rank <= v_.ranks ? v_.ranks - rank : -2;
      }
    }
    if (row == -2 || (row >= 0 && i != s.size()))
      malformed(text_,
                "'" + std::string(s) + "' is not a square of the " + std::to_string(v_.files) +
                    "x" + std::to_string(v_.ranks) + " board",
                at);
    if (row < 0)
      malformed(text_,
                std::string("expected a square such as ") +
                    (coords_ == Coords::Shogi ? "7g" : "f6") + ", not '" + std::string(s) + "'",
                at);
    return make_square(v_.files - file, row);
  }

  const Position& pos_;
  const Variant& v_;
  std::string_view text_;
  Coords coords_;
};

}  // namespace

std::string gamecourier_label(const Variant& v, Kind k, Color c) {
  std::string label = v.piece(k).sfen;
  for (char& ch : label)
    ch = char(c == kWhite ? std::toupper(static_cast<unsigned char>(ch))
                          : std::tolower(static_cast<unsigned char>(ch)));
  return label;
}

std::string gamecourier_square(const Variant& v, Square s, const GameCourierOptions& options) {
  if (options.coords == Coords::Chess)
    return char('a' + col_of(s)) + std::to_string(v.ranks - row_of(s));
  return std::to_string(v.files - col_of(s)) + char('a' + row_of(s));
}

Move parse_gamecourier_move(const Position& pos, std::string_view text,
                            const GameCourierOptions& options) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  if (text.empty()) malformed(text, "empty move", 0);
  WrittenMove w = MoveReader(pos, text, options).read();
  return resolve_written_move(
      pos, w, text, [&](const Move& m) { return to_gamecourier_move(pos, m, options); },
      [&](Kind k) { return gamecourier_label(pos.variant(), k, pos.side_to_move()); });
}

std::string to_gamecourier_move(const Position& pos, const Move& m,
                                const GameCourierOptions& options) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  auto sq = [&](Square s) { return gamecourier_square(v, s, options); };
  if (m.is_drop()) return gamecourier_label(v, m.drop_kind, us) + "*" + sq(m.to);
  const Kind k = kind_of(pos.at(m.from));
  const std::string label = gamecourier_label(v, k, us);
  std::string out;
  if (m.is_two_step())
    out = label + " " + sq(m.from) + "-" + sq(m.mid) + "; " + label + " " + sq(m.mid) + "-" +
          sq(m.to);
  else
    out = label + " " + sq(m.from) + "-" + sq(m.to);
  for (Square s : m.kill)
    if (s) out += "; @-" + sq(s);
  if (m.promotes()) out += "; " + gamecourier_label(v, v.piece(k).promotes_to, us) + "-" + sq(m.to);
  return out;
}

std::string gamecourier_log(const Position& start, const std::vector<Move>& moves,
                            const GameCourierOptions& options) {
  Position pos = start;
  std::string out;
  int number = 1;
  for (const Move& m : moves) {
    bool black = pos.side_to_move() == kBlack;
    out += std::to_string(number) + (black ? ". " : "... ") + to_gamecourier_move(pos, m, options) +
           "\n";
    if (!black) ++number;
    Undo u;
    pos.do_move(m, u);
  }
  return out;
}

namespace {

// Splits a log line at its move numbers ("1.", "1...", "12. "): the move texts, blanks trimmed.
std::vector<std::string_view> moves_of_line(std::string_view line) {
  std::vector<std::string_view> out;
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  auto push = [&](size_t from, size_t to) {
    while (from < to && blank(line[from])) ++from;
    while (to > from && blank(line[to - 1])) --to;
    if (to > from) out.push_back(line.substr(from, to - from));
  };
  size_t start = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(line[i])) || (i > 0 && !blank(line[i - 1])))
      continue;
    size_t j = i;
    while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
    if (j == line.size() || line[j] != '.') continue;
    push(start, i);
    while (j < line.size() && line[j] == '.') ++j;
    start = j;
    i = j - 1;
  }
  push(start, line.size());
  return out;
}

}  // namespace

std::vector<Move> read_gamecourier_log(const Position& start, std::string_view text,
                                       const GameCourierOptions& options) {
  Position pos = start;
  std::vector<Move> moves;
  int line_number = 0;
  for (size_t at = 0; at <= text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++line_number;
    for (std::string_view move : moves_of_line(line)) {
      const std::string number = std::to_string(moves.size() + 1);
      try {
        moves.push_back(parse_gamecourier_move(pos, move, options));
      } catch (const NotationError& e) {
        throw NotationError("move " + number + " " + quoted_input(move) + " (line " +
                                std::to_string(line_number) + "): " + e.what(),
                            "move " + number);
      }
      Undo u;
      pos.do_move(moves.back(), u);
    }
  }
  return moves;
}

}  // namespace kirin
