#include "engine/eval.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cmath>
#include <iterator>
#include <map>
#include <mutex>

#include "rules/movegen.h"

namespace kirin {
namespace {

// 4 - d for a square at Chebyshev distance d <= 3 from a royal, 0 beyond, looked up by the
// offset between the two squares (the padded board keeps offsets of nearby squares apart):
// the king-danger term runs at every evaluation.
constexpr int kNearSpan = 3 * kStride + 3;
struct NearRoyal {
  int8_t weight[2 * kNearSpan + 1] = {};
  constexpr NearRoyal() {
    for (int dy = -3; dy <= 3; ++dy)
      for (int dx = -3; dx <= 3; ++dx)
        weight[offset_of(dx, dy) + kNearSpan] = int8_t(4 - std::max(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy));
  }
  int operator()(Square royal, Square s) const {
    unsigned i = unsigned(s - royal + kNearSpan);
    return i < std::size(weight) ? weight[i] : 0;
  }
};
constexpr NearRoyal kNearRoyal;

// The squares next to a royal.
constexpr int16_t kNeighbours[8] = {offset_of(-1, -1), offset_of(0, -1), offset_of(1, -1),
                                    offset_of(-1, 0),  offset_of(1, 0),  offset_of(-1, 1),
                                    offset_of(0, 1),   offset_of(1, 1)};
// Danger units per undefended square of Evaluator::king_zone, added to EvalTerms::danger
// before squaring.
constexpr int kZoneWeight = 2;

// Destinations of one piece alone on an empty board, per square.
std::vector<int> reach_by_square(const std::shared_ptr<const Variant>& v, Kind k, Color c) {
  std::vector<int> out(kArraySize, 0);
  Position pos(v);
  for (int row = 0; row < v->ranks; ++row)
    for (int col = 0; col < v->files; ++col) {
      Square s = make_square(col, row);
      pos.clear();
      pos.put(s, make_piece(k, c));
      pos.set_side_to_move(c);
      MoveList list;
      generate_moves(pos, list);
      std::array<bool, kArraySize> seen{};
      int n = 0;
      for (const Move& m : list)
        if (m.to != m.from && !seen[m.to]) seen[m.to] = true, ++n;
      out[s] = n;
    }
  return out;
}

// How many attacks of colour c reach `s`: kept counts, or the attackers walked.
int attacks_on(const Position& pos, Square s, Color c) {
  if (pos.keeps_attack_counts()) return pos.attack_count(s, c);
  Square out[256];
  return pos.attackers(s, c, out);
}

// Centipawns per general beside a lone royal in a drop game (up to three), and for an own
// piece on the square ahead of it (no drop lands there, nothing comes straight at it).
constexpr int kGeneralBeside = 18;
constexpr int kPieceAhead = 10;
// A drop game's royal on its two back ranks: centipawns per half file away from the centre
// file (a castle stands aside), at most kAsideMax; and per rank beyond those two.
constexpr int kAsidePerHalfFile = 5;
constexpr int kAsideMax = 40;
constexpr int kDropRoyalPerRank = 20;

// A drop game's royal: at home on its two back ranks, and there aside from the centre file (a
// castle: drops mate a royal in the open and on the centre file, which both sides' pieces
// pass); each rank beyond the two costs.
int royal_square_in_drop_game(const Variant& v, int col, int own_row) {
  if (own_row > 1) return -kDropRoyalPerRank * (own_row - 1);
  const int half_files = std::abs(2 * col - (v.files - 1));  // 0 on the centre file
  return std::min(kAsidePerHalfFile * half_files, kAsideMax);
}

}  // namespace

Evaluator::Evaluator(const Variant& variant) {
  // A copy without check rule or drops: the piece is measured alone.
  auto bare = std::make_shared<Variant>(variant);
  bare->rules.check_rule = false;
  bare->rules.drops = false;
  bare->rules.no_consecutive_skips = false;
  drops_ = variant.rules.drops;
  hand_kinds_ = variant.hand_kinds;
  const int squares = variant.files * variant.ranks;
  const int kinds = variant.num_kinds();
  psq_.assign(size_t(2 * (kinds + 1) + 2), {});

  std::vector<std::vector<int>> reach(size_t(kinds + 1));
  for (Kind k = 1; k <= kinds; ++k) {
    reach[k] = reach_by_square(bare, k, kBlack);
    long total = 0;
    for (int row = 0; row < variant.ranks; ++row)
      for (int col = 0; col < variant.files; ++col) total += reach[k][make_square(col, row)];
    mobility_[k] = double(total) / squares;
    const PieceType& pt = variant.piece(k);
    royal_[k] = pt.royal;
    promotes_to_[k] = pt.promotes_to;
    to_hand_[k] = variant.piece(pt.demotes_to).royal ? 0 : pt.demotes_to;
    // Value grows a little slower than reach; double-movers (Lion power) and special powers
    // are worth more than the squares alone say.
    double v = 100.0 * std::pow(std::max(0.5, mobility_[k]), 0.72);
    if (!pt.spec.two_legs.empty()) v *= 1.25;
    if (pt.lion) v *= 1.45;  // the Lion's reach understates it: it is worth more than a Queen
    if (pt.burn || pt.igui || pt.range_jumps || pt.freezes) v *= 1.2;
    value_[k] = pt.value ? pt.value : int(std::lround(v));  // a value in the data wins
  }
  for (Kind k = 1; k <= kinds; ++k) {
    Kind p = variant.piece(k).promotes_to;
    promo_gain_[k] = p ? std::max(0, value_[p] - value_[k]) : 0;
    max_promo_gain_ = std::max(max_promo_gain_, promo_gain_[k]);
  }
  for (Kind k = 1; k <= kinds; ++k) {
    // A piece that may promote carries part of that future; a drop game's values in the data
    // (shogi's engine values) count it already.
    if (!(drops_ && variant.piece(k).value)) value_[k] += promo_gain_[k] / 5;
    // The first piece of a kind in hand is worth most (one to drop at all: a Pawn in hand
    // when there is none above all), the second less, the third and further a board piece.
    hand_value_[k] = {value_[k] * 23 / 20 + 20, value_[k] * 21 / 20, value_[k]};
    threat_[k] = royal_[k] ? 0 : std::clamp(value_[k] / 150, 1, 8);
  }
  // Which neighbours each piece guards: a royal's own guard is no defender of its squares,
  // and a general is a non-royal that steps (no ray, no farther leap) to five of eight.
  for (Kind k = 1; k <= kinds; ++k)
    for (Color c : {kBlack, kWhite}) {
      const Piece p = make_piece(k, c);
      const auto& a = variant.attacks_of[p];
      uint8_t guarded = 0;
      for (int i = 0; i < 8; ++i) {
        bool guards = std::find(a.leaps.begin(), a.leaps.end(), kNeighbours[i]) != a.leaps.end();
        for (const auto& [dir, range] : a.rays) guards |= dir == kNeighbours[i];
        if (guards) guarded |= uint8_t(1 << i);
      }
      if (royal_[k]) royal_guards_[p] = guarded;
      const bool steps_only = a.rays.empty() && int(a.leaps.size()) == std::popcount(guarded);
      if (c == kBlack) general_[k] = !royal_[k] && steps_only && std::popcount(guarded) >= 5;
    }

  // Square bonuses: centralisation by reach, a royal that stays home and a promotable piece
  // that nears the zone.
  for (Kind k = 1; k <= kinds; ++k) {
    const PieceType& pt = variant.piece(k);
    for (Color c : {kBlack, kWhite}) {
      auto& table = psq_[make_piece(k, c)];
      for (int row = 0; row < variant.ranks; ++row)
        for (int col = 0; col < variant.files; ++col) {
          Square s = make_square(col, row);
          // Black's tables serve White by rotating the board.
          Square b = c == kBlack ? s : make_square(variant.files - 1 - col, variant.ranks - 1 - row);
          int own_row = variant.ranks - 1 - row_of(b);  // 0 = own back rank
          int bonus = 0;
          if (pt.royal && drops_) {
            bonus = royal_square_in_drop_game(variant, col_of(b), own_row);
          } else if (pt.royal) {
            bonus = -12 * std::max(0, own_row - 1);
          } else {
            double extra = reach[k][b] - mobility_[k];
            bonus = int(std::lround(std::clamp(extra * 3.0, -40.0, 40.0)));
            if (promo_gain_[k]) {
              int to_zone = std::max(0, variant.ranks - variant.zone - own_row);
              bonus += std::max(0, promo_gain_[k] / 12 - to_zone * (promo_gain_[k] / 60));
            }
          }
          table[s] = int16_t(value_[k] + bonus);
        }
    }
  }
}

int Evaluator::material(const Position& pos) const {
  int score[2] = {0, 0};
  for (Color c : {kBlack, kWhite}) {
    const Square* sq = pos.squares(c);
    for (int i = 0, n = pos.count(c); i < n; ++i) score[c] += psq_[pos.at(sq[i])][sq[i]];
    if (drops_ && !pos.hand_empty(c))
      for (Kind k : hand_kinds_) score[c] += hand_worth(k, pos.hand(c, k));
  }
  return score[kBlack] - score[kWhite];
}

int Evaluator::hand_worth(Kind k, int n) const {
  int worth = 0;
  for (int i = 1; i <= n; ++i) worth += hand_value(k, i);
  return worth;
}

int Evaluator::material_delta(const Position& pos, const Move& m) const {
  // Mirrors Position::do_move: the mover leaves `from` (promoted or not), whatever stands on
  // `to` (unless it is `from`), `mid` and the kill squares is taken, into the hand with drops.
  const Color us = pos.side_to_move();
  int gain;
  if (m.is_drop()) {
    gain = psq_[make_piece(m.drop_kind, us)][m.to] - hand_value(m.drop_kind, pos.hand(us, m.drop_kind));
  } else {
    const Piece p = pos.at(m.from);
    const Piece landed = m.promotes() ? make_piece(promotes_to_[kind_of(p)], us) : p;
    gain = psq_[landed][m.to] - psq_[p][m.from];
    Kind taken[4];  // the kinds this move puts in hand so far: each the next of its kind
    int n_taken = 0;
    auto take = [&](Square s) {
      const Piece q = pos.at(s);
      if (!is_piece(q)) return;
      gain += psq_[q][s];
      const Kind h = drops_ ? to_hand_[kind_of(q)] : 0;
      if (!h) return;
      const int before = pos.hand(us, h) + int(std::count(taken, taken + n_taken, h));
      gain += hand_value(h, before + 1);
      taken[n_taken++] = h;
    };
    if (m.to != m.from) take(m.to);
    if (m.mid) take(m.mid);
    if (m.kill[0]) take(m.kill[0]);
    if (m.kill[1]) take(m.kill[1]);
  }
  return us == kBlack ? gain : -gain;
}

int Evaluator::danger(const Position& pos, Color c) const {
  if (pos.royal_count(c) != 1) return 0;
  Square royal;
  pos.royals(c, &royal, 1);
  int danger = 0;
  const Square* enemy = pos.squares(~c);
  for (int i = 0, n = pos.count(~c); i < n; ++i)
    if (int w = kNearRoyal(royal, enemy[i])) danger += threat_[kind_of(pos.at(enemy[i]))] * w;
  return danger;
}

int Evaluator::king_zone(const Position& pos, Color c, Square royal) const {
  // The attacks on the zone see ranging pieces from afar (an open line onto the royal or next
  // to it) and a Lion's reach two squares out, which the nearness of EvalTerms::danger misses.
  const Color them = ~c;
  const uint8_t guards = royal_guards_[pos.at(royal)];
  const Piece* board = pos.board();
  int undefended = 0, attacks = 0, exposure = 0;
  for (int i = -1; i < 8; ++i) {  // the royal's square, then its neighbours
    const Square s = i < 0 ? royal : Square(royal + kNeighbours[i]);
    const Piece q = board[s];
    if (q == kWall) continue;
    const int attacked = attacks_on(pos, s, them);
    const bool defended = attacks_on(pos, s, c) > (i < 0 ? 0 : guards >> i & 1);
    undefended += attacked && !defended;
    attacks += std::min(attacked, 2);
    // Where a drop can land: a neighbour no own piece stands on or guards (besides the royal),
    // worse where the enemy attacks already (the drop is supported).
    if (i >= 0 && !defended && !(is_piece(q) && color_of(q) == c)) exposure += attacked ? 3 : 1;
  }
  int units = kZoneWeight * undefended;
  if (!drops_) return units;
  units += attacks;
  if (pos.hand_empty(them)) return units;
  // What the enemy can drop: each kind by its threat, a second and third of a kind adding
  // half as much again each (one piece fills one hole).
  int hand = 0;
  for (Kind k : hand_kinds_)
    if (int n = pos.hand(them, k)) hand += threat_[k] * (1 + std::min(n, 3));
  return units + hand * exposure / 2;
}

int Evaluator::shelter(const Position& pos, Color c, Square royal) const {
  const Piece* board = pos.board();
  int generals = 0;
  for (int i = 0; i < 8; ++i) {
    const Piece q = board[royal + kNeighbours[i]];
    generals += is_piece(q) && color_of(q) == c && general_[kind_of(q)];
  }
  const Piece ahead = board[royal + (c == kBlack ? offset_of(0, -1) : offset_of(0, 1))];
  const bool covered = is_piece(ahead) && color_of(ahead) == c;
  return kGeneralBeside * std::min(generals, 3) + (covered ? kPieceAhead : 0);
}

EvalTerms Evaluator::terms(const Position& pos) const {
  EvalTerms t;
  t.material = material(pos);
  for (Color c : {kBlack, kWhite}) t.danger[c] = danger(pos, c);
  return t;
}

EvalTerms Evaluator::terms_after(const Position& pos, const Move& m, const EvalTerms& before) const {
  EvalTerms t = before;
  t.material += material_delta(pos, m);
  // The lone royal of each side (kNoSquare: none, or several), as the move finds them.
  Square royal[2] = {kNoSquare, kNoSquare};
  for (Color c : {kBlack, kWhite})
    if (pos.royal_count(c) == 1) pos.royals(c, &royal[c], 1);
  // Adds (sign +1) or removes (-1) the piece `p` on `s` from the danger of the enemy royal.
  auto press = [&](Piece p, Square s, int sign) {
    const Color c = ~color_of(p);
    if (royal_[kind_of(p)]) t.stale |= uint8_t(1 << color_of(p));  // a royal comes or goes
    if (royal[c] != kNoSquare) t.danger[c] += sign * threat_[kind_of(p)] * kNearRoyal(royal[c], s);
  };
  const Color us = pos.side_to_move();
  if (m.is_drop()) {
    press(make_piece(m.drop_kind, us), m.to, +1);
    return t;
  }
  const Piece p = pos.at(m.from);
  const Piece landed = m.promotes() ? make_piece(promotes_to_[kind_of(p)], us) : p;
  auto take = [&](Square s) {
    if (is_piece(pos.at(s))) press(pos.at(s), s, -1);
  };
  if (m.to != m.from) take(m.to);
  if (m.mid) take(m.mid);
  if (m.kill[0]) take(m.kill[0]);
  if (m.kill[1]) take(m.kill[1]);
  press(p, m.from, -1);
  press(landed, m.to, +1);
  return t;
}

void Evaluator::settle_stale(const Position& pos, EvalTerms& t) const {
  for (Color c : {kBlack, kWhite})
    if (t.stale >> c & 1) t.danger[c] = danger(pos, c);
  t.stale = 0;
}

int Evaluator::evaluate_with(const Position& pos, const EvalTerms& t) const {
  int safety[2] = {0, 0};
  const Piece* board = pos.board();
  for (Color c : {kBlack, kWhite}) {
    Square royals[4];
    const int n = pos.royals(c, royals, 4);
    for (int r = 0; r < n; ++r) {  // own pieces next to a royal
      int friends = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          Piece q = board[royals[r] + offset_of(dx, dy)];
          friends += is_piece(q) && color_of(q) == c;
        }
      safety[c] += 8 * std::min(friends, 5);
    }
    // Enemy pieces closing in on a lone royal: the danger grows with the square of their
    // number and strength (a King overrun is how most games between engines are lost).
    if (n == 1) {
      int danger = t.danger[c];
      if (drops_ || pos.keeps_attack_counts()) danger += king_zone(pos, c, royals[0]);
      safety[c] -= std::min(danger * danger / 4, 800);
      if (drops_) safety[c] += shelter(pos, c, royals[0]);
    }
  }
  const int black = t.material + safety[kBlack] - safety[kWhite];
  return (pos.side_to_move() == kBlack ? black : -black) + 12;  // the move is worth something
}

std::shared_ptr<const Evaluator> evaluator_for(const std::shared_ptr<const Variant>& variant) {
  // Keyed by the definition's address: options do not change piece values.
  static std::mutex mutex;
  static std::map<const Variant*, std::pair<std::weak_ptr<const Variant>,
                                            std::shared_ptr<const Evaluator>>> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(variant.get());
  if (it != cache.end() && !it->second.first.expired()) return it->second.second;
  auto e = std::make_shared<const Evaluator>(*variant);
  cache[variant.get()] = {variant, e};
  return e;
}

}  // namespace kirin
