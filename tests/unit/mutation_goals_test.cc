// Weak mutation goals of GoalModel (generate/goals.h) on a small synthetic plan and synthetic
// probe logs: mutant goals are created when their conditional first runs (5 for a relational
// jump, 1 for a reference compare), killed ones are reached, and the fitness is 0 / 0.5 /
// 1 + approach; off by default.
#include <gtest/gtest.h>

#include <algorithm>

#include "generate/goals.h"

namespace jtg::generate {
namespace {

// Entry block 1; an int conditional 4/5 (original operator lt = 2) whose taken outcome 4
// guards a reference conditional 6/7.
instrument::ClassPlan Plan() {
  instrument::ClassPlan p;
  p.class_name = "a/B";
  instrument::MethodPlan m;
  m.name = "f";
  m.descriptor = "(I)I";
  m.access = 1;
  m.instrumented = true;
  m.blocks = {instrument::BlockGoal{1, 0, 4, {10}, {}}, instrument::BlockGoal{2, 4, 8, {11}, {4}},
              instrument::BlockGoal{3, 8, 9, {12}, {5}}};
  m.branches = {instrument::BranchGoal{4, 3, 10, {}}, instrument::BranchGoal{6, 6, 11, {4}}};
  p.methods.push_back(m);
  return p;
}

constexpr int32_t kLt = 2;
constexpr int32_t kRef = 6;

testcase::ExecResult Exec(std::vector<int32_t> goals,
                         std::vector<std::pair<int32_t, int32_t>> mutants) {
  testcase::ExecResult r;
  r.goals = std::move(goals);
  r.mutants = std::move(mutants);
  return r;
}

size_t Total(const GoalModel& g) {
  size_t total = 0;
  g.CountOf(GoalKind::kWeakMutation, {}, &total);
  return total;
}

TEST(MutationGoals, OffByDefault) {
  CoverageModel cov(Plan());
  GoalModel goals(cov, {});
  auto e = goals.Evaluate({}, Exec({1, 4}, {{4, -1 - kLt}, {4, 0}}));
  EXPECT_EQ(Total(goals), 0u);
  EXPECT_EQ(e.reached.size(), 2u);
}

TEST(MutationGoals, CreatedWhenTheConditionalRunsAndKilledWhenInfected) {
  CoverageModel cov(Plan());
  GoalModel goals(cov, {}, true);
  EXPECT_EQ(Total(goals), 0u);
  // 4 taken (a < b): mutants eq, ge, gt infected (indices 0, 3, 4).
  auto e = goals.Evaluate({}, Exec({1, 4}, {{4, -1 - kLt}, {4, 0}, {4, 3}, {4, 4}}));
  EXPECT_EQ(Total(goals), 5u);  // every operator but lt
  size_t total = 0;
  EXPECT_EQ(goals.CountOf(GoalKind::kWeakMutation, e.reached, &total), 3u);
  std::vector<int32_t> mutants;
  for (int32_t g : goals.AllGoals()) {
    if (goals.Kind(g) == GoalKind::kWeakMutation) mutants.push_back(g);
  }
  ASSERT_EQ(mutants.size(), 5u);
  absl::flat_hash_map<int32_t, double> memo;
  int killed = 0, infection = 0;
  for (int32_t g : mutants) {
    double f = goals.Fitness(e, g, &memo);
    killed += f == 0 ? 1 : 0;
    infection += f == 0.5 ? 1 : 0;
  }
  EXPECT_EQ(killed, 3);
  EXPECT_EQ(infection, 2);  // ne, le: reached, not infected

  // An execution that does not reach conditional 4: 1 + fitness of its taken outcome (1).
  Evaluation none = goals.Evaluate({}, Exec({}, {}));
  memo.clear();
  for (int32_t g : mutants) EXPECT_DOUBLE_EQ(goals.Fitness(none, g, &memo), 2.0);
}

TEST(MutationGoals, ReferenceCompareHasOneMutantAndOtherClassesAreIgnored) {
  CoverageModel cov(Plan());
  GoalModel goals(cov, {}, true);
  // 6 is a conditional of the CUT; 100 is not (not in the plan); block 2 is no conditional.
  auto e = goals.Evaluate(
      {}, Exec({1, 4, 2, 7}, {{6, -1 - kRef}, {6, kRef}, {100, -1 - kLt}, {100, 1}, {2, 0}}));
  EXPECT_EQ(Total(goals), 1u);
  EXPECT_EQ(goals.CountOf(GoalKind::kWeakMutation, e.reached, nullptr), 1u);
  // Approach to mutant of 6 when 6 did not run but its guard 4 went the other way (d = 1).
  Evaluation other = goals.Evaluate({}, Exec({1, 5}, {}));
  other.distance[4] = 1;
  absl::flat_hash_map<int32_t, double> memo;
  for (int32_t g : goals.AllGoals()) {
    if (goals.Kind(g) != GoalKind::kWeakMutation) continue;
    EXPECT_DOUBLE_EQ(goals.Fitness(other, g, &memo), 1 + 1 + 0.5);  // 1 + (1 + d/(d+1))
  }
}

}  // namespace
}  // namespace jtg::generate
