#include "generate/random_search.h"

#include <set>

namespace jtg::generate {

using testcase::TestCase;

bool Archive::Update(const std::shared_ptr<const TestCase>& tc,
                     const std::vector<int32_t>& goals) {
  bool kept = false;
  for (int32_t g : goals) {
    auto it = best_.find(g);
    if (it == best_.end() || tc->size() < it->second->size()) {
      best_[g] = tc;
      kept = true;
    }
  }
  return kept;
}

std::vector<ArchivedTest> Archive::Tests() const {
  std::vector<ArchivedTest> out;
  std::map<const TestCase*, size_t> index;
  for (const auto& [goal, tc] : best_) {
    auto it = index.find(tc.get());
    if (it == index.end()) {
      index[tc.get()] = out.size();
      out.push_back(ArchivedTest{*tc, {goal}});
    } else {
      out[it->second].goals.push_back(goal);
    }
  }
  return out;
}

void RandomSearch::Run(const SearchBudget& budget) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  size_t all_goals = model_.goals().size();
  while (true) {
    if (budget.max_iterations > 0) {
      if (stats_.iterations >= budget.max_iterations) break;
    } else if (elapsed() >= budget.seconds) {
      break;
    }
    if (all_goals > 0 && archive_.covered() >= all_goals) break;
    Step();
  }
  stats_.seconds = elapsed();
  if (progress_ != nullptr) progress_->Running("");
}

// Uniform over the methods under test, except that a method whose runs overran the time
// budget is chosen with weight 1 / (1 + overruns^2): hanging methods stop eating the budget.
const CallablePtr& RandomSearch::PickTarget() {
  const auto& targets = u_.targets();
  if (penalty_.size() != targets.size()) penalty_.assign(targets.size(), 0);
  double total = 0;
  for (double p : penalty_) total += 1.0 / (1.0 + p * p);
  double x = static_cast<double>(rng_.Below(1u << 30)) / (1u << 30) * total;
  for (size_t i = 0; i < targets.size(); ++i) {
    x -= 1.0 / (1.0 + penalty_[i] * penalty_[i]);
    if (x < 0) return targets[i];
  }
  return targets.back();
}

void RandomSearch::Step() {
  ++stats_.iterations;
  const CallablePtr& target = PickTarget();
  size_t target_index = static_cast<size_t>(&target - u_.targets().data());
  auto tc = std::make_shared<TestCase>();
  if (factory_.AppendCall(*tc, target, 0) < 0) {
    ++stats_.discarded;
    return;
  }
  std::string key = target->name + target->descriptor;
  if (progress_ != nullptr) progress_->Running(key);
  testcase::ExecResult r = ex_.Run(*tc);
  stats_.statements += static_cast<int64_t>(r.values.size()) + (r.threw_at >= 0 ? 1 : 0);
  if (r.budget_exceeded) {
    ++stats_.budget_exceeded;
    ++stats_.overruns[key];
    penalty_[target_index] += 1;
  }
  if (r.exit_attempt) {
    ++stats_.exit_attempts;
    ++stats_.exits[key];
  }
  if (!r.Writable()) {
    ++stats_.discarded;
    return;
  }
  // A test that fails before its last statement has dead statements after the failure;
  // cut it there so it stays minimal and the failure is its last statement.
  if (r.threw_at >= 0 && static_cast<size_t>(r.threw_at) + 1 < tc->size()) {
    tc->stmts.resize(static_cast<size_t>(r.threw_at) + 1);
  }
  std::vector<int32_t> goals = model_.GoalsReached(r.goals, r.switches);
  archive_.Update(tc, goals);
  if (r.Normal()) {
    ++stats_.normal;
    pool_.Add(*tc);
  } else {
    ++stats_.exceptional;
  }
}

}  // namespace jtg::generate
