// Strong mutation (assertion filtering, generate/search/assertion_filter.h): with the mutation
// option, branch probes return the jump's outcome and the operator helpers their result, and
// with one mutant switched on (Executor::SetMutant) the instrumented code computes the
// mutant's result. Fixture: tests/fixtures/mutation/Strong.java.
#include <gtest/gtest.h>

#include <string>

#include "jvm_fixture.h"
#include "testcase/executor.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

using testcase::ExecResult;
using testcase::TestCase;

const char* kStrong = "fixtures/mutation/Strong";

testing::SharedJvm& Jvm() {
  auto& jvm = testing::GetSharedJvm();
  static const bool loaded = [&] {
    jvm.transformer.EnableMutation(kStrong);  // before the class first loads
    return jvm.executor->FindClass(kStrong) != nullptr;
  }();
  EXPECT_TRUE(loaded);
  return jvm;
}

const instrument::MethodPlan* PlanOf(const std::string& method) {
  static const auto plan = Jvm().transformer.Plan(kStrong);
  if (!plan) return nullptr;
  for (const auto& m : plan->methods) {
    if (m.name == method) return &m;
  }
  return nullptr;
}

// Runs Strong.<method> on int/long literals with mutant (site, k) on (site 0: none).
int64_t RunWith(const std::string& method, const std::string& desc, std::vector<int64_t> args,
                int32_t site = 0, int32_t k = -1) {
  TestCase tc;
  std::vector<int> ids;
  for (size_t i = 0; i < args.size(); ++i) {
    ids.push_back(testing::AddPrimitive(tc, desc[1 + i], args[i]));
  }
  testing::AddCallStmt(tc, testing::MakeMethod(kStrong, method, desc, true), ids);
  auto& ex = *Jvm().executor;
  ex.SetMutant(site, k);
  ExecResult r = ex.Run(tc);
  ex.ClearMutant();
  EXPECT_TRUE(r.Normal()) << r.exception_class;
  return r.values.empty() ? -99 : r.values.back().i;
}

TEST(StrongMutation, RelationalMutantsChangeTheJump) {
  const auto* m = PlanOf("lt");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->branches.size(), 1u);
  const int32_t cond = m->branches[0].id;
  EXPECT_EQ(RunWith("lt", "(II)I", {1, 2}), 1);
  EXPECT_EQ(RunWith("lt", "(II)I", {2, 1}), 0);
  // The jump (originally if_icmpge) with operator k: taken -> return 0.
  // 1 vs 2: eq no, ne yes, lt yes, ge no, gt no, le yes.
  const int expected[] = {1, 0, 0, 1, 1, 0};
  for (int k = 0; k < 6; ++k) {
    EXPECT_EQ(RunWith("lt", "(II)I", {1, 2}, cond, k), expected[k]) << "mutant " << k;
  }
  // Mutant 6, the jump always taken (PIT's REMOVE_CONDITIONALS_ORDER_ELSE): return 0.
  EXPECT_EQ(RunWith("lt", "(II)I", {1, 2}, cond, 6), 0);
  EXPECT_EQ(RunWith("lt", "(II)I", {2, 1}, cond, 6), 0);
  // Another site's mutant does not change this jump.
  EXPECT_EQ(RunWith("lt", "(II)I", {1, 2}, cond + 100, 0), 1);
}

TEST(StrongMutation, LongCompareAndNullCheckMutants) {
  const auto* pos = PlanOf("pos");
  ASSERT_NE(pos, nullptr);
  ASSERT_EQ(pos->branches.size(), 1u);
  const int32_t cond = pos->branches[0].id;
  EXPECT_EQ(RunWith("pos", "(J)I", {5}), 1);
  // ifle (index 5) -> ifgt (index 4): 5 > 0 jumps to return 0.
  EXPECT_EQ(RunWith("pos", "(J)I", {5}, cond, 4), 0);
  EXPECT_EQ(RunWith("pos", "(J)I", {-5}, cond, 4), 1);
  const auto* isnull = PlanOf("isNull");
  ASSERT_NE(isnull, nullptr);
  ASSERT_EQ(isnull->branches.size(), 1u);
  TestCase tc;
  tc.stmts.push_back(testcase::Stmt{});
  tc.stmts.back().kind = testcase::StmtKind::kNull;
  tc.stmts.back().type = *classfile::ParseFieldDescriptor("Ljava/lang/Object;");
  testing::AddCallStmt(tc, testing::MakeMethod(kStrong, "isNull", "(Ljava/lang/Object;)I", true),
                       {0});
  auto& ex = *Jvm().executor;
  EXPECT_EQ(ex.Run(tc).values.back().i, 1);
  ex.SetMutant(isnull->branches[0].id, 6);  // the jump (ifnonnull) always taken
  ExecResult r = ex.Run(tc);
  ex.ClearMutant();
  ASSERT_TRUE(r.Normal());
  EXPECT_EQ(r.values.back().i, 0);
}

TEST(StrongMutation, ArithmeticMutantsChangeTheResult) {
  const auto* m = PlanOf("sum");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->mutation_sites.size(), 2u);  // iadd, then the ireturn (PRIMITIVE_RETURNS)
  ASSERT_EQ(m->mutation_sites[0].opcode, 0x60);
  const int32_t site = m->mutation_sites[0].id;
  EXPECT_EQ(RunWith("sum", "(II)I", {7, 2}), 9);
  EXPECT_EQ(RunWith("sum", "(II)I", {7, 2}, site, 0x64), 5);   // isub
  EXPECT_EQ(RunWith("sum", "(II)I", {7, 2}, site, 0x68), 14);  // imul
  EXPECT_EQ(RunWith("sum", "(II)I", {7, 2}, site, 0x6c), 3);   // idiv
  EXPECT_EQ(RunWith("sum", "(II)I", {7, 2}, site, 0x70), 1);   // irem
  EXPECT_EQ(RunWith("sum", "(II)I", {7, 2}), 9);               // switched off again
}

}  // namespace
}  // namespace jtg
