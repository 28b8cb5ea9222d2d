// A performance finding of `jtestgen perf` and the report that lists them (issue 5, the
// perf-report.json contract). Data only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jtg::perf {

// What a finding is: a loop that runs long (WhiteSyn), or a nested loop that walks the same
// data again for each outer iteration (Glider).
enum class FindingKind { kLongLoop, kRedundantTraversal };
// Whether measured growth confirmed the finding (perf/growth.h verdicts).
enum class FindingStatus { kSuspected, kConfirmed };

// The report's spelling: "long-loop", "redundant-traversal"; "suspected", "confirmed".
constexpr std::string_view KindName(FindingKind k) {
  return k == FindingKind::kLongLoop ? "long-loop" : "redundant-traversal";
}
constexpr std::string_view StatusName(FindingStatus s) {
  return s == FindingStatus::kConfirmed ? "confirmed" : "suspected";
}

struct LoopRefOut {
  std::string method;  // "com.x.Foo.bar(java.util.Collection)" (Java names)
  int line = 0;        // source line of the loop header; 0 if unknown
  int depth = 1;       // interprocedural nesting depth from the entry method
};

// Toddler's redundancy oracle on a redundant traversal (perf/read_oracle.h,
// read_similarity.h): the values the inner loop read in each of its executions during one
// run of the finding's test at size n, compared across executions.
struct ReadRedundancy {
  bool applicable = false;  // false: the oracle could not judge; `summary` says why
  bool similar = false;     // the reads repeat across executions (Toddler reports the loop)
  int n = 0;                // size parameter of the run
  int64_t executions = 0;   // executions of the inner loop during the call under test
  int64_t analysed = 0;     // those with at least the minimum iterations (7)
  double iterations_per_execution = 0;  // mean over the analysed executions
  int64_t repeated = 0;                 // analysed executions after the first whose reads at `site`
                                        // repeat (are similar to) an earlier execution's
  double repeated_fraction = 0;         // repeated / (analysed - 1); 0 when analysed < 2
  std::string site;                     // the read judged, e.g. "Object[] element, line 306"
  double reads_per_execution = 0;       // mean reads at `site` per analysed execution
  std::string summary;                  // one sentence, for the reason and the Markdown report
};

struct Finding {
  std::string cls;     // binary name of the class of the entry method
  std::string method;  // "bar(java.util.Collection,java.util.Collection)"
  FindingKind kind = FindingKind::kLongLoop;
  FindingStatus status = FindingStatus::kSuspected;
  std::string reason;
  std::vector<LoopRefOut> loops;
  std::string input_pattern;
  std::vector<double> sizes, iterations, times_ms;
  std::optional<double> exponent;  // iterations' growth exponent; none without a fit
  // Time's growth exponent (least squares over (ln size, ln times_ms)) and its r2; none
  // when the test was not timed or fewer than 3 sizes were.
  std::optional<double> time_exponent;
  double time_r2 = 0;
  double max_iterations = 0;        // most iterations of one loop execution, largest size
  std::optional<std::string> test;  // "FooPerfTest.bar_disjointLists"; none if not written
  // Beyond the contract's keys: which sized input each loop walks (loop_inputs.h), in words,
  // e.g. "the outer loop (Foo.bar, line 12) walks arg1; the inner loop (ArrayList.indexOfRange,
  // line 302) walks arg2, once per element of arg1"; empty when not measured.
  std::string loop_inputs;
  // Redundant traversals: the read oracle's judgement (JSON "repeated_reads", after the
  // contract's keys); none when it was not run.
  std::optional<ReadRedundancy> reads;
  // Redundant traversals: the written test's growth check run once on this code (outside
  // JUnit): "fails: <message>" (the test exposes the bug), "passes: ..." or "not run: why";
  // empty when there is no check.
  std::string test_check;
};

struct Skipped {
  std::string method;
  std::string reason;
};

struct PerfReport {
  std::string cls;  // --class value, or the jar's file name with --jar
  double budget_s = 0;
  int mu = 0;
  std::vector<Finding> findings;
  std::vector<Skipped> skipped;
  // Candidates dropped because they do not involve the class (perf/involves_class.h): a
  // loop of the JDK's own that the class's code does not call, or a test not calling it.
  int dropped_not_involving = 0;
  // Wall-clock seconds per phase, in run order: "static" (loop goals), "search", "growth"
  // (sized re-runs), "validation" (javac and JUnit), "timing" (plain-JVM timing), "total".
  std::vector<std::pair<std::string, double>> phases_s;
  // Memory: the embedded JVM's maximum heap (-Xmx, MiB) and the run's peak resident set
  // (VmHWM of the process, MiB; 0 when unknown).
  int max_heap_mb = 0;
  double peak_rss_mb = 0;
};

}  // namespace jtg::perf
