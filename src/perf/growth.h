// Growth confirmation of performance findings (issue 5, part 7): a power law y = c·x^b fitted
// by least squares on (ln x, ln y), and the verdicts built on it.
//
// A redundant traversal is confirmed when the iteration count of its loops grows with
// exponent >= kConfirmExponent in the input size (and the fit is good), while the input
// itself (the work a linear algorithm needs) grows linearly; a long loop is confirmed when
// one execution reached mu iterations (WhiteSyn's goal: Linggi, MSc thesis, ETH Zurich, 2018).
// Pure functions; no state.
#pragma once

#include <string>
#include <vector>

namespace jtg::perf {

struct PowerFit {
  bool ok = false;      // false: fewer than 3 usable points (x > 0, y > 0)
  double exponent = 0;  // b in y = c * x^b
  double r2 = 0;        // coefficient of determination of the log-log fit
  int points = 0;
};

// Least-squares fit of ln y = ln c + b ln x over the points with x > 0 and y > 0.
PowerFit FitPowerLaw(const std::vector<double>& x, const std::vector<double>& y);

struct GrowthThresholds {
  double confirm_exponent = 1.6;  // iterations (issue 5)
  double min_r2 = 0.95;           // iterations are deterministic: the fit must be tight
  double time_exponent = 1.3;     // wall time is noisy: a looser bound
  double time_r2 = 0.8;
};

struct Verdict {
  bool confirmed = false;
  std::string reason;  // why, with the figures, for the report
};

// Redundant traversal: `sizes` = the input size of each run in elements (all collection,
// array and string elements the test builds, which is what a linear algorithm must read:
// its work grows with exponent 1 in these units), `iterations` = the loops' iterations in
// each run, `times_ms` = the measured time of each run (empty if not timed).
Verdict JudgeRedundantTraversal(const std::vector<double>& sizes,
                                const std::vector<double>& iterations,
                                const std::vector<double>& times_ms,
                                const GrowthThresholds& t = {});

// Long loop: `max_iterations` reached in one execution against the target `mu`.
Verdict JudgeLongLoop(double max_iterations, double mu);

}  // namespace jtg::perf
