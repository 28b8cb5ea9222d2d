// Weak relational-operator mutants logged by jtestgen.rt.WeakMutation through the conditional
// probes, on the shared embedded JVM (tests/fixtures/mutation/Rel.java): the exact set of
// infected mutants per execution, the "reached" marker with the original operator, and one
// log entry per (conditional, mutant) per execution. Mutant indices: 0 eq, 1 ne, 2 lt, 3 ge,
// 4 gt, 5 le (of the bytecode jump, which javac writes with the negated source operator),
// 6 the jump always taken (PIT's REMOVE_CONDITIONALS_*_ELSE; infected when the jump is not
// taken; the only mutant of a reference compare).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "jvm_fixture.h"
#include "testcase/executor.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

using testcase::Callable;
using testcase::ExecResult;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

const char* kRel = "fixtures/mutation/Rel";
constexpr int32_t kEq = 0, kNe = 1, kLt = 2, kGe = 3, kGt = 4, kLe = 5, kJump = 6;

int AddInt(TestCase& tc, int64_t v) { return testing::AddPrimitive(tc, 'I', v); }

ExecResult Call(const std::string& name, const std::string& desc, TestCase tc,
                std::vector<int> args) {
  testing::AddCallStmt(tc, testing::MakeMethod(kRel, name, desc, true), std::move(args));
  return testing::GetSharedJvm().executor->Run(tc);
}

ExecResult Ints(const std::string& name, std::vector<int64_t> vals) {
  TestCase tc;
  std::vector<int> args;
  std::string desc = "(";
  for (int64_t v : vals) {
    args.push_back(AddInt(tc, v));
    desc += "I";
  }
  return Call(name, desc + ")I", std::move(tc), std::move(args));
}

ExecResult IsNull(bool null) {
  TestCase tc;
  Stmt s;
  if (null) {
    s.kind = StmtKind::kNull;
    s.type = *classfile::ParseFieldDescriptor("Ljava/lang/Object;");
  } else {
    s.kind = StmtKind::kLiteral;
    s.type = *classfile::ParseFieldDescriptor("Ljava/lang/String;");
    s.lit.type = 's';
    s.lit.s = u"x";
  }
  tc.stmts.push_back(s);
  return Call("isNull", "(Ljava/lang/Object;)I", std::move(tc), {0});
}

// Goal id of the only conditional jump of `method`.
int32_t CondOf(const std::string& method) {
  auto& jvm = testing::GetSharedJvm();
  EXPECT_NE(jvm.executor->FindClass(kRel), nullptr);
  auto plan = jvm.transformer.Plan(kRel);
  EXPECT_TRUE(plan.has_value());
  if (plan) {
    for (const auto& m : plan->methods) {
      if (m.name == method && m.branches.size() == 1) return m.branches[0].id;
    }
  }
  ADD_FAILURE() << "no single conditional in " << method;
  return -1;
}

struct Log {
  std::vector<int32_t> markers;  // original operator per reached marker
  std::multiset<int32_t> infected;
};

Log LogOf(const ExecResult& r, int32_t cond) {
  Log out;
  for (const auto& [c, k] : r.mutants) {
    if (c != cond) continue;
    if (k < 0)
      out.markers.push_back(-1 - k);
    else
      out.infected.insert(k);
  }
  return out;
}

TEST(MutationProbes, RelationalJumpInfectsTheOperatorsThatDisagree) {
  int32_t cond = CondOf("lt");  // if (a < b) -> if_icmpge (jump when a >= b)
  struct Case {
    int64_t a, b;
    std::multiset<int32_t> infected;
  };
  // 1 < 2: ge false; eq false, ne true, lt true, gt false, le true; always jump.
  // 2 < 2: ge true; eq true, ne false, lt false, gt false, le true.
  // 3 < 2: ge true; eq false, ne true, lt false, gt true, le false.
  for (const Case& c : {Case{1, 2, {kNe, kLt, kLe, kJump}}, Case{2, 2, {kNe, kLt, kGt}},
                        Case{3, 2, {kEq, kLt, kLe}}}) {
    ExecResult r = Ints("lt", {c.a, c.b});
    ASSERT_TRUE(r.Normal()) << r.exception_class;
    Log log = LogOf(r, cond);
    EXPECT_EQ(log.markers, std::vector<int32_t>{kGe}) << c.a << " " << c.b;
    EXPECT_EQ(log.infected, c.infected) << c.a << " " << c.b;
  }
}

TEST(MutationProbes, CompareWithZero) {
  int32_t cond = CondOf("pos");              // if (x > 0) -> ifle
  Log zero = LogOf(Ints("pos", {0}), cond);  // le true
  EXPECT_EQ(zero.markers, std::vector<int32_t>{kLe});
  EXPECT_EQ(zero.infected, (std::multiset<int32_t>{kNe, kLt, kGt}));
  Log five = LogOf(Ints("pos", {5}), cond);  // le false
  EXPECT_EQ(five.infected, (std::multiset<int32_t>{kNe, kGe, kGt, kJump}));
  Log minus = LogOf(Ints("pos", {-5}), cond);  // le true
  EXPECT_EQ(minus.infected, (std::multiset<int32_t>{kEq, kGe, kGt}));
}

TEST(MutationProbes, NullCheckHasOneMutantInfectedWhenTheJumpIsNotTaken) {
  int32_t cond = CondOf("isNull");  // o == null -> ifnonnull (jump when o is not null)
  for (bool null : {true, false}) {
    Log log = LogOf(IsNull(null), cond);
    EXPECT_EQ(log.markers, std::vector<int32_t>{kJump});
    EXPECT_EQ(log.infected, null ? std::multiset<int32_t>{kJump} : std::multiset<int32_t>{});
  }
}

TEST(MutationProbes, LoggedOncePerExecutionAndReset) {
  int32_t cond = CondOf("count");  // i < n -> if_icmpge at the loop head
  // i = 0, 1, 2 < 3: ge false, infected ne, lt, le, always jump; i = 3: ge true, infected ne,
  // lt, gt.
  Log log = LogOf(Ints("count", {3}), cond);
  EXPECT_EQ(log.markers, std::vector<int32_t>{kGe});
  EXPECT_EQ(log.infected, (std::multiset<int32_t>{kNe, kLt, kGt, kLe, kJump}));
  // The next execution starts afresh.
  Log again = LogOf(Ints("count", {0}), cond);
  EXPECT_EQ(again.markers, std::vector<int32_t>{kGe});
  EXPECT_EQ(again.infected, (std::multiset<int32_t>{kNe, kLt, kGt}));
  // No mutant of another conditional is left over from the runs above.
  EXPECT_TRUE(LogOf(Ints("count", {0}), CondOf("lt")).markers.empty());
}

}  // namespace
}  // namespace jtg
