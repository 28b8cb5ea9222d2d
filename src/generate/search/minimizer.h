// Test minimization: removes the statements a test's goals do not need. First the
// statements the last statement does not depend on (data dependencies through receivers,
// arguments and elements), then, one at a time from the end, each remaining statement
// whose removal keeps every goal (EvoSuite's TestCaseMinimizer, Fraser & Arcuri, "Whole
// test suite generation", TSE 2013, §4.3). Each candidate is re-executed to check.
#pragma once

#include <functional>
#include <vector>

#include "generate/goals/coverage_model.h"
#include "testcase/executor.h"
#include "testcase/test_case.h"

namespace jtg::generate {

// The goals one execution of a test reaches.
using ReachFn =
    std::function<std::vector<int32_t>(const testcase::TestCase&, const testcase::ExecResult&)>;

// Returns the minimized test; `goals` must all be reached by `tc`. Performs at most
// `max_runs` executions.
testcase::TestCase Minimize(const testcase::TestCase& tc, const std::vector<int32_t>& goals,
                            const ReachFn& reach, testcase::Executor& ex, int max_runs = 40);

// Keeps only the statements that statement `keep` transitively depends on (and `keep`),
// renumbering references.
testcase::TestCase Slice(const testcase::TestCase& tc, const std::vector<bool>& keep);

}  // namespace jtg::generate
