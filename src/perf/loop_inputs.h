// Loop summaries of `jtestgen perf`: which sized input of a test each loop of a goal
// traverses. Glider (Dhok and Ramanathan, "Directed test generation to detect loop
// inefficiencies", FSE 2016: method summaries, candidate methods) derives a summary
// per method from executed tests, binding every loop to the parameter-bound symbol it walks,
// and picks as candidates the methods whose nested loops walk the same parameter again and
// again. Here the binding is measured, not derived symbolically: each sized input of the test
// (a value sized by kRepeat fills or a scaled literal, test_case.h; all the fills of one
// collection together) is doubled alone, the others held at
// their size, and a loop is bound to the inputs whose doubling multiplies its iterations per
// execution (it walks them) or its executions (it runs once per element of them).
//
// A redundant traversal in Glider's sense is an inner loop bound to an input per execution
// whose executions follow another input (or the same one): it walks the whole input once per
// iteration of the outer loop.
//
// Ownership: borrows the executor, which must count hits on the last statement
// (ExecutorOptions::hit_counts and window_last), as for growth_runner.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "perf/loop_objectives.h"
#include "testcase/executor.h"

namespace jtg::perf {

struct LoopInputs {
  // Labels of the test's sized inputs, in statement order: "arg2", "receiver",
  // "statement 4" (a sized value the call does not take directly).
  std::vector<std::string> inputs;
  // Per loop of the goal (outer first), indices into `inputs`: those whose doubling
  // multiplied the loop's iterations per execution (by at least kBound), and those whose
  // doubling multiplied its executions.
  std::vector<std::vector<size_t>> walks, runs_per;
  bool retraverses = false;  // redundant goals: the inner loop walks an input per execution
                             // and runs once per element of an input
  std::string text;          // the summary in words; empty when a run failed
  std::string error;         // a run failed: the reason
};

// The factor above which a doubled input counts as driving a loop.
inline constexpr double kBound = 1.6;

// Runs `test` at size `n` once with every input, then once per sized input with that input
// at 2n and the others at n (so 1 + inputs runs).
LoopInputs SummarizeLoopInputs(testcase::Executor& ex, const LoopGoal& goal,
                               const testcase::TestCase& test, int64_t n);

// `test` with every sized statement not in `keep` fixed at its size for `n` (kRepeat counts
// and scaled literals become constants); an empty `keep` fixes them all. Exposed for tests.
testcase::TestCase FixSizes(const testcase::TestCase& test, const std::vector<int>& keep,
                            int64_t n);

// Indices of the statements that scale with the test's n.
std::vector<int> SizedStatements(const testcase::TestCase& test);

}  // namespace jtg::perf
