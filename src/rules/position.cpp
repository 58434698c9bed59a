#include "rules/position.h"

#include <algorithm>

namespace kirin {
namespace zobrist {
namespace {

struct Keys {
  // Indexed by the square's place on a 16x16 grid, to keep the table small.
  std::array<std::array<uint64_t, kMaxFiles * kMaxRanks>, 256> piece{};
  std::array<uint64_t, kMaxFiles * kMaxRanks> counter_strike{};
  std::array<std::array<std::array<uint64_t, 64>, kMaxKinds + 1>, 2> hand{};
  std::array<uint64_t, 4> skipped{};
  std::array<std::array<uint64_t, kMaxFiles * kMaxRanks>, 4> deferral{};
  uint64_t side = 0;

  Keys() {
    uint64_t state = 0x9E3779B97F4A7C15ull;  // splitmix64: fixed, so hashes are reproducible
    auto next = [&] {
      uint64_t z = (state += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& row : piece)
      for (auto& k : row) k = next();
    for (auto& k : counter_strike) k = next();
    side = next();
    for (auto& c : hand)
      for (auto& kind : c)
        for (size_t n = 1; n < kind.size(); ++n) kind[n] = next();  // count 0 hashes as 0
    for (size_t i = 1; i < skipped.size(); ++i) skipped[i] = next();
    for (size_t bits = 1; bits < deferral.size(); ++bits)
      for (auto& k : deferral[bits]) k = next();
  }
};

const Keys& keys() {
  static const Keys k;
  return k;
}

int grid(Square s) { return row_of(s) * kMaxFiles + col_of(s); }

}  // namespace

uint64_t piece(Piece p, Square s) { return keys().piece[p][grid(s)]; }
uint64_t side() { return keys().side; }
uint64_t counter_strike(Square s) { return s == kNoSquare ? 0 : keys().counter_strike[grid(s)]; }
uint64_t hand(Color c, Kind k, int count) { return keys().hand[c][k][count & 63]; }
uint64_t skipped(uint8_t bits) { return keys().skipped[bits & 3]; }
uint64_t deferral(uint8_t bits, Square s) { return keys().deferral[bits & 3][grid(s)]; }

}  // namespace zobrist

Position::Position(std::shared_ptr<const Variant> variant) : variant_(std::move(variant)) {
  clear();
}

Position Position::with_rules(const RuleOptions& rules) const {
  // The compiled tables do not depend on the rule options, so the state carries over as it is.
  auto relaxed = std::make_shared<Variant>(*variant_);
  relaxed->rules = rules;
  Position out = *this;
  out.variant_ = std::move(relaxed);
  return out;
}

void Position::clear() {
  board_.fill(kWall);
  for (int row = 0; row < variant_->ranks; ++row)
    for (int col = 0; col < variant_->files; ++col) board_[make_square(col, row)] = kEmpty;
  for (auto& counts : attack_count_) counts.fill(0);
  attack_map_ = !variant_->has_hop_attacks;
  count_ = {0, 0};
  royal_count_ = {0, 0};
  index_.fill(0);
  deferral_.fill(0);
  for (auto& h : hand_) h.fill(0);
  hand_total_ = {0, 0};
  stm_ = kBlack;
  counter_strike_ = kNoSquare;
  skipped_ = 0;
  move_number_ = 1;
  hash_ = 0;
}

void Position::add_to_list(Square s, Color c) {
  index_[s] = uint8_t(count_[c]);
  list_[c][count_[c]++] = s;
  add_royal(s, c);
}

void Position::add_royal(Square s, Color c) {
  if (variant_->is_royal[board_[s]] && royal_count_[c] < kMaxRoyals)
    royal_[c][royal_count_[c]++] = s;
}

void Position::remove_from_list(Square s, Color c) {
  int i = index_[s];
  Square last = list_[c][--count_[c]];
  list_[c][i] = last;
  index_[last] = uint8_t(i);
  for (int r = 0; r < royal_count_[c]; ++r)  // the board may already be cleared: by square
    if (royal_[c][r] == s) {
      royal_[c][r] = royal_[c][--royal_count_[c]];
      break;
    }
}

void Position::restore_to_list(Square s, Color c, int i) {
  // remove_from_list moved the last piece into slot i: it goes back to the end.
  if (i < count_[c]) {
    const Square moved = list_[c][i];
    list_[c][count_[c]] = moved;
    index_[moved] = uint8_t(count_[c]);
  }
  ++count_[c];
  list_[c][i] = s;
  index_[s] = uint8_t(i);
  add_royal(s, c);
}

void Position::put(Square s, Piece p) {
  if (is_piece(board_[s])) remove(s);
  set_square(s, p);
  add_to_list(s, color_of(p));
  hash_ ^= zobrist::piece(p, s);
}

void Position::remove(Square s) {
  set_deferral(s, 0);
  Piece p = board_[s];
  remove_from_list(s, color_of(p));
  set_square(s, kEmpty);
  hash_ ^= zobrist::piece(p, s);
}

void Position::add_to_hand(Color c, Kind k, int delta) {
  int n = hand_[c][k];
  hash_ ^= zobrist::hand(c, k, n) ^ zobrist::hand(c, k, n + delta);
  hand_[c][k] = uint8_t(n + delta);
  hand_total_[c] += delta;
}

void Position::set_hand(Color c, Kind k, int n) { add_to_hand(c, k, n - hand_[c][k]); }

Kind Position::to_hand(Piece captured) const {
  if (!is_piece(captured)) return 0;
  Kind k = variant_->pieces[kind_of(captured)].demotes_to;
  return variant_->pieces[k].royal ? 0 : k;  // a captured King is gone, not in hand
}

void Position::set_side_to_move(Color c) {
  if (c != stm_) hash_ ^= zobrist::side();
  stm_ = c;
}

void Position::set_skipped(Color c, bool on) {
  uint8_t bits = uint8_t(on ? skipped_ | 1 << c : skipped_ & ~(1 << c));
  hash_ ^= zobrist::skipped(skipped_) ^ zobrist::skipped(bits);
  skipped_ = bits;
}

void Position::set_deferral(Square s, uint8_t bits) {
  hash_ ^= zobrist::deferral(deferral_[s], s) ^ zobrist::deferral(bits, s);
  deferral_[s] = bits;
}

// pbmserv: a piece that declines promotion on entering the zone may promote on its next move
// only with a capture, and a Pawn that declines may then promote only on the last rank. The
// marks travel with the piece and vanish with it.
void Position::update_deferral(const Move& m, Piece mover, Undo& u) {
  const Variant& v = *variant_;
  const Square squares[5] = {m.from, m.to, m.mid, m.kill[0], m.kill[1]};
  for (int i = 0; i < 5; ++i) u.deferral[i] = squares[i] ? deferral_[squares[i]] : 0;
  uint8_t bits = deferral_[m.from];
  for (Square s : squares)
    if (s) set_deferral(s, 0);
  const PieceType& pt = v.pieces[kind_of(mover)];
  if (m.promotes() || !pt.promotes_to) return;
  bits &= uint8_t(~kDeferNextMove);
  Color us = color_of(mover);
  if (!v.in_zone[us][m.from] && v.in_zone[us][m.to]) {
    bits |= kDeferNextMove;
    if (pt.minor && pt.last_rank_promotion) bits |= kDeferToLastRank;  // the Pawn
  }
  set_deferral(m.to, bits);
}

void Position::set_counter_strike(Square s) {
  hash_ ^= zobrist::counter_strike(counter_strike_) ^ zobrist::counter_strike(s);
  counter_strike_ = s;
}

void Position::do_move(const Move& m, Undo& u) {
  const Variant& v = *variant_;
  u.counter_strike = counter_strike_;
  u.hash = hash_;
  u.hand_to = u.hand_mid = 0;
  u.skipped = skipped_;
  if (attack_map_) u.attack_count = attack_count_;
  Color us = stm_;
  bool pass = false;

  if (m.is_drop()) {
    Piece p = make_piece(m.drop_kind, us);
    add_to_hand(us, m.drop_kind, -1);
    set_square(m.to, p);
    add_to_list(m.to, us);
    hash_ ^= zobrist::piece(p, m.to);
    u.moved = kEmpty;
    u.captured_mid = u.captured_to = kEmpty;
    hash_ ^= zobrist::counter_strike(counter_strike_);
    counter_strike_ = kNoSquare;
  } else {
    Piece p = board_[m.from];
    u.moved = p;
    u.captured_mid = m.mid ? board_[m.mid] : kEmpty;
    u.captured_to = m.to != m.from ? board_[m.to] : kEmpty;

    // Lift the mover, clear the victims, then land.
    set_square(m.from, kEmpty);
    u.list_index[0] = index_[m.from];
    remove_from_list(m.from, us);
    hash_ ^= zobrist::piece(p, m.from);
    if (is_piece(u.captured_mid)) {
      set_square(m.mid, kEmpty);
      u.list_index[2] = index_[m.mid];
      remove_from_list(m.mid, ~us);
      hash_ ^= zobrist::piece(u.captured_mid, m.mid);
    }
    if (is_piece(u.captured_to)) {
      u.list_index[1] = index_[m.to];
      remove_from_list(m.to, ~us);
      hash_ ^= zobrist::piece(u.captured_to, m.to);
    }
    for (int i = 0; i < 2; ++i) {  // burned, jumped, or second igui victims
      Square k = m.kill[i];
      u.captured_kill[i] = k ? board_[k] : kEmpty;
      u.hand_kill[i] = 0;
      if (!k) continue;
      Piece q = board_[k];
      set_square(k, kEmpty);
      u.list_index[3 + i] = index_[k];
      remove_from_list(k, ~us);
      hash_ ^= zobrist::piece(q, k);
      if (v.rules.drops) {
        u.hand_kill[i] = to_hand(q);
        if (u.hand_kill[i]) add_to_hand(us, u.hand_kill[i], +1);
      }
    }
    if (v.rules.promotion_deferral) update_deferral(m, p, u);
    // Only games that forbid two skips in a row remember them (it is part of the position).
    pass = v.rules.no_consecutive_skips && m.is_two_step() && m.to == m.from &&
           !is_piece(u.captured_mid) && !m.has_kills() && !m.promotes();
    Piece landed = m.promotes() ? make_piece(v.pieces[kind_of(p)].promotes_to, us) : p;
    set_square(m.to, landed);
    add_to_list(m.to, us);
    hash_ ^= zobrist::piece(landed, m.to);

    // With drops, captured pieces go to the captor's hand as their unpromoted kind.
    if (v.rules.drops) {
      u.hand_to = to_hand(u.captured_to);
      u.hand_mid = to_hand(u.captured_mid);
      if (u.hand_to) add_to_hand(us, u.hand_to, +1);
      if (u.hand_mid) add_to_hand(us, u.hand_mid, +1);
    }

    // §6.3: a Lion taken by a non-Lion arms the counter-strike rule for the opponent.
    Square cs = kNoSquare;
    if (v.rules.counter_strike && !v.is_lion[p]) {
      bool lion_mid = v.is_lion[u.captured_mid], lion_to = v.is_lion[u.captured_to];
      if (lion_to && !(v.rules.bridge_lifts_counter_strike && is_piece(u.captured_mid) &&
                       !v.is_minor[u.captured_mid]))
        cs = m.to;
      else if (lion_mid)
        cs = m.mid;
    }
    hash_ ^= zobrist::counter_strike(counter_strike_) ^ zobrist::counter_strike(cs);
    counter_strike_ = cs;
  }
  uint8_t bits = uint8_t(pass ? skipped_ | 1 << us : skipped_ & ~(1 << us));
  hash_ ^= zobrist::skipped(skipped_) ^ zobrist::skipped(bits);
  skipped_ = bits;
  stm_ = ~us;
  hash_ ^= zobrist::side();
  ++move_number_;
}

void Position::undo_move(const Move& m, const Undo& u) {
  Color us = ~stm_;
  // The board is put back directly and the attack counts restored as they were.
  if (attack_map_) attack_count_ = u.attack_count;
  board_[m.to] = kEmpty;
  remove_from_list(m.to, us);
  if (m.is_drop()) {
    hand_[us][m.drop_kind]++;
    hand_total_[us]++;
  } else {
    if (u.hand_to) hand_[us][u.hand_to]--, hand_total_[us]--;
    if (u.hand_mid) hand_[us][u.hand_mid]--, hand_total_[us]--;
    // The pieces return to their lists in the reverse order of their leaving.
    for (int i = 1; i >= 0; --i) {
      if (u.hand_kill[i]) hand_[us][u.hand_kill[i]]--, hand_total_[us]--;
      if (is_piece(u.captured_kill[i])) {
        board_[m.kill[i]] = u.captured_kill[i];
        restore_to_list(m.kill[i], ~us, u.list_index[3 + i]);
      }
    }
    if (is_piece(u.captured_to)) {
      board_[m.to] = u.captured_to;
      restore_to_list(m.to, ~us, u.list_index[1]);
    }
    if (is_piece(u.captured_mid)) {
      board_[m.mid] = u.captured_mid;
      restore_to_list(m.mid, ~us, u.list_index[2]);
    }
    board_[m.from] = u.moved;
    restore_to_list(m.from, us, u.list_index[0]);
    if (variant_->rules.promotion_deferral) {
      const Square squares[5] = {m.from, m.to, m.mid, m.kill[0], m.kill[1]};
      for (int i = 4; i >= 0; --i)  // backwards: `from` may also be `to` (igui, pass)
        if (squares[i]) deferral_[squares[i]] = u.deferral[i];
    }
  }
  stm_ = us;
  counter_strike_ = u.counter_strike;
  skipped_ = u.skipped;
  hash_ = u.hash;
  --move_number_;
}

namespace {
// Splits a mailbox offset of a single step back into (dx, dy) in mailbox orientation.
inline void split(int off, int& dx, int& dy) {
  dy = (off >= 0 ? off + kStride / 2 : off - kStride / 2) / kStride;
  dx = off - dy * kStride;
}
}  // namespace

bool Position::piece_would_attack(Piece p, Square from, Square target, Square empty1,
                                  Square empty2) const {
  if (!is_piece(p)) return false;
  const MoveTable& t = variant_->tables[kind_of(p)][color_of(p)];
  int delta = target - from;
  for (const auto& l : t.leaps)
    if (l.off == delta && (l.mode & kModeCapture)) return true;
  for (const auto& f : t.firsts)
    if (f.off == delta && (f.mode & kModeCapture)) return true;
  for (const auto& q : t.quiet_paths)  // two steps through an empty square, then a capture
    if (q.disp == delta && (q.mode & kModeCapture))
      for (const auto& [o1, o2] : q.paths) {
        Square mid = Square(from + o1);
        if (board_[mid] == kEmpty || mid == empty1 || mid == empty2) return true;
      }
  if (t.slides.empty()) return false;
  int tdx = col_of(target) - col_of(from), tdy = row_of(target) - row_of(from);
  for (const auto& s : t.slides) {
    if (!(s.mode & kModeCapture)) continue;
    int dx, dy;
    split(s.off, dx, dy);
    // target must lie on the ray: a positive multiple of (dx, dy)
    if (dx * tdy != dy * tdx) continue;
    int k = dx ? tdx / dx : tdy / dy;
    if (k <= 0 || (s.range && k > s.range) || (s.skip_first && k < 2)) continue;
    bool hopped = false, blocked = false;
    for (int i = s.skip_first ? 2 : 1; i < k; ++i) {
      Square sq = Square(from + i * s.off);
      bool empty = board_[sq] == kEmpty || sq == empty1 || sq == empty2;
      if (empty) continue;
      if (s.hop && !hopped) {
        hopped = true;
        continue;
      }
      blocked = true;
      break;
    }
    if (!blocked && hopped == s.hop) return true;
  }
  return false;
}

void Position::set_square(Square s, Piece p) {
  const Piece old = board_[s];
  if (!attack_map_) {
    board_[s] = p;
    return;
  }
  if (is_piece(old)) count_attacks(s, old, -1);
  if (old == kEmpty && p != kEmpty) count_rays_through(s, -1);
  board_[s] = p;
  if (old != kEmpty && p == kEmpty) count_rays_through(s, +1);
  if (is_piece(p)) count_attacks(s, p, +1);
}

void Position::count_attacks(Square s, Piece p, int delta) {
  const auto& a = variant_->attacks_of[p];
  auto& counts = attack_count_[color_of(p)];
  for (int16_t off : a.leaps) counts[s + off] = uint8_t(counts[s + off] + delta);
  for (const auto& [dir, range] : a.rays) {
    Square t = s;
    for (int dist = 1;; ++dist) {
      t = Square(t + dir);
      const Piece q = board_[t];
      if (q == kWall) break;
      counts[t] = uint8_t(counts[t] + delta);
      if (q != kEmpty || dist == range) break;
    }
  }
}

void Position::count_rays_through(Square s, int delta) {
  if (attack_count_[kBlack][s] == 0 && attack_count_[kWhite][s] == 0) return;  // no ray reaches s
  for (const auto& r : variant_->ray_dirs) {
    // The first piece behind s: does its ray reach s and go on?
    Square from = s;
    int dist = 0;
    Piece p;
    do {
      from = Square(from - r.dir);
      ++dist;
      p = board_[from];
    } while (p == kEmpty);
    if (p == kWall) continue;
    const int range = r.range[p];
    if (range == 0 || (range != 255 && range <= dist)) continue;
    auto& counts = attack_count_[color_of(p)];
    const int left = range == 255 ? 255 : range - dist;
    Square t = s;
    for (int d = 1;; ++d) {
      t = Square(t + r.dir);
      const Piece q = board_[t];
      if (q == kWall) break;
      counts[t] = uint8_t(counts[t] + delta);
      if (q != kEmpty || d == left) break;
    }
  }
}

bool Position::attack_counts_consistent() const {
  if (!attack_map_) return true;
  Position fresh(variant_);
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < count_[c]; ++i) fresh.put(list_[c][i], board_[list_[c][i]]);
  for (int row = 0; row < variant_->ranks; ++row)
    for (int col = 0; col < variant_->files; ++col) {
      const Square s = make_square(col, row);
      for (Color c : {kBlack, kWhite})
        if (fresh.attack_count_[c][s] != attack_count_[c][s]) return false;
    }
  return true;
}

namespace {
// Calls on(s) for every attack of a piece of colour `by` on `target`, by board walks (a piece
// attacking by two routes, twice), until on returns true; says whether it did. Squares
// `empty1` and `empty2` count as empty for lines of sight; a piece standing there still attacks.
template <class OnAttack>
bool find_attacks(const Position& pos, Square target, Color by, Square empty1, Square empty2,
                  OnAttack&& on) {
  const Variant& v = pos.variant();
  const Piece* board = pos.board();
  for (const auto& a : v.leap_attacks[by]) {
    const Square s = Square(target - a.off);
    if (a.by[board[s]] && on(s)) return true;
  }
  for (const auto& a : v.ray_attacks[by]) {
    Square s = target;
    for (int dist = 1;; ++dist) {
      s = Square(s - a.dir);
      const Piece p = board[s];
      if (p == kEmpty) continue;
      if (p == kWall) break;
      const uint8_t range = a.range[p];
      if (range && (range == 255 || range >= dist)) {
        if (on(s)) return true;
        break;
      }
      if (s != empty1 && s != empty2) break;  // a square seen through: look beyond it
    }
  }
  if (v.has_hop_attacks) {  // the other pieces' attacks are all in the tables above
    const Square* own = pos.squares(by);
    for (int i = 0; i < pos.count(by); ++i)
      if (v.hop_attacker[board[own[i]]] && pos.piece_attacks(own[i], target, empty1, empty2) &&
          on(own[i]))
        return true;
  }
  return false;
}
}  // namespace

bool Position::attacked_by_walk(Square target, Color by, Square empty1, Square empty2) const {
  return find_attacks(*this, target, by, empty1, empty2, [](Square) { return true; });
}

int Position::attackers(Square target, Color by, Square* out) const {
  // With attack counts kept, the search stops once it has found every attack on target.
  const int routes = attack_map_ ? attack_count_[by][target] : -1;
  if (routes == 0) return 0;
  int n = 0, found = 0;
  find_attacks(*this, target, by, kNoSquare, kNoSquare, [&](Square s) {
    ++found;
    if (std::find(out, out + n, s) == out + n) out[n++] = s;
    return found == routes;
  });
  return n;
}

}  // namespace kirin
