// Growth fits, verdicts and WhiteSyn's loop fitness (src/perf/growth.h, loop_fitness.h); the
// report's JSON contract is tested in perf_report_test.cc.
#include <cmath>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "perf/goal_builder.h"
#include "perf/growth.h"
#include "perf/loop_fitness.h"

namespace jtg::perf {
namespace {

TEST(PowerFit, ExactQuadraticAndLinear) {
  std::vector<double> n = {128, 256, 512, 1024};
  std::vector<double> quad, lin, nlogn;
  for (double x : n) {
    quad.push_back(x * (x + 1));
    lin.push_back(3 * x);
    nlogn.push_back(x * std::log2(x));
  }
  PowerFit q = FitPowerLaw(n, quad);
  ASSERT_TRUE(q.ok);
  EXPECT_NEAR(q.exponent, 2.0, 0.01);
  EXPECT_GT(q.r2, 0.999);
  EXPECT_NEAR(FitPowerLaw(n, lin).exponent, 1.0, 1e-9);
  double e = FitPowerLaw(n, nlogn).exponent;
  EXPECT_GT(e, 1.05);
  EXPECT_LT(e, 1.2);
  // Fewer than three usable points: no fit (zeros are not usable on a log scale).
  EXPECT_FALSE(FitPowerLaw({1, 2, 3}, {0, 4, 9}).ok);
  EXPECT_EQ(FitPowerLaw({1, 2, 3}, {0, 4, 9}).points, 2);
}

TEST(Verdicts, RedundantTraversalNeedsQuadraticIterationsAndTime) {
  std::vector<double> n = {128, 256, 512, 1024};
  std::vector<double> quad, lin;
  for (double x : n) {
    quad.push_back(x * x);
    lin.push_back(x);
  }
  std::vector<double> time_quad = {0.1, 0.4, 1.7, 6.5};
  Verdict v = JudgeRedundantTraversal(n, quad, time_quad);
  EXPECT_TRUE(v.confirmed) << v.reason;
  EXPECT_NE(v.reason.find("exponent 2.00"), std::string::npos) << v.reason;
  // Linear iterations: suspected, with the reason.
  v = JudgeRedundantTraversal(n, lin, time_quad);
  EXPECT_FALSE(v.confirmed);
  EXPECT_NE(v.reason.find("exponent 1.00"), std::string::npos) << v.reason;
  // Quadratic iterations but flat time: not confirmed.
  v = JudgeRedundantTraversal(n, quad, {1.0, 1.0, 1.1, 1.0});
  EXPECT_FALSE(v.confirmed);
  EXPECT_NE(v.reason.find("does not follow"), std::string::npos) << v.reason;
  // Not timed: not confirmed, and said so.
  v = JudgeRedundantTraversal(n, quad, {});
  EXPECT_FALSE(v.confirmed);
  EXPECT_NE(v.reason.find("not measured"), std::string::npos);
}

TEST(Verdicts, LongLoopNeedsMuIterations) {
  EXPECT_TRUE(JudgeLongLoop(1024, 1024).confirmed);
  Verdict v = JudgeLongLoop(312, 1024);
  EXPECT_FALSE(v.confirmed);
  EXPECT_EQ(v.reason, "reached 312 of mu = 1024 iterations");
}

// WhiteSyn's worked values for its loop fitness (Linggi, MSc thesis, ETH Zurich, 2018).
TEST(LoopFitness, WhiteSynWorkedValues) {
  EXPECT_DOUBLE_EQ(PathFitness(1, 5), 0.2);
  EXPECT_DOUBLE_EQ(DoubleLoopFitness(3, 0, 7), 53.0 / 56);
  EXPECT_DOUBLE_EQ(DoubleLoopFitness(3, 3, 7), 32.0 / 56);
  EXPECT_DOUBLE_EQ(DoubleLoopFitness(7, 7, 7), 0);
  EXPECT_DOUBLE_EQ(DoubleLoopFitness(70, 70, 7), 0);  // capped at mu
  EXPECT_DOUBLE_EQ(SingleLoopFitness(3, 7), 4.0 / 7);
  EXPECT_DOUBLE_EQ(SingleLoopFitness(0, 7), 1);
  EXPECT_DOUBLE_EQ(CombinedFitness(0.2, 0.0, 7), 0.80);
  EXPECT_DOUBLE_EQ(CombinedFitness(0.0, 1.0, 7), 0.75);  // the plateau
  EXPECT_DOUBLE_EQ(CombinedFitness(0.0, 0.0, 7), 0);
  EXPECT_DOUBLE_EQ(CombinedFitness(0.4, 0.0, 1), 0.4);
  // Monotone: more iterations never worsen the fitness.
  for (double n = 0; n < 10; ++n) {
    EXPECT_LE(SingleLoopFitness(n + 1, 7), SingleLoopFitness(n, 7));
  }
}

}  // namespace
}  // namespace jtg::perf

namespace jtg::perf {
namespace {
TEST(PerfGoals, AmortizedGrowthLoopsAreNoInnerLoops) {
  EXPECT_TRUE(IsAmortizedGrowth({"java/util/HashMap", "resize", "()[Ljava/util/HashMap$Node;"}));
  EXPECT_TRUE(IsAmortizedGrowth({"java/util/Hashtable", "rehash", "()V"}));
  EXPECT_FALSE(
      IsAmortizedGrowth({"java/util/ArrayList", "indexOfRange", "(Ljava/lang/Object;II)I"}));
  EXPECT_FALSE(IsAmortizedGrowth(
      {"java/util/HashMap", "getNode", "(Ljava/lang/Object;)Ljava/util/HashMap$Node;"}));
}
}  // namespace
}  // namespace jtg::perf
