// Executor on the shared embedded JVM: values, exceptions, budgets, exit neutralization and
// coverage goals, on tests/fixtures/exec/Target.java.
#include "testcase/executor.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "generate/goals/coverage_model.h"
#include "jvm_fixture.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

using testcase::Callable;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

std::shared_ptr<const Callable> Method(const std::string& owner, const std::string& name,
                                       const std::string& desc, bool is_static) {
  return testing::MakeMethod(owner, name, desc, is_static);
}

int AddInt(TestCase& tc, int64_t v) { return testing::AddPrimitive(tc, 'I', v); }

int AddCall(TestCase& tc, std::shared_ptr<const Callable> c, std::vector<int> args,
            int receiver = -1) {
  return testing::AddCallStmt(tc, std::move(c), std::move(args), receiver);
}

const char* kTarget = "fixtures/exec/Target";

TEST(Executor, CallsConstructorsAndMethodsAndObservesValues) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  int start = AddInt(tc, 5);
  int obj = AddCall(tc, Method(kTarget, "<init>", "(I)V", false), {start});
  int x = AddInt(tc, 3);
  AddCall(tc, Method(kTarget, "add", "(I)I", false), {x}, obj);
  int big = AddInt(tc, 101);
  AddCall(tc, Method(kTarget, "classify", "(I)Ljava/lang/String;", true), {big});
  testcase::ExecResult r = jvm.executor->Run(tc);
  ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
  ASSERT_EQ(r.values.size(), 6u);
  EXPECT_EQ(r.values[1].kind, testcase::Observed::kObject);
  EXPECT_EQ(r.values[1].runtime_class, "fixtures.exec.Target");
  EXPECT_EQ(r.values[3].kind, testcase::Observed::kPrimitive);
  EXPECT_EQ(r.values[3].i, 8);
  EXPECT_EQ(r.values[5].kind, testcase::Observed::kString);
  EXPECT_EQ(r.values[5].s, u"big");
}

TEST(Executor, ReportsExceptionsWithTypeAndMessage) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  int v = AddInt(tc, -1);
  AddCall(tc, Method(kTarget, "<init>", "(I)V", false), {v});
  testcase::ExecResult r = jvm.executor->Run(tc);
  EXPECT_EQ(r.threw_at, 1);
  EXPECT_EQ(r.exception_class, "java.lang.IllegalArgumentException");
  EXPECT_EQ(r.exception_message, "negative start");
  EXPECT_TRUE(r.Writable()) << "budget_exceeded=" << r.budget_exceeded
                            << " setup_failed=" << r.setup_failed << " exit=" << r.exit_attempt
                            << " sandbox=" << r.sandbox_events << " (" << r.sandbox_first
                            << ") threads_busy=" << r.threads_busy
                            << " unstoppable=" << r.threads_unstoppable;
}

TEST(Executor, NamesWhoCreatedAJdkExceptionOnlyWhenAsked) {
  auto& jvm = testing::GetSharedJvm();
  TestCase own;  // the fixture's own `throw new IllegalArgumentException(...)`
  int v = AddInt(own, -1);
  AddCall(own, Method(kTarget, "<init>", "(I)V", false), {v});
  TestCase jdk;  // String.substring's own StringIndexOutOfBoundsException
  int s = testing::AddString(jdk, "ab");
  int at = AddInt(jdk, 5);
  AddCall(jdk, Method("java/lang/String", "substring", "(I)Ljava/lang/String;", false), {at}, s);
  EXPECT_EQ(jvm.executor->Run(own).exception_origin, "");  // off by default (the search)
  jvm.executor->set_exception_origins(true);
  testcase::ExecResult r_own = jvm.executor->Run(own);
  testcase::ExecResult r_jdk = jvm.executor->Run(jdk);
  jvm.executor->set_exception_origins(false);
  EXPECT_EQ(r_own.exception_origin, "fixtures.exec.Target");
  EXPECT_EQ(r_jdk.exception_class, "java.lang.StringIndexOutOfBoundsException");
  EXPECT_TRUE(r_jdk.exception_origin.starts_with("java.lang.")) << r_jdk.exception_origin;
}

TEST(Executor, NullReceiverThrowsNullPointerException) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  Stmt null;
  null.kind = StmtKind::kNull;
  null.type = *classfile::ParseFieldDescriptor(std::string("L") + kTarget + ";");
  tc.stmts.push_back(null);
  int x = AddInt(tc, 1);
  AddCall(tc, Method(kTarget, "add", "(I)I", false), {x}, 0);
  testcase::ExecResult r = jvm.executor->Run(tc);
  EXPECT_EQ(r.threw_at, 2);
  EXPECT_EQ(r.exception_class, "java.lang.NullPointerException");
}

TEST(Executor, BuildsCollections) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  Stmt a;
  a.kind = StmtKind::kLiteral;
  a.type = *classfile::ParseFieldDescriptor("Ljava/lang/String;");
  a.lit.type = 's';
  a.lit.s = u"x";
  tc.stmts.push_back(a);
  tc.stmts.push_back(a);
  Stmt list;
  list.kind = StmtKind::kNewCollection;
  list.owner = "java/util/ArrayList";
  list.type = *classfile::ParseFieldDescriptor("Ljava/util/ArrayList;");
  list.args = {0, 1};
  tc.stmts.push_back(list);
  AddCall(tc, Method(kTarget, "sizeOf", "(Ljava/util/List;)I", true), {2});
  testcase::ExecResult r = jvm.executor->Run(tc);
  ASSERT_TRUE(r.Normal()) << r.setup_error;
  EXPECT_EQ(r.values[2].size, 2);
  EXPECT_EQ(r.values[3].i, 2);
}

TEST(Executor, ObservesTheElementsOfSmallArrays) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  int text = testing::AddString(tc, "a,,b@1b6d3586");
  int comma = testing::AddString(tc, ",");
  AddCall(tc, Method("java/lang/String", "split", "(Ljava/lang/String;)[Ljava/lang/String;", false),
          {comma}, text);
  int ab = testing::AddString(tc, "ab");
  AddCall(tc, Method("java/lang/String", "toCharArray", "()[C", false), {}, ab);
  int many = testing::AddString(tc, "abcdefghijklmnopq");  // 17 chars: past the limit
  AddCall(tc, Method("java/lang/String", "toCharArray", "()[C", false), {}, many);
  int two = testing::AddString(tc, "x,y");
  AddCall(tc, Method("java/lang/String", "split", "(Ljava/lang/String;)[Ljava/lang/String;", false),
          {comma}, two);
  auto r = jvm.executor->Run(tc);
  ASSERT_TRUE(r.Normal()) << r.exception_class;
  // An identity hash in an element: the contents are not observed, the length is.
  EXPECT_EQ(r.values[2].size, 3);
  EXPECT_TRUE(r.values[2].elements.empty());
  ASSERT_EQ(r.values[4].elements.size(), 2u);
  EXPECT_EQ(r.values[4].elements[1].prim, 'C');
  EXPECT_EQ(r.values[4].elements[1].i, 'b');
  EXPECT_EQ(r.values[6].size, 17);
  EXPECT_TRUE(r.values[6].elements.empty());
  ASSERT_EQ(r.values[8].elements.size(), 2u);
  EXPECT_EQ(r.values[8].elements[0].kind, testcase::Observed::kString);
  EXPECT_EQ(r.values[8].elements[1].s, u"y");
  // A JDK list's elements: Arrays.asList(split) holds the same strings.
  TestCase lists;
  int t2 = testing::AddString(lists, "x,y");
  int c2 = testing::AddString(lists, ",");
  int parts = AddCall(
      lists, Method("java/lang/String", "split", "(Ljava/lang/String;)[Ljava/lang/String;", false),
      {c2}, t2);
  AddCall(lists,
          Method("java/util/Arrays", "asList", "([Ljava/lang/Object;)Ljava/util/List;", true),
          {parts});
  auto l = jvm.executor->Run(lists);
  ASSERT_TRUE(l.Normal()) << l.exception_class;
  ASSERT_EQ(l.values[3].elements.size(), 2u);
  EXPECT_EQ(l.values[3].elements[0].s, u"x");
}

TEST(Executor, LoopBudgetStopsRunawayLoops) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  int x = AddInt(tc, 1);
  AddCall(tc, Method(kTarget, "spin", "(I)I", true), {x});
  testcase::ExecResult r = jvm.executor->Run(tc);
  EXPECT_TRUE(r.budget_exceeded);
  EXPECT_FALSE(r.Writable());
}

TEST(Executor, SystemExitIsNeutralized) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  int x = AddInt(tc, 3);
  AddCall(tc, Method(kTarget, "quit", "(I)V", true), {x});
  testcase::ExecResult r = jvm.executor->Run(tc);
  EXPECT_TRUE(r.exit_attempt);
  EXPECT_EQ(r.exception_class, "jtestgen.rt.ExitAttempt");
}

TEST(Executor, WatchdogStopsBlockedRuns) {
  auto& jvm = testing::GetSharedJvm();
  TestCase tc;
  AddCall(tc, Method(kTarget, "sleep", "()V", true), {});
  testcase::ExecResult r = jvm.executor->Run(tc);
  EXPECT_TRUE(r.budget_exceeded);
  EXPECT_LT(r.millis, 5000);
  // The next run is not disturbed by the interrupt.
  TestCase ok;
  int v = AddInt(ok, 1);
  AddCall(ok, Method(kTarget, "classify", "(I)Ljava/lang/String;", true), {v});
  EXPECT_TRUE(jvm.executor->Run(ok).Normal());
}

TEST(Executor, ReportsBranchAndSwitchGoals) {
  auto& jvm = testing::GetSharedJvm();
  ASSERT_NE(jvm.executor->FindClass(kTarget), nullptr);
  auto plan = jvm.transformer.Plan(kTarget);
  ASSERT_TRUE(plan.has_value());
  generate::CoverageModel model(*plan);
  auto covered_for = [&](int64_t arg, const char* name) {
    TestCase tc;
    int x = AddInt(tc, arg);
    AddCall(
        tc,
        Method(kTarget, name, std::string(name) == "kind" ? "(I)I" : "(I)Ljava/lang/String;", true),
        {x});
    testcase::ExecResult r = jvm.executor->Run(tc);
    auto g = model.GoalsReached(r.goals, r.switches);
    return absl::flat_hash_set<int32_t>(g.begin(), g.end());
  };
  auto big = covered_for(101, "classify");
  auto small = covered_for(5, "classify");
  // Different outcomes of `x > 100` reach different branch goals.
  EXPECT_NE(model.Measure(big).branches_covered, 0);
  absl::flat_hash_set<int32_t> both = big;
  both.insert(small.begin(), small.end());
  EXPECT_GT(model.Measure(both).branches_covered, model.Measure(big).branches_covered);
  // switch: keys 1, 2, 7 and default are four branches; two keys cover two of them.
  auto k1 = covered_for(1, "kind");
  auto k7 = covered_for(7, "kind");
  auto kd = covered_for(99, "kind");
  absl::flat_hash_set<int32_t> sw = k1;
  int before = model.Measure(sw).branches_covered;
  sw.insert(k7.begin(), k7.end());
  EXPECT_EQ(model.Measure(sw).branches_covered, before + 1);
  sw.insert(kd.begin(), kd.end());
  EXPECT_EQ(model.Measure(sw).branches_covered, before + 2);
}

// aDynaMOSA's dynamic proxies: probe hit counts weighted by the blocks' static tables.
TEST(Executor, CountsProbeHitsIntoTheWorkload) {
  auto& jvm = testing::GetSharedJvm();
  testcase::ExecutorOptions opts;
  opts.hit_counts = true;
  auto counting = testcase::Executor::Create(jvm.vm->env(), opts);
  ASSERT_TRUE(counting.ok()) << counting.status();
  const char* kWork = "fixtures/exec/Work";
  ASSERT_NE((*counting)->FindClass(kWork), nullptr);
  auto plan = jvm.transformer.Plan(kWork);
  ASSERT_TRUE(plan.has_value());
  generate::CoverageModel model(*plan);
  auto workload = [&](int64_t n, testcase::Executor& ex) {
    TestCase tc;
    int x = AddInt(tc, n);
    AddCall(tc, Method(kWork, "loop", "(I)I", true), {x});
    testcase::ExecResult r = ex.Run(tc);
    EXPECT_TRUE(r.Normal()) << r.exception_class;
    return std::make_pair(r, model.WorkloadOf(r.goals, r.goal_counts));
  };
  auto [r3, w3] = workload(3, **counting);
  auto [r10, w10] = workload(10, **counting);
  ASSERT_EQ(r3.goal_counts.size(), r3.goals.size());
  // loop(n): 1 call of loop + n calls of square; n arrays.
  EXPECT_EQ(w3.method_calls, 4);
  EXPECT_EQ(w10.method_calls, 11);
  EXPECT_EQ(w3.allocations, 3);
  EXPECT_EQ(w10.allocations, 10);
  // Instructions grow linearly: the loop body is a fixed number of instructions per round.
  const double per_round = (w10.instructions - w3.instructions) / 7;
  EXPECT_GT(per_round, 10);
  EXPECT_DOUBLE_EQ(w3.instructions - 3 * per_round, w10.instructions - 10 * per_round);
  // The counts of one run do not leak into the next.
  auto [again, w3b] = workload(3, **counting);
  EXPECT_EQ(w3b.method_calls, 4);
  EXPECT_EQ(w3b.instructions, w3.instructions);
  // Without hit_counts there are none.
  auto [plain, wp] = workload(3, *jvm.executor);
  EXPECT_TRUE(plain.goal_counts.empty());
  EXPECT_EQ(wp.method_calls, 0);
}

}  // namespace
}  // namespace jtg
