// Finding the tests that make a whole JUnit run fail. A validation run can fail as a whole
// rather than test by test: the JVM crashes or exits, runs out of memory, or passes the run's
// time limit (a test that leaves a thread computing, on a loaded machine). Its report then
// names no failing test, and dropping every test loses the suite. Instead the tests are
// bisected: each half is written and validated on its own (one JUnit run), halves that pass
// are kept, halves that fail test by test drop those tests, and halves that fail as a whole
// are split again until single tests are left (delta debugging's simplest form; Zeller and
// Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", TSE 2002, section 3).
#pragma once

#include <chrono>
#include <vector>

#include "common/status.h"
#include "output/junit_writer.h"
#include "output/validator.h"

namespace jtg::output {

struct RunBreakers {
  std::vector<bool> bad;  // per test of the input: drop it
  int probes = 0;         // JUnit runs made
  bool complete = true;   // false: the deadline passed; unsettled tests count as bad
};

// Bisects `tests` (those of a class whose run failed as a whole) with `opts` (its runs are
// set to 1; nothing is written to the output). Stops splitting at `deadline`: the tests
// not settled by then are marked bad. Errors: those of Validate (javac or java missing).
// Cost: about 2 log2(n) compile-and-run probes per test that breaks the run.
StatusOr<RunBreakers> FindRunBreakers(const std::vector<WrittenTest>& tests,
                                      const WriterOptions& wopts, const TypeOracle& oracle,
                                      ValidatorOptions opts,
                                      std::chrono::steady_clock::time_point deadline);

}  // namespace jtg::output
