// Iteration counting inside JDK classes (jvm/jdk_counting.h, jvm/iteration_counter.h) in an
// embedded JVM of its own: the retransform capability must be held when the JVM is
// created, and -XX:+BytecodeVerificationLocal makes it verify the rewritten java.util
// classes (boot classes are not verified by default). So this is a separate binary from
// unit_tests, whose shared JVM stays as `jtestgen suite` creates it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "counting_jvm.h"
#include "jvm/coverage_transformer.h"
#include "jvm/iteration_counter.h"
#include "jvm/jdk_counting.h"
#include "jvm/jvm.h"
#include "testcase/executor.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

using classfile::InsnKind;
using testcase::StmtKind;
using testcase::TestCase;

using testing::GetCountingJvm;

using testing::AddString;

// A collection of class `impl` holding n distinct strings "<prefix>0".."<prefix>n-1".
int AddCollection(TestCase& tc, const std::string& impl, int n, const std::string& prefix) {
  testcase::Stmt c;
  c.kind = StmtKind::kNewCollection;
  c.owner = impl;
  c.type = *classfile::ParseFieldDescriptor("L" + impl + ";");
  for (int i = 0; i < n; ++i) c.args.push_back(AddString(tc, prefix + std::to_string(i)));
  tc.stmts.push_back(c);
  return static_cast<int>(tc.size() - 1);
}

// `impl` of n elements, then contains("missing") on it.
TestCase ContainsMissing(const std::string& impl, int n) {
  TestCase tc;
  int list = AddCollection(tc, impl, n, "e");
  int missing = AddString(tc, "missing");
  testing::AddCallStmt(tc, testing::MakeMethod(impl, "contains", "(Ljava/lang/Object;)Z", false),
                       {missing}, list);
  return tc;
}

// Counters of the backward jumps of a method, in offset order.
std::vector<jvm::IterationCounter> LoopsOf(const std::string& cls, const std::string& name,
                                           const std::string& desc) {
  auto& j = GetCountingJvm();
  auto m = jvm::FindMethodCode(j.transformer, cls, name, desc);
  EXPECT_TRUE(m.ok()) << m.status();
  if (!m.ok()) return {};
  auto insns = classfile::DecodeCode(m->code.code);
  EXPECT_TRUE(insns.ok());
  std::vector<jvm::IterationCounter> out;
  for (const auto& in : *insns) {
    if ((in.kind == InsnKind::kGoto || in.kind == InsnKind::kConditional) &&
        in.targets[0] <= in.offset) {
      auto c = jvm::BackEdgeCounter(*m, in.offset);
      EXPECT_TRUE(c.ok()) << c.status();
      if (c.ok()) out.push_back(*c);
    }
  }
  return out;
}

int64_t Iterations(const jvm::IterationCounter& c, const testcase::ExecResult& r) {
  return jvm::CountIterations(c, r.goals, r.goal_counts);
}

testcase::ExecResult RunNormally(const TestCase& tc) {
  testcase::ExecResult r = GetCountingJvm().executor->Run(tc);
  EXPECT_TRUE(r.Normal()) << r.exception_class << " " << r.exception_message << " "
                          << r.setup_error;
  EXPECT_EQ(r.goals.size(), r.goal_counts.size());
  return r;
}

TEST(JdkCount, WhitelistIsInstrumentedAndRetransformed) {
  auto& j = GetCountingJvm();
  EXPECT_GE(j.retransformed, 3);  // ArrayList, HashMap, HashSet, ... load with the JVM
  for (const auto& [name, why] : j.transformer.Failures()) {
    ADD_FAILURE() << name << ": " << why;
  }
  auto plan = j.transformer.Plan("java/util/ArrayList");
  ASSERT_TRUE(plan.has_value());
  int instrumented = 0;
  for (const auto& m : plan->methods) {
    instrumented += m.instrumented;
    EXPECT_TRUE(m.branches.empty()) << m.name;
  }
  EXPECT_GT(instrumented, 20);
}

TEST(JdkCount, ReadsSystemClassBytes) {
  auto& j = GetCountingJvm();
  auto bytes = j.vm->ReadSystemClassBytes("java/util/ArrayList");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  auto parsed = classfile::Parse(*bytes, "ArrayList");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->cls.Name(), "java/util/ArrayList");
  EXPECT_TRUE(absl::IsNotFound(j.vm->ReadSystemClassBytes("java/util/NoSuchClass").status()));
  // The bytecode as stored equals the bytecode the retransform hook saw (offsets agree).
  auto hooked = jvm::FindMethodCode(j.transformer, "java/util/ArrayList", "indexOfRange",
                                    "(Ljava/lang/Object;II)I");
  ASSERT_TRUE(hooked.ok()) << hooked.status();
  for (const auto& m : parsed->cls.methods) {
    if (parsed->cls.MethodName(m) == "indexOfRange") {
      EXPECT_EQ(m.code->code, hooked->code.code);
    }
  }
}

TEST(JdkCount, ArrayListContainsIteratesOncePerElement) {
  // indexOfRange: loop 1 scans for null, loop 2 calls o.equals(es[i]).
  auto loops = LoopsOf("java/util/ArrayList", "indexOfRange", "(Ljava/lang/Object;II)I");
  ASSERT_EQ(loops.size(), 2u);
  EXPECT_TRUE(loops[0].exact && loops[1].exact);
  RunNormally(ContainsMissing("java/util/ArrayList", 3));  // warm-up: class loading
  for (int n : {10, 100, 1000}) {
    testcase::ExecResult r = RunNormally(ContainsMissing("java/util/ArrayList", n));
    EXPECT_EQ(Iterations(loops[0], r), 0) << n;
    EXPECT_EQ(Iterations(loops[1], r), n) << n;
  }
  // A retransform starts again from the original bytes: the cached probes must come back.
  auto again = GetCountingJvm().vm->RetransformLoadedClasses({"java/util/ArrayList"});
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(*again, 1);
  testcase::ExecResult r = RunNormally(ContainsMissing("java/util/ArrayList", 10));
  EXPECT_EQ(Iterations(loops[1], r), 10);
}

TEST(JdkCount, LinkedListContainsIteratesOncePerElement) {
  // Warm-up first: LinkedList may load only now (instrumented as it loads).
  RunNormally(ContainsMissing("java/util/LinkedList", 3));
  auto loops = LoopsOf("java/util/LinkedList", "indexOf", "(Ljava/lang/Object;)I");
  ASSERT_EQ(loops.size(), 2u);
  for (int n : {10, 100}) {
    testcase::ExecResult r = RunNormally(ContainsMissing("java/util/LinkedList", n));
    EXPECT_EQ(Iterations(loops[1], r), n) << n;
  }
}

TEST(JdkCount, DoWhileInBlocksOnlyClassCountsTailExecutions) {
  // HashMap.getNode walks a bucket with do { ... } while ((e = e.next) != null): a
  // conditional back edge whose fall-through block (return null) has other predecessors,
  // so the counter is the tail block alone, not exact: k colliding keys, get(missing
  // colliding key) runs the tail k - 1 times and jumps back k - 2 times.
  auto strings = [](int i) {  // "Aa" and "BB" have the same hashCode: 8 colliding keys
    std::string s;
    for (int b = 0; b < 3; ++b) s += (i >> b) & 1 ? "BB" : "Aa";
    return s;
  };
  auto make = [&](int k) {
    TestCase tc;
    testcase::Stmt map;
    map.kind = StmtKind::kNewCollection;
    map.owner = "java/util/HashMap";
    map.type = *classfile::ParseFieldDescriptor("Ljava/util/HashMap;");
    int value = AddString(tc, "v");
    for (int i = 0; i < k; ++i) map.args.insert(map.args.end(), {AddString(tc, strings(i)), value});
    tc.stmts.push_back(map);
    int m = static_cast<int>(tc.size() - 1);
    int missing = AddString(tc, strings(7));
    testing::AddCallStmt(tc,
                         testing::MakeMethod("java/util/HashMap", "get",
                                             "(Ljava/lang/Object;)Ljava/lang/Object;", false),
                         {missing}, m);
    return tc;
  };
  RunNormally(make(2));
  auto loops =
      LoopsOf("java/util/HashMap", "getNode", "(Ljava/lang/Object;)Ljava/util/HashMap$Node;");
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_FALSE(loops[0].exact);
  EXPECT_TRUE(loops[0].minus.empty());
  for (int k : {4, 7}) {
    testcase::ExecResult r = RunNormally(make(k));
    EXPECT_EQ(Iterations(loops[0], r), k - 1) << k;
  }
}

TEST(JdkCount, ClassUnderTestAndJdkLoopsTogether) {
  // Loops.containsAny(a, b), a and b disjoint ArrayLists of n: the outer loop (class under
  // test, conditional back edge -> its taken branch goal) runs n times, the inner one
  // (ArrayList.indexOfRange) n * n times.
  const std::string desc = "(Ljava/util/Collection;Ljava/util/Collection;)Z";
  auto make = [&](int n) {
    TestCase tc;
    int a = AddCollection(tc, "java/util/ArrayList", n, "a");
    int b = AddCollection(tc, "java/util/ArrayList", n, "b");
    testing::AddCallStmt(tc, testing::MakeMethod("fixtures/count/Loops", "containsAny", desc, true),
                         {a, b});
    return tc;
  };
  RunNormally(make(2));  // loads Loops (instrumented as it loads)
  auto outer = LoopsOf("fixtures/count/Loops", "containsAny", desc);
  auto inner = LoopsOf("java/util/ArrayList", "indexOfRange", "(Ljava/lang/Object;II)I");
  ASSERT_EQ(outer.size(), 1u);
  ASSERT_EQ(inner.size(), 2u);
  for (int n : {10, 20, 40}) {
    testcase::ExecResult r = RunNormally(make(n));
    EXPECT_EQ(Iterations(outer[0], r), n) << n;
    EXPECT_EQ(Iterations(inner[1], r), int64_t{n} * n) << n;
  }
  // The CUT's goto and do-while loops.
  auto sum = LoopsOf("fixtures/count/Loops", "sum", "(I)I");
  auto halvings = LoopsOf("fixtures/count/Loops", "halvings", "(I)I");
  ASSERT_EQ(sum.size(), 1u);
  ASSERT_EQ(halvings.size(), 1u);
  TestCase tc;
  int n = testing::AddPrimitive(tc, 'I', 37);
  testing::AddCallStmt(tc, testing::MakeMethod("fixtures/count/Loops", "sum", "(I)I", true), {n});
  int eight = testing::AddPrimitive(tc, 'I', 8);
  testing::AddCallStmt(tc, testing::MakeMethod("fixtures/count/Loops", "halvings", "(I)I", true),
                       {eight});
  testcase::ExecResult r = RunNormally(tc);
  EXPECT_EQ(Iterations(sum[0], r), 37);
  EXPECT_EQ(Iterations(halvings[0], r), 3);  // 8 -> 4 -> 2 -> 1 -> 0: three jumps back
}

TEST(JdkCount, WhitelistedCollectionsStillWork) {
  for (const char* impl : {"java/util/ArrayDeque", "java/util/Vector", "java/util/HashSet",
                           "java/util/LinkedList", "java/util/ArrayList"}) {
    TestCase tc;
    int c = AddCollection(tc, impl, 50, "v");
    testcase::ExecResult r = RunNormally(tc);
    ASSERT_EQ(r.values.size(), tc.size()) << impl;
    EXPECT_EQ(r.values[static_cast<size_t>(c)].size, 50) << impl;
  }
  for (const char* impl : {"java/util/HashMap", "java/util/TreeMap"}) {
    TestCase tc;
    int m = AddCollection(tc, impl, 40, "k");  // 20 key/value pairs
    testcase::ExecResult r = RunNormally(tc);
    ASSERT_EQ(r.values.size(), tc.size()) << impl;
    EXPECT_EQ(r.values[static_cast<size_t>(m)].size, 20) << impl;
  }
  auto& j = GetCountingJvm();
  for (const char* name : {"java/util/TreeMap", "java/util/ArrayDeque", "java/util/Vector"}) {
    EXPECT_TRUE(j.transformer.Plan(name).has_value()) << name;
  }
}

}  // namespace
}  // namespace jtg
