// PhaseTimes (phase_times.h).
#include "suite/phase_times.h"

#include <algorithm>

#include "absl/strings/str_format.h"
#include "common/log.h"

namespace jtg::suite {

void PhaseTimes::Enter(const std::string& phase) {
  const auto now = std::chrono::steady_clock::now();
  if (!current_.empty()) {
    const double s = std::chrono::duration<double>(now - since_).count();
    auto it = std::find_if(done_.begin(), done_.end(),
                           [&](const auto& p) { return p.first == current_; });
    if (it == done_.end()) {
      done_.emplace_back(current_, s);
    } else {
      it->second += s;
    }
    log::Debug(absl::StrFormat("%s (%s took %.2f s)", phase, current_, s));
  } else {
    log::Debug(phase);
  }
  current_ = phase;
  since_ = now;
  note_.Set(phase);
}

}  // namespace jtg::suite
