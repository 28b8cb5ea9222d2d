// MOSA/DynaMOSA building blocks on small synthetic data: dominance, preference sorting,
// crowding (subvector and epsilon dominance), the archive's preference rules, goal release
// along the control-dependence graph, fitness from approach level and branch distance, and
// the aDynaMOSA performance score and heuristic.
#include <gtest/gtest.h>

#include <cmath>

#include "generate/goals/goals.h"
#include "generate/search/performance.h"
#include "generate/search/random_search.h"
#include "generate/search/ranking.h"

namespace jtg::generate {
namespace {

TEST(Ranking, Dominance) {
  EXPECT_TRUE(Dominates({0, 1}, {1, 1}));
  EXPECT_FALSE(Dominates({1, 1}, {1, 1}));
  EXPECT_FALSE(Dominates({0, 2}, {1, 1}));
}

TEST(Ranking, PreferenceSortPutsTheBestPerTargetFirst) {
  // 4 individuals x 3 targets. Best on t0: #2, on t1: #0, on t2: #0 (tie with #3, shorter).
  FitnessMatrix f = {{0.5, 0.1, 0.2}, {0.9, 0.9, 0.9}, {0.1, 0.8, 0.9}, {0.6, 0.5, 0.2}};
  std::vector<double> length = {3, 1, 2, 5};
  Rng rng(1);
  auto fronts = PreferenceSort(f, length, 4, rng);
  ASSERT_GE(fronts.size(), 2u);
  EXPECT_EQ(fronts[0], (std::vector<int>{0, 2}));
  // Remaining: #3 dominates #1, so #3 comes before #1.
  EXPECT_EQ(fronts[1], std::vector<int>{3});
  EXPECT_EQ(fronts[2], std::vector<int>{1});
}

TEST(Ranking, SecondaryCriterionBreaksTies) {
  FitnessMatrix f = {{0.5}, {0.5}};
  Rng rng(7);
  EXPECT_EQ(PreferenceSort(f, {4, 2}, 1, rng)[0], std::vector<int>{1});
  EXPECT_EQ(PreferenceSort(f, {1, 2}, 1, rng)[0], std::vector<int>{0});
}

TEST(Ranking, StopsRankingOnceThePopulationIsFull) {
  FitnessMatrix f = {{0, 1}, {1, 0}, {2, 2}, {3, 3}, {4, 4}};
  Rng rng(1);
  auto fronts = PreferenceSort(f, {1, 1, 1, 1, 1}, 2, rng);
  ASSERT_EQ(fronts.size(), 2u);  // front 0 fills the population; the rest in one front
  EXPECT_EQ(fronts[1], (std::vector<int>{2, 3, 4}));
}

TEST(Crowding, SubvectorDominance) {
  FitnessMatrix f = {{0, 5, 5}, {5, 0, 5}, {1, 1, 6}};
  auto s = SubvectorDominance(f, {0, 1, 2});
  // #0 vs #1: better on 1 target; vs #2: better on 2 -> min 1.
  EXPECT_EQ(s[0], 1);
  EXPECT_EQ(s[1], 1);
  // #2 vs #0: better on 1 (t1); vs #1: better on 1 (t0) -> 1.
  EXPECT_EQ(s[2], 1);
  EXPECT_TRUE(std::isinf(SubvectorDominance(f, {1})[0]));
}

TEST(Crowding, EpsilonDominance) {
  FitnessMatrix f = {{0, 5}, {5, 0}, {5, 5}, {5, 5}};
  auto s = EpsilonDominance(f, {0, 1, 2, 3});
  EXPECT_DOUBLE_EQ(s[0], 0.75);  // sole best on t0: (4 - 1) / 4
  EXPECT_DOUBLE_EQ(s[1], 0.75);
  EXPECT_DOUBLE_EQ(s[2], 0.0);
}

TEST(Archive, PrefersNonFailingThenLowerSecondary) {
  Archive a;
  testcase::TestCase t3, t1;
  t3.stmts.resize(3);
  t1.stmts.resize(1);
  auto failing_short = std::make_shared<const testcase::TestCase>(t1);
  auto passing_long = std::make_shared<const testcase::TestCase>(t3);
  EXPECT_TRUE(a.Update(failing_short, {1}, -1, /*threw=*/true));
  EXPECT_TRUE(a.Update(passing_long, {1}, -1, /*threw=*/false));  // non-failing wins
  EXPECT_FALSE(a.Update(failing_short, {1}, -1, true));
  // Secondary score (aDynaMOSA performance score) decides between non-failing tests.
  EXPECT_TRUE(a.Update(failing_short, {2}, 5.0, false));
  EXPECT_FALSE(a.Update(passing_long, {2}, 5.0, false));  // not strictly lower
  EXPECT_TRUE(a.Update(passing_long, {2}, 4.0, false));
}

TEST(Archive, PrefersThePublicApiOverLongerTestsOfInternals) {
  Archive a;
  auto call = [](bool non_public) {
    auto c = std::make_shared<testcase::Callable>();
    c->owner = "p/C";
    c->name = non_public ? "internal" : "api";
    c->descriptor = "()V";
    c->non_public = non_public;
    testcase::Stmt s;
    s.kind = testcase::StmtKind::kCall;
    s.callable = c;
    return s;
  };
  testcase::TestCase internal, api;
  internal.stmts = {call(true)};
  api.stmts = {call(false), call(false), call(false)};
  EXPECT_EQ(internal.NonPublicCount(), 1);
  EXPECT_EQ(api.NonPublicCount(), 0);
  auto internal_short = std::make_shared<const testcase::TestCase>(internal);
  auto api_long = std::make_shared<const testcase::TestCase>(api);
  EXPECT_TRUE(a.Update(internal_short, {1}));
  EXPECT_TRUE(a.Update(api_long, {1}));  // longer, but of the public API
  EXPECT_FALSE(a.Update(internal_short, {1}));
  ASSERT_EQ(a.Tests().size(), 1u);
  EXPECT_EQ(a.Tests()[0].test.size(), 3u);
}

// A method with: entry block 1 (line 10), if -> goals 4 (taken) / 5 (falls through),
// block 2 (line 11) under 4, block 3 (line 12) under 5, and an inner if 6/7 under 4.
instrument::ClassPlan NestedPlan() {
  instrument::ClassPlan p;
  p.class_name = "a/B";
  instrument::MethodPlan m;
  m.name = "f";
  m.descriptor = "(I)I";
  m.access = 1;
  m.instrumented = true;
  instrument::BlockGoal b1{1, 0, 4, {10}, {}};
  instrument::BlockGoal b2{2, 4, 8, {11}, {4}};
  instrument::BlockGoal b3{3, 8, 9, {12}, {5}};
  m.blocks = {b1, b2, b3};
  instrument::BranchGoal outer{4, 3, 10, {}, {}, false};
  instrument::BranchGoal inner{6, 6, 11, {4}, {}, false};
  m.branches = {outer, inner};
  p.methods.push_back(m);
  return p;
}

TEST(Goals, DynaMosaReleasesTargetsAlongControlDependencies) {
  CoverageModel cov(NestedPlan());
  GoalModel goals(cov, {});
  auto released = goals.Released({});
  EXPECT_EQ(released, (std::vector<int32_t>{1, 4, 5}));
  released = goals.Released({1, 4});
  EXPECT_EQ(released, (std::vector<int32_t>{2, 5, 6, 7}));
}

TEST(Goals, FitnessIsApproachLevelPlusNormalizedDistance) {
  CoverageModel cov(NestedPlan());
  GoalModel goals(cov, {});
  Evaluation e;
  e.reached = {1, 5, 3};
  e.distance[4] = 3;  // the outer if went the other way; distance 3 to flip it
  absl::flat_hash_map<int32_t, double> memo;
  EXPECT_DOUBLE_EQ(goals.Fitness(e, 5, &memo), 0);
  EXPECT_DOUBLE_EQ(goals.Fitness(e, 4, &memo), 0.75);  // d / (d + 1)
  EXPECT_DOUBLE_EQ(goals.Fitness(e, 2, &memo), 1.75);  // one level below 4
  EXPECT_DOUBLE_EQ(goals.Fitness(e, 6, &memo), 1.75);
  Evaluation failed;
  failed.failed = true;
  EXPECT_TRUE(std::isinf(goals.Fitness(failed, 1, &memo)));
}

TEST(Performance, ScoreAndHeuristic) {
  Proxies cheap{0, 0, 1, 0, 0, 0, 1};
  Proxies costly{100, 10, 5, 3, 10, 12, 20};
  EXPECT_DOUBLE_EQ(PerformanceScore(cheap), 1.0);
  EXPECT_GT(PerformanceScore(costly), PerformanceScore(cheap));
  auto h = PerformanceHeuristic({cheap, costly}, {0, 1});
  EXPECT_DOUBLE_EQ(h[0], 7.0);  // best on every proxy
  EXPECT_DOUBLE_EQ(h[1], 0.0);
  auto same = PerformanceHeuristic({cheap, cheap}, {0, 1});
  EXPECT_DOUBLE_EQ(same[0], 3.5);  // 0.5 per proxy when all values are equal
}

}  // namespace
}  // namespace jtg::generate
