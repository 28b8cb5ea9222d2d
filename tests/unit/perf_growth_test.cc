// Growth fits, verdicts, WhiteSyn's loop fitness and the perf-report.json contract
// (src/perf/growth.h, loop_fitness.h, report.h).
#include <cmath>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "perf/growth.h"
#include "perf/loop_fitness.h"
#include "perf/report.h"

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

// WhiteSyn's worked values (../shared/techniques/whitesyn.md §7 and §13).
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

TEST(PerfReport, JsonKeysInContractOrder) {
  PerfReport r;
  r.cls = "com.x.Foo";
  r.budget_s = 60;
  r.mu = 1024;
  Finding f;
  f.cls = "com.x.Foo";
  f.method = "bar(java.util.Collection,java.util.Collection)";
  f.kind = FindingKind::kRedundantTraversal;
  f.status = FindingStatus::kConfirmed;
  f.reason = "r";
  f.loops = {{"com.x.Foo.bar(java.util.Collection,java.util.Collection)", 42, 1},
             {"java.util.ArrayList.indexOfRange(java.lang.Object,int,int)", 298, 2}};
  f.input_pattern = "p";
  f.sizes = {1, 2, 4};
  f.iterations = {1, 4, 16};
  f.times_ms = {0.1, 0.4, 1.6};
  f.exponent = 2.0;
  f.max_iterations = 5;
  f.test = "FooPerfTest.bar_disjointLists";
  r.findings.push_back(f);
  f.exponent.reset();
  f.test.reset();
  r.findings.push_back(f);
  r.skipped.push_back({"baz()", "reaches no loop"});
  auto j = nlohmann::ordered_json::parse(ReportJson(r));
  std::vector<std::string> top, keys;
  for (auto it = j.begin(); it != j.end(); ++it) top.push_back(it.key());
  // The contract's keys in order, then "version" and "jdk" (the binary that made the report
  // and the JDK it ran on).
  EXPECT_EQ(top, (std::vector<std::string>{"class", "budget_s", "mu", "findings", "skipped",
                                           "version", "jdk"}));
  EXPECT_EQ(j["version"].get<std::string>().rfind("jtestgen ", 0), 0u);
  EXPECT_EQ(j["jdk"].get<std::string>().rfind("JDK ", 0), 0u);
  for (auto it = j["findings"][0].begin(); it != j["findings"][0].end(); ++it) {
    keys.push_back(it.key());
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"class", "method", "kind", "status", "reason", "loops",
                                            "input_pattern", "sizes", "iterations", "times_ms",
                                            "exponent", "max_iterations", "test"}));
  EXPECT_EQ(j["findings"][0]["loops"][1]["line"], 298);
  EXPECT_EQ(j["findings"][0]["loops"][1]["depth"], 2);
  EXPECT_EQ(j["findings"][0]["exponent"], 2.0);
  EXPECT_TRUE(j["findings"][1]["exponent"].is_null());
  EXPECT_TRUE(j["findings"][1]["test"].is_null());
  EXPECT_EQ(j["skipped"][0]["reason"], "reaches no loop");
  EXPECT_EQ(j["mu"], 1024);
  std::string md = ReportMarkdown(r);
  EXPECT_NE(md.find("| 4 | 16 | 1.6 |"), std::string::npos) << md;
}

}  // namespace
}  // namespace jtg::perf
