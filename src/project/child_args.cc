#include "project/child_args.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/log.h"

namespace jtg::project {

namespace {

std::string Seconds(double s) { return absl::StrFormat("%.3fs", s); }

}  // namespace

std::vector<std::string> SuiteChildArgs(const suite::SuiteOptions& o) {
  std::vector<std::string> a = {"--budget",
                                Seconds(o.budget_seconds),
                                "--test-suffix",
                                o.test_suffix,
                                "--junit",
                                absl::StrCat(o.junit),
                                "--seed",
                                absl::StrCat(o.seed),
                                "--validation-runs",
                                absl::StrCat(o.validation_runs),
                                "--search",
                                std::string(suite::AlgorithmName(o.search)),
                                "--population",
                                absl::StrCat(o.population),
                                "--crossover-rate",
                                absl::StrCat(o.crossover_rate),
                                "--inherited-weight",
                                absl::StrCat(o.inherited_weight),
                                o.weak_mutation ? "--weak-mutation" : "--no-weak-mutation",
                                o.candidate_search ? "--candidate-search" : "--no-candidate-search",
                                o.solver ? "--solver" : "--no-solver"};
  if (o.iterations > 0) {
    a.push_back("--iterations");
    a.push_back(absl::StrCat(o.iterations));
  }
  if (log::Verbose()) a.push_back("--verbose");  // the level is process-wide (common/log.h)
  if (o.time_bound_seconds > 0) {
    a.push_back("--time-bound");
    a.push_back(Seconds(o.time_bound_seconds));
  }
  if (o.overwrite) a.push_back("--overwrite");
  if (o.pin_environment) a.push_back("--pin-environment");
  if (o.mocks) a.push_back("--mocks");
  for (const auto& impl : o.jdk_impls) {
    a.push_back("--jdk-impl");
    a.push_back(impl);
  }
  return a;
}

std::vector<std::string> PerfChildArgs(const perf::PerfOptions& o) {
  std::vector<std::string> a = {
      "--budget",          Seconds(o.budget_seconds),      "--mu",   absl::StrCat(o.mu),
      "--junit",           absl::StrCat(o.junit),          "--seed", absl::StrCat(o.seed),
      "--validation-runs", absl::StrCat(o.validation_runs)};
  if (log::Verbose()) a.push_back("--verbose");
  if (!o.method.empty()) {
    a.push_back("--method");
    a.push_back(o.method);
  }
  if (o.max_heap_mb > 0) {
    a.push_back("--max-heap");
    a.push_back(absl::StrCat(o.max_heap_mb, "m"));
  }
  return a;
}

}  // namespace jtg::project
