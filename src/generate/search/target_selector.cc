#include "generate/search/target_selector.h"

namespace jtg::generate {

const CallablePtr& TargetSelector::Pick(Rng& rng) const {
  double total = 0;
  for (size_t i = 0; i < targets_.size(); ++i) total += Weight(i);
  double x = static_cast<double>(rng.Below(1u << 30)) / (1u << 30) * total;
  for (size_t i = 0; i < targets_.size(); ++i) {
    x -= Weight(i);
    if (x < 0) return targets_[i];
  }
  return targets_.back();
}

void TargetSelector::Penalize(const testcase::Callable* c) {
  for (size_t i = 0; i < targets_.size(); ++i) {
    if (targets_[i].get() == c) penalty_[i] += 1;
  }
}

}  // namespace jtg::generate
