// The steps of `jtestgen suite` after the search: minimization of the archived tests,
// assertion filtering, writing the JUnit class, validation (dropping tests that do not
// compile or fail; output/write_validated.h) and the final coverage measurement.
#pragma once

#include <chrono>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "generate/blame/blocked_goals.h"
#include "generate/goals/coverage_model.h"
#include "generate/goals/goals.h"
#include "generate/search/minimizer.h"
#include "generate/search/random_search.h"
#include "generate/values/universe.h"
#include "output/junit_writer.h"
#include "suite/phase_times.h"
#include "suite/run_suite.h"
#include "suite/suite_report.h"
#include "testcase/executor.h"

namespace jtg::suite {

struct SuiteContext {
  const SuiteOptions& opts;
  const std::string& cut_internal;
  generate::Universe& universe;
  const generate::CoverageModel& model;
  testcase::Executor& executor;
  std::vector<int32_t> load_goals;       // reached by the CUT's static initializer
  generate::ReachFn reach;               // goals of the search reached by one execution
  generate::GoalModel* goals = nullptr;  // non-null: measure weak mutants of the final suite
  std::string test_folder;               // the sandbox's test folder (sandbox/test_folder.h), or ""
  // A clock-shifted validation run is left out when it could end after review_by; step 4
  // (minimization and parameterized tests: one javac and one JUnit run) is skipped when half
  // a validation round from now would pass finish_by. Both keep the run within the
  // supervisor's bound.
  std::chrono::steady_clock::time_point review_by = std::chrono::steady_clock::time_point::max();
  std::chrono::steady_clock::time_point finish_by = std::chrono::steady_clock::time_point::max();
  // Validation near the bound (time_plan.h): one-run rounds after one_run_after, and no
  // javac or JUnit run past runs_end_by.
  std::chrono::steady_clock::time_point one_run_after =
      std::chrono::steady_clock::time_point::max();
  std::chrono::steady_clock::time_point runs_end_by = std::chrono::steady_clock::time_point::max();
  // The run's wall-time aim (suite/time_plan.h): the strong-mutation scoring, last, stops by
  // then (given at least kMinScoringSeconds).
  std::chrono::steady_clock::time_point aim_by = std::chrono::steady_clock::time_point::max();
  PhaseTimes* phases = nullptr;  // where the run is, and how long each phase took (not owned)
};

struct SuiteOutcome {
  int tests = 0;
  int dropped = 0;
  ValidationFacts validation;
  ReadabilityFacts readability;
  generate::CoverageSummary coverage;
  absl::flat_hash_set<int32_t> covered;  // goals of the CUT covered by the kept tests (+ load)
  std::string test_file;
  size_t mutants_killed = 0, mutants_total = 0;  // when SuiteContext::goals is set
  // Of mutants_total, those the kept tests kill when run with the mutant switched on (strong
  // mutation: a kept assertion fails or the flow changes); strong_complete is false when the
  // time cap stopped the count early.
  size_t strong_killed = 0;
  bool strong_complete = true;
  // The same over PIT's default mutants of the class itself (GoalModel::IsPitDefaultMutant).
  size_t strong_pit_killed = 0, strong_pit_total = 0;
  // Assertion filtering (when SuiteContext::goals is set): value assertions before and after,
  // and whether every test was filtered within the time cap.
  size_t assertions_before = 0, assertions_after = 0;
  // Tests whose infected mutants passed the filter's per-test run limit, and the mutants
  // left untried there.
  size_t tests_at_run_limit = 0, mutants_untried = 0;
  bool assertion_filter_complete = true;
  // Observer calls (generate/search/observers.h) appended before filtering, and kept after.
  size_t observer_calls = 0, observer_calls_kept = 0;
  // Tests whose kept assertions include their exception's message (AssertionChoice::message).
  size_t message_assertions = 0;
  // A validation run that failed as a whole (output/run_breakers.h): how it ended ("" if
  // none did), the tests bisection found breaking it, and whether it finished in time.
  std::string run_failure;
  int run_breakers = 0;
  bool run_breakers_complete = true;
};

// Errors: Internal when javac or JUnit cannot be run. A file that does not compile for a
// reason no test's lines hold is bisected like a run that fails as a whole.
StatusOr<SuiteOutcome> FinishSuite(const SuiteContext& ctx, const generate::Archive& archive);

}  // namespace jtg::suite
