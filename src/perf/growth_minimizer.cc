#include "perf/growth_minimizer.h"

#include "generate/search/minimizer.h"
#include "perf/growth_runner.h"

namespace jtg::perf {

testcase::TestCase MinimizeForGrowth(testcase::Executor& ex, const LoopGoal& goal,
                                     const testcase::TestCase& test,
                                     const std::vector<int64_t>& probe_ns, int max_runs) {
  const GrowthSeries reference = MeasureGrowth(ex, goal, test, probe_ns, 1);
  if (!reference.error.empty() || reference.iterations.size() != probe_ns.size()) return test;
  // The one goal (id 0) is reached when the candidate grows exactly as the original: the
  // same iterations and the same input size at every probe size.
  generate::ReachFn same_growth = [&](const testcase::TestCase& candidate,
                                      const testcase::ExecResult&) -> std::vector<int32_t> {
    const GrowthSeries g = MeasureGrowth(ex, goal, candidate, probe_ns, 1);
    if (g.error.empty() && g.iterations == reference.iterations && g.sizes == reference.sizes) {
      return {0};
    }
    return {};
  };
  testcase::TestCase out = generate::Minimize(test, {0}, same_growth, ex, max_runs);
  out.n = test.n;
  return out;
}

}  // namespace jtg::perf
