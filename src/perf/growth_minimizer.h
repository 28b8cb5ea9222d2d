// Minimal set-up for `jtestgen perf`'s tests (issue 25): the statements of a finding's test
// that the growth of its loops does not need are removed, so the written test builds only
// its inputs. Uses the suite's minimizer (generate/search/minimizer.h: EvoSuite's
// TestCaseMinimizer, Fraser & Arcuri, TSE 2013, §4.3) with one coverage goal: "the goal's
// iterations and the input size at the two probe sizes are those of the original test".
//
// Ownership: borrows the executor (counting hits on the last statement, as growth_runner.h
// requires). Not thread-safe (the executor is not).
#pragma once

#include <cstdint>
#include <vector>

#include "perf/loop_objectives.h"
#include "testcase/executor.h"
#include "testcase/test_case.h"

namespace jtg::perf {

// `test` without the statements the growth at `probe_ns` does not need. Returns `test`
// unchanged when it does not run normally at those sizes. At most `max_runs` candidate
// tests are tried (each measured at every probe size).
testcase::TestCase MinimizeForGrowth(testcase::Executor& ex, const LoopGoal& goal,
                                     const testcase::TestCase& test,
                                     const std::vector<int64_t>& probe_ns, int max_runs = 40);

}  // namespace jtg::perf
