// The sequential probability ratio test that decides whether a change is better, as fishtest
// runs it: the generalized SPRT on the logistic Elo scale (H0: elo = elo0, H1: elo = elo1), the
// likelihoods those of the multinomial distribution of the observed results with the expected
// score each hypothesis gives, fitted by maximum likelihood (Michel Van den Bergh's "GSPRT",
// fishtest's LLRcalc). Results are counted by game pair, since each opening is played twice with
// colours swapped: the pentanomial model, over the pair scores 0, 1/2, 1, 3/2, 2, which counts
// the correlation of the two games of an opening.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace kirin::match {

struct SprtSettings {
  double elo0 = 0, elo1 = 5;         // logistic Elo of H0 and H1, elo0 < elo1
  double alpha = 0.05, beta = 0.05;  // the errors: accepting H1 at elo0, H0 at elo1
  double lower_bound() const;        // log(beta / (1 - alpha)): below it H0 is accepted
  double upper_bound() const;        // log((1 - beta) / alpha): above it H1 is accepted
};

// Reads "ELO0,ELO1" with --alpha and --beta; throws std::invalid_argument saying what is wrong.
SprtSettings parse_sprt(const std::string& bounds, double alpha, double beta);

// The log-likelihood ratio of H1 against H0 for result counts over evenly spaced scores from 0
// to 1: {losses, draws, wins} (trinomial) or the number of game pairs that scored 0, 1/2, 1,
// 3/2 and 2 points (pentanomial). Empty categories count as 0.001, as in fishtest.
double sprt_llr(double elo0, double elo1, const std::vector<double>& counts);

// The LLR moves by jumps, so it ends a test past its bound; fishtest stops that much earlier.
// Its estimate of the overshoot (Siegmund, Sequential Analysis, corollary 8.33) from the
// record-breaking steps of the LLR so far: half the mean square of the steps that set a new
// low (or high), over their mean.
class SprtOvershoot {
 public:
  void update(double llr);  // after each pair
  double below() const;     // H0 is accepted once the LLR is below the lower bound + this
  double above() const;     // H1 once it is above the upper bound - this

 private:
  double low_ = 0, high_ = 0;  // the lowest and highest LLR so far, from 0
  double sum_down_ = 0, squares_down_ = 0, sum_up_ = 0, squares_up_ = 0;
};

class Sprt {
 public:
  enum class Decision { None, H0, H1 };

  explicit Sprt(const SprtSettings& settings) : settings_(settings) {}

  // Engine 1's points (0, 0.5 or 1) in game `index` (0-based: games 2k and 2k+1 play opening k
  // with colours swapped). Returns true when this game completes a pair, which updates the LLR
  // and, the first time the LLR reaches a bound (less the expected overshoot, as fishtest
  // does: SprtOvershoot), the decision.
  bool add(int index, double points);

  double llr() const { return llr_; }
  const SprtOvershoot& overshoot() const { return overshoot_; }
  const SprtSettings& settings() const { return settings_; }
  Decision decision() const { return decision_; }
  int pairs() const;
  const std::array<int, 5>& pentanomial() const { return pentanomial_; }
  // Games counted in no complete pair: an odd last game, or one whose partner never started.
  int unpaired() const;
  // At the end of the match: the LLR of every game by the trinomial model, if games are left
  // unpaired and no decision was reached; else the pentanomial LLR.
  double final_llr() const;
  // The decision reached, else the one final_llr() gives at the end of the match.
  Decision final_decision() const;

  // "LLR: 1.23 (-2.94, 2.94) [0, 10]"
  std::string format(double llr) const;
  // "H1 accepted", "H0 accepted", "no decision"
  static std::string decision_text(Decision d);

 private:
  SprtSettings settings_;
  std::vector<double> points_;  // by game index; -1 = not played yet
  std::array<int, 5> pentanomial_{};
  std::array<int, 3> trinomial_{};  // losses, draws, wins
  double llr_ = 0;
  SprtOvershoot overshoot_;
  Decision decision_ = Decision::None;
};

}  // namespace kirin::match
