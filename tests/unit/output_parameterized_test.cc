// Tests that read well in review (issue 24): literal shapes, parameterized groups, scenario
// names (output/parameterized.h, output/test_names.h, WriteJUnit with parameterize).
#include <gtest/gtest.h>

#include "output/junit_writer.h"
#include "output/parameterized.h"
#include "output/test_names.h"
#include "written_file_check.h"

namespace jtg::output {
namespace {

using testcase::Stmt;
using testcase::StmtKind;

TEST(LiteralShape, EveryLiteralKindIsAHoleAndNamesAreNot) {
  std::vector<LiteralToken> t;
  std::string shape = ShapeOf(
      "int int0 = U.f(\"a,\\\"b\", (byte) -3, 5L, 'x', -1.5e3, Integer.MAX_VALUE, true, 2.0F, "
      "string0, null);",
      &t);
  ASSERT_EQ(t.size(), 8u) << shape;
  const std::vector<std::pair<std::string, std::string>> want = {
      {"\"a,\\\"b\"", "String"}, {"(byte) -3", "byte"}, {"5L", "long"},
      {"'x'", "char"},           {"-1.5e3", "double"},  {"Integer.MAX_VALUE", "int"},
      {"true", "boolean"},       {"2.0F", "float"}};
  for (size_t k = 0; k < want.size(); ++k) {
    EXPECT_EQ(t[k].text, want[k].first);
    EXPECT_EQ(t[k].type, want[k].second);
  }
  EXPECT_NE(shape.find("int int0 = U.f("), std::string::npos) << shape;
  EXPECT_NE(shape.find("string0, null);"), std::string::npos) << shape;
  // assertTrue/assertFalse read as assertEquals(true|false, ...): one shape for both.
  std::vector<LiteralToken> a, b;
  EXPECT_EQ(ShapeOf("assertTrue(boolean0);", &a), ShapeOf("assertFalse(boolean0);", &b));
}

// isEmpty(<text>) returning <result>: a static call on a string literal.
WrittenTest IsEmpty(const std::u16string& text, bool result) {
  auto c = std::make_shared<testcase::Callable>();
  c->owner = "com/example/Strs";
  c->name = "isEmpty";
  c->descriptor = "(Ljava/lang/String;)Z";
  c->desc = *classfile::ParseMethodDescriptor(c->descriptor);
  c->is_static = true;
  WrittenTest t;
  Stmt lit;
  lit.kind = StmtKind::kLiteral;
  lit.type = *classfile::ParseFieldDescriptor("Ljava/lang/String;");
  lit.lit.type = 's';
  lit.lit.s = text;
  Stmt call;
  call.kind = StmtKind::kCall;
  call.callable = c;
  call.args = {0};
  call.type = c->desc.ret;
  t.test.stmts = {lit, call};
  testcase::Observed s, v;
  s.kind = testcase::Observed::kString;
  s.s = text;
  v.kind = testcase::Observed::kPrimitive;
  v.prim = 'Z';
  v.i = result ? 1 : 0;
  t.result.values = {s, v};
  return t;
}

TEST(ScenarioNames, MethodConditionOutcome) {
  WrittenTest e = IsEmpty(u"", true), x = IsEmpty(u"x", false);
  EXPECT_EQ(ScenarioOf(e.test, e.result, {}).Joined(), "isEmpty_emptyString_returnsTrue");
  EXPECT_EQ(ScenarioOf(x.test, x.result, {}).Joined(), "isEmpty_returnsFalse");
  // Without its assertion the call's outcome is not what the test checks.
  EXPECT_EQ(ScenarioOf(x.test, x.result, {true, false}).Joined(), "isEmpty");
  std::map<std::string, int> used;
  EXPECT_EQ(UniqueName("f", used), "f");
  EXPECT_EQ(UniqueName("f", used), "f_2");
  EXPECT_EQ(UniqueName("f", used), "f_3");
}

// Issue 39: tests that would share a name are told apart by what else they do before any
// number is added; a name no other test shares stays short.
TEST(ScenarioNames, SharedNamesAreToldApartByTheirSetupAndObserver) {
  auto sc = [](std::string setup, std::string observed) {
    Scenario s;
    s.method = "parse";
    s.outcome = "throwsParseException";
    s.setup = std::move(setup);
    s.observed = std::move(observed);
    return s;
  };
  Scenario alone;
  alone.method = "getArgs";
  alone.setup = "parse";
  EXPECT_EQ(
      DistinctBases({sc("addOption", "getArgs"), sc("", "getArgs"), sc("", ""), alone,
                     sc("addOption", "getArgs")}),
      (std::vector<std::string>{
          "parse_afterAddOption_throwsParseException", "parse_throwsParseException_thenGetArgs",
          "parse_throwsParseException", "getArgs", "parse_afterAddOption_throwsParseException"}));

  // From a test: the last other method called before the focus is its setup.
  WrittenTest t = IsEmpty(u"x", false);
  auto trim = std::make_shared<testcase::Callable>(*t.test.stmts[1].callable);
  trim->name = "trim";
  Stmt before = t.test.stmts[1];
  before.callable = trim;
  t.test.stmts.insert(t.test.stmts.begin() + 1, before);
  t.result.values.insert(t.result.values.begin() + 1, t.result.values[1]);
  const Scenario got = ScenarioOf(t.test, t.result, {});
  EXPECT_EQ(got.setup, "trim");
  EXPECT_EQ(got.Distinguished(false), "isEmpty_afterTrim_returnsFalse");
}

TEST(Parameterized, TestsDifferingInLiteralsBecomeOneWithRows) {
  WriterOptions opts;
  opts.cut_internal_name = "com/example/Strs";
  opts.parameterize = true;
  std::vector<WrittenTest> tests = {IsEmpty(u"a", false), IsEmpty(u"", true),
                                    IsEmpty(u"b\"c", false), IsEmpty(u"a", false)};
  JavaFile f = WriteJUnit(tests, opts, testing::PermissiveOracle());
  const std::string& s = f.source;
  EXPECT_EQ(f.test_methods, 1) << s;
  EXPECT_EQ(f.parameterized_groups, 1);
  EXPECT_NE(s.find("@ParameterizedTest"), std::string::npos) << s;
  EXPECT_NE(s.find("@MethodSource(\"isEmptyCases\")"), std::string::npos) << s;
  EXPECT_NE(s.find("public void isEmpty(String text, boolean expected) {"), std::string::npos) << s;
  EXPECT_NE(s.find("boolean boolean0 = Strs.isEmpty(text);"), std::string::npos) << s;
  EXPECT_NE(s.find("assertEquals(expected, boolean0);"), std::string::npos) << s;
  EXPECT_NE(s.find("Arguments.of(\"b\\\"c\", false),"), std::string::npos) << s;
  EXPECT_NE(s.find("Arguments.of(\"\", true),"), std::string::npos) << s;
  // Every test maps to the method that runs it.
  EXPECT_EQ(f.test_names, std::vector<std::string>(4, "isEmpty"));
  EXPECT_EQ(s.find("throws"), std::string::npos) << s;  // no checked exception here

  // Two tests written alike are one test; JUnit 4 keeps a method per test.
  JavaFile twice =
      WriteJUnit({IsEmpty(u"a", false), IsEmpty(u"a", false)}, opts, testing::PermissiveOracle());
  EXPECT_EQ(twice.test_methods, 1);
  EXPECT_EQ(twice.duplicates_merged, 1);
  EXPECT_EQ(twice.source.find("@ParameterizedTest"), std::string::npos) << twice.source;
  opts.dialect = Dialect::kJUnit4;
  JavaFile four = WriteJUnit(tests, opts, testing::PermissiveOracle());
  EXPECT_EQ(four.test_methods, 4);
  EXPECT_EQ(four.source.find("@ParameterizedTest"), std::string::npos);
}

TEST(Parameterized, ConstantLiteralsStayInTheBody) {
  std::vector<output::TestBody> bodies = {
      {"a", {"int int0 = U.f(3, \"x\");", "assertEquals(1, int0);"}, ""},
      {"b", {"int int0 = U.f(3, \"y\");", "assertEquals(2, int0);"}, ""},
      {"c", {"int int0 = U.f(3, \"y\");", "assertEquals(2, int0);"}, " throws Exception"}};
  auto groups = GroupByShape(bodies, 25, 6);
  ASSERT_EQ(groups.size(), 1u);  // the throws clause keeps c apart
  EXPECT_EQ(groups[0], (std::vector<size_t>{0, 1}));
  auto lines = WriteParameterized(bodies, groups[0], "f",
                                  {"ParameterizedTest", "MethodSource", "Arguments", "Stream"});
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  EXPECT_NE(all.find("int int0 = U.f(3, text);"), std::string::npos) << all;
  EXPECT_NE(all.find("Arguments.of(\"x\", 1),"), std::string::npos) << all;
  EXPECT_NE(all.find("Arguments.of(\"y\", 2));"), std::string::npos) << all;
  // A group with more varying literals than allowed stays single tests.
  EXPECT_TRUE(GroupByShape(bodies, 25, 1).empty());
}

}  // namespace
}  // namespace jtg::output
