// aDynaMOSA's performance proxies and scores (Grano et al., "Testing with fewer resources:
// an adaptive approach to performance-aware test case generation", TSE 2021, its performance
// indicators and adaptive secondary criterion). Seven proxies per test, lower is cheaper:
//   I1 executed loop cycles      backward jumps executed in instrumented code (Probes.loop)
//   I2 covered method calls      executions of the entry blocks of the class under test's
//                                methods (probe hit counts, Probes.counts)
//   I3 test-case method calls    call statements in the test
//   I4 object instantiations     objects and arrays the class under test allocated (hit count
//                                x allocation instructions per block) plus the constructor
//                                calls, arrays and collections the test itself builds
//   I5 covered statements        bytecode instructions executed in the class under test (hit
//                                count x instructions per block)
//   I6 test-case statements      non-call statements, 0 when fewer than 10
//   I7 test length               statements
// Variant (the note leaves it open): every execution counts, including the first one of a
// block or method (the paper's reference implementation skips frequencies below 2); blocks
// are weighted by instructions rather than source-line spans, which is closer to runtime.
// The dynamic proxies need ExecutorOptions::hit_counts (set for --search adynamosa); without
// it I2, I4 (production part) and I5 are 0. All seven are equally weighted.
#pragma once

#include <array>
#include <vector>

#include "generate/goals/goals.h"
#include "testcase/test_case.h"

namespace jtg::generate {

using Proxies = std::array<double, 7>;

Proxies MeasureProxies(const testcase::TestCase& t, const Evaluation& e);

// Eq. 1: sum of I_k / (I_k + 1), in [0, 7); lower is better.
double PerformanceScore(const Proxies& p);

// Eq. 2 for one front: sum over k of (max_k - I_k) / (max_k - min_k), 0.5 for a proxy whose
// values are all equal; in [0, 7], higher is better. `front` indexes `proxies`.
std::vector<double> PerformanceHeuristic(const std::vector<Proxies>& proxies,
                                         const std::vector<int>& front);

}  // namespace jtg::generate
