// The steps of the perf pipeline (pipeline.h), shared by its files: the session (one JVM,
// executor and watchdog for a run), the static phase (PlanClass), search and growth per
// entry method (SearchEntry), and writing, validation, timing and verdicts per class
// (FinishClass). Internal to src/perf; not thread-safe (one session per process).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classpath/classpath.h"
#include "common/status.h"
#include "common/step_note.h"
#include "generate/rng.h"
#include "generate/values/producer.h"
#include "generate/values/universe.h"
#include "jvm/jdk_guards.h"
#include "jvm/watchdog.h"
#include "perf/finding.h"
#include "perf/goal_builder.h"
#include "perf/growth.h"
#include "perf/growth_runner.h"
#include "perf/jdk_dispatch.h"
#include "perf/loop_objectives.h"
#include "perf/method_selector.h"
#include "perf/pipeline.h"
#include "testcase/executor.h"

namespace jtg::perf::pipeline {

// A finding with its sized test, before timing.
struct Candidate {
  Finding finding;
  testcase::TestCase test;
  bool redundant = false;
  GrowthSeries growth;
};

// One JVM, executor and goal index for a whole run (one class, or every class of a jar).
struct PerfSession {
  const PerfOptions& opts;
  classpath::Classpath& cp;
  CountingJvm counting;
  std::unique_ptr<testcase::Executor> executor;
  std::unique_ptr<jvm::Watchdog> watchdog;
  std::vector<int64_t> ns;  // growth sizes mu/8 .. mu
  generate::Rng rng;
  std::chrono::steady_clock::time_point t0;
  // Wall-clock seconds spent per phase (perf-report.json "phases_s").
  double static_s = 0, search_s = 0, growth_s = 0, validation_s = 0, timing_s = 0;
  jvm::JdkGuards guards;  // read by the executor after each run
  int max_heap_mb = 0;    // -Xmx of the embedded and the timing JVM (PerfOptions::max_heap_mb)
  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
};

// Adds the seconds from construction to destruction to `*sink`.
class PhaseClock {
 public:
  explicit PhaseClock(double* sink) : sink_(sink), start_(std::chrono::steady_clock::now()) {}
  // Also tells a watching whole-project run that the phase `step` began (common/step_note.h).
  PhaseClock(double* sink, std::string_view step) : PhaseClock(sink) {
    StepNote::FromEnvironment().Set(step);
  }
  ~PhaseClock() {
    *sink_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

 private:
  double* sink_;
  std::chrono::steady_clock::time_point start_;
};

// Starts the counting JVM, executor, watchdog and JDK guards. Errors: the JVM or the
// executor cannot start.
StatusOr<std::unique_ptr<PerfSession>> StartSession(const PerfOptions& opts,
                                                    classpath::Classpath& cp);

// The loop goals of one entry method of one class.
struct EntryWork {
  generate::CallablePtr entry;
  std::string sig;
  std::vector<LoopGoal> goals;
  // A view entry (PlanViews): the class's method returning the collection view that `entry`
  // (removeAll, retainAll, containsAll of java.util.Collection) is called on; else null.
  generate::CallablePtr view;
};

struct ClassWork {
  std::string class_name;  // binary
  std::string internal;
  std::unique_ptr<generate::Universe> universe;
  std::vector<EntryWork> entries;
  // Candidates SearchEntry dropped for not involving the class (involves_class.h).
  int not_involving = 0;
};

// Static phase: the class's entry methods and their loop goals; methods without loops go to
// report->skipped. Errors: the class cannot be read or loaded.
StatusOr<ClassWork> PlanClass(PerfSession& s, const std::string& class_name,
                              const std::optional<MethodPattern>& pattern, PerfReport* report);

// Search and growth for one entry method; appends candidates. Of the (at most 6) best tests
// kept per goal, the first `max_measured` are sized up.
void SearchEntry(PerfSession& s, ClassWork& w, EntryWork& e, double budget_s, size_t max_measured,
                 std::vector<Candidate>* candidates);

// Writes, validates and times the candidates of one class; appends the findings (a
// finding whose test failed validation keeps no test name, and no failing test class is
// left in --out). Errors: the work directory cannot be made, javac/java cannot be run.
Status FinishClass(PerfSession& s, const ClassWork& w, std::vector<Candidate>& candidates,
                   PerfReport* report);

// View entries (issue 25): for each no-argument public instance method of the class that
// returns a java.util Collection, Set or List view (Map.values(), keySet(), entrySet()), the
// view's bulk methods removeAll, retainAll and containsAll, whose loops are found in the
// view's runtime class (learned by running receiver.view() once). Appends to w.entries
// those that reach loops; with `pattern`, only views or bulk methods it names.
void PlanViews(PerfSession& s, ClassWork& w, const std::optional<MethodPattern>& pattern);

// Public top-level and member classes of a jar, binary names, in name order.
std::vector<std::string> JarClasses(const std::string& jar);

}  // namespace jtg::perf::pipeline
