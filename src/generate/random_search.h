// Feedback-directed random generation of call sequences (Randoop: Pacheco et al., ICSE
// 2007, "Feedback-directed random test generation", §3): each step picks a method under
// test, builds its receiver and arguments from values of earlier sequences that ran
// normally (or fresh literals and collections), executes the new sequence, and keeps it in
// the pool if it ran normally. Coverage feedback keeps, for every goal reached, the shortest
// test that reaches it (the archive of MOSA, Panichella et al., ICST 2015, §III-C, with
// length as the only preference). This is the baseline search that DynaMOSA will replace.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "generate/coverage_model.h"
#include "generate/rng.h"
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
  // Methods under test whose calls overran the per-test budget or tried to exit the JVM,
  // by "name+descriptor", with counts: reported, and chosen less often.
  std::map<std::string, int64_t> overruns, exits;
};

// A kept test: the sequence and the goals it was kept for.
struct ArchivedTest {
  testcase::TestCase test;
  std::vector<int32_t> goals;
};

class Archive {
 public:
  // Keeps `tc` for every goal in `goals` it reaches first or with fewer statements.
  // Returns true if it was kept for at least one goal.
  bool Update(const std::shared_ptr<const testcase::TestCase>& tc,
              const std::vector<int32_t>& goals);
  size_t covered() const { return best_.size(); }
  // The distinct kept tests, in order of first goal id, each with its goals.
  std::vector<ArchivedTest> Tests() const;

 private:
  std::map<int32_t, std::shared_ptr<const testcase::TestCase>> best_;
};

// Told which method under test is about to run, so that a supervisor can name the culprit
// if the JVM dies (see cli/supervisor.h). Implementations must be cheap.
class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  virtual void Running(const std::string& method_key) = 0;  // "name" + descriptor; "" = none
};

class RandomSearch {
 public:
  RandomSearch(Universe& u, const CoverageModel& model, testcase::Executor& ex, Rng& rng)
      : u_(u), model_(model), ex_(ex), rng_(rng),
        factory_(u, pool_, ex, rng, FactoryLimits{}) {}

  // Runs until the budget is spent or every goal is covered.
  void Run(const SearchBudget& budget);
  void SetProgressSink(ProgressSink* sink) { progress_ = sink; }
  const Archive& archive() const { return archive_; }
  const SearchStats& stats() const { return stats_; }

 private:
  void Step();
  const CallablePtr& PickTarget();

  Universe& u_;
  const CoverageModel& model_;
  testcase::Executor& ex_;
  Rng& rng_;
  SequencePool pool_;
  ValueFactory factory_;
  Archive archive_;
  SearchStats stats_;
  std::vector<double> penalty_;  // per target: overruns + exits so far
  ProgressSink* progress_ = nullptr;
};

}  // namespace jtg::generate
