// Chooses the method under test for the next call. Uniform, except that a method whose runs
// overran the per-test budget (a hang or endless loop) or tried to exit the JVM is chosen
// with weight 1 / (1 + n^2) after n such runs, so hostile methods stop eating the budget.
#pragma once

#include <vector>

#include "generate/rng.h"
#include "generate/universe.h"

namespace jtg::generate {

class TargetSelector {
 public:
  explicit TargetSelector(const std::vector<CallablePtr>& targets)
      : targets_(targets), penalty_(targets.size(), 0.0) {}

  const CallablePtr& Pick(Rng& rng) const;
  // Penalizes the target `c` (matched by identity); other callables are ignored.
  void Penalize(const testcase::Callable* c);

 private:
  const std::vector<CallablePtr>& targets_;
  std::vector<double> penalty_;
};

}  // namespace jtg::generate
