#include "perf/growth.h"

#include <cmath>
#include <cstdio>

namespace jtg::perf {

PowerFit FitPowerLaw(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> lx, ly;
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (x[i] > 0 && y[i] > 0) {
      lx.push_back(std::log(x[i]));
      ly.push_back(std::log(y[i]));
    }
  }
  PowerFit f;
  f.points = static_cast<int>(lx.size());
  if (lx.size() < 3) return f;
  double mx = 0, my = 0;
  for (size_t i = 0; i < lx.size(); ++i) {
    mx += lx[i];
    my += ly[i];
  }
  mx /= static_cast<double>(lx.size());
  my /= static_cast<double>(ly.size());
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < lx.size(); ++i) {
    sxy += (lx[i] - mx) * (ly[i] - my);
    sxx += (lx[i] - mx) * (lx[i] - mx);
    syy += (ly[i] - my) * (ly[i] - my);
  }
  if (sxx <= 0) return f;
  f.ok = true;
  f.exponent = sxy / sxx;
  double ss_res = 0;
  for (size_t i = 0; i < lx.size(); ++i) {
    double pred = my + f.exponent * (lx[i] - mx);
    ss_res += (ly[i] - pred) * (ly[i] - pred);
  }
  f.r2 = syy > 0 ? 1 - ss_res / syy : 1.0;  // constant y: a flat line fits exactly
  return f;
}

namespace {
std::string Fmt(const char* fmt, double a, double b = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}
}  // namespace

Verdict JudgeRedundantTraversal(const std::vector<double>& sizes,
                                const std::vector<double>& iterations,
                                const std::vector<double>& times_ms, const GrowthThresholds& t) {
  Verdict v;
  PowerFit it = FitPowerLaw(sizes, iterations);
  if (!it.ok) {
    v.reason = "too few sizes with nonzero iterations to fit a growth exponent";
    return v;
  }
  std::string iter_text = Fmt("iterations grow with exponent %.2f (r2 %.2f)", it.exponent, it.r2);
  if (it.exponent < t.confirm_exponent) {
    v.reason =
        iter_text + ", below " + Fmt("%.1f", t.confirm_exponent) + ": no faster than the input";
    return v;
  }
  if (it.r2 < t.min_r2) {
    v.reason = iter_text + ": the fit is too loose to confirm";
    return v;
  }
  if (times_ms.empty()) {
    v.reason = iter_text + "; time not measured";
    return v;
  }
  PowerFit tm = FitPowerLaw(sizes, times_ms);
  if (!tm.ok) {
    v.reason = iter_text + "; too few timed sizes to fit the time exponent";
    return v;
  }
  std::string time_text = Fmt("time exponent %.2f (r2 %.2f)", tm.exponent, tm.r2);
  if (tm.exponent < t.time_exponent || tm.r2 < t.time_r2) {
    v.reason = iter_text + " but " + time_text + " does not follow";
    return v;
  }
  v.confirmed = true;
  v.reason = iter_text + ", " + time_text + ", input grows linearly";
  return v;
}

Verdict JudgeLongLoop(double max_iterations, double mu) {
  Verdict v;
  v.confirmed = max_iterations >= mu;
  v.reason = v.confirmed
                 ? Fmt("one execution reached %.0f iterations (mu = %.0f)", max_iterations, mu)
                 : Fmt("reached %.0f of mu = %.0f iterations", max_iterations, mu);
  return v;
}

}  // namespace jtg::perf
