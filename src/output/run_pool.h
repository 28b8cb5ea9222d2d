// The JUnit runs of one validation round, two at a time (output/validator.cc): each JVM is
// mostly one busy thread, and the search JVM waits meanwhile. A slow run (the clock-shifted
// one: libfaketime's lock makes it several times a plain run, StringUtils' 634 tests 4.2 s
// alone against 1.5 s) starts when no plain run is left to start: beside another plain run
// it slowed that one down more than it gained (its lock traffic takes the other core too:
// 7.2 s for it and two plain runs, against 6.6-6.9 s for the two as a pair and it alone).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "common/status.h"
#include "output/process.h"

namespace jtg::output {

struct PoolJob {
  std::vector<std::string> argv;
  ProcessOptions popts;
  int timeout_seconds = 180;
  bool slow = false;
};

// Called (under the pool's lock, just before the slow job `index` starts) with the longest
// plain run so far (zero if none ended): it may change jobs[index], e.g. give it the real
// clock when it could not end in time.
using BeforeSlow =
    std::function<void(size_t index, std::chrono::steady_clock::duration longest_plain)>;

// Runs every job (RunProcess), at most two at once, and returns their results in job order.
// Blocks until all have ended. `jobs` must not be touched by others meanwhile; before_slow
// may be empty.
std::vector<StatusOr<ProcessResult>> RunTwoAtATime(std::vector<PoolJob>& jobs,
                                                   const BeforeSlow& before_slow);

}  // namespace jtg::output
