#include "rules/movegen.h"

#include <algorithm>
#include <bitset>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>

namespace kirin {

bool tables_see_every_capture(const Variant& v) {
  return !v.has_untabled_captures && !v.has_freezers;
}

namespace {

// Does file `col` hold the piece `p` (a one-per-file piece may not be dropped there)?
bool file_holds(const Position& pos, int col, Piece p) {
  for (int row = 0; row < pos.variant().ranks; ++row)
    if (pos.at(make_square(col, row)) == p) return true;
  return false;
}

// Which of the legal moves a generator produces.
enum class Only : uint8_t { kAll, kCaptures, kQuiets };

// Legal moves; `drop_mate_rule` off when only asking whether any reply exists.
void generate_legal(const Position& pos, MoveList& out, bool drop_mate_rule, Only only);

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

constexpr int kKingSteps[8] = {offset_of(-1, -1), offset_of(0, -1), offset_of(1, -1),
                               offset_of(-1, 0),  offset_of(1, 0),  offset_of(-1, 1),
                               offset_of(0, 1),   offset_of(1, 1)};

// Frozen: an enemy freezer (Heavenly Tetrarch) stands next to the piece on `s`, not one itself:
// it does not move, nor capture (the generator and royal_under_attack both ask here).
bool frozen_at(const Position& pos, Square s) {
  const Variant& v = pos.variant();
  const Piece p = pos.at(s);
  if (v.piece(kind_of(p)).freezes) return false;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const Piece q = pos.at(Square(s + offset_of(dx, dy)));
      if ((dx || dy) && is_piece(q) && color_of(q) != color_of(p) && v.piece(kind_of(q)).freezes)
        return true;
    }
  return false;
}

class Generator {
 public:
  Generator(const Position& pos, MoveList& out, bool every_piece, Only only = Only::kAll)
      : every_piece_(every_piece),
        captures_only_(only == Only::kCaptures),
        quiets_only_(only == Only::kQuiets),
        pos_(pos),
        v_(pos.variant()),
        r_(v_.rules),
        b_(pos.board()),
        us_(pos.side_to_move()),
        cls_(kCells.cls[us_].data()),
        out_(out),
        counter_strike_(r_.counter_strike && pos.counter_strike() != kNoSquare),
        no_pass_(r_.no_consecutive_skips && pos.skipped(pos.side_to_move())) {}

  void run() {
    const Square* sq = pos_.squares(us_);
    for (int i = 0, n = pos_.count(us_); i < n; ++i)
      if (!v_.has_freezers || !frozen(sq[i])) piece_moves(sq[i]);
    if (r_.drops && !pos_.hand_empty(us_) && !captures_only_) drops();
  }

  // The moves of one piece of the side to move (nothing if it is frozen or not ours).
  void run_piece(Square from) {
    Piece p = b_[from];
    if (!is_piece(p) || color_of(p) != us_) return;
    if (!v_.has_freezers || !frozen(from)) piece_moves(from);
  }

  // The capture of the enemy on `victim` by the piece on `from`, which attacks it and whose
  // captures take one piece each (Variant::captures_one).
  void run_capture(Square from, Square victim) {
    Piece p = b_[from];
    if (!is_piece(p) || color_of(p) != us_ || cls_[b_[victim]] != kCellEnemy) return;
    if (v_.has_freezers && frozen(from)) return;
    begin_piece(p);
    if (!v_.is_lion[b_[victim]] || lion_capture_ok(from, kNoSquare, victim))
      add(from, kNoSquare, victim, true);
  }

 private:
  void begin_piece(Piece p) {
    const PieceType& pt = v_.pieces[kind_of(p)];
    mover_lion_ = v_.is_lion[p];
    pt_ = &pt;
    dedupe_ = pt.dedupe;
    burns_ = pt.burn > 0;
    quiet_ok_ = !captures_only_ || burns_;  // a burning piece's quiet move may burn
    if (dedupe_) seen_.reset();
  }

  void piece_moves(Square from) {
    // Locals, not members: the calls below would otherwise make the compiler reload them.
    const Piece* const b = b_;
    const uint8_t* const cls = cls_;
    const Piece p = b[from];
    const MoveTable& t = v_.tables[kind_of(p)][us_];
    const PieceType& pt = v_.pieces[kind_of(p)];
    begin_piece(p);

    for (const auto& l : t.leaps) {
      Square to = Square(from + l.off);
      uint8_t c = cls[b[to]];
      if (c == kCellEmpty) {
        if ((l.mode & kModeMove) && quiet_ok_) add(from, kNoSquare, to, false);
      } else if (c == kCellEnemy && (l.mode & kModeCapture) && !quiets_only_) {
        if (!v_.is_lion[b[to]] || lion_capture_ok(from, kNoSquare, to))
          add(from, kNoSquare, to, true);
      }
    }
    for (const auto& s : t.slides) {
      Square to = from;
      bool hopped = false;
      int step = 1;
      if (s.skip_first) {  // pass over the adjacent square, whatever stands there
        to = Square(to + s.off);
        if (b[to] == kWall) continue;
        step = 2;
      }
      if (pt.range_jumps && (s.mode & kModeCapture) && !s.hop && !quiets_only_)
        range_captures(from, s);
      for (; s.range == 0 || step <= s.range; ++step) {
        to = Square(to + s.off);
        Piece q = b[to];
        uint8_t c = cls[q];
        if (s.hop && !hopped) {  // cannon: find the screen first
          if (q == kWall) break;
          if (q != kEmpty) hopped = true;
          continue;
        }
        if (c == kCellEmpty) {
          if ((s.mode & kModeMove) && quiet_ok_) add(from, kNoSquare, to, false);
          continue;
        }
        if (c == kCellEnemy && (s.mode & kModeCapture) && !quiets_only_ &&
            (!v_.is_lion[q] || lion_capture_ok(from, kNoSquare, to)))
          add(from, kNoSquare, to, true);
        break;
      }
    }
    // A first step that takes or jumps a piece makes every move through it a capture (see
    // is_capture): none of them is quiet.
    if (!quiets_only_) two_step_moves(from, t);
    for (const auto& q : t.quiet_paths) {
      for (const auto& [o1, o2] : q.paths) {
        Square mid = Square(from + o1);
        if (b[mid] != kEmpty) continue;
        if (q.disp == 0) {
          // A pass leaves the same position whichever piece makes it and whichever empty
          // square it steps through: one move per position.
          add_pass(from, mid);
          break;
        }
        Square to = Square(mid + o2);
        Piece tp = b[to];
        uint8_t c = cls[tp];
        if (c == kCellEmpty && (q.mode & kModeMove)) {
          if (quiet_ok_) add(from, kNoSquare, to, false);
          break;
        }
        if (c == kCellEnemy && (q.mode & kModeCapture) && !quiets_only_ &&
            (!v_.is_lion[tp] || lion_capture_ok(from, kNoSquare, to))) {
          add(from, kNoSquare, to, true);
          break;
        }
      }
    }
    if (pt.area) area_moves(from, pt.area);
    if (pt.igui && !quiets_only_) standstill_captures(from, pt.igui);
  }

  // The moves whose first step takes or jumps a piece (a Lion's double moves and igui).
  void two_step_moves(Square from, const MoveTable& t) {
    const Piece* const b = b_;
    const uint8_t* const cls = cls_;
    for (const auto& f : t.firsts) {
      Square mid = Square(from + f.off);
      Piece mp = b[mid];
      uint8_t mc = cls[mp];
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
          if (capture_mid) add(from, mid, from, true, kNoSquare, kNoSquare, first_igui(mid));
          continue;
        }
        Piece q = b[to];
        uint8_t c = cls[q];
        if (c == kCellEmpty) {
          if (s.mode & kModeMove) add(from, mid, to, capture_mid);
        } else if (c == kCellEnemy && (s.mode & kModeCapture)) {
          if (!v_.is_lion[q] || lion_capture_ok(from, capture_mid ? mid : kNoSquare, to))
            add(from, mid, to, true);
        }
      }
    }
  }

  bool frozen(Square s) const { return frozen_at(pos_, s); }

  // Area move: up to n king steps through empty squares, a capture ending it; stepping back
  // to the (vacated) start square is a pass.
  void area_moves(Square from, int n) {
    std::array<Square, 64> frontier{}, next{};
    int nf = 1, nn = 0;
    frontier[0] = from;
    area_seen_.reset();
    Square skip_through = kNoSquare;
    for (int step = 1; step <= n && nf; ++step) {
      nn = 0;
      for (int i = 0; i < nf; ++i)
        for (int d : kKingSteps) {
          Square to = Square(frontier[i] + d);
          if (to == from) {
            if (skip_through == kNoSquare) skip_through = frontier[i];
            continue;
          }
          if (area_seen_[to]) continue;
          area_seen_.set(to);
          uint8_t c = cls_[b_[to]];
          if (c == kCellEmpty) {
            add(from, kNoSquare, to, false);
            next[nn++] = to;
          } else if (c == kCellEnemy) {
            add(from, kNoSquare, to, true);
          }
        }
      frontier = next;
      nf = nn;
    }
    if (skip_through != kNoSquare) add_pass(from, skip_through);
  }

  // Capturing up to n adjacent enemies without moving (igui, Mitsugumi's double igui).
  void standstill_captures(Square from, int n) {
    Square victims[8];
    int nv = 0;
    for (int d : kKingSteps)
      if (cls_[b_[from + d]] == kCellEnemy) victims[nv++] = Square(from + d);
    for (int i = 0; i < nv; ++i) {
      add(from, victims[i], from, true, kNoSquare, kNoSquare, first_igui(victims[i], kNoSquare));
      for (int j = i + 1; n >= 2 && j < nv; ++j)
        add(from, victims[i], from, true, victims[j], kNoSquare,
            first_igui(victims[i], victims[j]));
    }
  }

  // Range capture: a capturing slide may first jump up to range_jumps pieces of lower rank,
  // taking or leaving each jumped enemy (the plain capture of the first piece is elsewhere).
  void range_captures(Square from, const MoveTable::Slide& s) {
    const PieceType& pt = *pt_;
    Square jumped[2];
    int nj = 0;
    Square to = from;
    for (int dist = 1; s.range == 0 || dist <= s.range; ++dist) {
      to = Square(to + s.off);
      Piece q = b_[to];
      if (q == kWall) break;
      if (q == kEmpty) continue;
      if (nj > 0 && cls_[q] == kCellEnemy) {
        Square enemies[2];
        int ne = 0;
        for (int i = 0; i < nj; ++i)
          if (cls_[b_[jumped[i]]] == kCellEnemy) enemies[ne++] = jumped[i];
        for (int mask = 0; mask < (1 << ne); ++mask) {
          Square k[2] = {kNoSquare, kNoSquare};
          int nk = 0;
          for (int i = 0; i < ne; ++i)
            if (mask >> i & 1) k[nk++] = enemies[i];
          add(from, kNoSquare, to, true, k[0], k[1]);
        }
      }
      if (nj == pt.range_jumps || v_.pieces[kind_of(q)].rank >= pt.rank) break;
      jumped[nj++] = to;
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
        if (pt.one_per_file && file_holds(pos_, col, mine)) continue;
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
  bool first_igui(Square victim, Square second = kNoSquare) {
    if (every_piece_) return true;
    const bool arms = arms_counter_strike(b_[victim]);
    int key = (victim * kArraySize + second) * 2 + (arms ? 1 : 0);
    for (int i = 0; i < n_igui_; ++i)
      if (igui_[i] == key) return false;
    if (n_igui_ < int(std::size(igui_))) {
      igui_[n_igui_++] = key;
      return true;
    }
    // The table is full (several pieces that take two at once): look through the moves so far.
    for (const Move& m : out_)
      if (m.to == m.from && m.mid == victim && m.kill[0] == second && !m.promotes() &&
          (r_.counter_strike && !v_.is_lion[b_[m.from]] && v_.is_lion[b_[victim]]) == arms)
        return false;
    return true;
  }

  bool arms_counter_strike(Piece victim) const {
    return r_.counter_strike && !mover_lion_ && v_.is_lion[victim];
  }

  // Could the enemy take back on `victim` once the Lion has left `from` and captured the piece
  // on `bridge`? (That piece is gone, so it does not count; rare enough for a piece-list walk.)
  bool recapturable(Square victim, Square from, Square bridge) const {
    const Square* enemies = pos_.squares(~us_);
    for (int i = 0; i < pos_.count(~us_); ++i)
      if (enemies[i] != bridge && enemies[i] != victim &&
          pos_.piece_attacks(enemies[i], victim, from, bridge))
        return true;
    return false;
  }

  // The Lion-trading rules (§6) for a capture of the Lion on `victim`. `bridge` is the square
  // of a piece captured earlier in the same move, if any.
  bool lion_capture_ok(Square from, Square bridge, Square victim) const {
    if (mover_lion_) {
      if (r_.counter_strike_binds_lions && counter_strike_bars(bridge, victim)) return false;
      if (!r_.lion_protection || distance(from, victim) <= 1) return true;
      if (bridge != kNoSquare && !v_.is_minor[b_[bridge]]) return true;
      if (r_.lion_protection_by_recapture && bridge != kNoSquare)
        return !recapturable(victim, from, bridge);
      // Protection is judged with the Lion lifted and the first-step square seen through;
      // a Pawn or Go-Between standing there still protects.
      return !pos_.attacked(victim, ~us_, from, bridge);
    }
    return !counter_strike_bars(bridge, victim);
  }

  // §6.3: does the counter-strike rule, armed by the opponent's last move, bar this capture of
  // the Lion on `victim`?
  bool counter_strike_bars(Square bridge, Square victim) const {
    if (!counter_strike_) return false;
    if (r_.counter_strike_same_square && victim == pos_.counter_strike()) return false;
    if (r_.bridge_lifts_counter_strike && bridge != kNoSquare && !v_.is_minor[b_[bridge]])
      return false;
    return true;
  }

  // `plain`: also the move without promotion (false for an igui that another piece's igui of
  // the same victims already gives; promoting while taking them is still a new position).
  void add(Square from, Square mid, Square to, bool capture, Square kill0 = kNoSquare,
           Square kill1 = kNoSquare, bool plain = true) {
    const PieceType& pt = *pt_;
    if (captures_only_ && !capture && kill0 == kNoSquare && !burns_) return;
    // (A move through an occupied square takes or jumps it: is_capture counts it.)
    if (quiets_only_ && (capture || kill0 != kNoSquare || (mid && is_piece(b_[mid])))) return;
    if (dedupe_ && mid == kNoSquare && kill0 == kNoSquare) {  // one move per destination
      if (seen_[to]) return;
      seen_.set(to);
    }
    if (pt.promotes_to) {
      bool can;
      const auto& zone = v_.in_zone[us_];
      if (r_.promotion == RuleOptions::Promotion::Lishogi)
        can = (zone[to] && !zone[from]) || (capture && (zone[to] || zone[from])) ||
              (pt.last_rank_promotion && v_.on_last_rank[us_][to]);
      else
        can = zone[to] || zone[from];
      if (can && r_.promotion_deferral) {
        uint8_t d = pos_.deferral(from);
        bool forced = r_.force_last_rank_promotion && pt.dead[us_][to];
        if ((d & kDeferNextMove) && !capture && !forced) can = false;
        if ((d & kDeferToLastRank) && !v_.on_last_rank[us_][to]) can = false;
      }
      if (can) {
        push(Move{from, mid, to, Move::kPromote, 0, {kill0, kill1}});
        if (r_.force_last_rank_promotion && pt.dead[us_][to]) return;
      }
    }
    if (plain) push(Move{from, mid, to, 0, 0, {kill0, kill1}});
  }

  // A pass: the board stays as it is, so one move per position whichever piece makes it (and
  // none right after a skip where that is forbidden). Promoting on the spot is no pass.
  void add_pass(Square from, Square through) {
    if (captures_only_) return;
    const PieceType& pt = *pt_;
    if (pt.promotes_to && r_.promotion == RuleOptions::Promotion::Shogi &&
        v_.in_zone[us_][from] && !(r_.promotion_deferral && pos_.deferral(from)))
      out_.push(Move{from, through, from, Move::kPromote, 0});
    if (!no_pass_ && (!passed_ || every_piece_)) out_.push(Move{from, through, from, 0, 0});
    passed_ = true;
  }

  // Pushes a move and, for a burning piece that moved, each choice of adjacent enemies to burn.
  void push(const Move& m) {
    out_.push(m);
    if (burns_ && !quiets_only_ && m.to != m.from && !m.has_kills()) burn_variants(m);
  }

  [[gnu::noinline]] void burn_variants(const Move& m) {
    const PieceType& pt = *pt_;
    Square victims[8];
    int nv = 0;
    for (int d : kKingSteps) {
      Square s = Square(m.to + d);
      Piece q = b_[s];
      if (s == m.from || s == m.mid || cls_[q] != kCellEnemy || v_.pieces[kind_of(q)].burn_immune)
        continue;
      victims[nv++] = s;
    }
    for (int i = 0; i < nv; ++i) {
      Move b = m;
      b.kill[0] = victims[i];
      out_.push(b);
      for (int j = i + 1; pt.burn >= 2 && j < nv; ++j) {
        b.kill[1] = victims[j];
        out_.push(b);
      }
    }
  }

  const bool every_piece_;
  const bool captures_only_;  // only moves that take something (quiescence search)
  const bool quiets_only_;    // only moves that take nothing (the search's last stage)
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
  bool dedupe_ = false, burns_ = false;  // of the piece being generated
  bool quiet_ok_ = true;  // non-capturing moves are wanted (not in captures-only mode)
  const bool no_pass_;
  // Scratch sets, cleared only by the (rare) pieces that use them: a Generator is built for
  // every node, so nothing here is initialised eagerly.
  struct SquareSet {
    uint64_t bits[(kArraySize + 63) / 64];
    void reset() { std::fill(std::begin(bits), std::end(bits), 0); }
    bool operator[](Square s) const { return bits[s >> 6] >> (s & 63) & 1; }
    void set(Square s) { bits[s >> 6] |= uint64_t(1) << (s & 63); }
  };
  SquareSet seen_, area_seen_;
  int igui_[64];
  int n_igui_ = 0;
  const PieceType* pt_ = nullptr;
};

// Pieces between `from` and `to` on the line joining them (-1: not on a line).
int pieces_between(const Position& pos, Square from, Square to) {
  const int dx = col_of(to) - col_of(from), dy = row_of(to) - row_of(from);
  if ((dx == 0 && dy == 0) || (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy))) return -1;
  const int steps = std::max(std::abs(dx), std::abs(dy));
  const int step = offset_of(dx / steps, dy / steps);
  int n = 0;
  for (Square s = Square(from + step); s != to; s = Square(s + step))
    if (pos.at(s) != kEmpty) ++n;
  return n;
}

// Might the piece `pt` on `from` take the one on `target` by a power the attack tables do not
// hold? A cheap test of where each power can reach, true too often but never too seldom: a
// range capture over one to range_jumps pieces on a line, a standstill or area capture within
// its steps, a burn next to a square the burner can reach (within its area move, or on a line
// with nothing between).
bool may_capture_beyond_tables(const Position& pos, const PieceType& pt, Square from,
                               Square target) {
  const int d = distance(from, target);
  if (d <= std::max(pt.area, pt.igui > 0 ? 1 : 0)) return true;
  if (pt.range_jumps) {
    const int between = pieces_between(pos, from, target);
    if (between >= 1 && between <= pt.range_jumps) return true;
  }
  if (pt.burn && d <= pt.area + 1) return true;
  if (pt.burn) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const Square n = Square(target + offset_of(dx, dy));
        if ((dx || dy) && n != from && pos.variant().on_board(col_of(n), row_of(n)) &&
            pieces_between(pos, from, n) == 0)
          return true;
      }
  }
  return false;
}

// Writes to `out` the pieces of `targets` (of the colour opposite `by`) that `by` could take
// were it its move, and returns how many: see royals_under_attack.
int capturable(const Position& pos, Color by, const Square* targets, int n, Square* out) {
  int found = 0;
  if (tables_see_every_capture(pos.variant())) {
    for (int i = 0; i < n; ++i)
      if (pos.attacked(targets[i], by)) out[found++] = targets[i];
    return found;
  }
  // The pieces that might take a target: its attackers by the tables, which take it unless
  // frozen (a Lion's capture alone has rules beyond the tables), and those whose powers reach
  // beyond the tables and could reach it, whose captures are generated and played. Only
  // those: the search asks this at every node.
  const Variant& v = pos.variant();
  std::optional<Position> them;  // `by` to move: made for the first candidate only
  std::unique_ptr<MoveList> list;
  for (int i = 0; i < n; ++i) {
    const Square t = targets[i];
    Square candidates[512];
    const int tabled = pos.attackers(t, by, candidates);
    bool taken = false;
    for (int c = 0; c < tabled && !taken && !v.is_lion[pos.at(t)]; ++c)
      taken = !v.has_freezers || !frozen_at(pos, candidates[c]);
    int k = tabled;
    const Square* pieces = pos.squares(by);
    for (int j = 0, np = pos.count(by); j < np && !taken; ++j) {
      const Square from = pieces[j];
      const PieceType& pt = v.piece(kind_of(pos.at(from)));
      if ((pt.area || pt.burn || pt.igui || pt.range_jumps) &&
          may_capture_beyond_tables(pos, pt, from, t) &&
          std::find(candidates, candidates + k, from) == candidates + k)
        candidates[k++] = from;
    }
    for (int c = 0; c < k && !taken; ++c) {
      if (!them) {
        them.emplace(pos);
        them->set_side_to_move(by);
        them->set_counter_strike(kNoSquare);  // it bars the side to move's captures, not by's
        list = std::make_unique<MoveList>();  // large: not on the stack
      }
      list->size = 0;
      Generator(*them, *list, false, Only::kCaptures).run_piece(candidates[c]);
      for (int j = 0; j < list->size && !taken; ++j) {
        const Move& m = list->moves[j];
        const bool names = (m.to == t && m.from != t) || m.mid == t || m.kill[0] == t ||
                           m.kill[1] == t;
        if (!names) continue;
        // Named, but a move may pass over a piece it leaves standing: play it to see.
        Undo u;
        them->do_move(m, u);
        taken = them->at(t) != pos.at(t);
        them->undo_move(m, u);
      }
    }
    if (taken) out[found++] = t;
  }
  return found;
}

// Is the piece on `target` one that `by` could take? (The check rule's test, in the hot path
// of perft and the search: the table lookup inline.)
inline bool attacked_by_any_move(const Position& pos, Square target, Color by) {
  if (tables_see_every_capture(pos.variant())) return pos.attacked(target, by);
  Square taken;
  return capturable(pos, by, &target, 1, &taken) > 0;
}

// The check rule: drops the moves after which (or, for a two-step move, after whose first
// step) the mover's royal is attacked, and Pawn drops that give checkmate.
void filter_check(const Position& pos, MoveList& list, bool drop_mate_rule) {
  const Variant& v = pos.variant();
  Color us = pos.side_to_move();
  Square royals[2] = {kNoSquare, kNoSquare};
  // With two royals either may be risked, and without one (a mating problem's attacker) none
  // needs keeping safe; the drop-mate rule is about the opponent's royal and holds anyway.
  const int our_royals = pos.royals(us, royals, 2);
  const bool keep_royal = our_royals == 1;
  if (!keep_royal && !drop_mate_rule) return;
  Position work = pos;
  auto royal_safe = [&](const Move& m) {
    const bool drop_may_mate =
        drop_mate_rule && m.is_drop() && v.pieces[m.drop_kind].no_drop_mate;
    if (!keep_royal && !drop_may_mate) return true;
    Square royal = royals[0];
    if (keep_royal && v.rules.check_every_step && m.is_two_step() && m.mid != m.to) {
      bool pass = m.to == m.from && pos.at(m.mid) == kEmpty;
      if (!pass) {
        Move first{m.from, kNoSquare, m.mid, 0, 0};
        Undo u;
        work.do_move(first, u);
        bool safe = !attacked_by_any_move(work, m.from == royal ? m.mid : royal, ~us);
        work.undo_move(first, u);
        if (!safe) return false;
      }
    }
    Undo u;
    work.do_move(m, u);
    bool safe = !keep_royal || !attacked_by_any_move(work, m.from == royal ? m.to : royal, ~us);
    if (safe && drop_may_mate && royal_under_attack(work, ~us)) {
      MoveList replies;
      generate_legal(work, replies, false, Only::kAll);
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

void generate_legal(const Position& pos, MoveList& out, bool drop_mate_rule, Only only) {
  out.size = 0;
  out.overflow = false;
  // Under the check rule one piece's igui or pass may be illegal where another's is not, so
  // every piece's is generated, filtered, and only then merged into one move per position.
  bool check = pos.variant().rules.check_rule;
  Generator(pos, out, check, only).run();
  // Captures only: the generator leaves out every quiet move but a burning piece's, whose
  // burns come with it. (Quiet moves only: the generator gives exactly those.)
  if (only == Only::kCaptures && pos.variant().has_burners) {
    int n = 0;
    for (int i = 0; i < out.size; ++i)
      if (is_capture(pos, out.moves[i])) out.moves[n++] = out.moves[i];
    out.size = n;
  }
  if (check) {
    filter_check(pos, out, drop_mate_rule);
    int n = 0;
    for (int i = 0; i < out.size; ++i) {
      const Move& m = out.moves[i];
      bool stays = m.is_two_step() && m.to == m.from;
      bool duplicate = false;
      for (int j = 0; stays && j < n && !duplicate; ++j)
        duplicate = out.moves[j].is_two_step() && out.moves[j].to == out.moves[j].from &&
                    same_result(pos, out.moves[j], m);
      if (!duplicate) out.moves[n++] = m;
    }
    out.size = n;
  }
  if (out.overflow)
    throw std::length_error("more than " + std::to_string(kMaxMoves) + " legal moves");
}

}  // namespace

void keep_royal_safe(Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Variant& v = pos.variant();
  // Where every attack is a leap or a ray (no hop attacks), an attack on a royal ends only
  // if its attacker is taken or a piece lands between the two. So while a royal is attacked, a
  // move that does neither and moves no royal leaves it attacked: dropped without being
  // played. (Every square on a line between attacker and royal counts, a leap's too: such a
  // move is merely played to find out.)
  std::bitset<kArraySize> ends;  // squares where a capture or a landing might end an attack
  bool attacked = false;
  // Where the tables miss captures (burns, range captures) or see a frozen piece's, each move
  // is played and judged exactly: moving a piece away can open a range capture.
  const bool tables_exact = tables_see_every_capture(v);
  if (!v.has_hop_attacks && tables_exact) {  // (attackers() walks where no counts are kept)
    Square royals[Position::kMaxRoyals];
    for (int r = 0, nr = pos.royals(us, royals, Position::kMaxRoyals); r < nr; ++r) {
      const Square royal = royals[r];
      Square attackers[256];
      for (int a = 0, na = pos.attackers(royal, ~us, attackers); a < na; ++a) {
        attacked = true;
        const Square from = attackers[a];
        ends.set(from);
        const int dx = col_of(royal) - col_of(from), dy = row_of(royal) - row_of(from);
        if (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy)) continue;  // on no line
        const int steps = std::max(std::abs(dx), std::abs(dy));
        const int step = offset_of(dx / steps, dy / steps);
        for (Square s = Square(from + step); s != royal; s = Square(s + step)) ends.set(s);
      }
    }
  }
  auto may_end_attacks = [&](const Move& m) {
    return ends[m.to] || (m.mid && ends[m.mid]) || (m.kill[0] && ends[m.kill[0]]) ||
           (m.kill[1] && ends[m.kill[1]]) || (!m.is_drop() && v.is_royal[pos.at(m.from)]);
  };
  // A promotion to a royal (a Drunk Elephant to Crown Prince) leaves a second royal: with one
  // of the two unattacked the move is safe, the King attacked or not.
  auto makes_royal = [&](const Move& m) {
    return m.promotes() && v.piece(v.piece(kind_of(pos.at(m.from))).promotes_to).royal;
  };
  int n = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    const bool second_royal = makes_royal(m);
    if (attacked && !may_end_attacks(m) && !second_royal) continue;
    Undo u;
    pos.do_move(m, u);
    bool safe = tables_exact ? !pos.in_check(us) : !royal_under_attack(pos, us);
    if (!safe && second_royal) safe = !takes_every_royal(pos);
    pos.undo_move(m, u);
    if (safe) list.moves[n++] = m;
  }
  list.size = n;
}

void generate_moves(const Position& pos, MoveList& out) {
  generate_legal(pos, out, true, Only::kAll);
}

void generate_captures(const Position& pos, MoveList& out) {
  generate_legal(pos, out, true, Only::kCaptures);
}

void generate_quiets(const Position& pos, MoveList& out) {
  generate_legal(pos, out, true, Only::kQuiets);
}

namespace {

// The drops of `us` that attack the royal on `king`: the squares a dropped piece of each kind
// would attack it from, found backwards from the royal along the kind's leaps and rays.
void append_checking_drops(const Position& pos, Square king, MoveList& out) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const Piece* b = pos.board();
  std::bitset<kArraySize> seen;
  for (Kind k : v.hand_kinds) {
    if (!pos.hand(us, k)) continue;
    const PieceType& pt = v.pieces[k];
    const Piece mine = make_piece(k, us);
    const MoveTable& t = v.tables[k][us];
    seen.reset();
    auto consider = [&](Square s) {
      if (b[s] != kEmpty || seen[s] || pt.dead[us][s]) return;
      seen.set(s);
      if (!pos.piece_would_attack(mine, s, king)) return;
      if (pt.one_per_file && file_holds(pos, col_of(s), mine)) return;
      out.push(Move{kNoSquare, kNoSquare, s, Move::kDrop, k});
    };
    auto reach_back = [&](int off) {
      const int s = king - off;
      if (s > 0 && s < kArraySize) consider(Square(s));
    };
    for (const auto& l : t.leaps) reach_back(l.off);
    for (const auto& f : t.firsts) reach_back(f.off);
    for (const auto& q : t.quiet_paths) reach_back(q.disp);
    for (const auto& r : t.slides) {
      if (r.hop) continue;
      for (int i = 1; !r.range || i <= r.range; ++i) {
        const int s = king - i * r.off;
        if (s <= 0 || s >= kArraySize || b[s] == kWall) break;
        consider(Square(s));
        if (b[s] != kEmpty && !(r.skip_first && i == 1)) break;
      }
    }
  }
}

// How far (Chebyshev distance) a piece of kind k can go or attack in one move: at most its
// longest leap, or two steps; anything with a ray (or an area move, a range jump) counts as
// the whole board.
int reach(const Variant& v, Kind k, Color c) {
  constexpr int kWholeBoard = kMaxFiles + kMaxRanks;
  const MoveTable& t = v.tables[k][c];
  const PieceType& pt = v.pieces[k];
  if (!t.slides.empty() || pt.area || pt.range_jumps) return kWholeBoard;
  constexpr Square kCentre = make_square(kMaxFiles / 2, kMaxRanks / 2);
  auto length = [&](int off) { return distance(kCentre, Square(kCentre + off)); };
  int r = 0, second = 0;
  for (const auto& s : t.seconds) second = std::max(second, length(s.off));
  for (const auto& l : t.leaps) r = std::max(r, length(l.off));
  for (const auto& f : t.firsts) r = std::max(r, length(f.off) + second);
  for (const auto& q : t.quiet_paths) r = std::max(r, length(q.disp));
  return r;
}

}  // namespace

void generate_quiet_checks(const Position& pos, MoveList& out) {
  generate_quiet_check_candidates(pos, out);
  keep_legal(pos, out);
}

void keep_legal(const Position& pos, MoveList& list) {
  if (pos.variant().rules.check_rule) filter_check(pos, list, true);
}

void generate_quiet_check_candidates(const Position& pos, MoveList& out) {
  out.size = 0;
  out.overflow = false;
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  Square king;
  if (pos.royal_count(~us) != 1) return;
  pos.royals(~us, &king, 1);
  if (v.rules.drops && !pos.hand_empty(us)) append_checking_drops(pos, king, out);
  const Square* own = pos.squares(us);
  for (int i = 0, n = pos.count(us); i < n; ++i) {
    const Square from = own[i];
    // Does the piece stand in the way of another's attack on the royal? (Only a piece on one
    // of the royal's lines can.)
    const int dx = col_of(king) - col_of(from), dy = row_of(king) - row_of(from);
    const bool uncovers = (dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy)) &&
                          pos.attacked(king, us, from);
    const Piece p = pos.at(from);
    const Kind promotes_to = v.piece(kind_of(p)).promotes_to;
    // Too far to attack the royal after one move, promoted or not: its moves are not generated.
    const int own_reach = reach(v, kind_of(p), us);
    if (!uncovers &&
        distance(from, king) >
            own_reach + std::max(own_reach, promotes_to ? reach(v, promotes_to, us) : 0))
      continue;
    const int first = out.size;
    Generator(pos, out, false, Only::kQuiets).run_piece(from);
    const Piece promoted = make_piece(promotes_to, us);
    int kept = first;
    for (int j = first; j < out.size; ++j) {
      const Move& m = out.moves[j];
      // A move along the line it stood on keeps covering it.
      const int tx = col_of(king) - col_of(m.to), ty = row_of(king) - row_of(m.to);
      const bool same_line = tx * dy == ty * dx && tx * dx >= 0 && ty * dy >= 0;
      if ((uncovers && !same_line) ||
          pos.piece_would_attack(m.promotes() ? promoted : p, m.to, king, from))
        out.moves[kept++] = m;
    }
    out.size = kept;
  }
}

void generate_moves_from(const Position& pos, Square from, MoveList& out) {
  out.size = 0;
  out.overflow = false;
  Generator(pos, out, false).run_piece(from);
  if (pos.variant().rules.check_rule) filter_check(pos, out, true);
}

void generate_drop(const Position& pos, const Move& m, MoveList& out) {
  out.size = 0;
  out.overflow = false;
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const Kind k = m.drop_kind;
  if (!v.rules.drops || !m.is_drop() || k < 1 || k > v.num_kinds() || !pos.hand(us, k) ||
      pos.at(m.to) != kEmpty || v.pieces[k].dead[us][m.to])
    return;
  if (v.pieces[k].one_per_file && file_holds(pos, col_of(m.to), make_piece(k, us))) return;
  out.push(Move{kNoSquare, kNoSquare, m.to, Move::kDrop, k});
  if (v.rules.check_rule) filter_check(pos, out, true);
}

void append_captures_from(const Position& pos, Square from, MoveList& out) {
  const int start = out.size;
  Generator(pos, out, false, Only::kCaptures).run_piece(from);
  if (!pos.variant().has_burners) return;  // see generate_legal
  int n = start;
  for (int i = start; i < out.size; ++i)
    if (is_capture(pos, out.moves[i])) out.moves[n++] = out.moves[i];
  out.size = n;
}

void append_capture_of(const Position& pos, Square from, Square victim, MoveList& out) {
  Generator(pos, out, false, Only::kCaptures).run_capture(from, victim);
}

void generate_captures_by_victims(const Position& pos, MoveList& out) {
  out.size = 0;
  out.overflow = false;
  const Color us = pos.side_to_move();
  std::bitset<kArraySize> listed;  // pieces whose every capture is listed already
  const Square* enemies = pos.squares(~us);
  for (int e = 0, n = pos.count(~us); e < n; ++e) {
    const Square victim = enemies[e];
    if (!pos.attacked(victim, us)) continue;
    Square attackers[256];
    const int k = pos.attackers(victim, us, attackers);
    append_captures_of_victim(pos, victim, attackers, k, listed, out, [](Square) { return true; });
  }
}

bool captures_follow_attacks(const Variant& v) {
  // Burns and range captures take pieces the mover does not attack; standstill and area
  // captures are not in the attack tables; the check rule filters moves by their result.
  return !v.rules.check_rule && !v.has_untabled_captures;
}

int royals_under_attack(const Position& pos, Color c, Square* out) {
  Square royals[Position::kMaxRoyals];
  const int n = pos.royals(c, royals, Position::kMaxRoyals);
  return capturable(pos, ~c, royals, n, out);
}

bool royal_under_attack(const Position& pos, Color c) {
  Square attacked[Position::kMaxRoyals];
  return royals_under_attack(pos, c, attacked) > 0;
}

bool takes_every_royal(Position& pos) {
  const Color defender = ~pos.side_to_move();
  Square royals[Position::kMaxRoyals], attacked[Position::kMaxRoyals];
  const int n = pos.royals(defender, royals, Position::kMaxRoyals);
  if (n == 0) return true;
  if (royals_under_attack(pos, defender, attacked) < n) return false;
  if (n == 1) return true;
  // Several royals, each attacked: is there one move that takes them all (a double capture,
  // a burn)?
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list) {
    Undo u;
    pos.do_move(m, u);
    const bool all = pos.royal_count(defender) == 0;
    pos.undo_move(m, u);
    if (all) return true;
  }
  return false;
}

bool is_capture(const Position& pos, const Move& m) {
  if (m.is_drop()) return false;
  return (m.to != m.from && is_piece(pos.at(m.to))) || (m.mid && is_piece(pos.at(m.mid))) ||
         m.has_kills();
}

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
  // A promotion changes the mover: only the same piece promoting gives the same result.
  if (a.promotes() != b.promotes() || (a.promotes() && a.from != b.from)) return false;
  if (is_igui(pos, a) && is_igui(pos, b))
    return a.mid == b.mid && a.kill[0] == b.kill[0] && arms(a) == arms(b);
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
  // The generator lists one igui per victim: another piece's igui of it is as legal.
  if (!is_igui(pos, m)) return false;
  MoveList every;
  generate_every_piece_moves(pos, every);
  if (std::find(every.begin(), every.end(), m) == every.end()) return false;
  for (const Move& x : list)
    if (same_result(pos, x, m)) return true;
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
