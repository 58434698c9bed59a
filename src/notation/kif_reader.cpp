// read_kif (kif.h): a KIF record back into a game, every move checked by the USI reader.
#include <algorithm>
#include <optional>

#include "notation/kif.h"
#include "notation/sfen.h"
#include "notation/usi.h"
#include "rules/catalog.h"

namespace kirin {
namespace {

constexpr std::string_view kBlanks[] = {" ", "\t", "\r", "　"};

bool starts_with_at(std::string_view text, size_t i, std::string_view what) {
  return text.substr(i, what.size()) == what;
}

// Skips blanks (ASCII and the full-width space) from i.
size_t skip_blanks(std::string_view text, size_t i) {
  for (bool more = true; more;) {
    more = false;
    for (std::string_view b : kBlanks)
      if (starts_with_at(text, i, b)) {
        i += b.size();
        more = true;
      }
  }
  return i;
}

std::string_view trimmed(std::string_view text) {
  size_t start = skip_blanks(text, 0);
  size_t end = text.size();
  while (end > start) {
    bool cut = false;
    for (std::string_view b : kBlanks)
      if (end - start >= b.size() && text.substr(end - b.size(), b.size()) == b) {
        end -= b.size();
        cut = true;
        break;
      }
    if (!cut) break;
  }
  return text.substr(start, end - start);
}

// A digit, ASCII or full-width ("７": EF BC 97), at i: its value and length, or -1.
int digit_at(std::string_view text, size_t i, size_t& len) {
  if (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    len = 1;
    return text[i] - '0';
  }
  if (i + 2 < text.size() && text[i] == '\xEF' && text[i + 1] == '\xBC' &&
      static_cast<unsigned char>(text[i + 2]) >= 0x90 &&
      static_cast<unsigned char>(text[i + 2]) <= 0x99) {
    len = 3;
    return static_cast<unsigned char>(text[i + 2]) - 0x90;
  }
  return -1;
}

// A diagram's file numbers: "９ ８ ７ ６ ５ ４ ３ ２ １", " １２ １１ １０ ９  ８".
bool is_file_numbers(std::string_view line) {
  size_t i = 0, len = 0;
  int digits = 0;
  while (i < line.size()) {
    if (size_t j = skip_blanks(line, i); j != i) {
      i = j;
    } else if (digit_at(line, i, len) >= 0) {
      i += len;
      ++digits;
    } else {
      return false;
    }
  }
  return digits >= 3;
}

// A number in digits at i (advancing i), or -1.
int read_digits(std::string_view text, size_t& i, int max_digits = 4) {
  int n = -1, count = 0;
  size_t len = 0;
  for (int d; count < max_digits && (d = digit_at(text, i, len)) >= 0; ++count, i += len)
    n = (n < 0 ? 0 : n * 10) + d;
  return n;
}

// A number in kanji (一 .. 十 .. 十二 .. 九十九) at i (advancing i), or -1; `shorter` leaves
// the last units digit out ("十四天王": 十 and the piece 四天王).
int read_kanji_number(std::string_view text, size_t& i, bool shorter = false) {
  static const std::string_view digits[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  auto digit = [&](size_t at) {
    for (int d = 0; d < 9; ++d)
      if (starts_with_at(text, at, digits[d])) return d + 1;
    return 0;
  };
  int tens = 0, units = 0;
  size_t j = i;
  if (int d = digit(j); d && starts_with_at(text, j + 3, "十")) {
    tens = d;
    j += 6;
  } else if (starts_with_at(text, j, "十")) {
    tens = 1;
    j += 3;
  }
  if (int d = digit(j); d && !(shorter && tens)) {
    units = d;
    j += 3;
  }
  if (j == i) return -1;
  i = j;
  return tens * 10 + units;
}

// Which kinds a name in a move, hand or diagram may stand for: the game's full names, the
// names written in moves and on diagrams, with 竜 for 龍, 王 for 玉 and 醉 for 酔 as KIF
// writers vary (lishogi writes 醉象).
class PieceNames {
 public:
  explicit PieceNames(const Variant& v) {
    for (Kind k = 1; k <= v.num_kinds(); ++k)
      for (std::string name : {v.piece(k).kanji, kif_piece_name(v, k), kif_board_name(v, k)}) {
        add(name, k);
        for (auto [from, to] :
             {std::pair{"龍", "竜"}, {"玉", "王"}, {"王", "玉"}, {"酔", "醉"}}) {
          std::string other = name;
          for (size_t at; (at = other.find(from)) != std::string::npos;)
            other.replace(at, std::string_view(from).size(), to);
          add(other, k);
        }
      }
  }

  // The longest name at text[i] (advancing i past it) and its kinds; none if no name is there.
  std::vector<Kind> read(std::string_view text, size_t& i) const {
    const Entry* best = nullptr;
    for (const Entry& e : names_)
      if (starts_with_at(text, i, e.name) && (!best || e.name.size() > best->name.size()))
        best = &e;
    if (!best) return {};
    i += best->name.size();
    return best->kinds;
  }

 private:
  struct Entry {
    std::string name;
    std::vector<Kind> kinds;
  };
  void add(const std::string& name, Kind k) {
    if (name.empty()) return;
    for (Entry& e : names_)
      if (e.name == name) {
        if (std::find(e.kinds.begin(), e.kinds.end(), k) == e.kinds.end()) e.kinds.push_back(k);
        return;
      }
    names_.push_back({name, {k}});
  }
  std::vector<Entry> names_;
};

struct Ending {
  std::string_view word;
  KifGame::Ending ending;
  int side_to_move_scores;  // 1 wins, 0 draw, -1 loses, 2 no result
};

constexpr Ending kEndings[] = {
    {"投了", KifGame::Ending::Resignation, -1}, {"詰み", KifGame::Ending::Mate, -1},
    {"切れ負け", KifGame::Ending::Timeout, -1},   {"Time-up", KifGame::Ending::Timeout, -1},
    {"反則負け", KifGame::Ending::IllegalMove, -1}, {"反則勝ち", KifGame::Ending::Perpetual, 1},
    {"入玉勝ち", KifGame::Ending::ImpasseWin, 1},  {"千日手", KifGame::Ending::Repetition, 0},
    {"持将棋", KifGame::Ending::Draw, 0},          {"引き分け", KifGame::Ending::Draw, 0},
    {"引分け", KifGame::Ending::Draw, 0},          {"中断", KifGame::Ending::Abort, 2},
};

// One move line, split up: "57手目二歩目 ▲7七獅子（居食い） （←6六）   (00:01/00:00:05)".
struct MoveLine {
  enum class Step { Whole, First, Second } step = Step::Whole;
  std::string_view move;  // "7七獅子（居食い） （←6六）   (00:01/00:00:05)"
};

// Is the line a move or an ending line: a move number first ("57手目", "  5", "5."), or a
// colour mark?
std::optional<MoveLine> split_move_line(std::string_view line) {
  size_t i = 0;
  const bool numbered = read_digits(line, i, 4) >= 0;
  if (numbered) {
    if (starts_with_at(line, i, "手目")) i += std::string_view("手目").size();
    if (starts_with_at(line, i, ".")) ++i;
  }
  i = skip_blanks(line, i);
  MoveLine out;
  if (starts_with_at(line, i, "一歩目") || starts_with_at(line, i, "二歩目")) {
    out.step = starts_with_at(line, i, "一歩目") ? MoveLine::Step::First : MoveLine::Step::Second;
    i = skip_blanks(line, i + std::string_view("一歩目").size());
  }
  bool marked = false;
  for (std::string_view mark : {"▲", "△", "☗", "☖"})
    if (starts_with_at(line, i, mark)) {
      i = skip_blanks(line, i + mark.size());
      marked = true;
    }
  if (!numbered && !marked && out.step == MoveLine::Step::Whole) return std::nullopt;
  out.move = line.substr(i);
  return out;
}

// The game of a 手合割 name: a built-in game whose setup has that name.
std::shared_ptr<const Variant> game_of_handicap(std::string_view name) {
  for (const std::string& id : builtin_variant_ids()) {
    auto v = builtin_variant(id);
    if (kif_handicap_name(*v) == name) return v;
  }
  return nullptr;
}

class Reader {
 public:
  Reader(std::string_view text, std::shared_ptr<const Variant> fallback)
      : text_(text), fallback_(std::move(fallback)) {}

  KifGame read() {
    split_lines();
    read_header();
    std::shared_ptr<const Variant> v = game();
    KifGame g(diagram_.empty() ? parse_sfen(v, v->setup) : read_diagram(v));
    g.black = header_value({"先手", "下手"});
    g.white = header_value({"後手", "上手"});
    g.event = header_value({"棋戦"});
    g.date = header_value({"開始日時"});
    g.time_control = header_value({"持ち時間"});
    read_moves(g);
    return g;
  }

 private:
  struct Line {
    int number;  // 1-based, for messages
    std::string_view text;
  };

  void split_lines() {
    int number = 0;
    for (size_t start = 0; start <= text_.size();) {
      size_t end = text_.find('\n', start);
      if (end == std::string_view::npos) end = text_.size();
      ++number;
      std::string_view line = trimmed(text_.substr(start, end - start));
      start = end + 1;
      if (line.starts_with("\xEF\xBB\xBF")) line = trimmed(line.substr(3));  // a BOM
      if (line.starts_with("変化：") || line.starts_with("変化:")) break;  // variations
      if (line.empty() || line.starts_with("#") || line.starts_with("まで")) continue;
      lines_.push_back({number, line});
    }
  }

  // Header lines ("先手：名前") and the diagram ("|...|一", hands, 後手番) before the first
  // move line or the move table's heading.
  void read_header() {
    for (; next_ < lines_.size(); ++next_) {
      std::string_view t = lines_[next_].text;
      if (!is_file_numbers(t) && (t.starts_with("手数") || split_move_line(t))) {
        if (t.starts_with("手数")) ++next_;
        return;
      }
      if (t.starts_with("*") || t.starts_with("＊")) continue;
      if (t.starts_with("|") || t.starts_with("+") || t == "後手番" ||
          t.starts_with("先手の持駒") || t.starts_with("後手の持駒") || t.starts_with("下手の持駒") ||
          t.starts_with("上手の持駒") || is_file_numbers(t)) {
        diagram_.push_back(lines_[next_]);
        continue;
      }
      size_t colon = t.find("：");
      size_t width = 3;
      if (colon == std::string_view::npos) {
        colon = t.find(':');
        width = 1;
      }
      if (colon == std::string_view::npos) continue;  // a title line, as some writers put
      header_.emplace_back(trimmed(t.substr(0, colon)), trimmed(t.substr(colon + width)));
    }
  }

  std::string header_value(std::initializer_list<std::string_view> keys) const {
    for (std::string_view key : keys)
      for (const auto& [k, value] : header_)
        if (k == key) return std::string(value);
    return {};
  }

  [[noreturn]] void line_error(const Line& line, const std::string& why) const {
    throw NotationError("line " + std::to_string(line.number) + " " + quoted_input(line.text) +
                            ": " + why,
                        "line " + std::to_string(line.number));
  }

  std::shared_ptr<const Variant> game() const {
    std::string handicap = header_value({"手合割"});
    if (!handicap.empty() && diagram_.empty()) {
      if (fallback_ && kif_handicap_name(*fallback_) == trimmed(handicap)) return fallback_;
      if (auto v = game_of_handicap(trimmed(handicap))) return v;
      throw NotationError("手合割 " + quoted_input(handicap) +
                              " is no game's setup; write the start position as a board "
                              "diagram or import it as SFEN and USI moves",
                          "手合割");
    }
    int rows = 0;
    for (const Line& l : diagram_) rows += l.text.starts_with("|");
    if (rows > 0 && (!fallback_ || fallback_->ranks != rows)) {
      if (rows == 9) return builtin_variant("shogi");
      if (rows == 12) return builtin_variant("chu");
      throw NotationError("a board diagram of " + std::to_string(rows) +
                              " ranks: say which game it is",
                          "variant");
    }
    if (fallback_) return fallback_;
    for (size_t i = next_; i < lines_.size(); ++i)
      if (lines_[i].text.find("（←") != std::string_view::npos ||
          lines_[i].text.find("一歩目") != std::string_view::npos)
        return builtin_variant("chu");
    return builtin_variant("shogi");
  }

  // The diagram as an SFEN, read by the SFEN reader (which checks it).
  Position read_diagram(std::shared_ptr<const Variant> v) const {
    const PieceNames names(*v);
    std::string board, hands;
    bool white_to_move = false;
    int rows = 0;
    for (const Line& l : diagram_) {
      std::string_view t = l.text;
      if (t == "後手番") white_to_move = true;
      if (t.find("の持駒") != std::string_view::npos)
        hands += read_hand(*v, names, l, t.starts_with("先手") || t.starts_with("下手"));
      if (!t.starts_with("|")) continue;
      if (++rows > v->ranks) line_error(l, "more ranks than the board has");
      size_t end = t.rfind('|');
      std::string row;
      int files = 0, empty = 0;
      bool white = false, promoted = false;
      for (size_t i = 1; i < end;) {
        if (size_t j = skip_blanks(t, i); j != i) {
          i = j;
          continue;
        }
        if (starts_with_at(t, i, "・")) {
          ++empty;
          ++files;
          i += 3;
          continue;
        }
        if (t[i] == 'v') {
          white = true;
          ++i;
          continue;
        }
        size_t at = i;
        std::vector<Kind> kinds = names.read(t, i);
        if (kinds.empty() && starts_with_at(t, i, "成")) {
          promoted = true;
          i += 3;
          continue;
        }
        if (kinds.empty()) line_error(l, "no piece of " + v->name + " at character " +
                                             std::to_string(at + 1));
        Kind k = kinds.front();
        if (promoted)
          for (Kind c : kinds)
            if (v->piece(c).promoted_from) k = c;
        std::string letter = v->piece(k).sfen;
        if (white)
          for (char& c : letter) c = char(std::tolower(static_cast<unsigned char>(c)));
        else
          for (char& c : letter) c = char(std::toupper(static_cast<unsigned char>(c)));
        if (empty) row += std::to_string(empty);
        empty = 0;
        row += letter;
        ++files;
        white = promoted = false;
      }
      if (files != v->files)
        line_error(l, std::to_string(files) + " squares, not " + std::to_string(v->files));
      if (empty) row += std::to_string(empty);
      board += (board.empty() ? "" : "/") + row;
    }
    if (rows != v->ranks)
      throw NotationError("the board diagram has " + std::to_string(rows) + " ranks, not " +
                              std::to_string(v->ranks),
                          "board");
    return parse_start_sfen(
        v, board + (white_to_move ? " w " : " b ") + (hands.empty() ? "-" : hands) + " 1");
  }

  // "歩二　金" as SFEN hand letters ("2PG", or lower case for White).
  std::string read_hand(const Variant& v, const PieceNames& names, const Line& l,
                        bool black) const {
    std::string_view t = l.text;
    size_t i = t.find("：");
    if (i == std::string_view::npos) return {};
    i += 3;
    std::string out;
    while ((i = skip_blanks(t, i)) < t.size()) {
      if (starts_with_at(t, i, "なし")) break;
      size_t at = i;
      std::vector<Kind> kinds = names.read(t, i);
      auto hand = std::find_first_of(v.hand_kinds.begin(), v.hand_kinds.end(), kinds.begin(),
                                     kinds.end());
      if (hand == v.hand_kinds.end())
        line_error(l, "no piece of " + v.name + " that goes in hand at character " +
                          std::to_string(at + 1));
      int n = read_kanji_number(t, i);
      std::string letter = v.piece(*hand).sfen;
      for (char& c : letter)
        c = char(black ? std::toupper(static_cast<unsigned char>(c))
                       : std::tolower(static_cast<unsigned char>(c)));
      out += (n > 1 ? std::to_string(n) : "") + letter;
    }
    return out;
  }

  // A square: "7七", "７七", "12十二"; kNoSquare if it is none of the board's.
  static Square read_square(const Variant& v, std::string_view text, size_t& i,
                            bool shorter = false) {
    size_t j = i;
    int file = read_digits(text, j, 2);
    int rank = file < 0 ? -1 : read_kanji_number(text, j, shorter);
    if (rank < 0) return kNoSquare;
    i = j;
    if (file < 1 || file > v.files || rank < 1 || rank > v.ranks) return kNoSquare;
    return make_square(v.files - file, rank - 1);
  }

  // The origin after a move: "(77)" or "（←7七）" / "(←7七)".
  static Square read_origin(const Variant& v, std::string_view text, size_t& i) {
    i = skip_blanks(text, i);
    bool wide = starts_with_at(text, i, "（");
    if (!wide && !starts_with_at(text, i, "(")) return kNoSquare;
    size_t j = i + (wide ? 3 : 1);
    if (starts_with_at(text, j, "←")) j += 3;
    Square s = kNoSquare;
    size_t k = j;
    int digits = read_digits(text, k, 2);
    if (digits >= 11 && k - j == 2 && (starts_with_at(text, k, ")") ||
                                       starts_with_at(text, k, "）"))) {
      if (digits / 10 <= v.files && digits % 10 >= 1 && digits % 10 <= v.ranks)
        s = make_square(v.files - digits / 10, digits % 10 - 1);
      j = k;
    } else {
      s = read_square(v, text, j);
    }
    if (s == kNoSquare) return kNoSquare;
    if (starts_with_at(text, j, "）"))
      j += 3;
    else if (starts_with_at(text, j, ")"))
      ++j;
    else
      return kNoSquare;
    i = j;
    return s;
  }

  // One step as written: where to, which piece, promotion, from where (or a drop).
  struct Step {
    Square to = kNoSquare, from = kNoSquare;
    std::vector<Kind> kinds;
    bool drop = false, promote = false;
    std::vector<Square> kills;
    std::string_view rest;  // what follows: the clock
  };

  Step read_step(const Variant& v, const PieceNames& names, const Line& l, std::string_view t,
                 Square same) const {
    Step s;
    size_t i = 0;
    if (starts_with_at(t, i, "同") || starts_with_at(t, i, "仝")) {
      i += 3;
      i = skip_blanks(t, i);
      if (same == kNoSquare) line_error(l, "同/仝 with no move before it");
      s.to = same;
    } else {
      // A piece name may begin with a number ("13十四天王": 13十 and 四天王): the shorter rank
      // where the longer one leaves no piece name.
      const size_t start = i;
      s.to = read_square(v, t, i);
      size_t after = skip_blanks(t, i);
      if (s.to == kNoSquare || names.read(t, after).empty()) {
        size_t j = start;
        if (Square shorter = read_square(v, t, j, true);
            shorter != kNoSquare && (after = skip_blanks(t, j), !names.read(t, after).empty())) {
          s.to = shorter;
          i = j;
        }
      }
      if (s.to == kNoSquare) line_error(l, "no square of this board where the move goes");
    }
    i = skip_blanks(t, i);
    size_t at = i;
    s.kinds = names.read(t, i);
    if (s.kinds.empty())
      line_error(l, "no piece of " + v.name + " at character " + std::to_string(at + 1));
    if (starts_with_at(t, i, "打")) {
      s.drop = true;
      s.rest = t.substr(i + 3);
      return s;
    }
    if (starts_with_at(t, i, "不成")) {
      i += 6;
    } else if (starts_with_at(t, i, "成") || starts_with_at(t, i, "+")) {
      s.promote = true;
      i += t[i] == '+' ? 1 : 3;
    }
    i = skip_blanks(t, i);
    // The marks: igui and jitto (what the squares say anyway), lishogi's stray "まで", and
    // Kirin's pieces taken on the way.
    for (std::string_view mark : {"（居食い）", "(居食い)", "(じっと)", "（じっと）", "まで"})
      if (starts_with_at(t, i, mark)) i = skip_blanks(t, i + mark.size());
    if (starts_with_at(t, i, kKifKillsMark)) {
      i += std::string_view(kKifKillsMark).size();
      for (;;) {
        Square k = read_square(v, t, i);
        if (k == kNoSquare) line_error(l, "no square of this board among the pieces taken");
        s.kills.push_back(k);
        if (starts_with_at(t, i, "・")) {
          i += 3;
          continue;
        }
        if (!starts_with_at(t, i, "）")) line_error(l, "the pieces taken end without '）'");
        i += 3;
        break;
      }
    }
    s.from = read_origin(v, t, i);
    if (s.from == kNoSquare) line_error(l, "no square of this board the piece comes from");
    s.rest = t.substr(i);
    return s;
  }

  // "(00:01/00:00:05)": the thinking time in milliseconds, or -1.
  static int64_t read_clock(std::string_view rest) {
    size_t i = skip_blanks(rest, 0);
    if (!starts_with_at(rest, i, "(") && !starts_with_at(rest, i, "（")) return -1;
    i = skip_blanks(rest, i + (rest[i] == '(' ? 1 : 3));
    int minutes = read_digits(rest, i);
    if (minutes < 0 || !starts_with_at(rest, i, ":")) return -1;
    ++i;
    int seconds = read_digits(rest, i, 2);
    if (seconds < 0) return -1;
    return (int64_t(minutes) * 60 + seconds) * 1000;
  }

  void read_moves(KifGame& g) {
    const Variant& v = g.start.variant();
    const PieceNames names(v);
    Position pos = g.start;
    Square last_to = kNoSquare;
    std::optional<Step> first;  // a Lion's first step, waiting for its second
    std::vector<int64_t> times;
    for (; next_ < lines_.size(); ++next_) {
      const Line& l = lines_[next_];
      if (l.text.starts_with("*") || l.text.starts_with("＊")) {
        g.comment = std::string(trimmed(l.text.substr(l.text[0] == '*' ? 1 : 3)));
        continue;
      }
      std::optional<MoveLine> ml = split_move_line(l.text);
      if (!ml) line_error(l, "neither a move nor an ending");
      const int number = int(g.moves.size()) + 1;
      if (ml->step == MoveLine::Step::Whole && !first) {
        bool ended = false;
        for (const Ending& e : kEndings)
          if (ml->move.starts_with(e.word)) {
            end_game(g, pos, e);
            ended = true;
          }
        if (ended) break;
      }
      auto move_error = [&](const std::string& why) {
        throw NotationError("move " + std::to_string(number) + " " + quoted_input(ml->move) +
                                " (line " + std::to_string(l.number) + "): " + why,
                            "move " + std::to_string(number));
      };
      if (first && ml->step != MoveLine::Step::Second)
        move_error("a 一歩目 line without its 二歩目");
      if (!first && ml->step == MoveLine::Step::Second) move_error("a 二歩目 without 一歩目");
      Step s;
      try {
        s = read_step(v, names, l, ml->move, first ? first->to : last_to);
      } catch (const NotationError& e) {
        move_error(e.what());
      }
      if (ml->step == MoveLine::Step::First) {
        if (s.drop) move_error("a drop has no second step");
        first = s;
        continue;
      }
      std::string usi;
      if (s.drop) {
        auto hand = std::find_first_of(v.hand_kinds.begin(), v.hand_kinds.end(), s.kinds.begin(),
                                       s.kinds.end());
        if (hand == v.hand_kinds.end()) move_error("this piece is never dropped in " + v.name);
        std::string letter = v.piece(*hand).sfen;
        for (char& c : letter) c = char(std::toupper(static_cast<unsigned char>(c)));
        usi = letter + "*" + square_name(v, s.to);
      } else {
        Square from = first ? first->from : s.from;
        if (first && s.from != first->to)
          move_error("the 二歩目 starts from " + square_name(v, s.from) + ", not where the "
                     "一歩目 went (" + square_name(v, first->to) + ")");
        const Piece mover = pos.at(from);
        if (!is_piece(mover) || color_of(mover) != pos.side_to_move())
          move_error("no piece of the side to move on " + square_name(v, from));
        const auto& kinds = first ? first->kinds : s.kinds;
        if (std::find(kinds.begin(), kinds.end(), kind_of(mover)) == kinds.end() ||
            (first && std::find(s.kinds.begin(), s.kinds.end(), kind_of(mover)) == s.kinds.end()))
          move_error("the piece on " + square_name(v, from) + " is the " +
                     v.piece(kind_of(mover)).name + " (" + kif_piece_name(v, kind_of(mover)) + ")");
        usi = square_name(v, from) + (first ? square_name(v, first->to) : "") +
              square_name(v, s.to);
        for (Square k : s.kills) usi += "x" + square_name(v, k);
        if (s.promote) usi += "+";
      }
      Move m;
      try {
        m = parse_usi(pos, usi);
      } catch (const NotationError& e) {
        move_error(e.what());
      }
      g.moves.push_back(m);
      times.push_back(read_clock(s.rest));
      last_to = m.to;
      first.reset();
      Undo u;
      pos.do_move(m, u);
    }
    if (first) throw NotationError("the last move has a 一歩目 and no 二歩目", "move " +
                                       std::to_string(g.moves.size() + 1));
    if (std::none_of(times.begin(), times.end(), [](int64_t t) { return t < 0; }) &&
        std::any_of(times.begin(), times.end(), [](int64_t t) { return t > 0; }))
      g.times_ms = times;
  }

  // The ending line: its word, said of the side to move (as lishogi reads it).
  static void end_game(KifGame& g, const Position& pos, const Ending& e) {
    g.ending = e.ending;
    const Color to_move = pos.side_to_move();
    const Result to_move_wins = to_move == kBlack ? Result::BlackWins : Result::WhiteWins;
    const Result to_move_loses = to_move == kBlack ? Result::WhiteWins : Result::BlackWins;
    g.result = e.side_to_move_scores == 1    ? to_move_wins
               : e.side_to_move_scores == -1 ? to_move_loses
               : e.side_to_move_scores == 0  ? Result::Draw
                                             : Result::Ongoing;
  }

  std::string_view text_;
  std::shared_ptr<const Variant> fallback_;
  std::vector<Line> lines_;
  size_t next_ = 0;
  std::vector<std::pair<std::string_view, std::string_view>> header_;
  std::vector<Line> diagram_;
};

}  // namespace

KifGame read_kif(std::string_view text, std::shared_ptr<const Variant> fallback) {
  return Reader(text, std::move(fallback)).read();
}

}  // namespace kirin
