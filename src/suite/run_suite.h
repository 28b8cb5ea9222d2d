// `jtestgen suite`: generates a JUnit test class for one class under test.
//
// Pipeline: classpath -> universe (CUT's methods, producers, seeds) -> embedded JVM with the
// coverage transformer (the CUT and its nested classes as goals; inherited calls, stub
// subclasses) -> DynaMOSA (or `--search random|mosa|adynamosa`) with its archive ->
// minimization -> assertion filtering by weak mutants -> JUnit writer -> validation (javac +
// JUnit runs, failing or flaky tests dropped) -> coverage of the kept tests from jtestgen's
// own probes -> report.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "testcase/progress.h"

namespace jtg::suite {

// The search of `--search`: DynaMOSA (Panichella et al., TSE 2018), aDynaMOSA (with
// performance proxies as secondary objective; Albunian et al., SSBSE 2020), MOSA (all goals
// at once; Panichella et al., ICST 2015), or Randoop-style feedback-directed random
// generation (Pacheco et al., ICSE 2007).
enum class SearchAlgorithm { kDynaMosa, kADynaMosa, kMosa, kRandom };

// "dynamosa", "adynamosa", "mosa", "random".
std::string_view AlgorithmName(SearchAlgorithm a);
// The inverse of AlgorithmName; nullopt for any other text.
std::optional<SearchAlgorithm> ParseAlgorithm(std::string_view name);

struct SuiteOptions {
  std::string classpath;
  std::string class_name;  // binary name, e.g. org.apache.commons.collections.ListUtils
  double budget_seconds = 60;
  int64_t iterations = 0;  // > 0: stop the search after this many tests (reproducible)
  std::string out_dir = "gen";
  // The test class is <Simple><test_suffix> (output/output_layout.h); a file of that name
  // that jtestgen did not write is replaced only with `overwrite`.
  std::string test_suffix = "JtgTest";
  bool overwrite = false;
  // Pin the default time zone and locale of the search in the written class
  // (output::WriterOptions::pin_zone), so assertions on values that depend on them stay.
  bool pin_environment = false;
  // Where jtestgen-report.json goes; "" = output::ReportDirFor(out_dir, "").
  std::string report_dir;
  int junit = 5;
  uint64_t seed = 0;
  int validation_runs = 5;
  // Hard wall-clock bound of the whole run (search, validation, everything), > budget;
  // 0: suite/time_plan.h's DefaultTimeBound.
  double time_bound_seconds = 0;
  bool quiet = false;
  std::vector<std::string> exclude_methods;  // "name" + descriptor, not tested
  SearchAlgorithm search = SearchAlgorithm::kDynaMosa;
  size_t population = 50;
  double crossover_rate = 0.75;
  bool weak_mutation = true;  // target and report weak mutants (generate/goals/goals.h)
  // "Iface=Impl[,Impl...]": java.util implementations to build for a collection type
  // (generate/values/jdk_catalog.h, JdkCatalog::Configure).
  std::vector<std::string> jdk_impls;
  // Mockito mocks (stubbed by the search) for interfaces and abstract classes with no
  // producer (generate/values/mock_catalog.h); needs Debian's libmockito-java.
  bool mocks = false;
  // JTestCraft's candidate sequence search when DynaMOSA/MOSA stagnate
  // (generate/search/candidate_search.h).
  bool candidate_search = true;
  // The solver step when DynaMOSA/MOSA stagnate: concolic execution of calls and Z3 for the
  // branches they reached but did not flip (generate/search/solver_step.h).
  bool solver = true;
  // When set, the solver step writes its debug log here: each replay it could not model,
  // each query with its answer, and each value the interpreter concretized.
  std::string solver_log;
  // Weight of an inherited method against 1 for the class's own when the search picks a
  // call (generate/search/target_selector.h).
  double inherited_weight = 0.5;
};

// Runs the command. Errors name the thing and the reason (unknown class, bad classpath,
// too-new class file, nothing to test, javac failure); the caller prints and exits 1.
// `progress` (may be null) is told which method runs, for crash attribution.
Status RunSuite(const SuiteOptions& opts, testcase::ProgressSink* progress = nullptr);

}  // namespace jtg::suite
