// CoverageModel and Archive on small synthetic plans.
#include <gtest/gtest.h>

#include "classfile/class_file.h"
#include "generate/blame/blocked_goals.h"
#include "generate/goals/coverage_model.h"
#include "generate/search/minimizer.h"
#include "generate/search/random_search.h"

namespace jtg::generate {
namespace {

// An instrumented public method with no goals yet.
instrument::MethodPlan Method(const std::string& name, const std::string& descriptor) {
  instrument::MethodPlan m;
  m.name = name;
  m.descriptor = descriptor;
  m.access = classfile::kAccPublic;
  m.instrumented = true;
  return m;
}

instrument::ClassPlan Plan() {
  instrument::ClassPlan p;
  p.class_name = "a/B";
  instrument::MethodPlan m = Method("f", "(I)I");
  m.blocks = {{1, 0, 4, {10}, {}}, {2, 4, 8, {11}, {}}, {3, 8, 9, {11, 12}, {}}};
  m.branches = {{4, 3, 10, {}, {}, false}};  // goals 4 (taken) and 5 (falls through)
  instrument::SwitchGoal sw;
  sw.switch_id = 0;
  sw.keys = {1, 2, 3};
  sw.key_goal = {6, 6, 7};  // keys 1 and 2 share a target
  sw.default_goal = 8;
  sw.target_goals = {6, 7, 8};
  m.switches = {sw};
  p.methods.push_back(m);
  instrument::MethodPlan synthetic = m;
  synthetic.name = "access$000";
  synthetic.access = classfile::kAccSynthetic;
  for (auto& b : synthetic.blocks) b.id += 100;
  synthetic.branches[0].id += 100;
  synthetic.switches.clear();
  p.methods.push_back(synthetic);
  return p;
}

TEST(CoverageModel, CountsLikeJaCoCo) {
  CoverageModel model(Plan());
  CoverageSummary none = model.Measure({});
  EXPECT_EQ(none.branches_total, 5);  // 2 for the if, 3 distinct switch targets
  EXPECT_EQ(none.lines_total, 3);     // lines 10, 11, 12; synthetic method not counted
  CoverageSummary some = model.Measure({1, 3, 4, 6});
  EXPECT_EQ(some.branches_covered, 2);
  EXPECT_EQ(some.lines_covered, 3);
}

TEST(CoverageModel, NestedClassesAreGoalsCountedPerClass) {
  instrument::ClassPlan nested;
  nested.class_name = "a/B$Iter";
  instrument::MethodPlan m = Method("next", "()I");
  m.blocks = {{20, 0, 4, {11}, {}}, {21, 4, 8, {30}, {}}};  // line 11 is B's too
  m.branches = {{22, 3, 30, {}, {}, false}};
  nested.methods.push_back(m);
  CoverageModel model(std::vector<instrument::ClassPlan>{Plan(), nested});
  CoverageSummary none = model.Measure({});
  EXPECT_EQ(none.branches_total, 5 + 2);
  EXPECT_EQ(none.lines_total, 3 + 2);  // line 11 counts once in each class, as in JaCoCo
  ASSERT_EQ(none.classes.size(), 2u);
  EXPECT_EQ(none.classes[1].class_name, "a/B$Iter");
  EXPECT_EQ(none.classes[1].branches_total, 2);
  EXPECT_EQ(none.classes[1].lines_total, 2);
  CoverageSummary some = model.Measure({20, 22});
  EXPECT_EQ(some.branches_covered, 1);
  EXPECT_EQ(some.lines_covered, 1);
  EXPECT_EQ(some.classes[0].lines_covered, 0);
  EXPECT_EQ(some.classes[1].lines_covered, 1);
  // Line 11 ran (in the nested class): not listed as uncovered.
  EXPECT_EQ(some.uncovered_lines, (std::vector<int>{10, 12, 30}));
  EXPECT_EQ(model.MethodKeyOf(22), "a/B$Iter.next()I");
  EXPECT_EQ(model.MethodKeyOf(4), "f(I)I");
  EXPECT_TRUE(model.IsNested(20));
  EXPECT_FALSE(model.IsNested(1));
  auto g = model.GoalsReached({20, 1, 999}, {});
  EXPECT_EQ(g, (std::vector<int32_t>{20, 1}));
  EXPECT_TRUE(CoverageModel(Plan()).Measure({}).classes.empty());  // no nested: no breakdown
  auto unreached = UnreachedNestedMethods(model, {1, 4});
  ASSERT_EQ(unreached.size(), 1u);
  EXPECT_EQ(unreached[0].method, "a/B$Iter.next()I");
  EXPECT_EQ(unreached[0].branches, 2);
  EXPECT_EQ(unreached[0].blocks, 2);
  EXPECT_TRUE(UnreachedNestedMethods(model, {21}).empty());  // one goal ran: it was reached
}

TEST(CoverageModel, MapsSwitchKeysToTargets) {
  CoverageModel model(Plan());
  auto g = model.GoalsReached({1, 104, 999}, {{0, 2}, {0, 42}});
  std::sort(g.begin(), g.end());
  EXPECT_EQ(g, (std::vector<int32_t>{1, 6, 8}));  // 104 is synthetic, 999 unknown
}

testcase::TestCase OfLength(size_t n) {
  testcase::TestCase tc;
  tc.stmts.resize(n);
  return tc;
}

TEST(Archive, KeepsShortestTestPerGoal) {
  Archive a;
  auto long_test = std::make_shared<const testcase::TestCase>(OfLength(5));
  auto short_test = std::make_shared<const testcase::TestCase>(OfLength(2));
  EXPECT_TRUE(a.Update(long_test, {1, 2}));
  EXPECT_TRUE(a.Update(short_test, {2, 3}));
  EXPECT_FALSE(a.Update(long_test, {1, 2, 3}));
  EXPECT_EQ(a.covered(), 3u);
  auto tests = a.Tests();
  ASSERT_EQ(tests.size(), 2u);
  EXPECT_EQ(tests[0].test.size(), 5u);
  EXPECT_EQ(tests[0].goals, std::vector<int32_t>{1});
  EXPECT_EQ(tests[1].goals, (std::vector<int32_t>{2, 3}));
}

TEST(Minimizer, SliceRenumbersReferences) {
  testcase::TestCase tc = OfLength(4);
  tc.stmts[2].args = {0};
  tc.stmts[3].args = {2};
  tc.stmts[3].receiver = 0;
  auto out = Slice(tc, {true, false, true, true});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out.stmts[1].args, std::vector<int>{0});
  EXPECT_EQ(out.stmts[2].args, std::vector<int>{1});
  EXPECT_EQ(out.stmts[2].receiver, 0);
}

}  // namespace
}  // namespace jtg::generate

namespace jtg::generate {
namespace {

TEST(CoverageModel, SwitchDistancesOnTheKey) {
  CoverageModel model(Plan());
  absl::flat_hash_map<int32_t, float> d;
  model.SwitchDistances({{0, 5}}, d);  // key 5 went to the default
  EXPECT_FLOAT_EQ(d[6], 3);            // nearest key of target 6 is 2
  EXPECT_FLOAT_EQ(d[7], 2);            // key 3
  EXPECT_FALSE(d.contains(8));         // the default was taken
  absl::flat_hash_map<int32_t, float> m;
  model.SwitchDistances({{0, 3}}, m);  // key 3 matched a case
  EXPECT_FLOAT_EQ(m[8], 1);            // default is one step away
  EXPECT_FLOAT_EQ(m[6], 1);
}

}  // namespace
}  // namespace jtg::generate
