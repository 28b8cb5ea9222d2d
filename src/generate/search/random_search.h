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

#include "generate/goals/coverage_model.h"
#include "generate/rng.h"
#include "generate/search/archive.h"
#include "generate/search/search_stats.h"
#include "generate/search/target_selector.h"
#include "generate/values/build_log.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "testcase/executor.h"

namespace jtg::generate {

class RandomSearch {
 public:
  RandomSearch(Universe& u, const CoverageModel& model, testcase::Executor& ex, Rng& rng)
      : u_(u),
        model_(model),
        ex_(ex),
        rng_(rng),
        factory_(u, pool_, ex, rng, FactoryLimits{}),
        selector_(u.calls(), u.targets().size()) {}

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
