// Bulk statements of `jtestgen perf` (StmtKind::kRepeat, scaled literals), the executor's
// window on the last statement, directed seeds and the sized perf test writer.
#include <string>

#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "gtest/gtest.h"
#include "jvm_fixture.h"
#include "output/junit_writer.h"
#include "perf/directed_seeds.h"
#include "perf/growth_runner.h"
#include "perf/loop_inputs.h"
#include "testcase_builders.h"
#include "written_file_check.h"

namespace jtg {
namespace {

using testcase::RepeatPattern;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

classfile::TypeDesc Obj(const std::string& c) {
  return *classfile::ParseFieldDescriptor("L" + c + ";");
}

// new <impl>(); repeat add(base + f(i)) mult*n + add times; then size().
TestCase Filled(const std::string& impl, RepeatPattern pattern, int32_t mult, int32_t add,
                int64_t n) {
  TestCase tc;
  tc.n = n;
  Stmt c;
  c.kind = StmtKind::kNewCollection;
  c.owner = impl;
  c.type = Obj("java/util/Collection");
  tc.stmts.push_back(c);
  Stmt base;
  base.kind = StmtKind::kLiteral;
  base.type = Obj("java/lang/Integer");
  base.lit.type = 'I';
  base.lit.i = 7;
  tc.stmts.push_back(base);
  Stmt r;
  r.kind = StmtKind::kRepeat;
  r.callable = testing::MakeMethod(impl, "add", "(Ljava/lang/Object;)Z", false);
  r.receiver = 0;
  r.args = {1};
  r.repeat_mult = mult;
  r.repeat_add = add;
  r.repeat_pattern = pattern;
  r.repeat_modulo = 3;
  r.type.base = 'V';
  tc.stmts.push_back(r);
  testing::AddCallStmt(tc, testing::MakeMethod("java/util/Collection", "size", "()I", false), {},
                       0);
  return tc;
}

TEST(Repeat, FillsCollectionsByPattern) {
  auto& ex = *testing::GetSharedJvm().executor;
  auto size_of = [&](const TestCase& tc) {
    testcase::ExecResult r = ex.Run(tc);
    EXPECT_TRUE(r.Normal()) << r.setup_error << r.exception_class;
    return r.values.empty() ? -1 : r.values.back().i;
  };
  EXPECT_EQ(size_of(Filled("java/util/ArrayList", RepeatPattern::kDistinct, 1, 1, 100)), 101);
  EXPECT_EQ(size_of(Filled("java/util/ArrayList", RepeatPattern::kDistinct, 2, -1, 100)), 199);
  EXPECT_EQ(size_of(Filled("java/util/ArrayList", RepeatPattern::kDistinct, 0, 5, 100)), 5);
  EXPECT_EQ(size_of(Filled("java/util/HashSet", RepeatPattern::kDistinct, 1, 0, 1000)), 1000);
  EXPECT_EQ(size_of(Filled("java/util/HashSet", RepeatPattern::kSame, 1, 0, 1000)), 1);
  EXPECT_EQ(size_of(Filled("java/util/HashSet", RepeatPattern::kModulo, 1, 0, 1000)), 3);
  // 100k elements in one statement (local references are released per element).
  EXPECT_EQ(size_of(Filled("java/util/ArrayList", RepeatPattern::kDistinct, 1, 0, 100000)), 100000);
}

TEST(Repeat, ScaledLiteralFollowsTheSizeParameter) {
  auto& ex = *testing::GetSharedJvm().executor;
  TestCase tc;
  tc.n = 50;
  int lit = testing::AddPrimitive(tc, 'I', -3);
  tc.stmts[static_cast<size_t>(lit)].lit.n_mult = 2;
  testing::AddCallStmt(tc, testing::MakeMethod("java/lang/Math", "abs", "(I)I", true), {lit});
  testcase::ExecResult r = ex.Run(tc);
  ASSERT_TRUE(r.Normal());
  EXPECT_EQ(r.values.back().i, 97);
  tc.n = 500;
  EXPECT_EQ(ex.Run(tc).values.back().i, 997);
}

TEST(Repeat, ScaledStringRepeatsItsUnit) {
  auto& ex = *testing::GetSharedJvm().executor;
  TestCase tc;
  tc.n = 5;
  Stmt lit;
  lit.kind = StmtKind::kLiteral;
  lit.type = Obj("java/lang/String");
  lit.lit.type = 's';
  lit.lit.s = u"ab";
  lit.lit.n_mult = 2;
  lit.lit.i = 1;
  tc.stmts.push_back(lit);
  testing::AddCallStmt(tc, testing::MakeMethod("java/lang/String", "length", "()I", false), {}, 0);
  testcase::ExecResult r = ex.Run(tc);
  ASSERT_TRUE(r.Normal()) << r.setup_error << r.exception_class;
  EXPECT_EQ(r.values.back().i, 22);  // "ab" x (2 * 5 + 1)
  EXPECT_DOUBLE_EQ(perf::InputSize(tc), 22);
  tc.n = 100;
  EXPECT_EQ(ex.Run(tc).values.back().i, 402);
  EXPECT_NE(perf::DescribeInputs(tc).find("String \"ab\" repeated 2n+1 times"), std::string::npos)
      << perf::DescribeInputs(tc);
  // The writer spells it with Java 8's API (no String.repeat) under the size parameter.
  output::WriterOptions opts;
  opts.cut_internal_name = "com/x/Foo";
  output::TypeOracle oracle;
  oracle.is_public = [](const std::string&) { return true; };
  oracle.is_collection = [](const classfile::TypeDesc&) { return false; };
  oracle.is_map = [](const classfile::TypeDesc&) { return false; };
  oracle.public_exception = [](const std::string& n) { return n; };
  output::PerfTest t{tc, testcase::ExecResult{}, "length_of", "A finding.", 0, ""};
  std::string src = output::WritePerfJUnit({t}, opts, oracle, 1024).source;
  EXPECT_NE(src.find("String.join(\"\", Collections.nCopies(2 * n + 1, \"ab\"))"),
            std::string::npos)
      << src;
  EXPECT_NE(src.find("import java.util.Collections;"), std::string::npos) << src;
  EXPECT_EQ(src.find(".repeat("), std::string::npos) << src;
}

TEST(Repeat, LongStringsAreObservedCutWithTheirLength) {
  auto& ex = *testing::GetSharedJvm().executor;
  TestCase tc;
  tc.n = 50'000;  // "ab" x 50,000: 100,000 characters, more than kMaxObservedChars
  Stmt lit;
  lit.kind = StmtKind::kLiteral;
  lit.type = Obj("java/lang/String");
  lit.lit.type = 's';
  lit.lit.s = u"ab";
  lit.lit.n_mult = 1;
  tc.stmts.push_back(lit);
  testcase::ExecResult r = ex.Run(tc);
  ASSERT_TRUE(r.Normal()) << r.setup_error << r.exception_class;
  const testcase::Observed& o = r.values.back();
  EXPECT_TRUE(o.Truncated());
  EXPECT_EQ(o.size, 100'000);
  EXPECT_EQ(o.s.size(), static_cast<size_t>(testcase::kMaxObservedChars));
  EXPECT_EQ(o.s.substr(0, 4), u"abab");
  tc.n = 10;  // short strings are whole
  const testcase::ExecResult short_run = ex.Run(tc);
  const testcase::Observed& whole = short_run.values.back();
  EXPECT_FALSE(whole.Truncated());
  EXPECT_EQ(whole.s.size(), 20u);
}

TEST(LoopInputs, FixSizesHoldsAllButOneInput) {
  TestCase tc = Filled("java/util/ArrayList", RepeatPattern::kDistinct, 2, -1, 10);
  Stmt str;
  str.kind = StmtKind::kLiteral;
  str.type = Obj("java/lang/String");
  str.lit.type = 's';
  str.lit.s = u"ab";
  str.lit.n_mult = 1;
  str.lit.i = 1;
  tc.stmts.insert(tc.stmts.begin() + 1, str);  // statement 1; the fill is now statement 3
  tc.stmts[3].args = {2};
  tc.stmts[4].receiver = 0;
  EXPECT_EQ(perf::SizedStatements(tc), (std::vector<int>{1, 3}));
  TestCase all = perf::FixSizes(tc, {}, 10);
  EXPECT_TRUE(perf::SizedStatements(all).empty());
  EXPECT_EQ(all.stmts[3].repeat_add, 19);
  EXPECT_EQ(all.stmts[3].repeat_mult, 0);
  std::u16string eleven;
  for (int k = 0; k < 11; ++k) eleven += u"ab";
  EXPECT_EQ(all.stmts[1].lit.s, eleven);  // "ab" x (n + 1)
  EXPECT_EQ(all.stmts[1].lit.n_mult, 0);
  // Keeping the string: only the fill is fixed, the string still scales.
  TestCase one = perf::FixSizes(tc, {1}, 10);
  EXPECT_EQ(perf::SizedStatements(one), (std::vector<int>{1}));
  one.n = 20;
  EXPECT_DOUBLE_EQ(perf::InputSize(one), 19 + 2 * 21);  // the fill stays at 19 elements
}

TEST(PerfWriter, SizedMethodReturnsTheCallUnderTest) {
  TestCase tc = Filled("java/util/ArrayList", RepeatPattern::kDistinct, 1, 1, 16);
  tc.stmts[1].lit.n_mult = 0;
  output::WriterOptions opts;
  opts.cut_internal_name = "com/x/Foo";
  output::TypeOracle oracle;
  oracle.is_public = [](const std::string&) { return true; };
  oracle.is_collection = [](const classfile::TypeDesc&) { return true; };
  oracle.is_map = [](const classfile::TypeDesc&) { return false; };
  oracle.public_exception = [](const std::string& n) { return n; };
  output::PerfTest t{tc, testcase::ExecResult{}, "size_distinct", "A finding.", 0, ""};
  output::JavaFile f = output::WritePerfJUnit({t}, opts, oracle, 1024);
  EXPECT_EQ(f.class_name, "FooPerfTest");
  const std::string& s = f.source;
  EXPECT_NE(s.find("static final int N = 1024;"), std::string::npos) << s;
  EXPECT_NE(s.find("public void size_distinct() throws Throwable {"), std::string::npos) << s;
  EXPECT_NE(s.find("size_distinct(N).run();"), std::string::npos) << s;
  EXPECT_NE(s.find("public static Body size_distinct(int n) throws Throwable {"), std::string::npos)
      << s;
  EXPECT_NE(
      s.find("for (int i = 0; i < n + 1; i++) { collection0.add(Integer.valueOf((7 + i))); }"),
      std::string::npos)
      << s;
  EXPECT_NE(s.find("return () -> { collection0.size(); };"), std::string::npos) << s;
  EXPECT_EQ(s.find("assert"), std::string::npos) << s;
  EXPECT_EQ(f.test_names, (std::vector<std::string>{"size_distinct"}));
}

TEST(PerfWriter, LikelyBugTestChecksGrowthAndStressTestDoesNot) {
  TestCase tc = Filled("java/util/ArrayList", RepeatPattern::kDistinct, 1, 1, 16);
  output::WriterOptions opts;
  opts.cut_internal_name = "com/x/Foo";
  output::TypeOracle oracle = testing::PermissiveOracle();
  oracle.is_collection = [](const classfile::TypeDesc&) { return true; };
  output::PerfTest bug{tc,   testcase::ExecResult{}, "bar_quadratic", "A bug.",
                       2048, "Foo.bar(a, b)"};
  output::PerfTest stress{tc, testcase::ExecResult{}, "bar_long", "A loop.", 0, ""};
  const std::string s = output::WritePerfJUnit({bug, stress}, opts, oracle, 1024).source;
  EXPECT_NE(
      s.find("assertGrowthAtMostLinear(\"Foo.bar(a, b)\", FooPerfTest::bar_quadratic, 2048);"),
      std::string::npos)
      << s;
  EXPECT_NE(s.find("bar_long(N).run();"), std::string::npos) << s;
  EXPECT_NE(s.find("static final double MAX_RATIO = 8.0;"), std::string::npos) << s;
  EXPECT_NE(s.find("Boolean.getBoolean(\"jtestgen.perf.smoke\")"), std::string::npos) << s;
  // One helper, not one per test.
  EXPECT_EQ(s.find("static void assertGrowthAtMostLinear"),
            s.rfind("static void assertGrowthAtMostLinear"));
  // A class with stress tests only has no helper.
  const std::string plain = output::WritePerfJUnit({stress}, opts, oracle, 1024).source;
  EXPECT_EQ(plain.find("assertGrowthAtMostLinear"), std::string::npos) << plain;
}

}  // namespace
}  // namespace jtg
