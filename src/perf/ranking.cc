#include "perf/ranking.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "perf/growth.h"

namespace jtg::perf {

namespace {

double ExponentOr(const Finding& f, double none) { return f.exponent ? *f.exponent : none; }

double LargestTime(const Finding& f) {
  return f.times_ms.empty() ? 0 : *std::max_element(f.times_ms.begin(), f.times_ms.end());
}

// Whether the outermost loop is in the entry method itself (not reached through a wrapper
// such as ListUtils.sum calling intersection).
bool Direct(const Finding& f) {
  return !f.loops.empty() && f.loops.front().method == f.cls + "." + f.method;
}

// Whether `a` is a stronger report of the same loops than `b`: confirmed, then direct, then
// the higher iteration exponent, then a written test, then the longer largest time.
bool Stronger(const Finding& a, const Finding& b) {
  if (a.status != b.status) return a.status == FindingStatus::kConfirmed;
  if (Direct(a) != Direct(b)) return Direct(a);
  const double ea = ExponentOr(a, -1), eb = ExponentOr(b, -1);
  if (std::abs(ea - eb) > 1e-9) return ea > eb;
  if (a.test.has_value() != b.test.has_value()) return a.test.has_value();
  return LargestTime(a) > LargestTime(b);
}

std::pair<std::optional<double>, double> TimeFit(const Finding& f) {
  if (f.time_exponent) return {f.time_exponent, f.time_r2};
  if (f.times_ms.size() != f.sizes.size()) return {std::nullopt, 0};
  PowerFit fit = FitPowerLaw(f.sizes, f.times_ms);
  if (!fit.ok) return {std::nullopt, 0};
  return {fit.exponent, fit.r2};
}

// Sort key of a ranked entry: smaller sorts first.
struct Key {
  int category;       // likely bugs first
  int unconfirmed;    // confirmed first
  double neg_growth;  // -(iteration exponent rounded to 0.1), or -(max iterations)
  int untimed;        // timed estimates first: they are what a user waits for
  double neg_cost;    // -(estimated realistic cost in ms or iterations)
};

Key KeyOf(const RankedFinding& r) {
  const Finding& f = r.finding;
  Key k{r.category == Category::kLikelyBug ? 0 : 1, f.status == FindingStatus::kConfirmed ? 0 : 1,
        0, 1, 0};
  if (r.category == Category::kLikelyBug) {
    k.neg_growth = -std::round(ExponentOr(f, 0) * 10) / 10;
    if (r.estimate) {
      k.untimed = r.estimate->time ? 0 : 1;
      k.neg_cost = -r.estimate->estimate;
    }
  } else {
    k.neg_growth = -f.max_iterations;
  }
  return k;
}

bool Before(const Key& a, const Key& b) {
  if (a.category != b.category) return a.category < b.category;
  if (a.unconfirmed != b.unconfirmed) return a.unconfirmed < b.unconfirmed;
  if (a.neg_growth != b.neg_growth) return a.neg_growth < b.neg_growth;
  if (a.untimed != b.untimed) return a.untimed < b.untimed;
  return a.neg_cost < b.neg_cost;
}

}  // namespace

std::string MergeKey(const Finding& f) {
  std::set<std::string> loops;
  for (const LoopRefOut& l : f.loops) loops.insert(l.method + ":" + std::to_string(l.line));
  std::string key(KindName(f.kind));
  for (const std::string& l : loops) key += "|" + l;
  return key;
}

Category Categorize(const Finding& f, std::optional<double> time_exponent, double time_r2) {
  // One loop's iterations against all the elements a test builds: constant parts of the
  // input bend that fit (CursorableLinkedList.contains fitted 2.7), so for a long loop only
  // a timed growth counts.
  if (f.kind == FindingKind::kRedundantTraversal && f.exponent &&
      *f.exponent >= kSuperLinearExponent) {
    return Category::kLikelyBug;
  }
  if (time_exponent && *time_exponent >= kSuperLinearExponent &&
      time_r2 >= GrowthThresholds{}.time_r2) {
    return Category::kLikelyBug;
  }
  if (f.kind == FindingKind::kRedundantTraversal && !f.exponent) return Category::kLikelyBug;
  return Category::kStressTest;
}

std::optional<Extrapolation> Extrapolate(const Finding& f, std::optional<double> time_exponent,
                                         int mu) {
  if (f.sizes.empty()) return std::nullopt;
  const size_t last =
      static_cast<size_t>(std::max_element(f.sizes.begin(), f.sizes.end()) - f.sizes.begin());
  Extrapolation e;
  e.measured_size = f.sizes[last];
  if (e.measured_size <= 0) return std::nullopt;
  const bool timed = last < f.times_ms.size() && f.times_ms[last] > 0;
  e.time = timed;
  e.measured = timed ? f.times_ms[last] : (last < f.iterations.size() ? f.iterations[last] : 0);
  if (e.measured <= 0) return std::nullopt;
  // The larger of the time and the iteration exponents: times at small sizes carry a
  // constant share that flattens their fit, while the iterations grow as the work will.
  std::optional<double> exponent = f.exponent;
  if (timed && time_exponent && (!exponent || *time_exponent > *exponent)) {
    exponent = time_exponent;
  }
  if (!exponent) return std::nullopt;
  e.exponent = *exponent;
  e.units = std::max(1.0, std::round(e.measured_size / (mu > 0 ? mu : 1024)));
  e.target_size = e.units * kRealisticPerInput;
  e.estimate = e.measured * std::pow(e.target_size / e.measured_size, e.exponent);
  return e;
}

std::vector<RankedFinding> RankAndMerge(const PerfReport& r) {
  // Groups in first-appearance order; the strongest finding of each group heads it.
  std::map<std::string, size_t> group_of;
  std::vector<std::vector<const Finding*>> groups;
  for (const Finding& f : r.findings) {
    auto [it, fresh] = group_of.emplace(MergeKey(f), groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(&f);
  }
  std::vector<RankedFinding> out;
  for (auto& g : groups) {
    std::stable_sort(g.begin(), g.end(),
                     [](const Finding* a, const Finding* b) { return Stronger(*a, *b); });
    RankedFinding rf;
    rf.finding = *g.front();
    std::tie(rf.time_exponent, rf.time_r2) = TimeFit(rf.finding);
    rf.category = Categorize(rf.finding, rf.time_exponent, rf.time_r2);
    rf.estimate = Extrapolate(rf.finding, rf.time_exponent, r.mu);
    for (size_t i = 1; i < g.size(); ++i) {
      rf.also.push_back({g[i]->cls + "." + g[i]->method, g[i]->test, g[i]->status});
    }
    out.push_back(std::move(rf));
  }
  std::stable_sort(out.begin(), out.end(), [](const RankedFinding& a, const RankedFinding& b) {
    return Before(KeyOf(a), KeyOf(b));
  });
  for (size_t i = 0; i < out.size(); ++i) out[i].rank = static_cast<int>(i) + 1;
  return out;
}

}  // namespace jtg::perf
