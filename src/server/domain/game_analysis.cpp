#include "server/domain/game_analysis.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>

#include "engine/eval.h"
#include "notation/sfen.h"

namespace kirin::server {

namespace {

// lishogi's thresholds on the loss of winning chances, worst first (Advice.scala).
constexpr std::array<std::pair<double, Mark>, 3> kChanceLoss{
    {{0.3, Mark::Blunder}, {0.2, Mark::Mistake}, {0.1, Mark::Inaccuracy}}};

double clamp_cp(double cp, const AnalysisScale& s) {
  const double c = s.ceiling();
  return std::clamp(cp, -c, c);
}

// A score as centipawns from Black's side: a mate counts as the ceiling (lishogi's Accuracy).
double as_cp(const PositionEval& e, const AnalysisScale& s) {
  if (e.mate) return *e.mate > 0 ? s.ceiling() : -s.ceiling();
  return clamp_cp(double(e.cp.value_or(0)), s);
}

// lishogi's MateAdvice, from the mover's side (`sign` turns Black's scores into the mover's).
std::pair<MateChange, Mark> mate_advice(const PositionEval& before, const PositionEval& after,
                                        int sign, const AnalysisScale& s) {
  const std::optional<int> m0 = before.mate ? std::optional(*before.mate * sign) : std::nullopt;
  const std::optional<int> m1 = after.mate ? std::optional(*after.mate * sign) : std::nullopt;
  const double cp0 = before.cp ? *before.cp * sign : 0;
  const double cp1 = after.cp ? *after.cp * sign : 0;
  if (!m0 && m1 && *m1 < 0) {  // the opponent now mates
    if (cp0 < -s.cp_threshold(4000)) return {MateChange::Created, Mark::Inaccuracy};
    if (cp0 < -s.cp_threshold(1000)) return {MateChange::Created, Mark::Mistake};
    return {MateChange::Created, Mark::Blunder};
  }
  if (m0 && *m0 > 0 && (!m1 || *m1 < 0)) {  // the mover's mate is gone
    if (cp1 > s.cp_threshold(4000)) return {MateChange::Lost, Mark::Inaccuracy};
    if (cp1 > s.cp_threshold(1000)) return {MateChange::Lost, Mark::Mistake};
    return {MateChange::Lost, Mark::Blunder};
  }
  return {MateChange::None, Mark::None};
}

double standard_deviation(const std::vector<double>& xs) {
  double mean = 0;
  for (double x : xs) mean += x;
  mean /= double(xs.size());
  double var = 0;
  for (double x : xs) var += (x - mean) * (x - mean);
  return std::sqrt(var / double(xs.size()));
}

// lichess's game accuracy (AccuracyPercent.gameAccuracy) over the win% of positions 0..n
// (Black's); movers[i] made move i + 1.
std::array<std::optional<double>, 2> game_accuracy(const std::vector<double>& win,
                                                  const std::vector<Color>& movers) {
  std::array<std::optional<double>, 2> out;
  if (win.size() < 2) return out;
  const size_t moves = win.size() - 1;
  const size_t window = std::clamp<size_t>(moves / 10, 2, 8);
  std::vector<std::vector<double>> windows;
  const std::vector<double> head(win.begin(), win.begin() + long(std::min(window, win.size())));
  for (size_t i = 0; i + 2 < std::min(window, win.size()); ++i) windows.push_back(head);
  if (win.size() <= window) windows.push_back(win);
  else
    for (size_t i = 0; i + window <= win.size(); ++i)
      windows.emplace_back(win.begin() + long(i), win.begin() + long(i + window));
  std::array<double, 2> weighted{0, 0}, weights{0, 0}, reciprocal{0, 0};
  std::array<int, 2> count{0, 0};
  for (size_t i = 0; i < moves && i < windows.size(); ++i) {
    const Color c = movers[i];
    const double sign_before = c == kBlack ? win[i] : 100 - win[i];
    const double sign_after = c == kBlack ? win[i + 1] : 100 - win[i + 1];
    const double acc = move_accuracy(sign_before, sign_after);
    const double w = std::clamp(standard_deviation(windows[i]), 0.5, 12.0);
    weighted[c] += acc * w;
    weights[c] += w;
    reciprocal[c] += 1 / std::max(1.0, acc);
    ++count[c];
  }
  for (Color c : {kBlack, kWhite})
    if (count[c]) out[c] = (weighted[c] / weights[c] + count[c] / reciprocal[c]) / 2;
  return out;
}

}  // namespace

AnalysisScale analysis_scale(const Variant& variant) {
  // An Evaluator takes a while to build: each game's scale is kept, by its id.
  static std::mutex mutex;
  static std::map<std::string, AnalysisScale> known;
  std::lock_guard lock(mutex);
  if (auto it = known.find(variant.id); it != known.end()) return it->second;
  auto shared = std::make_shared<const Variant>(variant);
  const Position start = parse_sfen(shared, variant.setup);
  const Evaluator eval(variant);
  double army = 0;
  for (int i = 0; i < start.count(kBlack); ++i) {
    const Piece p = start.at(start.squares(kBlack)[i]);
    if (!variant.is_royal[p]) army += eval.piece_value(kind_of(p));
  }
  AnalysisScale s;
  s.army = army;
  s.scale = army > 0 ? army / kShogiArmy : 1;
  return known.emplace(variant.id, s).first->second;
}

const char* mark_word(Mark m) {
  switch (m) {
    case Mark::None: return "";
    case Mark::Inaccuracy: return "inaccuracy";
    case Mark::Mistake: return "mistake";
    case Mark::Blunder: return "blunder";
  }
  return "";
}

const char* mark_glyph(Mark m) {
  switch (m) {
    case Mark::None: return "";
    case Mark::Inaccuracy: return "?!";
    case Mark::Mistake: return "?";
    case Mark::Blunder: return "??";
  }
  return "";
}

const char* mate_change_word(MateChange m) {
  switch (m) {
    case MateChange::None: return "";
    case MateChange::Created: return "mate_created";
    case MateChange::Lost: return "mate_lost";
  }
  return "";
}

double winning_chances(double cp, const AnalysisScale& s) {
  return 2 / (1 + std::exp(-s.k() * clamp_cp(cp, s))) - 1;
}

double win_percent(const PositionEval& e, const AnalysisScale& s) {
  return 50 + 50 * winning_chances(as_cp(e, s), s);
}

double move_accuracy(double win_before, double win_after) {
  if (win_after >= win_before) return 100;
  const double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * (win_before - win_after)) -
                     3.166924740191411;
  return std::clamp(raw + 1, 0.0, 100.0);  // + 1: lichess's bonus for an imperfect analysis
}

Judgment judge(const std::vector<std::optional<PositionEval>>& evals,
               const std::vector<std::string>& moves, const std::vector<Color>& movers,
               const AnalysisScale& scale) {
  Judgment j;
  j.scale = scale;
  for (const auto& e : evals) j.win.push_back(e ? std::optional(win_percent(*e, scale)) : std::nullopt);
  std::array<long, 2> loss_sum{0, 0};
  std::vector<double> win_prefix;  // the evaluated positions from the start, for the accuracy
  for (size_t i = 0; i < evals.size() && evals[i]; ++i) win_prefix.push_back(*j.win[i]);

  for (size_t i = 0; i < moves.size() && i + 1 < evals.size(); ++i) {
    MoveJudgment m;
    m.ply = int(i + 1);
    m.mover = movers[i];
    const std::optional<PositionEval>& before = evals[i];
    const std::optional<PositionEval>& after = evals[i + 1];
    if (before && !before->pv.empty() && before->pv[0] != moves[i]) m.best = before->pv[0];
    if (before && after) {
      m.judged = true;
      const int sign = m.mover == kBlack ? 1 : -1;
      const double cp0 = as_cp(*before, scale) * sign, cp1 = as_cp(*after, scale) * sign;
      m.loss = int(std::max(0.0, cp0 - cp1) + 0.5);
      const double w0 = *j.win[i], w1 = *j.win[i + 1];
      m.accuracy = m.mover == kBlack ? move_accuracy(w0, w1) : move_accuracy(100 - w0, 100 - w1);
      if (before->cp && after->cp) {
        const double drop =
            (winning_chances(*before->cp, scale) - winning_chances(*after->cp, scale)) * sign;
        for (auto [threshold, mark] : kChanceLoss)
          if (drop >= threshold) {
            m.mark = mark;
            break;
          }
      } else {
        std::tie(m.mate, m.mark) = mate_advice(*before, *after, sign, scale);
      }
      PlayerSummary& p = j.players[m.mover];
      ++p.moves;
      loss_sum[m.mover] += m.loss;
      if (m.mark == Mark::Inaccuracy) ++p.inaccuracies;
      if (m.mark == Mark::Mistake) ++p.mistakes;
      if (m.mark == Mark::Blunder) ++p.blunders;
    }
    if (m.mark == Mark::None && !m.judged) m.accuracy = 100;
    j.moves.push_back(m);
  }
  const auto accuracy = game_accuracy(win_prefix, movers);
  for (Color c : {kBlack, kWhite}) {
    PlayerSummary& p = j.players[c];
    if (p.moves) p.acpl = int(loss_sum[c] / p.moves);
    p.accuracy = accuracy[c];
  }
  return j;
}

}  // namespace kirin::server
