#include "generate/search/performance.h"

#include <algorithm>

namespace jtg::generate {

using testcase::StmtKind;

Proxies MeasureProxies(const testcase::TestCase& t, const Evaluation& e) {
  Proxies p{};
  double calls = 0, allocations = 0;
  for (const auto& s : t.stmts) {
    if (s.kind == StmtKind::kCall) {
      ++calls;
      if (s.callable->IsConstructor()) ++allocations;
    }
    if (s.kind == StmtKind::kNewArray || s.kind == StmtKind::kNewCollection) ++allocations;
  }
  double length = static_cast<double>(t.size());
  double others = length - calls;
  p[0] = static_cast<double>(e.iterations);
  p[1] = e.workload.method_calls;
  p[2] = calls;
  p[3] = allocations + e.workload.allocations;
  p[4] = e.workload.instructions;
  p[5] = others < 10 ? 0 : others;
  p[6] = length;
  return p;
}

double PerformanceScore(const Proxies& p) {
  double s = 0;
  for (double v : p) s += v / (v + 1);
  return s;
}

std::vector<double> PerformanceHeuristic(const std::vector<Proxies>& proxies,
                                         const std::vector<int>& front) {
  std::vector<double> h(front.size(), 0.0);
  for (size_t k = 0; k < 7; ++k) {
    double lo = 1e300, hi = -1e300;
    for (int i : front) {
      lo = std::min(lo, proxies[static_cast<size_t>(i)][k]);
      hi = std::max(hi, proxies[static_cast<size_t>(i)][k]);
    }
    for (size_t f = 0; f < front.size(); ++f) {
      double v = proxies[static_cast<size_t>(front[f])][k];
      h[f] += hi == lo ? 0.5 : (hi - v) / (hi - lo);
    }
  }
  return h;
}

}  // namespace jtg::generate
