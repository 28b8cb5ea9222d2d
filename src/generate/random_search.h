// Feedback-directed random generation of call sequences (Randoop: Pacheco et al., ICSE
// 2007, "Feedback-directed random test generation", §3): each step picks a method under
// test, builds its receiver and arguments from values of earlier sequences that ran
// normally (or fresh literals and collections), executes the new sequence, and keeps it in
// the pool if it ran normally. Coverage feedback keeps, for every goal reached, the shortest
// test that reaches it (the archive of MOSA, Panichella et al., ICST 2015, §III-C, with
// length as the only preference). The baseline search (`--search random`); DynaMOSA
// (mosa.h) is the default.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "generate/build_log.h"
#include "generate/coverage_model.h"
#include "generate/rng.h"
#include "generate/target_selector.h"
#include "generate/universe.h"
#include "generate/value_factory.h"
#include "testcase/executor.h"

namespace jtg::generate {

struct SearchBudget {
  double seconds = 60;        // wall-clock budget of the search
  int64_t max_iterations = 0; // if > 0, stop after this many generated tests (reproducible)
};

struct SearchStats {
  int64_t iterations = 0;      // tests generated and executed
  int64_t statements = 0;      // statements executed
  int64_t normal = 0, exceptional = 0, discarded = 0;
  int64_t budget_exceeded = 0, exit_attempts = 0;
  double seconds = 0;
  // Candidate sequence search (DynaMOSA only): rounds run, candidate tests evaluated, and
  // goals those tests covered first.
  int64_t candidate_rounds = 0, candidate_tests = 0, candidate_goals = 0;
  // Methods under test whose calls overran the per-test budget or tried to exit the JVM,
  // by "name+descriptor", with counts: reported, and chosen less often.
  std::map<std::string, int64_t> overruns, exits;
  // Executions that reached outside the JVM (ExecResult::Contained() false, exits aside):
  // by kind (files, network, processes, SecurityManager, threads left running), and by the
  // method under test blamed (the test's last call), with the first thing each touched.
  int64_t outside_files = 0, outside_network = 0, outside_processes = 0,
          outside_security = 0, outside_threads = 0;
  std::map<std::string, int64_t> outside;
  std::map<std::string, std::string> outside_first;
};

// Counts an execution that reached outside the JVM into `stats` (nothing if it did not).
void CountOutside(SearchStats& stats, const testcase::TestCase& t,
                  const testcase::ExecResult& r);

// A kept test: the sequence and the goals it was kept for.
struct ArchivedTest {
  testcase::TestCase test;
  std::vector<int32_t> goals;
};

// Best test per covered goal. Preference (MOSA archive, ICST 2015 §III-C, with EvoSuite's
// rules): a test that does not throw beats one that does, then the one with fewer mocks
// (kMock statements; EvoSuite's mock penalty, so a mock stays only for goals real objects
// do not reach), then the lower secondary score (test length for DynaMOSA, the performance
// score for aDynaMOSA) wins.
class Archive {
 public:
  // Keeps `tc` for every goal in `goals` it reaches first or better. `secondary` < 0 means
  // the test length. Returns true if it was kept for at least one goal.
  bool Update(const std::shared_ptr<const testcase::TestCase>& tc,
              const std::vector<int32_t>& goals, double secondary = -1, bool threw = false);
  size_t covered() const { return best_.size(); }
  bool Covers(int32_t goal) const { return best_.count(goal) != 0; }
  // The distinct kept tests, in order of first goal id, each with its goals.
  std::vector<ArchivedTest> Tests() const;

 private:
  struct Entry {
    std::shared_ptr<const testcase::TestCase> test;
    double secondary = 0;
    bool threw = false;
    int mocks = 0;
  };
  std::map<int32_t, Entry> best_;
};

class RandomSearch {
 public:
  RandomSearch(Universe& u, const CoverageModel& model, testcase::Executor& ex, Rng& rng)
      : u_(u), model_(model), ex_(ex), rng_(rng),
        factory_(u, pool_, ex, rng, FactoryLimits{}), selector_(u.calls(), u.targets().size()) {}

  // Every executed test is also counted into `log` (borrowed, may be null; must outlive
  // Run).
  void SetBuildLog(BuildLog* log) { build_log_ = log; }
  // Runs until the budget is spent or every goal is covered.
  void Run(const SearchBudget& budget);
  const Archive& archive() const { return archive_; }
  const SearchStats& stats() const { return stats_; }

 private:
  void Step();

  Universe& u_;
  const CoverageModel& model_;
  testcase::Executor& ex_;
  Rng& rng_;
  SequencePool pool_;
  ValueFactory factory_;
  Archive archive_;
  SearchStats stats_;
  TargetSelector selector_;
  BuildLog* build_log_ = nullptr;
};

}  // namespace jtg::generate
