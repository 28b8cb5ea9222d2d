// Chooses the method under test for the next call. Uniform over the CUT's own methods; the
// methods it inherits (Universe::calls() after the first `own`) get `inherited_weight`
// each, so a class with a large JDK base class still mostly calls what it declares. A method
// whose runs overran the per-test budget (a hang or endless loop) or tried to exit the JVM
// has its weight divided by (1 + n^2) after n such runs, so hostile methods stop eating the
// budget.
#pragma once

#include <cstdint>
#include <vector>

#include "generate/rng.h"
#include "generate/values/universe.h"

namespace jtg::generate {

class TargetSelector {
 public:
  // Every target its own method: `own` defaults to all of them.
  explicit TargetSelector(const std::vector<CallablePtr>& targets, size_t own = SIZE_MAX,
                          double inherited_weight = 0.5)
      : targets_(targets),
        penalty_(targets.size(), 0.0),
        own_(own),
        inherited_weight_(inherited_weight) {}

  const CallablePtr& Pick(Rng& rng) const;
  // Penalizes the target `c` (matched by identity); other callables are ignored.
  void Penalize(const testcase::Callable* c);

 private:
  const std::vector<CallablePtr>& targets_;
  std::vector<double> penalty_;
  size_t own_;
  double inherited_weight_;
  double Weight(size_t i) const {
    return (i < own_ ? 1.0 : inherited_weight_) / (1.0 + penalty_[i] * penalty_[i]);
  }
};

}  // namespace jtg::generate
