#include "suite/time_plan.h"

#include <algorithm>

#include "suite/run_suite.h"

namespace jtg::suite {

double DefaultTimeBound(double budget_seconds, int validation_runs) {
  const double rounds_share = std::max(1.0, validation_runs / 5.0);
  return budget_seconds + std::max(120.0, budget_seconds) * rounds_share;
}

TimePlan PlanFor(const SuiteOptions& opts) {
  TimePlan p;
  const double budget = opts.budget_seconds;
  p.bound = opts.time_bound_seconds > budget ? opts.time_bound_seconds
                                             : DefaultTimeBound(budget, opts.validation_runs);
  const double after = p.bound - budget;
  p.review_by = budget + 0.6 * after;
  p.finish_by = budget + 0.85 * after;
  p.runs_end_by = p.bound - std::clamp(0.05 * after, 2.0, 10.0);
  // At least 10 s for the one-run rounds where the bound allows it.
  p.one_run_after = std::max(budget, std::min(budget + 0.75 * after, p.runs_end_by - 10.0));
  p.aim = std::min(1.5 * budget + 10.0 - kAfterAimSeconds, p.finish_by);
  return p;
}

}  // namespace jtg::suite
