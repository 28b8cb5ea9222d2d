// Branch distances on the shared embedded JVM (tests/fixtures/distance/Cmp.java): the
// distance of the outcome not taken, per the standard table with K = 1, for int, long,
// float/double (through the lcmp/fcmp?/dcmp? replacements) and reference conditions; and
// that the replaced compares return exactly what the JVM's instructions return.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <tuple>

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

const char* kCmp = "fixtures/distance/Cmp";

std::shared_ptr<const Callable> Static(const std::string& name, const std::string& desc) {
  return testing::MakeMethod(kCmp, name, desc, true);
}

// A primitive literal of type I, J, F or D.
int AddPrim(TestCase& tc, char type, int64_t i, double d = 0) {
  return testing::AddPrimitive(tc, type, i, d);
}

int AddObject(TestCase& tc, bool null) {
  Stmt s;
  s.type = *classfile::ParseFieldDescriptor("Ljava/lang/Object;");
  if (null) {
    s.kind = StmtKind::kNull;
  } else {
    s.kind = StmtKind::kLiteral;
    s.type = *classfile::ParseFieldDescriptor("Ljava/lang/String;");
    s.lit.type = 's';
    s.lit.s = u"x";
  }
  tc.stmts.push_back(s);
  return static_cast<int>(tc.size() - 1);
}

// Runs Cmp.name(args) built by `add_args`; the call's result is values.back().
ExecResult Call(const std::string& name, const std::string& desc,
                const std::function<std::vector<int>(TestCase&)>& add_args) {
  TestCase tc;
  std::vector<int> args = add_args(tc);
  Stmt s;
  s.kind = StmtKind::kCall;
  s.callable = Static(name, desc);
  s.type = s.callable->desc.ret;
  s.args = std::move(args);
  tc.stmts.push_back(s);
  return testing::GetSharedJvm().executor->Run(tc);
}

// The k-th conditional jump (in offset order) of method `name`.
instrument::BranchGoal BranchOf(const std::string& name, size_t k = 0) {
  auto& jvm = testing::GetSharedJvm();
  EXPECT_NE(jvm.executor->FindClass(kCmp), nullptr);
  auto plan = jvm.transformer.Plan(kCmp);
  EXPECT_TRUE(plan.has_value());
  if (plan) {
    for (const auto& m : plan->methods) {
      if (m.name != name) continue;
      EXPECT_TRUE(m.instrumented) << m.SkipText();
      auto branches = m.branches;
      std::sort(branches.begin(), branches.end(),
                [](const auto& a, const auto& b) { return a.offset < b.offset; });
      if (k < branches.size()) return branches[k];
    }
  }
  ADD_FAILURE() << "no branch " << k << " in " << name;
  return {};
}

std::optional<float> DistanceOf(const ExecResult& r, int32_t goal) {
  std::optional<float> d;
  for (const auto& [g, v] : r.distances) {
    if (g == goal) {
      EXPECT_FALSE(d.has_value()) << "goal " << goal << " reported twice";
      d = v;
    }
  }
  return d;
}

bool Reached(const ExecResult& r, int32_t goal) {
  return std::find(r.goals.begin(), r.goals.end(), goal) != r.goals.end();
}

ExecResult CallInt(const std::string& name, int64_t x) {
  return Call(name, "(I)I", [&](TestCase& tc) { return std::vector<int>{AddPrim(tc, 'I', x)}; });
}

ExecResult CallLongs(const std::string& name, int64_t a, int64_t b) {
  return Call(name, "(JJ)I", [&](TestCase& tc) {
    return std::vector<int>{AddPrim(tc, 'J', a), AddPrim(tc, 'J', b)};
  });
}

ExecResult CallFloating(const std::string& name, char type, double a, double b) {
  std::string desc = std::string("(") + type + type + ")I";
  return Call(name, desc, [&](TestCase& tc) {
    return std::vector<int>{AddPrim(tc, type, 0, a), AddPrim(tc, type, 0, b)};
  });
}

TEST(Distance, IntEqualityMissedByTwo) {
  // if (x == 42) compiles to if_icmpne: goal id = jump taken (x != 42), id + 1 = x == 42.
  instrument::BranchGoal b = BranchOf("eq");
  ExecResult miss = CallInt("eq", 40);
  ASSERT_TRUE(miss.Normal()) << miss.exception_class;
  EXPECT_EQ(miss.values.back().i, 0);
  EXPECT_TRUE(Reached(miss, b.id));
  EXPECT_FALSE(Reached(miss, b.id + 1));
  EXPECT_EQ(DistanceOf(miss, b.id + 1), 2.0f);
  EXPECT_EQ(DistanceOf(miss, b.id), std::nullopt);  // reached: no distance

  ExecResult hit = CallInt("eq", 42);
  EXPECT_EQ(hit.values.back().i, 1);
  EXPECT_TRUE(Reached(hit, b.id + 1));
  EXPECT_EQ(DistanceOf(hit, b.id + 1), std::nullopt);
  EXPECT_EQ(DistanceOf(hit, b.id), 1.0f);  // x != 42 from x == 42: K
}

TEST(Distance, IntOrderingAddsKForStrictRelations) {
  // if (x < 10) compiles to if_icmpge: id = x >= 10, id + 1 = x < 10.
  instrument::BranchGoal b = BranchOf("lt");
  EXPECT_EQ(DistanceOf(CallInt("lt", 15), b.id + 1), 6.0f);  // x < 10: 15 - 10 + K
  EXPECT_EQ(DistanceOf(CallInt("lt", 3), b.id), 7.0f);       // x >= 10: 10 - 3
  EXPECT_EQ(DistanceOf(CallInt("lt", 9), b.id), 1.0f);
}

TEST(Distance, LongCompareUsesOperandDifference) {
  // lcmp; ifne: id = x != 15, id + 1 = x == 15.
  instrument::BranchGoal eq = BranchOf("eqLong");
  ExecResult r =
      Call("eqLong", "(J)I", [](TestCase& tc) { return std::vector<int>{AddPrim(tc, 'J', 10)}; });
  ASSERT_TRUE(r.Normal()) << r.exception_class;
  EXPECT_EQ(r.values.back().i, 0);
  EXPECT_EQ(DistanceOf(r, eq.id + 1), 5.0f);

  // lcmp; ifge: id = a >= b, id + 1 = a < b.
  instrument::BranchGoal lt = BranchOf("ltLong");
  ExecResult less = CallLongs("ltLong", 10, 15);
  EXPECT_EQ(less.values.back().i, 1);
  EXPECT_EQ(DistanceOf(less, lt.id), 5.0f);  // a >= b: b - a
  ExecResult more = CallLongs("ltLong", 15, 10);
  EXPECT_EQ(more.values.back().i, 0);
  EXPECT_EQ(DistanceOf(more, lt.id + 1), 6.0f);  // a < b: a - b + K
  // The difference overflows a long: still a positive, finite distance.
  ExecResult far =
      CallLongs("ltLong", std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(far.values.back().i, 0);
  auto d = DistanceOf(far, lt.id + 1);
  ASSERT_TRUE(d.has_value());
  EXPECT_GT(*d, 1e18f);
}

TEST(Distance, DoubleCompareUsesOperandDifference) {
  // a < b on doubles: dcmpg; ifge. id = !(a < b), id + 1 = a < b.
  instrument::BranchGoal b = BranchOf("ltD");
  EXPECT_EQ(DistanceOf(CallFloating("ltD", 'D', 1.5, 1.0), b.id + 1), 1.5f);  // .5 + K
  EXPECT_EQ(DistanceOf(CallFloating("ltD", 'D', 1.0, 1.25), b.id), 0.25f);
  // NaN: no operand value on this side can make a < b true; the distance is maximal.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(DistanceOf(CallFloating("ltD", 'D', nan, 1.0), b.id + 1), FLT_MAX);
  // a == b on floats: fcmpl; ifne. id + 1 = a == b.
  instrument::BranchGoal e = BranchOf("eqF");
  EXPECT_EQ(DistanceOf(CallFloating("eqF", 'F', 2.0, 5.5), e.id + 1), 3.5f);
  EXPECT_EQ(DistanceOf(CallFloating("eqF", 'F', 2.0, 2.0), e.id), 1.0f);  // a != b: K
}

TEST(Distance, EachJumpUsesItsOwnCompare) {
  // signD(3, 1): a < b (dcmpg; ifge) taken -> a < b needs 2 + K;
  // a > b (dcmpl; ifle) not taken -> its jump (a <= b) needs a - b = 2.
  instrument::BranchGoal lt = BranchOf("signD", 0);
  instrument::BranchGoal gt = BranchOf("signD", 1);
  ExecResult r = CallFloating("signD", 'D', 3.0, 1.0);
  EXPECT_EQ(r.values.back().i, 1);
  EXPECT_EQ(DistanceOf(r, lt.id + 1), 3.0f);
  EXPECT_EQ(DistanceOf(r, gt.id), 2.0f);
  // The next run starts clean: a plain int jump measures its own operands.
  instrument::BranchGoal eq = BranchOf("eq");
  EXPECT_EQ(DistanceOf(CallInt("eq", 45), eq.id + 1), 3.0f);
}

TEST(Distance, NullAndReferenceChecksUseK) {
  // if (o == null) compiles to ifnonnull: id = o != null, id + 1 = o == null.
  instrument::BranchGoal n = BranchOf("isNull");
  ExecResult non_null = Call("isNull", "(Ljava/lang/Object;)I",
                             [](TestCase& tc) { return std::vector<int>{AddObject(tc, false)}; });
  EXPECT_EQ(non_null.values.back().i, 0);
  EXPECT_EQ(DistanceOf(non_null, n.id + 1), 1.0f);
  ExecResult null = Call("isNull", "(Ljava/lang/Object;)I",
                         [](TestCase& tc) { return std::vector<int>{AddObject(tc, true)}; });
  EXPECT_EQ(DistanceOf(null, n.id), 1.0f);

  instrument::BranchGoal s = BranchOf("same");
  ExecResult diff = Call("same", "(Ljava/lang/Object;Ljava/lang/Object;)I", [](TestCase& tc) {
    return std::vector<int>{AddObject(tc, false), AddObject(tc, true)};
  });
  EXPECT_EQ(diff.values.back().i, 0);
  EXPECT_EQ(DistanceOf(diff, s.id + 1), 1.0f);
}

// The replaced fcmpl/fcmpg/dcmpl/dcmpg/lcmp give the JVM's results: each relation method
// returns what the relation gives in IEEE 754 (C++ agrees with Java here, NaN included).
TEST(Distance, ReplacedComparesKeepJvmResults) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::pair<double, double> pairs[] = {{nan, 1},    {1, nan}, {nan, nan},  {1, 1},
                                             {1, 2},      {2, 1},   {-0.0, 0.0}, {inf, inf},
                                             {-inf, inf}, {inf, 1}, {0.1, 0.2}};
  struct Rel {
    const char* name;
    bool (*holds)(double, double);
  };
  const Rel rels[] = {
      {"lt", [](double a, double b) { return a < b; }},
      {"le", [](double a, double b) { return a <= b; }},
      {"gt", [](double a, double b) { return a > b; }},
      {"ge", [](double a, double b) { return a >= b; }},
      {"eq", [](double a, double b) { return a == b; }},
      {"ne", [](double a, double b) { return a != b; }},
  };
  for (char type : {'F', 'D'}) {
    for (const Rel& rel : rels) {
      const std::string name = std::string(rel.name) + type;
      for (auto [a, b] : pairs) {
        double fa = a, fb = b;
        if (type == 'F') {
          fa = static_cast<float>(a);
          fb = static_cast<float>(b);
        }
        ExecResult r = CallFloating(name, type, a, b);
        ASSERT_TRUE(r.Normal()) << name << " " << r.exception_class << r.setup_error;
        EXPECT_EQ(r.values.back().i, rel.holds(fa, fb) ? 1 : 0)
            << name << "(" << a << ", " << b << ")";
      }
    }
  }
  const std::pair<int64_t, int64_t> longs[] = {
      {1, 2},
      {2, 1},
      {5, 5},
      {std::numeric_limits<int64_t>::min(), 1},
      {std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()}};
  for (auto [a, b] : longs) {
    EXPECT_EQ(CallLongs("ltJ", a, b).values.back().i, a < b ? 1 : 0) << a << " " << b;
    EXPECT_EQ(CallLongs("eqJ", a, b).values.back().i, a == b ? 1 : 0) << a << " " << b;
  }
  // Three compares in one method, including the unordered case.
  for (auto [a, b, want] :
       {std::tuple{1.0, 2.0, -1}, {2.0, 1.0, 1}, {1.0, 1.0, 0}, {nan, 1.0, 2}, {1.0, nan, 2}}) {
    EXPECT_EQ(CallFloating("signD", 'D', a, b).values.back().i, want) << a << " " << b;
  }
}

}  // namespace
}  // namespace jtg
