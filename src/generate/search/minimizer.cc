#include "generate/search/minimizer.h"

#include <algorithm>

#include "absl/container/flat_hash_set.h"

namespace jtg::generate {

using testcase::Stmt;
using testcase::TestCase;

namespace {
std::vector<int> Deps(const Stmt& s) {
  std::vector<int> d = s.args;
  if (s.receiver >= 0) d.push_back(s.receiver);
  return d;
}

// Marks `i` and everything it depends on.
void MarkDeps(const TestCase& tc, size_t i, std::vector<bool>& keep) {
  if (keep[i]) return;
  keep[i] = true;
  for (int d : Deps(tc.stmts[i])) MarkDeps(tc, static_cast<size_t>(d), keep);
}

bool ReachesAll(const TestCase& tc, const std::vector<int32_t>& goals, const ReachFn& reach,
                testcase::Executor& ex, bool must_throw_last) {
  testcase::ExecResult r = ex.Run(tc);
  if (!r.Writable()) return false;
  // The outcome of the last statement must stay the same kind (normal vs exception).
  bool threw_last = r.threw_at == static_cast<int>(tc.size()) - 1;
  if (r.threw_at >= 0 && !threw_last) return false;
  if (threw_last != must_throw_last) return false;
  auto reached = reach(tc, r);
  absl::flat_hash_set<int32_t> set(reached.begin(), reached.end());
  return std::all_of(goals.begin(), goals.end(), [&](int32_t g) { return set.contains(g); });
}
}  // namespace

TestCase Slice(const TestCase& tc, const std::vector<bool>& keep) {
  TestCase out;
  std::vector<int> remap(tc.size(), -1);
  for (size_t i = 0; i < tc.size(); ++i) {
    if (!keep[i]) continue;
    Stmt s = tc.stmts[i];
    if (s.receiver >= 0) s.receiver = remap[static_cast<size_t>(s.receiver)];
    for (int& a : s.args) a = remap[static_cast<size_t>(a)];
    remap[i] = static_cast<int>(out.stmts.size());
    out.stmts.push_back(std::move(s));
  }
  return out;
}

TestCase Minimize(const TestCase& tc, const std::vector<int32_t>& goals, const ReachFn& reach,
                  testcase::Executor& ex, int max_runs) {
  if (tc.size() == 0) return tc;
  testcase::ExecResult first = ex.Run(tc);
  bool throws_last = first.threw_at == static_cast<int>(tc.size()) - 1;
  int runs = 1;
  // 1. Slice on the last statement.
  std::vector<bool> keep(tc.size(), false);
  MarkDeps(tc, tc.size() - 1, keep);
  TestCase best = tc;
  if (std::count(keep.begin(), keep.end(), true) < static_cast<long>(tc.size())) {
    TestCase sliced = Slice(tc, keep);
    ++runs;
    if (ReachesAll(sliced, goals, reach, ex, throws_last)) best = std::move(sliced);
  }
  // 2. Drop single statements (with whatever depends on them only through them) from the
  //    end backwards, never the last statement.
  for (int i = static_cast<int>(best.size()) - 2; i >= 0 && runs < max_runs; --i) {
    // Removing i removes every statement that uses i.
    std::vector<bool> dead(best.size(), false);
    dead[static_cast<size_t>(i)] = true;
    for (size_t j = static_cast<size_t>(i) + 1; j < best.size(); ++j) {
      for (int d : Deps(best.stmts[j])) {
        if (dead[static_cast<size_t>(d)]) dead[j] = true;
      }
    }
    if (dead[best.size() - 1]) continue;
    std::vector<bool> k2(best.size());
    for (size_t j = 0; j < best.size(); ++j) k2[j] = !dead[j];
    TestCase cand = Slice(best, k2);
    ++runs;
    if (ReachesAll(cand, goals, reach, ex, throws_last)) {
      best = std::move(cand);
      i = std::min(i, static_cast<int>(best.size()) - 1);
    }
  }
  return best;
}

}  // namespace jtg::generate
