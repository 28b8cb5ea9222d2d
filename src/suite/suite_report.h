// The report of `jtestgen suite`: <out>/jtestgen-report.json and the printed summary.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"
#include "generate/blame/blocked_goals.h"
#include "generate/goals/coverage_model.h"
#include "generate/search/random_search.h"

namespace jtg::suite {

// What validation found (output/write_validated.h): its runs' environments
// (output/run_environments.h) and what failed in which.
struct ValidationFacts {
  std::vector<std::string> environments;  // RunEnvironment::label of each run
  int assertions_dropped = 0;
  // Run environment (or "does not compile", ...) -> assertions / tests dropped there.
  std::map<std::string, int> assertion_reasons, test_reasons;
  // Before validation: assertions and tests whose values or outcome changed when run again
  // in the search JVM with another default time zone and locale (finish_suite.cc).
  int unstable_in_search = 0, unstable_tests_in_search = 0;
  bool clock_shifted = false;  // a validation run shifted the clock (run_environments.h)
  // Near the time bound, the last rounds ran this machine's environment only
  // (output/write_validated.h, ValidatedWrite::cut_short).
  bool cut_short = false;
};

// How the written class reads (suite/finish_suite.cc, step 4).
struct ReadabilityFacts {
  int test_methods = 0;          // @Test and @ParameterizedTest methods
  int parameterized_groups = 0;  // @ParameterizedTest methods
  int duplicates_merged = 0;     // tests written alike to another, written once
  int redundant_dropped = 0;     // tests covering no goal of their own (suite minimization)
  int no_assertion_kept = 0;     // tests asserting nothing, kept (commented) for coverage
  bool review_failed = false;    // no time for step 4, or its class failed validation
};

struct SuiteReport {
  std::string class_name;
  int junit = 5;
  uint64_t seed = 0;
  int tests = 0, dropped = 0;
  ValidationFacts validation;
  ReadabilityFacts readability;
  int inherited_calls = 0;  // inherited public methods the search could call
  generate::CoverageSummary coverage;
  double search_seconds = 0, total_seconds = 0;
  // Wall seconds of each phase up to the report (suite/phase_times.h), in order.
  std::vector<std::pair<std::string, double>> phase_seconds;
  std::string test_file;
  generate::SearchStats stats;
  std::string search;          // algorithm used
  int64_t generations = 0;     // GA generations (0 for random search)
  std::string heuristics;      // aDynaMOSA: secondary heuristic per generation (P/C)
  bool weak_mutation = false;  // report the weak mutation score below
  size_t mutants_killed = 0, mutants_total = 0;
  size_t assertions_before = 0, assertions_after = 0;
  size_t tests_at_run_limit = 0, mutants_untried = 0;  // SuiteOutcome's
  bool assertion_filter_complete = true;
  size_t observer_calls = 0, observer_calls_kept = 0;  // generate/search/observers.h
  size_t message_assertions = 0;                       // SuiteOutcome's
  size_t strong_killed = 0;  // of mutants_total, killed for real (finish_suite.h)
  bool strong_complete = true;
  size_t strong_pit_killed = 0, strong_pit_total = 0;  // PIT's default mutants only
  std::string run_failure;  // SuiteOutcome::run_failure and the fields after it
  int run_breakers = 0;
  bool run_breakers_complete = true;
  // Uncovered goals blamed on a type that could not be built (generate/blame/blocked_goals.h).
  generate::BlockedGoals not_built;
  std::vector<generate::UnreachedMethod> unreached_nested;
};

// Writes <out_dir>/jtestgen-report.json.
Status WriteReport(const SuiteReport& r, const std::string& out_dir);
void PrintSummary(const SuiteReport& r);

}  // namespace jtg::suite
