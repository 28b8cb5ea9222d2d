#include "perf/loop_objectives.h"

#include <algorithm>

#include "perf/loop_fitness.h"

namespace jtg::perf {

HitCounts CountsOf(const testcase::ExecResult& r) {
  HitCounts out;
  for (size_t i = 0; i < r.goals.size(); ++i) {
    out[r.goals[i]] += i < r.goal_counts.size() ? r.goal_counts[i] : 1;
  }
  return out;
}

LoopCount CountLoop(const CountedLoop& l, const HitCounts& counts) {
  auto sum = [&](const std::vector<int32_t>& ids) {
    int64_t s = 0;
    for (int32_t id : ids) {
      auto it = counts.find(id);
      if (it != counts.end()) s += it->second;
    }
    return s;
  };
  LoopCount c;
  c.iterations = std::max<int64_t>(0, sum(l.iter_ids) - sum(l.iter_minus_ids));
  int64_t head = sum(l.head_ids);
  c.executions = std::max<int64_t>(head - c.iterations, c.iterations > 0 ? 1 : 0);
  return c;
}

LoopObjectives::LoopObjectives(std::vector<LoopGoal> goals, double mu, double mu2)
    : goals_(std::move(goals)), mu_(mu), mu2_(mu2), best_(goals_.size()) {}

double LoopObjectives::GoalFitness(const LoopGoal& g, const HitCounts& counts,
                                   std::vector<LoopCount>* per_loop) const {
  int64_t missed = 0;
  for (int32_t id : g.path_ids) missed += counts.contains(id) ? 0 : 1;
  std::vector<LoopCount> lc;
  for (const CountedLoop& l : g.loops) lc.push_back(CountLoop(l, counts));
  // The loop's own header is on its path too: not entered means not reached.
  int64_t path = static_cast<int64_t>(g.path_ids.size()) + 1;
  bool entered = false;
  for (int32_t id : g.loops.back().head_ids) entered = entered || counts.contains(id);
  if (!entered) ++missed;
  double rho = PathFitness(missed, path);
  double eta;
  if (g.redundant && lc.size() == 2) {
    double outer = static_cast<double>(lc[0].iterations);
    double inner = outer > 0 ? static_cast<double>(lc[1].iterations) / outer : 0;
    eta = DoubleLoopFitness(outer, inner, mu2_);
  } else {
    eta = SingleLoopFitness(lc.back().PerExecution(), mu_);
  }
  if (per_loop != nullptr) *per_loop = std::move(lc);
  return CombinedFitness(rho, eta, g.redundant ? mu2_ : mu_);
}

generate::Evaluation LoopObjectives::Evaluate(const testcase::TestCase& tc,
                                              const testcase::ExecResult& r) {
  generate::Evaluation e;
  e.length = tc.size();
  e.iterations = r.iterations;
  e.threw = r.threw_at >= 0;
  if (r.setup_failed || r.budget_exceeded || r.exit_attempt) {
    e.failed = true;
    return e;
  }
  HitCounts counts = CountsOf(r);
  for (size_t g = 0; g < goals_.size(); ++g) {
    std::vector<LoopCount> lc;
    double f = GoalFitness(goals_[g], counts, &lc);
    e.distance[static_cast<int32_t>(g)] = static_cast<float>(f);
    if (f == 0) e.reached.insert(static_cast<int32_t>(g));
    // A test whose call under test threw does not show the loop's cost cleanly.
    if (e.threw || f >= 1) continue;
    auto& best = best_[g];
    int64_t total = 0;
    for (const auto& c : lc) total += c.iterations;
    auto total_of = [](const BestTest& b) {
      int64_t t = 0;
      for (const auto& c : b.counts) t += c.iterations;
      return t;
    };
    auto worse = [&](const BestTest& b) {  // is (f, total) better than b?
      return f < b.fitness || (f == b.fitness && total > total_of(b));
    };
    bool duplicate = std::any_of(best.begin(), best.end(), [&](const BestTest& b) {
      return b.fitness == f && total_of(b) == total;
    });
    if (duplicate) continue;
    if (best.size() < kKeep || worse(best.back())) {
      auto at = std::find_if(best.begin(), best.end(), worse);
      best.insert(at, BestTest{f, tc, std::move(lc)});
      if (best.size() > kKeep) best.pop_back();
    }
  }
  return e;
}

double LoopObjectives::Fitness(const generate::Evaluation& e, int32_t goal,
                               absl::flat_hash_map<int32_t, double>*) const {
  if (e.failed) return 2;
  auto it = e.distance.find(goal);
  return it == e.distance.end() ? 1.0 : it->second;
}

std::vector<int32_t> LoopObjectives::AllGoals() const {
  std::vector<int32_t> out;
  for (size_t g = 0; g < goals_.size(); ++g) out.push_back(static_cast<int32_t>(g));
  return out;
}

std::vector<int32_t> LoopObjectives::Released(const absl::flat_hash_set<int32_t>& covered) const {
  std::vector<int32_t> out;
  for (int32_t g : AllGoals()) {
    if (!covered.contains(g)) out.push_back(g);
  }
  return out;
}

std::string LoopObjectives::MethodKeyOf(int32_t goal) const {
  return goal >= 0 && static_cast<size_t>(goal) < goals_.size()
             ? goals_[static_cast<size_t>(goal)].entry_key
             : "";
}

}  // namespace jtg::perf
