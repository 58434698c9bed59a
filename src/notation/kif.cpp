#include "notation/kif.h"

#include <cstdio>

#include "notation/sfen.h"
#include "rules/movegen.h"

namespace kirin {
namespace {

// Boards wider than shogi's are written in lishogi's Chu style.
bool chu_style(const Variant& v) { return v.files > 9 || v.ranks > 9; }

std::string kanji_number(int n) {  // 1..99: 一 .. 十 .. 十二 .. 九十九
  static const char* digits[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
  std::string out;
  if (n >= 20) out += digits[n / 10];
  if (n >= 10) out += "十";
  return out + digits[n % 10];
}

std::string full_width_number(int n) {  // ７, １２
  std::string digits = std::to_string(n), out;
  for (char c : digits) {
    // U+FF10 + digit in UTF-8: EF BC 90..99.
    out += "\xEF\xBC";
    out += char(0x90 + (c - '0'));
  }
  return out;
}

// The first UTF-8 character of `s`.
std::string first_char(const std::string& s) {
  if (s.empty()) return s;
  unsigned char c = static_cast<unsigned char>(s[0]);
  size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return s.substr(0, len);
}

int file_number(const Variant& v, Square s) { return v.files - col_of(s); }
int rank_number(Square s) { return row_of(s) + 1; }

// Destination squares: "7七" (Chu style, half-width file) or "７七" (standard).
std::string kif_square(const Variant& v, Square s) {
  return (chu_style(v) ? std::to_string(file_number(v, s)) : full_width_number(file_number(v, s))) +
         kanji_number(rank_number(s));
}

}  // namespace

// The piece name in moves: the full name in Chu style ("金将"); the short one in standard
// KIF ("金", "馬", "龍", "と", "成銀").
std::string kif_piece_name(const Variant& v, Kind k) {
  const std::string& name = v.piece(k).kanji;
  if (chu_style(v)) return name;
  if (name.rfind("成", 0) == 0) return name;
  if (name == "龍馬") return "馬";
  return first_char(name);
}

// One board cell's kanji (for position diagrams): one character; a promoted piece whose name
// is also an unpromoted piece's gets 成 in front ("成獅" for the promoted Kirin).
std::string kif_board_name(const Variant& v, Kind k) {
  const PieceType& p = v.piece(k);
  if (!chu_style(v)) {
    if (p.kanji == "成銀") return "全";
    if (p.kanji == "成桂") return "圭";
    if (p.kanji == "成香") return "杏";
  }
  std::string single = !chu_style(v)       ? kif_piece_name(v, k)
                       : p.kanji == "龍馬" ? "馬"
                                           : first_char(p.kanji);
  if (p.promoted_from)
    for (Kind other = 1; other <= v.num_kinds(); ++other)
      if (!v.piece(other).promoted_from && v.piece(other).kanji == p.kanji) return "成" + single;
  return single;
}

namespace {

std::string origin(const Variant& v, Square from) {
  if (chu_style(v)) return " （←" + kif_square(v, from) + "）";
  return "(" + std::to_string(file_number(v, from)) + std::to_string(rank_number(from)) + ")";
}

std::string destination(const Variant& v, Square to, Square last_to) {
  if (to != last_to) return kif_square(v, to);
  return chu_style(v) ? "仝" : "同　";
}

// 成 for a promotion, 不成 when the same move could have promoted.
std::string promotion_mark(const Position& pos, const Move& m) {
  if (m.promotes()) return "成";
  Move promoting = m;
  promoting.flags |= Move::kPromote;
  return is_legal(pos, promoting) ? "不成" : "";
}

// The pieces a move takes where it does not stop (burns, the second victim of a double igui):
// Kirin's own mark, for games lishogi does not have, as KIF has none: "（取り：5五・4四）".
std::string kills_mark(const Variant& v, const Move& m) {
  if (!m.has_kills()) return "";
  std::string out = kKifKillsMark;
  for (Square s : m.kill)
    if (s) out += (out.size() > std::string_view(kKifKillsMark).size() ? "・" : "") +
                  kif_square(v, s);
  return out + "）";
}

std::string hand_text(const Position& pos, Color c) {
  const Variant& v = pos.variant();
  std::string out;
  for (Kind k : v.hand_kinds) {
    int n = pos.hand(c, k);
    if (n == 0) continue;
    if (!out.empty()) out += "　";
    out += kif_piece_name(v, k);
    if (n > 1) out += kanji_number(n);
  }
  return out.empty() ? "なし" : out;
}

std::string board_diagram(const Position& pos) {
  const Variant& v = pos.variant();
  bool chu = chu_style(v);
  int width = chu ? 3 : 2;  // characters per cell, as lishogi pads them
  std::string out;
  if (v.rules.drops) out += "後手の持駒：" + hand_text(pos, kWhite) + "\n";
  std::string files = chu ? "" : " ";
  for (int f = v.files; f >= 1; --f) {
    std::string n = full_width_number(f);
    files += (chu && f < 9 ? "  " : " ") + n;  // lishogi: " １２ １１ １０ ９  ８  ７"
  }
  out += files + "\n";
  std::string separator = "+" + std::string(size_t(v.files * (width + 1)), '-') + "+";
  out += separator + "\n";
  for (int row = 0; row < v.ranks; ++row) {
    out += "|";
    for (int col = 0; col < v.files; ++col) {
      Piece p = pos.at(make_square(col, row));
      if (!is_piece(p)) {
        out += chu ? "  ・" : " ・";
        continue;
      }
      std::string cell = (color_of(p) == kWhite ? "v" : "") + kif_board_name(v, kind_of(p));
      // Pad to `width` characters (a kanji counts as one), as lishogi's %3s / %2s does.
      int chars = 0;
      for (unsigned char c : cell) chars += (c & 0xC0) != 0x80;
      out += std::string(size_t(chars < width ? width - chars : 0), ' ') + cell;
    }
    out += "|" + kanji_number(row + 1) + "\n";
  }
  out += separator + "\n";
  if (v.rules.drops) out += "先手の持駒：" + hand_text(pos, kBlack) + "\n";
  if (pos.side_to_move() == kWhite) out += "後手番\n";
  return out;
}

}  // namespace

// The 手合割 of a game's own start position.
std::string kif_handicap_name(const Variant& v) {
  if (v.id == "chu") return "中将棋";
  if (v.id == "dai") return "大将棋";
  if (v.id == "shogi") return "平手";
  if (v.id == "sho") return "小将棋";
  return v.name;
}

namespace {

const char* ending_word(KifGame::Ending e) {
  switch (e) {
    case KifGame::Ending::Resignation:
      return "投了";
    case KifGame::Ending::Timeout:
      return "切れ負け";
    case KifGame::Ending::IllegalMove:
      return "反則負け";
    case KifGame::Ending::Mate:
      return "詰み";
    case KifGame::Ending::Repetition:
      return "千日手";
    case KifGame::Ending::Perpetual:
      return "反則勝ち";
    case KifGame::Ending::ImpasseWin:
      return "入玉勝ち";
    case KifGame::Ending::Draw:
      return "持将棋";
    case KifGame::Ending::Abort:
      return "中断";
    case KifGame::Ending::None:
      break;
  }
  return "";
}

std::string clock_text(int64_t spent_ms, int64_t total_ms) {
  int64_t s = spent_ms / 1000, t = total_ms / 1000;
  char buf[64];
  std::snprintf(buf, sizeof buf, "   (%02lld:%02lld/%02lld:%02lld:%02lld)", (long long)(s / 60),
                (long long)(s % 60), (long long)(t / 3600), (long long)(t / 60 % 60),
                (long long)(t % 60));
  return buf;
}

std::string number_prefix(int n) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%4d", n);
  return buf;
}

}  // namespace

std::string kif_move(const Position& pos, const Move& m, Square last_to) {
  const Variant& v = pos.variant();
  if (m.is_drop()) return kif_square(v, m.to) + kif_piece_name(v, m.drop_kind) + "打";
  Kind k = kind_of(pos.at(m.from));
  std::string name = kif_piece_name(v, k);
  if (m.is_two_step()) {
    // lishogi: each step as a move of its own; only the first may be written 仝. Its importer
    // reads the igui mark; it reads no jitto mark (its board writes "(じっと)", which neither
    // of its readers takes), so a pass goes unmarked: the squares say what it is.
    return "一歩目 " + destination(v, m.mid, last_to) + name + origin(v, m.from) + "\n" +
           "二歩目 " + kif_square(v, m.to) + name + promotion_mark(pos, m) +
           (is_igui(pos, m) ? kKifIguiMark : "") + kills_mark(v, m) + origin(v, m.mid);
  }
  return destination(v, m.to, last_to) + name + promotion_mark(pos, m) + kills_mark(v, m) +
         origin(v, m.from);
}

std::string kif_termination(const KifGame& g) {
  if (g.ending == KifGame::Ending::None) return "";
  if (g.ending == KifGame::Ending::Resignation) {
    // The line's move number is the next mover's: only that side's resignation is written so
    // (lishogi); a player who resigns while the opponent is to move gets no line.
    const Color to_move = g.moves.size() % 2 ? ~g.start.side_to_move() : g.start.side_to_move();
    const Result to_move_loses = to_move == kBlack ? Result::WhiteWins : Result::BlackWins;
    if (g.result != to_move_loses) return "";
  }
  return ending_word(g.ending);
}

KifGame::Ending kif_ending(const Outcome& o) {
  switch (o.reason) {
    case EndReason::RoyalsCaptured:
    case EndReason::BareKing:
    case EndReason::Checkmate:
    case EndReason::NoLegalMoves:
      return KifGame::Ending::Mate;
    case EndReason::Repetition:
      return KifGame::Ending::Repetition;
    case EndReason::PerpetualAttack:
      return KifGame::Ending::Perpetual;
    case EndReason::Impasse:
      return o.result == Result::Draw ? KifGame::Ending::Draw : KifGame::Ending::ImpasseWin;
    case EndReason::InsufficientMaterial:
    case EndReason::PlyLimit:
      return KifGame::Ending::Draw;
    case EndReason::None:
      break;
  }
  return KifGame::Ending::None;
}

std::string write_kif(const KifGame& g) {
  const Variant& v = g.start.variant();
  std::string out;
  if (!g.date.empty()) out += "開始日時：" + g.date + "\n";
  if (!g.event.empty()) out += "棋戦：" + g.event + "\n";
  if (!g.time_control.empty()) out += "持ち時間：" + g.time_control + "\n";
  bool own_start = to_sfen(g.start) == to_sfen(parse_sfen(g.start.variant_ptr(), v.setup));
  out += own_start ? "手合割：" + kif_handicap_name(v) + "\n" : board_diagram(g.start);
  out += "先手：" + g.black + "\n";
  out += "後手：" + g.white + "\n";
  out += "手数----指手---------消費時間--\n";
  Position pos = g.start;
  Square last_to = kNoSquare;
  int64_t total[2] = {0, 0};
  bool timed = g.times_ms.size() == g.moves.size();
  for (size_t i = 0; i < g.moves.size(); ++i) {
    const Move& m = g.moves[i];
    std::string number = number_prefix(int(i + 1));
    std::string text = kif_move(pos, m, last_to);
    std::string clock;
    if (timed) {
      total[pos.side_to_move()] += g.times_ms[i];
      clock = clock_text(g.times_ms[i], total[pos.side_to_move()]);
    }
    auto nl = text.find('\n');
    if (nl == std::string::npos)
      out += number + "   " + text + clock + "\n";
    else
      out += number + text.substr(0, nl) + "\n" + number + text.substr(nl + 1) + clock + "\n";
    last_to = m.to;
    Undo u;
    pos.do_move(m, u);
  }
  // As lishogi: the reason as a comment after the last move, then the ending on the next
  // move's line; no "まで…" line.
  if (!g.comment.empty()) out += "* " + g.comment + "\n";
  const std::string ending = kif_termination(g);
  if (!ending.empty()) out += number_prefix(int(g.moves.size()) + 1) + "   " + ending + "\n";
  return out;
}

}  // namespace kirin
