// Growth runs of `jtestgen perf` (issue 5, part 7): the best test of a loop goal rerun in the
// engine at sizes mu/8, mu/4, mu/2, mu (its size parameter n scales its kRepeat counts and
// scaled literals), with the iterations of the goal's loops counted on the call under test.
//
// Ownership: borrows the executor (which must count hits on the last statement:
// ExecutorOptions::hit_counts and window_last).
#pragma once

#include <string>
#include <vector>

#include "perf/loop_objectives.h"
#include "testcase/executor.h"

namespace jtg::perf {

struct GrowthSeries {
  std::vector<double> sizes;       // input elements built by the test at each n
  std::vector<double> ns;          // the size parameter n of each run
  std::vector<double> iterations;  // redundant: inner loop total; long loop: per execution
  double max_iterations = 0;       // at the largest size: most iterations of one execution
  bool deterministic = true;       // two runs at each size gave the same counts
  bool scales = false;             // the test has kRepeat statements or scaled literals
  std::string error;               // a run failed (exception, overrun): the reason
};

// Input elements a test builds at its current n: the sum of its kRepeat counts and of its
// scaled literals' values (a loop bound n is n units of work for a linear algorithm).
double InputSize(const testcase::TestCase& tc);

// Runs `test` at each size in `ns` (ascending), `reps` times per size (two runs tell whether
// the counts are deterministic; one is a quick probe). Stops at the first run that throws or
// overruns the executor's budget, with the reason in `error`.
GrowthSeries MeasureGrowth(testcase::Executor& ex, const LoopGoal& goal, testcase::TestCase test,
                           const std::vector<int64_t>& ns, int reps = 2);

// A readable description of the inputs a test builds, e.g. "coll1: ArrayList of n distinct
// Integer from 0; coll2: ArrayList of n+1 distinct Integer from 1048576".
std::string DescribeInputs(const testcase::TestCase& tc);

}  // namespace jtg::perf
