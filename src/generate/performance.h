// aDynaMOSA's performance proxies and scores (Grano et al., "Testing with fewer resources:
// an adaptive approach to performance-aware test case generation", TSE 2021; see
// ../shared/techniques/adynamosa.md §4-5). Seven proxies per test, lower is cheaper:
//   I1 executed loop cycles      backward jumps executed in instrumented code (Probes.loop)
//   I2 covered method calls      distinct goals of the class under test reached (a stand-in:
//                                probes log each goal once per run, not call frequencies)
//   I3 test-case method calls    call statements in the test
//   I4 object instantiations     constructor calls, arrays and collections built by the test
//                                (static stand-in: allocation counts are not probed)
//   I5 covered statements        distinct blocks reached (stand-in, as for I2)
//   I6 test-case statements      non-call statements, 0 when fewer than 10
//   I7 test length               statements
// The stand-ins are documented in docs/ARCHITECTURE.md; all seven are equally weighted.
#pragma once

#include <array>
#include <vector>

#include "generate/goals.h"
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
