#include "output/run_pool.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace jtg::output {

std::vector<StatusOr<ProcessResult>> RunTwoAtATime(std::vector<PoolJob>& jobs,
                                                   const BeforeSlow& before_slow) {
  using Clock = std::chrono::steady_clock;
  std::vector<StatusOr<ProcessResult>> results(jobs.size(),
                                               absl::InternalError("validation run not started"));
  std::vector<bool> started(jobs.size(), false);
  std::mutex mu;
  Clock::duration longest{};
  // The next job to start, or jobs.size() when none is left; called with `mu` held.
  auto pick = [&]() -> size_t {
    size_t plain = jobs.size(), slow = jobs.size();
    for (size_t i = 0; i < jobs.size(); ++i) {
      if (started[i]) continue;
      if (jobs[i].slow && slow == jobs.size()) slow = i;
      if (!jobs[i].slow && plain == jobs.size()) plain = i;
    }
    if (slow < jobs.size() && plain == jobs.size()) {
      if (before_slow) before_slow(slow, longest);
      return slow;
    }
    return plain;
  };
  auto worker = [&]() {
    for (;;) {
      size_t i = 0;
      {
        std::lock_guard<std::mutex> lock(mu);
        i = pick();
        if (i == jobs.size()) return;
        started[i] = true;
      }
      const auto start = Clock::now();
      StatusOr<ProcessResult> r = RunProcess(jobs[i].argv, jobs[i].timeout_seconds, jobs[i].popts);
      std::lock_guard<std::mutex> lock(mu);
      results[i] = std::move(r);
      if (!jobs[i].slow) longest = std::max(longest, Clock::now() - start);
    }
  };
  std::vector<std::thread> threads;
  for (size_t k = 0; k < std::min<size_t>(2, jobs.size()); ++k) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  return results;
}

}  // namespace jtg::output
