#include "match/sprt.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace kirin::match {
namespace {

double logistic_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

// The distribution nearest (by likelihood) to the observed `p` over scores `a` whose expected
// score is `s`: p_i / (1 + x (a_i - s)), with x the root of sum p_i (a_i - s) / (1 + x (a_i - s))
// = 0 between the poles, found by bisection (the sum falls as x grows).
std::vector<double> fitted(const std::vector<double>& a, const std::vector<double>& p, double s) {
  double lo = -1 / (a.back() - s), hi = -1 / (a.front() - s);
  auto f = [&](double x) {
    double sum = 0;
    for (size_t i = 0; i < a.size(); ++i) sum += p[i] * (a[i] - s) / (1 + x * (a[i] - s));
    return sum;
  };
  for (int i = 0; i < 200; ++i) {
    double mid = (lo + hi) / 2;
    if (mid == lo || mid == hi) break;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  double x = (lo + hi) / 2;
  std::vector<double> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) out[i] = p[i] / (1 + x * (a[i] - s));
  return out;
}

}  // namespace

double SprtSettings::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtSettings::upper_bound() const { return std::log((1 - beta) / alpha); }

SprtSettings parse_sprt(const std::string& bounds, double alpha, double beta) {
  SprtSettings s;
  size_t comma = bounds.find(',');
  size_t end0 = 0, end1 = 0;
  try {
    if (comma == std::string::npos) throw std::invalid_argument("");
    std::string first = bounds.substr(0, comma), second = bounds.substr(comma + 1);
    s.elo0 = std::stod(first, &end0);
    s.elo1 = std::stod(second, &end1);
    if (end0 != first.size() || end1 != second.size()) throw std::invalid_argument("");
  } catch (const std::logic_error&) {
    throw std::invalid_argument("--sprt takes ELO0,ELO1 (e.g. 0,10), not '" + bounds + "'");
  }
  if (!std::isfinite(s.elo0) || !std::isfinite(s.elo1) || s.elo0 >= s.elo1 ||
      std::abs(s.elo0) > 1000 || std::abs(s.elo1) > 1000)
    throw std::invalid_argument("--sprt " + bounds +
                                ": ELO0 must be below ELO1, both within +-1000");
  if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5))
    throw std::invalid_argument("--alpha and --beta must be between 0 and 0.5");
  s.alpha = alpha;
  s.beta = beta;
  return s;
}

double sprt_llr(double elo0, double elo1, const std::vector<double>& counts) {
  size_t k = counts.size();
  std::vector<double> a(k), p(k);
  double n = 0;
  for (size_t i = 0; i < k; ++i) n += counts[i] > 0 ? counts[i] : 1e-3;
  for (size_t i = 0; i < k; ++i) {
    a[i] = double(i) / double(k - 1);
    p[i] = (counts[i] > 0 ? counts[i] : 1e-3) / n;
  }
  std::vector<double> p0 = fitted(a, p, logistic_score(elo0));
  std::vector<double> p1 = fitted(a, p, logistic_score(elo1));
  double llr = 0;
  for (size_t i = 0; i < k; ++i) llr += p[i] * std::log(p1[i] / p0[i]);
  return n * llr;
}

bool Sprt::add(int index, double points) {
  if (index < 0) throw std::invalid_argument("game index below 0");
  if (size_t(index) >= points_.size()) points_.resize(size_t(index) + 1, -1);
  points_[size_t(index)] = points;
  ++trinomial_[size_t(std::lround(points * 2))];
  size_t partner = size_t(index ^ 1);
  if (partner >= points_.size() || points_[partner] < 0) return false;
  ++pentanomial_[size_t(std::lround((points + points_[partner]) * 2))];
  llr_ = sprt_llr(settings_.elo0, settings_.elo1,
                  std::vector<double>(pentanomial_.begin(), pentanomial_.end()));
  overshoot_.update(llr_);
  if (decision_ == Decision::None) {
    if (llr_ < settings_.lower_bound() + overshoot_.below()) decision_ = Decision::H0;
    if (llr_ > settings_.upper_bound() - overshoot_.above()) decision_ = Decision::H1;
  }
  return true;
}

void SprtOvershoot::update(double llr) {
  if (llr < low_) {
    sum_down_ += llr - low_;
    squares_down_ += (llr - low_) * (llr - low_);
    low_ = llr;
  }
  if (llr > high_) {
    sum_up_ += llr - high_;
    squares_up_ += (llr - high_) * (llr - high_);
    high_ = llr;
  }
}

double SprtOvershoot::below() const { return sum_down_ != 0 ? -squares_down_ / sum_down_ / 2 : 0; }
double SprtOvershoot::above() const { return sum_up_ != 0 ? squares_up_ / sum_up_ / 2 : 0; }

int Sprt::pairs() const {
  int n = 0;
  for (int c : pentanomial_) n += c;
  return n;
}

int Sprt::unpaired() const { return trinomial_[0] + trinomial_[1] + trinomial_[2] - 2 * pairs(); }

double Sprt::final_llr() const {
  if (unpaired() == 0 || decision_ != Decision::None) return llr_;
  return sprt_llr(settings_.elo0, settings_.elo1,
                  std::vector<double>(trinomial_.begin(), trinomial_.end()));
}

std::string Sprt::format(double llr) const {
  // Bounds as given: "[0, 10]", "[-1.5, 0.5]".
  auto number = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return std::string(buf);
  };
  char buf[128];
  std::snprintf(buf, sizeof buf, "LLR: %.2f (%.2f, %.2f) [%s, %s]", llr, settings_.lower_bound(),
                settings_.upper_bound(), number(settings_.elo0).c_str(),
                number(settings_.elo1).c_str());
  return buf;
}

Sprt::Decision Sprt::final_decision() const {
  if (decision_ != Decision::None) return decision_;
  double llr = final_llr();
  if (llr < settings_.lower_bound()) return Decision::H0;
  if (llr > settings_.upper_bound()) return Decision::H1;
  return Decision::None;
}

std::string Sprt::decision_text(Decision d) {
  switch (d) {
    case Decision::H0:
      return "H0 accepted";
    case Decision::H1:
      return "H1 accepted";
    case Decision::None:
      break;
  }
  return "no decision";
}

}  // namespace kirin::match
