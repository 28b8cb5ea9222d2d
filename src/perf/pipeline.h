// The `jtestgen perf` pipeline: generates tests that expose performance bugs in loops (issue 5;
// WhiteSyn: Linggi, MSc thesis, ETH Zurich, 2018; Glider: Dhok and Ramanathan, "Directed test
// generation to detect loop inefficiencies", FSE 2016), each confirmed by measured growth.
//
// Pipeline per entry method of the class under test (all public methods, or those matching
// --method): loop index (loops reachable from the entry and nested pairs across calls) ->
// loop goals with probe ids (CUT, other classpath classes, whitelisted JDK classes counted by
// probes) -> DynaMOSA over the loop goals (perf/loop_objectives.h), seeded with Glider's
// input patterns (perf/directed_seeds.h) -> growth: the best test per goal rerun at sizes
// mu/8 .. mu, iterations fitted (perf/growth.h) -> JUnit class of sized tests (javac +
// JUnit validation) -> timing of each finding in a plain JVM (jtestgen.rt.PerfTimer) ->
// verdicts -> gen/perf-report.json and .md (perf/report.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "perf/finding.h"

namespace jtg::perf {

struct PerfOptions {
  std::string classpath;
  std::string class_name;  // binary name; empty with --jar
  std::string jar;         // --jar: every public class of this jar
  std::string method;      // --method pattern (perf/method_selector.h); empty: all
  int mu = 1024;           // iteration target of long loops; the largest growth size
  int mu2 = 32;            // per-loop target of nested pairs during the search
  double budget_seconds =
      60;  // --class: search budget (shared by its entry methods); --jar: whole run
  std::string out_dir = "gen";
  int junit = 5;
  uint64_t seed = 0;
  int validation_runs = 1;
  bool quiet = false;
  // Maximum heap of the embedded JVM and of the timing JVM, MiB (-Xmx); 0: DefaultMaxHeapMb().
  int max_heap_mb = 0;
};

// The default --max-heap: an eighth of the machine's physical memory, clamped to
// [512, 1536] MiB (the JVM's own default, a quarter of memory, made whole-jar runs peak at
// 3.5-5.4 GB resident). Reads sysconf; thread-safe.
int DefaultMaxHeapMb();

// The process's peak resident set so far (VmHWM of /proc/self/status), MiB; 0 if unknown.
double PeakRssMb();

// Runs the pipeline and returns the report it wrote to <out_dir>/perf-report.json and .md
// (rewritten after every class, so findings already measured are never lost).
// Errors: the classpath, class or --method cannot be used, the JVM cannot start, the
// output cannot be written. Not thread-safe: one run per process (it embeds the JVM).
StatusOr<PerfReport> RunPerf(const PerfOptions& opts);

// The lines `jtestgen perf` prints after a run (perf/summary_text.cc): a summary line
// ("N likely bug(s) (K confirmed), M stress test(s), S skipped, T s"), one line per likely
// bug with its sentence (ranked and merged as in the report, perf/ranking.h), a count of the
// long loops (stress tests) and the report's path.
std::string SummaryText(const PerfReport& report, const std::string& out_dir);

}  // namespace jtg::perf
