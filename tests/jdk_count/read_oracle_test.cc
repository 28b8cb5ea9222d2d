// Toddler's redundancy oracle in a running JVM (perf/read_oracle.h): read probes swapped in
// by retransformation (java.util.ArrayList and HashMap from the JDK, fixtures.perf.Grid from
// the classpath), one run, and the classes' counting probes restored afterwards.
// The JVM verifies the rewritten boot classes (-XX:+BytecodeVerificationLocal, counting_jvm.h).
#include "perf/read_oracle.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "analysis/cfg.h"
#include "analysis/loops.h"
#include "classfile/class_file.h"
#include "counting_jvm.h"
#include "jvm/iteration_counter.h"
#include "testcase/executor.h"
#include "testcase_builders.h"

namespace jtg::perf {
namespace {

using testcase::StmtKind;
using testcase::TestCase;

// An executor like `jtestgen perf`'s: counts on the last statement only.
testcase::Executor& WindowedExecutor() {
  static testcase::Executor* ex = [] {
    auto& j = testing::GetCountingJvm();
    testcase::ExecutorOptions eo;
    eo.iteration_limit = 10'000'000;
    eo.time_limit_ms = 10000;
    eo.hit_counts = true;
    eo.window_last = true;
    auto e = testcase::Executor::Create(j.vm->env(), eo);
    EXPECT_TRUE(e.ok()) << e.status();
    return e.ok() ? e->release() : nullptr;
  }();
  return *ex;
}

ReadOracleContext Context() {
  auto& j = testing::GetCountingJvm();
  return {*j.vm, j.transformer, WindowedExecutor()};
}

// The loop of `owner.name desc` (loaded first) that `pick` selects from its natural loops, as
// the goal builder describes it (method, header offset, line).
template <typename Pick>
CountedLoop LoopOf(const std::string& owner, const std::string& name, const std::string& desc,
                   Pick pick) {
  CountedLoop out;
  WindowedExecutor().FindClass(owner);
  auto bytes = testing::GetCountingJvm().transformer.OriginalBytes(owner);
  EXPECT_TRUE(bytes.has_value()) << owner;
  if (!bytes) return out;
  auto parsed = classfile::Parse(*bytes, owner);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  if (!parsed.ok()) return out;
  for (const auto& m : parsed->cls.methods) {
    if (parsed->cls.MethodName(m) != name || parsed->cls.MethodDescriptor(m) != desc) continue;
    auto cfg = analysis::BuildCfg(*m.code);
    EXPECT_TRUE(cfg.ok());
    analysis::LoopForest forest = analysis::FindLoops(*cfg, m.code->lines);
    const analysis::Loop* l = pick(forest);
    EXPECT_NE(l, nullptr) << owner << "." << name;
    if (l == nullptr) return out;
    out.method = {owner, name, desc};
    out.header_offset = l->header_offset;
    out.where.method = out.method.JavaName();
    out.where.line = l->line;
  }
  EXPECT_FALSE(out.method.owner.empty()) << owner << "." << name << desc;
  return out;
}

const analysis::Loop* Last(const analysis::LoopForest& f) {
  return f.loops.empty() ? nullptr : &f.loops.back();
}
const analysis::Loop* Inner(const analysis::LoopForest& f) {
  for (const auto& l : f.loops) {
    if (l.depth == 2) return &l;
  }
  return nullptr;
}

using testing::AddString;

int AddList(TestCase& tc, int n, const std::string& prefix) {
  testcase::Stmt c;
  c.kind = StmtKind::kNewCollection;
  c.owner = "java/util/ArrayList";
  c.type = *classfile::ParseFieldDescriptor("Ljava/util/ArrayList;");
  for (int i = 0; i < n; ++i) c.args.push_back(AddString(tc, prefix + std::to_string(i)));
  tc.stmts.push_back(c);
  return static_cast<int>(tc.size() - 1);
}

// cls.subtract(a, b) with a = n strings "<pa>i", b = n strings "<pb>i".
TestCase Subtract(const std::string& cls, int n, const std::string& pa, const std::string& pb) {
  TestCase tc;
  int a = AddList(tc, n, pa);
  int b = AddList(tc, n, pb);
  testing::AddCallStmt(
      tc,
      testing::MakeMethod(cls, "subtract", "(Ljava/util/List;Ljava/util/List;)Ljava/util/List;",
                          true),
      {a, b});
  return tc;
}

// new Grid(rows, cols).<method>()
TestCase GridCall(int rows, int cols, const std::string& method, const std::string& desc) {
  TestCase tc;
  int r = testing::AddPrimitive(tc, 'I', rows);
  int c = testing::AddPrimitive(tc, 'I', cols);
  int g = testing::AddCallStmt(
      tc, testing::MakeMethod("fixtures/perf/Grid", "<init>", "(II)V", false), {r, c});
  testing::AddCallStmt(tc, testing::MakeMethod("fixtures/perf/Grid", method, desc, false), {}, g);
  return tc;
}

CountedLoop IndexOfRangeScan() {
  // indexOfRange: loop 1 scans for null, the last one calls o.equals(es[i]).
  return LoopOf("java/util/ArrayList", "indexOfRange", "(Ljava/lang/Object;II)I", Last);
}

TEST(ReadOracle, SubtractOverDisjointListsReReadsTheSecondList) {
  auto t0 = std::chrono::steady_clock::now();
  CountedLoop scan = IndexOfRangeScan();
  auto r = RunReadOracle(Context(), scan, Subtract("fixtures/perf/Utils", 40, "a", "b"));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->applicable) << r->summary;
  EXPECT_TRUE(r->similar) << r->summary;
  EXPECT_EQ(r->executions, 40);  // one scan of b per element of a
  EXPECT_EQ(r->analysed, 40);
  EXPECT_DOUBLE_EQ(r->iterations_per_execution, 40);
  EXPECT_EQ(r->repeated, 39);  // every later scan reads exactly what the first one read
  EXPECT_DOUBLE_EQ(r->reads_per_execution, 40);
  EXPECT_NE(r->site.find("Object[] element"), std::string::npos) << r->site;
  EXPECT_NE(r->summary.find("java.util.ArrayList.indexOfRange"), std::string::npos) << r->summary;
  std::fprintf(
      stderr, "oracle (ArrayList, n = 40): %.0f ms: %s\n",
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count(),
      r->summary.c_str());
}

TEST(ReadOracle, SubtractOverEqualListsReadsGrowingPrefixes) {
  // b.contains(a[k]) stops at b[k]: scans of 0, 1, ..., 39 elements, each a prefix of the next.
  auto r =
      RunReadOracle(Context(), IndexOfRangeScan(), Subtract("fixtures/perf/Utils", 40, "x", "x"));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->executions, 40);
  EXPECT_EQ(r->analysed, 33);  // scans of >= 7 elements
  EXPECT_TRUE(r->similar) << r->summary;
  EXPECT_EQ(r->repeated, 32);
}

TEST(ReadOracle, HashSetTwinIsNotJudged) {
  // UtilsFixed looks elements up in a HashSet: HashMap.getNode's bin walk runs 0-1 times.
  CountedLoop bin =
      LoopOf("java/util/HashMap", "getNode", "(Ljava/lang/Object;)Ljava/util/HashMap$Node;", Last);
  auto r = RunReadOracle(Context(), bin, Subtract("fixtures/perf/UtilsFixed", 40, "a", "b"));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->applicable) << r->summary;
  EXPECT_FALSE(r->similar);
  EXPECT_EQ(r->analysed, 0);
}

TEST(ReadOracle, MatrixRowsAreNotSimilarTriangularPrefixesAre) {
  CountedLoop cols = LoopOf("fixtures/perf/Grid", "total", "()J", Inner);
  auto rows = RunReadOracle(Context(), cols, GridCall(16, 16, "total", "()J"));
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_TRUE(rows->applicable) << rows->summary;
  EXPECT_FALSE(rows->similar) << rows->summary;
  EXPECT_EQ(rows->executions, 16);
  EXPECT_DOUBLE_EQ(rows->iterations_per_execution, 16);
  EXPECT_EQ(rows->repeated, 0);
  EXPECT_NE(rows->site.find("int[] element"), std::string::npos) << rows->site;

  CountedLoop prefix = LoopOf("fixtures/perf/Grid", "smallerPairs", "()I", Inner);
  auto tri = RunReadOracle(Context(), prefix, GridCall(1, 40, "smallerPairs", "()I"));
  ASSERT_TRUE(tri.ok()) << tri.status();
  EXPECT_TRUE(tri->similar) << tri->summary;
  EXPECT_EQ(tri->executions, 40);
  EXPECT_EQ(tri->analysed, 33);
  EXPECT_EQ(tri->repeated, 32);
}

TEST(ReadOracle, CountingProbesAreBackAfterwards) {
  // Run the oracle, then count the scan of ArrayList.contains with the counting probes.
  CountedLoop scan = IndexOfRangeScan();
  ASSERT_TRUE(RunReadOracle(Context(), scan, Subtract("fixtures/perf/Utils", 10, "a", "b")).ok());
  auto& j = testing::GetCountingJvm();
  auto code = jvm::FindMethodCode(j.transformer, "java/util/ArrayList", "indexOfRange",
                                  "(Ljava/lang/Object;II)I");
  ASSERT_TRUE(code.ok()) << code.status();
  auto counter = jvm::LoopCounter(*code, scan.header_offset);
  ASSERT_TRUE(counter.ok()) << counter.status();
  TestCase tc;
  int list = AddList(tc, 25, "e");
  int missing = AddString(tc, "missing");
  testing::AddCallStmt(
      tc, testing::MakeMethod("java/util/ArrayList", "contains", "(Ljava/lang/Object;)Z", false),
      {missing}, list);
  testcase::ExecResult r = WindowedExecutor().Run(tc);
  ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
  EXPECT_EQ(jvm::CountIterations(*counter, r.goals, r.goal_counts), 25);
  // The same for an application class: Grid's block probes count again.
  CountedLoop cols = LoopOf("fixtures/perf/Grid", "total", "()J", Inner);
  ASSERT_TRUE(RunReadOracle(Context(), cols, GridCall(4, 4, "total", "()J")).ok());
  auto grid = jvm::FindMethodCode(j.transformer, "fixtures/perf/Grid", "total", "()J");
  ASSERT_TRUE(grid.ok()) << grid.status();
  auto grid_counter = jvm::LoopCounter(*grid, cols.header_offset);
  ASSERT_TRUE(grid_counter.ok()) << grid_counter.status();
  testcase::ExecResult g = WindowedExecutor().Run(GridCall(8, 8, "total", "()J"));
  ASSERT_TRUE(g.Normal()) << g.exception_class << " " << g.setup_error;
  EXPECT_EQ(jvm::CountIterations(*grid_counter, g.goals, g.goal_counts), 64);
}

TEST(ReadOracle, ErrorsAreValues) {
  CountedLoop nowhere;
  nowhere.method = {"fixtures/perf/NoSuchClass", "m", "()V"};
  EXPECT_TRUE(absl::IsFailedPrecondition(
      RunReadOracle(Context(), nowhere, GridCall(2, 2, "total", "()J")).status()));
  CountedLoop bad = LoopOf("fixtures/perf/Grid", "total", "()J", Inner);
  bad.header_offset = 0;  // no loop starts there
  EXPECT_TRUE(
      absl::IsNotFound(RunReadOracle(Context(), bad, GridCall(2, 2, "total", "()J")).status()));
  // RepeatedReads folds errors and non-nested goals into "not run".
  LoopGoal single;
  single.loops = {bad};
  ReadRedundancy rr = RepeatedReads(Context(), single, GridCall(2, 2, "total", "()J"));
  EXPECT_FALSE(rr.applicable);
  EXPECT_NE(rr.summary.find("read oracle not run"), std::string::npos) << rr.summary;
}

}  // namespace
}  // namespace jtg::perf
