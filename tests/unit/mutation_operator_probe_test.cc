// Arithmetic, bitwise and shift weak mutants logged by jtestgen.rt.WeakMutation on the
// shared embedded JVM (tests/fixtures/mutation/Arith.java, instrumented with the mutation
// option): per execution of a site, the reached marker -1 - opcode and exactly the mutants
// (named by their replacing opcode) whose result differs from the original's, a throwing
// mutant counting as different from a non-throwing original and vice versa.
#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>

#include "jvm_fixture.h"
#include "testcase/executor.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

using testcase::ExecResult;
using testcase::TestCase;

const char* kArith = "fixtures/mutation/Arith";

// Opcodes (JVMS §6.5).
constexpr int32_t kIadd = 0x60, kLadd = 0x61, kFadd = 0x62, kDadd = 0x63;
constexpr int32_t kIsub = 0x64, kLsub = 0x65, kFsub = 0x66, kDsub = 0x67;
constexpr int32_t kImul = 0x68, kLmul = 0x69, kDmul = 0x6b;
constexpr int32_t kIdiv = 0x6c, kLdiv = 0x6d, kFdiv = 0x6e, kDdiv = 0x6f;
constexpr int32_t kIrem = 0x70, kLrem = 0x71, kFrem = 0x72, kDrem = 0x73;
constexpr int32_t kIshl = 0x78, kLshl = 0x79, kIshr = 0x7a, kLshr = 0x7b;
constexpr int32_t kIushr = 0x7c, kLushr = 0x7d;
constexpr int32_t kIand = 0x7e, kLand = 0x7f, kIor = 0x80, kLor = 0x81, kIxor = 0x82;
constexpr int32_t kLxor = 0x83;

testing::SharedJvm& Jvm() {
  auto& jvm = testing::GetSharedJvm();
  static const bool loaded = [&] {
    jvm.transformer.EnableMutation(kArith);  // before the class first loads
    return jvm.executor->FindClass(kArith) != nullptr;
  }();
  EXPECT_TRUE(loaded);
  return jvm;
}

// The site id of the only operator mutation site of `method`.
int32_t SiteOf(const std::string& method) {
  auto plan = Jvm().transformer.Plan(kArith);
  EXPECT_TRUE(plan.has_value());
  if (plan) {
    for (const auto& m : plan->methods) {
      if (m.name != method) continue;
      // The operator site; the method's return is a PIT site of its own.
      for (const auto& s : m.mutation_sites) {
        if (s.opcode >= 0x60 && s.opcode <= 0x83) return s.id;
      }
    }
  }
  ADD_FAILURE() << "no operator mutation site in " << method;
  return -1;
}

// Calls Arith.<method>(a, b); `type` is the operand type (I J F D), the second operand of a
// shift is an int.
ExecResult Call(const std::string& method, char type, double a, double b) {
  const bool shift = method.find("sh") != std::string::npos;
  const char tb = shift ? 'I' : type;
  TestCase tc;
  auto lit = [&](char t, double v) {
    return t == 'F' || t == 'D' ? testing::AddPrimitive(tc, t, 0, v)
                                : testing::AddPrimitive(tc, t, static_cast<int64_t>(v));
  };
  int x = lit(type, a), y = lit(tb, b);
  std::string desc = std::string("(") + type + tb + ")" + type;
  testing::AddCallStmt(tc, testing::MakeMethod(kArith, method, desc, true), {x, y});
  return Jvm().executor->Run(tc);
}

struct Log {
  std::vector<int32_t> markers;  // original opcode per reached marker
  std::set<int32_t> infected;
};

Log LogOf(const ExecResult& r, int32_t site) {
  Log out;
  for (const auto& [id, k] : r.mutants) {
    if (id != site) continue;
    if (k < 0) {
      out.markers.push_back(-1 - k);
    } else {
      EXPECT_TRUE(out.infected.insert(k).second) << "logged twice: " << k;
    }
  }
  return out;
}

struct Case {
  const char* method;
  char type;
  double a, b;
  int32_t opcode;
  std::set<int32_t> infected;
  bool throws = false;
};

TEST(MutationOperatorProbes, InfectedMutantsAreExactlyThoseThatDiffer) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Case cases[] = {
      // 3 + 0 = 3: 3 - 0 = 3 same; 3 * 0 = 0; 3 / 0 and 3 % 0 throw.
      {"iadd", 'I', 3, 0, kIadd, {kImul, kIdiv, kIrem}},
      // 7 / 2 = 3: 9, 5, 14, 1 all differ.
      {"idiv", 'I', 7, 2, kIdiv, {kIadd, kIsub, kImul, kIrem}},
      // 0 / 5 = 0: 5, -5 differ; 0 * 5 = 0 % 5 = 0.
      {"idiv", 'I', 0, 5, kIdiv, {kIadd, kIsub}},
      // 1 / 0 throws: + - * do not; % throws too.
      {"idiv", 'I', 1, 0, kIdiv, {kIadd, kIsub, kImul}, true},
      {"irem", 'I', 4, 0, kIrem, {kIadd, kIsub, kImul}, true},
      // 2 + 2 = 4 = 2 * 2; 0, 1, 0 differ.
      {"ladd", 'J', 2, 2, kLadd, {kLsub, kLdiv, kLrem}},
      {"ldiv", 'J', 5, 0, kLdiv, {kLadd, kLsub, kLmul}, true},
      {"fadd", 'F', 2, 2, kFadd, {kFsub, kFdiv, kFrem}},
      // 1 / 0 = inf (no throw): 1, 1, 0, NaN all differ.
      {"fdiv", 'F', 1, 0, kFdiv, {kFadd, kFsub, 0x6a, kFrem}},
      // 0.0 + -0.0 = 0.0 = 0.0 - -0.0; -0.0, NaN, NaN differ.
      {"dadd", 'D', 0, -0.0, kDadd, {kDmul, kDdiv, kDrem}},
      // NaN - 1 = NaN, as every other operator: nothing infected.
      {"dsub", 'D', nan, 1, kDsub, {}},
      // 1 << 0 = 1 >> 0 = 1 >>> 0.
      {"ishl", 'I', 1, 0, kIshl, {}},
      // -8 >> 1 = -4: -16 and 0x7ffffffc differ.
      {"ishr", 'I', -8, 1, kIshr, {kIshl, kIushr}},
      // 8 >>> 1 = 4 = 8 >> 1; 16 differs.
      {"iushr", 'I', 8, 1, kIushr, {kIshl}},
      // 8L >> 1 = 4 = 8L >>> 1; 16 differs.
      {"lshr", 'J', 8, 1, kLshr, {kLshl}},
      {"lushr", 'J', -1, 1, kLushr, {kLshl, kLshr}},
      {"lshl", 'J', 3, 64, kLshl, {}},  // the count is taken mod 64: 3 << 0
      // 12 & 10 = 8: 14, 6 differ.
      {"iand", 'I', 12, 10, kIand, {kIor, kIxor}},
      // 5 | 5 = 5 = 5 & 5; 0 differs.
      {"ior", 'I', 5, 5, kIor, {kIxor}},
      {"ixor", 'I', 6, 3, kIxor, {kIand, kIor}},
      // 0 ^ 7 = 7 = 0 | 7; 0 differs.
      {"lxor", 'J', 0, 7, kLxor, {kLand}},
      {"land", 'J', -1, 3, kLand, {kLor, kLxor}},
      {"lor", 'J', 0, 0, kLor, {}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.method) + "(" + std::to_string(c.a) + ", " + std::to_string(c.b) +
                 ")");
    int32_t site = SiteOf(c.method);
    ExecResult r = Call(c.method, c.type, c.a, c.b);
    if (c.throws) {
      EXPECT_EQ(r.exception_class, "java.lang.ArithmeticException");
    } else {
      EXPECT_TRUE(r.Normal()) << r.exception_class;
    }
    Log log = LogOf(r, site);
    EXPECT_EQ(log.markers, std::vector<int32_t>{c.opcode});
    EXPECT_EQ(log.infected, c.infected);
  }
}

TEST(MutationOperatorProbes, InstrumentedMethodsReturnTheOriginalResult) {
  // The executor sees the helper's return value as the method's.
  ExecResult r = Call("imul", 'I', -6, 7);
  ASSERT_TRUE(r.Normal());
  ASSERT_GE(r.values.size(), 3u);
  EXPECT_EQ(r.values[2].i, -42);
  r = Call("lrem", 'J', -7, 3);
  ASSERT_TRUE(r.Normal());
  EXPECT_EQ(r.values[2].i, -1);
  r = Call("ddiv", 'D', 1, 4);
  ASSERT_TRUE(r.Normal());
  EXPECT_DOUBLE_EQ(r.values[2].d, 0.25);
}

TEST(MutationOperatorProbes, LoggedOncePerExecutionAndReset) {
  int32_t site = SiteOf("ior");
  // Two calls in one test: 5 | 5 infects ixor, 1 | 2 infects iand (ixor = 3 = ior).
  TestCase tc;
  int a = testing::AddPrimitive(tc, 'I', 5), b = testing::AddPrimitive(tc, 'I', 1);
  int c = testing::AddPrimitive(tc, 'I', 2);
  auto ior = testing::MakeMethod(kArith, "ior", "(II)I", true);
  testing::AddCallStmt(tc, ior, {a, a});
  testing::AddCallStmt(tc, ior, {b, c});
  testing::AddCallStmt(tc, ior, {a, a});
  Log log = LogOf(Jvm().executor->Run(tc), site);
  EXPECT_EQ(log.markers, std::vector<int32_t>{kIor});
  EXPECT_EQ(log.infected, (std::set<int32_t>{kIand, kIxor}));
  Log again = LogOf(Call("ior", 'I', 0, 0), site);
  EXPECT_EQ(again.markers, std::vector<int32_t>{kIor});
  EXPECT_TRUE(again.infected.empty());
}

}  // namespace
}  // namespace jtg
