#include "rules/movegen.h"

namespace kirin {

// Legal moves; `drop_mate_rule` off when only asking whether any reply exists.
void generate_legal(const Position& pos, MoveList& out, bool drop_mate_rule);

namespace {

// What a cell means to the side to move: empty, enemy, or blocked (own piece or wall).
enum Cell : uint8_t { kCellEmpty = 0, kCellEnemy = 1, kCellBlocked = 2 };

struct CellTable {
  std::array<std::array<uint8_t, 256>, 2> cls{};
  CellTable() {
    for (int c = 0; c < 2; ++c)
      for (int p = 0; p < 256; ++p)
        cls[c][p] = p == kEmpty ? kCellEmpty
                    : p == kWall ? kCellBlocked
                    : color_of(Piece(p)) == c ? kCellBlocked
                                              : kCellEnemy;
  }
};
const CellTable kCells;

class Generator {
 public:
  Generator(const Position& pos, MoveList& out, bool every_piece)
      : every_piece_(every_piece),
        pos_(pos),
        v_(pos.variant()),
        r_(v_.rules),
        b_(pos.board()),
        us_(pos.side_to_move()),
        cls_(kCells.cls[us_].data()),
        out_(out),
        counter_strike_(r_.counter_strike && pos.counter_strike() != kNoSquare) {}

  void run() {
    const Square* sq = pos_.squares(us_);
    for (int i = 0, n = pos_.count(us_); i < n; ++i) piece_moves(sq[i]);
    if (r_.drops && !pos_.hand_empty(us_)) drops();
  }

 private:
  void piece_moves(Square from) {
    const Piece p = b_[from];
    const Kind k = kind_of(p);
    const MoveTable& t = v_.tables[k][us_];
    const PieceType& pt = v_.pieces[k];
    mover_lion_ = v_.is_lion[p];
    pt_ = &pt;

    for (const auto& l : t.leaps) {
      Square to = Square(from + l.off);
      uint8_t c = cls_[b_[to]];
      if (c == kCellEmpty) {
        if (l.mode & kModeMove) add(from, kNoSquare, to, false);
      } else if (c == kCellEnemy && (l.mode & kModeCapture)) {
        if (!v_.is_lion[b_[to]] || lion_capture_ok(from, kNoSquare, to)) add(from, kNoSquare, to, true);
      }
    }
    for (const auto& s : t.slides) {
      Square to = from;
      bool hopped = false;
      for (int step = 1; s.range == 0 || step <= s.range; ++step) {
        to = Square(to + s.off);
        Piece q = b_[to];
        uint8_t c = cls_[q];
        if (s.hop && !hopped) {  // cannon: find the screen first
          if (q == kWall) break;
          if (q != kEmpty) hopped = true;
          continue;
        }
        if (c == kCellEmpty) {
          if (s.mode & kModeMove) add(from, kNoSquare, to, false);
          continue;
        }
        if (c == kCellEnemy && (s.mode & kModeCapture) &&
            (!v_.is_lion[q] || lion_capture_ok(from, kNoSquare, to)))
          add(from, kNoSquare, to, true);
        break;
      }
    }
    for (const auto& f : t.firsts) {
      Square mid = Square(from + f.off);
      Piece mp = b_[mid];
      uint8_t mc = cls_[mp];
      bool capture_mid;
      if ((f.mode & kModeCapture) && mc == kCellEnemy)
        capture_mid = true;
      else if ((f.mode & kModeHop) && is_piece(mp))
        capture_mid = false;
      else
        continue;
      if (capture_mid && v_.is_lion[mp] && !lion_capture_ok(from, kNoSquare, mid)) continue;
      for (int j = f.begin; j < f.end; ++j) {
        const auto& s = t.seconds[j];
        Square to = Square(mid + s.off);
        if (to == from) {  // igui: back to the square just left
          if (capture_mid && first_igui(mid)) add(from, mid, from, true);
          continue;
        }
        Piece q = b_[to];
        uint8_t c = cls_[q];
        if (c == kCellEmpty) {
          if (s.mode & kModeMove) add(from, mid, to, capture_mid);
        } else if (c == kCellEnemy && (s.mode & kModeCapture)) {
          if (!v_.is_lion[q] || lion_capture_ok(from, capture_mid ? mid : kNoSquare, to))
            add(from, mid, to, true);
        }
      }
    }
    for (const auto& q : t.quiet_paths) {
      for (const auto& [o1, o2] : q.paths) {
        Square mid = Square(from + o1);
        if (b_[mid] != kEmpty) continue;
        if (q.disp == 0) {
          // A pass leaves the same position whichever piece makes it and whichever empty
          // square it steps through: one move per position.
          if (!passed_ || every_piece_) add(from, mid, from, false);
          passed_ = true;
          break;
        }
        Square to = Square(mid + o2);
        Piece tp = b_[to];
        uint8_t c = cls_[tp];
        if (c == kCellEmpty && (q.mode & kModeMove)) {
          add(from, kNoSquare, to, false);
          break;
        }
        if (c == kCellEnemy && (q.mode & kModeCapture) &&
            (!v_.is_lion[tp] || lion_capture_ok(from, kNoSquare, to))) {
          add(from, kNoSquare, to, true);
          break;
        }
      }
    }
  }

  // Drops: any empty square from which the piece could move again; a one-per-file piece
  // (Pawn) not on a file that has an own unpromoted one.
  void drops() {
    for (Kind k : v_.hand_kinds) {
      if (!pos_.hand(us_, k)) continue;
      const PieceType& pt = v_.pieces[k];
      Piece mine = make_piece(k, us_);
      for (int col = 0; col < v_.files; ++col) {
        if (pt.one_per_file) {
          bool taken = false;
          for (int row = 0; row < v_.ranks && !taken; ++row)
            taken = b_[make_square(col, row)] == mine;
          if (taken) continue;
        }
        for (int row = 0; row < v_.ranks; ++row) {
          Square to = make_square(col, row);
          if (b_[to] != kEmpty || pt.dead[us_][to]) continue;
          out_.push(Move{kNoSquare, kNoSquare, to, Move::kDrop, k});
        }
      }
    }
  }

  // An igui leaves the same position whichever piece makes it, unless one arms the
  // counter-strike rule and the other does not: one move per position.
  bool first_igui(Square victim) {
    if (every_piece_) return true;
    int key = victim * 2 + (arms_counter_strike(b_[victim]) ? 1 : 0);
    for (int i = 0; i < n_igui_; ++i)
      if (igui_[i] == key) return false;
    if (n_igui_ < int(igui_.size())) igui_[n_igui_++] = key;
    return true;
  }

  bool arms_counter_strike(Piece victim) const {
    return r_.counter_strike && !mover_lion_ && v_.is_lion[victim];
  }

  // The Lion-trading rules (§6) for a capture of the Lion on `victim`. `bridge` is the square
  // of a piece captured earlier in the same move, if any.
  bool lion_capture_ok(Square from, Square bridge, Square victim) const {
    if (mover_lion_) {
      if (!r_.lion_protection || distance(from, victim) <= 1) return true;
      if (bridge != kNoSquare && !v_.is_minor[b_[bridge]]) return true;
      // Protection is judged with the Lion lifted and the first-step square seen through;
      // a Pawn or Go-Between standing there still protects.
      return !pos_.attacked(victim, ~us_, from, bridge);
    }
    if (!counter_strike_) return true;
    if (r_.counter_strike_same_square && victim == pos_.counter_strike()) return true;
    if (r_.bridge_lifts_counter_strike && bridge != kNoSquare && !v_.is_minor[b_[bridge]])
      return true;
    return false;
  }

  void add(Square from, Square mid, Square to, bool capture) {
    const PieceType& pt = *pt_;
    if (pt.promotes_to) {
      bool can;
      const auto& zone = v_.in_zone[us_];
      if (r_.promotion == RuleOptions::Promotion::Lishogi)
        can = (zone[to] && !zone[from]) || (capture && (zone[to] || zone[from])) ||
              (pt.last_rank_promotion && v_.on_last_rank[us_][to]);
      else
        can = zone[to] || zone[from];
      if (can) {
        out_.push(Move{from, mid, to, Move::kPromote, 0});
        if (r_.force_last_rank_promotion && pt.dead[us_][to]) return;
      }
    }
    out_.push(Move{from, mid, to, 0, 0});
  }

  const bool every_piece_;
  const Position& pos_;
  const Variant& v_;
  const RuleOptions& r_;
  const Piece* b_;
  const Color us_;
  const uint8_t* cls_;
  MoveList& out_;
  const bool counter_strike_;
  bool mover_lion_ = false;
  bool passed_ = false;
  std::array<int, 64> igui_{};
  int n_igui_ = 0;
  const PieceType* pt_ = nullptr;
};

// The check rule: drops the moves after which (or, for a two-step move, after whose first
// step) the mover's royal is attacked, and Pawn drops that give checkmate.
void filter_check(const Position& pos, MoveList& list, bool drop_mate_rule) {
  const Variant& v = pos.variant();
  Color us = pos.side_to_move();
  Square royals[2];
  if (pos.royals(us, royals, 2) != 1) return;  // with two royals, either may be risked
  Position work = pos;
  auto royal_safe = [&](const Move& m) {
    Square royal = royals[0];
    if (v.rules.check_every_step && m.is_two_step() && m.mid != m.to) {
      bool pass = m.to == m.from && pos.at(m.mid) == kEmpty;
      if (!pass) {
        Move first{m.from, kNoSquare, m.mid, 0, 0};
        Undo u;
        work.do_move(first, u);
        bool safe = !work.attacked(m.from == royal ? m.mid : royal, ~us);
        work.undo_move(first, u);
        if (!safe) return false;
      }
    }
    Undo u;
    work.do_move(m, u);
    bool safe = !work.attacked(m.from == royal ? m.to : royal, ~us);
    if (safe && drop_mate_rule && m.is_drop() && v.pieces[m.drop_kind].no_drop_mate &&
        work.in_check(~us)) {
      MoveList replies;
      generate_legal(work, replies, false);
      safe = replies.size > 0;
    }
    work.undo_move(m, u);
    return safe;
  };
  int n = 0;
  for (int i = 0; i < list.size; ++i)
    if (royal_safe(list.moves[i])) list.moves[n++] = list.moves[i];
  list.size = n;
}

}  // namespace

void generate_legal(const Position& pos, MoveList& out, bool drop_mate_rule) {
  out.size = 0;
  out.overflow = false;
  Generator(pos, out, false).run();
  if (pos.variant().rules.check_rule) filter_check(pos, out, drop_mate_rule);
}

void generate_moves(const Position& pos, MoveList& out) { generate_legal(pos, out, true); }

void generate_every_piece_moves(const Position& pos, MoveList& out) {
  out.size = 0;
  out.overflow = false;
  Generator(pos, out, true).run();
  if (pos.variant().rules.check_rule) filter_check(pos, out, true);
}

bool is_igui(const Position& pos, const Move& m) {
  return m.is_two_step() && m.to == m.from && is_piece(pos.at(m.mid));
}

bool same_result(const Position& pos, const Move& a, const Move& b) {
  if (a == b) return true;
  const Variant& v = pos.variant();
  auto arms = [&](const Move& m) {
    return v.rules.counter_strike && !v.is_lion[pos.at(m.from)] && v.is_lion[pos.at(m.mid)];
  };
  if (is_igui(pos, a) && is_igui(pos, b)) return a.mid == b.mid && arms(a) == arms(b);
  auto is_pass = [&](const Move& m) {
    return m.is_two_step() && m.to == m.from && pos.at(m.mid) == kEmpty;
  };
  return is_pass(a) && is_pass(b);
}

bool is_legal(const Position& pos, const Move& m) {
  MoveList list;
  generate_moves(pos, list);
  for (const Move& x : list)
    if (x == m) return true;
  return false;
}

int spellings(const Position& pos, const Move& m) {
  const Piece p = pos.at(m.from);
  if (m.is_drop() || !is_piece(p)) return 1;
  const MoveTable& t = pos.variant().tables[kind_of(p)][color_of(p)];
  if (t.shapes.empty()) return 1;
  if (is_igui(pos, m)) {  // one spelling per piece that can take this victim in place
    MoveList all;
    generate_every_piece_moves(pos, all);
    int n = 0;
    for (const Move& x : all)
      if (is_igui(pos, x) && same_result(pos, x, m)) ++n;
    return n;
  }
  if (m.is_two_step()) {
    if (m.to != m.from) return 1;
    // A pass: one spelling per piece that can pass and per empty square it steps through.
    const Variant& v = pos.variant();
    Color us = pos.side_to_move();
    int n = 0;
    for (int i = 0; i < pos.count(us); ++i) {
      Square s = pos.squares(us)[i];
      for (const auto& [o1, o2] : v.tables[kind_of(pos.at(s))][us].shapes)
        if (o1 + o2 == 0 && pos.at(Square(s + o1)) == kEmpty) ++n;
    }
    return n;
  }
  if (m.promotes()) return 1;  // two-step spellings carry no promotion
  int n = 1;
  for (const auto& [o1, o2] : t.shapes)
    if (m.from + o1 + o2 == m.to && pos.at(Square(m.from + o1)) == kEmpty) ++n;
  return n;
}

}  // namespace kirin
