// Lambdas (kLambda): the executor's jtestgen.rt.Lambdas proxies on fixtures/construct/Lazy
// (values, primitive defaults, void methods, default methods, Object's methods), the writer's
// `() -> value` compiled and run by the validator, and the value factory choosing lambdas.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "classpath/classpath.h"
#include "coverage/excluded_classes.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "jvm/coverage_transformer.h"
#include "jvm/java_home.h"
#include "jvm_fixture.h"
#include "output/junit_writer.h"
#include "output/validator.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

using classfile::ParseFieldDescriptor;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

const std::string kFixtures = JTG_FIXTURES_DIR;
const std::string kLazy = "fixtures/construct/Lazy";
const std::string kRule = "fixtures/construct/Lazy$Rule";
const std::string kSink = "fixtures/construct/Lazy$Sink";
const std::string kSupplier = "java/util/function/Supplier";

int AddString(TestCase& tc, const std::u16string& s) {
  Stmt str;
  str.kind = StmtKind::kLiteral;
  str.type = *ParseFieldDescriptor("Ljava/lang/String;");
  str.lit.type = 's';
  str.lit.s = s;
  tc.stmts.push_back(str);
  return static_cast<int>(tc.size() - 1);
}

int AddNull(TestCase& tc, const std::string& desc) {
  Stmt s;
  s.kind = StmtKind::kNull;
  s.type = *ParseFieldDescriptor(desc);
  tc.stmts.push_back(s);
  return static_cast<int>(tc.size() - 1);
}

// A lambda of `iface` whose SAM is `name desc`, returning statement `value` (-1: none).
int AddLambda(TestCase& tc, const std::string& iface, const std::string& name,
              const std::string& desc, int value) {
  Stmt s;
  s.kind = StmtKind::kLambda;
  s.type = *ParseFieldDescriptor("L" + iface + ";");
  s.callable = testcase::NewCallable(iface, name, desc, false, true);
  if (value >= 0) s.args = {value};
  tc.stmts.push_back(s);
  return static_cast<int>(tc.size() - 1);
}

// Lazy.orElse(s, () -> value) with `value` a string (nullptr: null).
TestCase OrElse(const std::u16string& s, const char16_t* value) {
  TestCase tc;
  int a = AddString(tc, s);
  int v = value != nullptr ? AddString(tc, value) : AddNull(tc, "Ljava/lang/String;");
  int l = AddLambda(tc, kSupplier, "get", "()Ljava/lang/Object;", v);
  testing::AddCallStmt(tc,
                       testing::MakeMethod(kLazy, "orElse",
                                           "(Ljava/lang/String;Ljava/util/function/Supplier;)"
                                           "Ljava/lang/String;",
                                           true),
                       {a, l});
  return tc;
}

// Lazy.check((s, n) -> accepts, "x", 3); `accepts` < 0: the lambda has no value.
TestCase Check(int accepts) {
  TestCase tc;
  int v = accepts >= 0 ? testing::AddPrimitive(tc, 'Z', accepts) : -1;
  int l = AddLambda(tc, kRule, "accepts", "(Ljava/lang/String;I)Z", v);
  int s = AddString(tc, u"x");
  int n = testing::AddPrimitive(tc, 'I', 3);
  testing::AddCallStmt(
      tc,
      testing::MakeMethod(kLazy, "check", "(Lfixtures/construct/Lazy$Rule;Ljava/lang/String;I)I",
                          true),
      {l, s, n});
  return tc;
}

// Lazy.feed((s) -> { }, "x"): runs the default method Sink.twice() on the lambda.
TestCase Feed() {
  TestCase tc;
  int l = AddLambda(tc, kSink, "put", "(Ljava/lang/String;)V", -1);
  int s = AddString(tc, u"x");
  testing::AddCallStmt(
      tc,
      testing::MakeMethod(kLazy, "feed", "(Lfixtures/construct/Lazy$Sink;Ljava/lang/String;)I",
                          true),
      {l, s});
  return tc;
}

TEST(LambdaExecutor, ReturnsItsValueThroughTheSam) {
  auto& ex = *testing::GetSharedJvm().executor;
  struct Case {
    const char16_t* value;
    std::u16string want;
  } cases[] = {{u"abcdef", u"long"}, {u"ab", u"short:ab"}, {nullptr, u"null"}};
  for (const auto& c : cases) {
    testcase::ExecResult r = ex.Run(OrElse(u"", c.value));
    ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
    ASSERT_EQ(r.values.size(), 4u);
    EXPECT_EQ(r.values[2].kind, testcase::Observed::kObject);
    EXPECT_NE(r.values[2].runtime_class.find("$Proxy"), std::string::npos)
        << r.values[2].runtime_class;
    EXPECT_EQ(r.values[3].s, c.want);
    // The proxy class loads by name (BuildLog's runtime classes, R3's instanceof check).
    std::string proxy = r.values[2].runtime_class;
    std::replace(proxy.begin(), proxy.end(), '.', '/');
    EXPECT_TRUE(ex.IsAssignable(*ParseFieldDescriptor("L" + proxy + ";"),
                                *ParseFieldDescriptor("L" + kSupplier + ";")))
        << proxy;
  }
}

TEST(LambdaExecutor, PrimitiveVoidAndDefaultMethods) {
  auto& ex = *testing::GetSharedJvm().executor;
  for (auto [accepts, want] : {std::pair{1, 1}, std::pair{0, 0}, std::pair{-1, 0}}) {
    testcase::ExecResult r = ex.Run(Check(accepts));
    ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
    EXPECT_EQ(r.values.back().i, want) << accepts;  // no value: false, the default
  }
  testcase::ExecResult r = ex.Run(Feed());
  ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.exception_message << " "
                          << r.setup_error;
  EXPECT_EQ(r.values.back().i, 1);
  // The proxy classes are never instrumented.
  EXPECT_TRUE(coverage::IsExcludedClass("fixtures/construct/$Proxy12"));
  EXPECT_TRUE(coverage::IsExcludedClass("jdk/proxy1/$Proxy3"));
  EXPECT_FALSE(coverage::IsExcludedClass("fixtures/construct/Proxy"));
}

TEST(LambdaExecutor, ObjectMethodsUseIdentityAndJdkDefaultsRun) {
  auto& ex = *testing::GetSharedJvm().executor;
  TestCase tc;
  int t = testing::AddPrimitive(tc, 'Z', 1);
  tc.stmts[static_cast<size_t>(t)].type = *ParseFieldDescriptor("Ljava/lang/Boolean;");
  int p = AddLambda(tc, "java/util/function/Predicate", "test", "(Ljava/lang/Object;)Z", t);
  int q = AddLambda(tc, "java/util/function/Predicate", "test", "(Ljava/lang/Object;)Z", t);
  auto equals = testing::MakeMethod("java/lang/Object", "equals", "(Ljava/lang/Object;)Z", false);
  testing::AddCallStmt(tc, equals, {p}, p);  // 3: true
  testing::AddCallStmt(tc, equals, {q}, p);  // 4: false
  testing::AddCallStmt(
      tc, testing::MakeMethod("java/lang/Object", "toString", "()Ljava/lang/String;", false), {},
      p);  // 5
  int neg = testing::AddCallStmt(tc,
                                 testing::MakeMethod("java/util/function/Predicate", "negate",
                                                     "()Ljava/util/function/Predicate;", false),
                                 {}, p);  // 6: a default method
  int x = AddString(tc, u"x");
  testing::AddCallStmt(
      tc,
      testing::MakeMethod("java/util/function/Predicate", "test", "(Ljava/lang/Object;)Z", false),
      {x}, neg);  // 8: !true
  testcase::ExecResult r = ex.Run(tc);
  ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
  ASSERT_EQ(r.values.size(), 9u);
  EXPECT_EQ(r.values[3].i, 1);
  EXPECT_EQ(r.values[4].i, 0);
  EXPECT_NE(r.values[5].s.find(u"$Proxy"), std::u16string::npos);
  EXPECT_EQ(r.values[8].i, 0);
}

output::TypeOracle Oracle(testcase::Executor& ex) {
  output::TypeOracle o;
  o.is_public = [&ex](const std::string& n) { return ex.IsPublic(n); };
  o.is_collection = [](const classfile::TypeDesc&) { return false; };
  o.is_map = [](const classfile::TypeDesc&) { return false; };
  o.public_exception = [&ex](const std::string& n) { return ex.NearestPublicClass(n); };
  return o;
}

TEST(LambdaWriter, WritesLambdasThatCompileAndPass) {
  auto& ex = *testing::GetSharedJvm().executor;
  // The lambda's value also used as an argument: a String literal, written at each use.
  TestCase shared = OrElse(u"", u"ab");
  shared.stmts.erase(shared.stmts.begin());
  shared.stmts[1].args = {0};
  shared.stmts[2].args = {0, 1};
  std::vector<output::WrittenTest> tests;
  for (const TestCase& tc : {OrElse(u"", u"abcdef"), OrElse(u"", nullptr), OrElse(u"", u"ab"),
                             Check(1), Check(-1), Feed(), shared}) {
    testcase::ExecResult r = ex.Run(tc);
    ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
    tests.push_back(output::WrittenTest{tc, r, {}, {}, {}});
  }
  output::WriterOptions opts;
  opts.cut_internal_name = kLazy;
  output::JavaFile f = output::WriteJUnit(tests, opts, Oracle(ex));
  const std::string& src = f.source;
  EXPECT_NE(src.find("import java.util.function.Supplier;"), std::string::npos) << src;
  EXPECT_NE(src.find("Supplier supplier0 = () -> \"abcdef\";"), std::string::npos) << src;
  EXPECT_NE(src.find("Supplier supplier0 = () -> null;"), std::string::npos) << src;
  EXPECT_NE(src.find("Rule rule0 = (p_0, p_1) -> true;"), std::string::npos) << src;
  EXPECT_NE(src.find("Rule rule0 = (p_0, p_1) -> false;"), std::string::npos) << src;
  EXPECT_NE(src.find("Sink sink0 = (p_0) -> { };"), std::string::npos) << src;
  EXPECT_NE(src.find("Supplier supplier0 = () -> \"ab\";"), std::string::npos) << src;
  EXPECT_EQ(src.find("String string0 = \"ab\";"), std::string::npos) << src;
  EXPECT_NE(src.find("assertEquals(\"short:ab\", "), std::string::npos) << src;

  namespace fs = std::filesystem;
  fs::path work = fs::temp_directory_path() / ("jtg-lambda-writer-" + std::to_string(getpid()));
  fs::remove_all(work);
  output::ValidatorOptions vo;
  vo.java_home = jvm::JavaHome();
  vo.classpath = kFixtures;
  vo.runs = 1;
  vo.work_dir = (work / "work").string();
  auto v = output::Validate(f, (work / "src").string(), vo);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->compiled) << v->log;
  EXPECT_TRUE(v->bad_tests.empty()) << v->log << src;
  fs::remove_all(work);
}

TEST(LambdaValueFactory, LambdasForFunctionalInterfacesOnly) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, kLazy);
  ASSERT_TRUE(u.ok()) << u.status();
  generate::SequencePool pool;
  generate::Rng rng(1);
  auto& ex = *testing::GetSharedJvm().executor;
  generate::ValueFactory factory(**u, pool, ex, rng, generate::FactoryLimits{});
  // How many of 40 values of `t` are lambdas, and the declared types of their values.
  auto lambdas = [&](const std::string& t, const classfile::GenericType* g,
                     std::set<std::string>* values) {
    int n = 0;
    for (int k = 0; k < 40; ++k) {
      TestCase tc;
      int i = factory.Generate(tc, *ParseFieldDescriptor("L" + t + ";"), 1, g);
      if (i < 0 || tc.stmts[static_cast<size_t>(i)].kind != StmtKind::kLambda) continue;
      ++n;
      const Stmt& s = tc.stmts[static_cast<size_t>(i)];
      EXPECT_EQ(s.type.class_name, t);
      if (values != nullptr) {
        values->insert(s.args.empty() ? "none"
                                      : tc.stmts[static_cast<size_t>(s.args[0])].type.Descriptor());
      }
    }
    return n;
  };
  std::set<std::string> values;
  classfile::GenericType str;
  str.kind = classfile::GenericType::kClass;
  str.name = "java/lang/String";
  classfile::GenericType supplier_of_string = str;
  supplier_of_string.name = kSupplier;
  supplier_of_string.args = {str};
  EXPECT_GT(lambdas(kSupplier, &supplier_of_string, &values), 30);
  EXPECT_EQ(values, std::set<std::string>{"Ljava/lang/String;"});
  values.clear();
  EXPECT_GT(lambdas(kRule, nullptr, &values), 30);
  EXPECT_EQ(values, std::set<std::string>{"Z"});
  values.clear();
  EXPECT_GT(lambdas(kSink, nullptr, &values), 30);
  EXPECT_EQ(values, std::set<std::string>{"none"});
  // Function: lambdas and Function.identity() both.
  int functions = lambdas("java/util/function/Function", nullptr, nullptr);
  EXPECT_GT(functions, 5);
  EXPECT_LT(functions, 35);
  EXPECT_EQ(lambdas("fixtures/construct/Shape", nullptr, nullptr), 0);          // Shapes.circle
  EXPECT_EQ(lambdas("fixtures/construct/Mocked$Sensor", nullptr, nullptr), 0);  // 2 methods
  EXPECT_EQ(lambdas("java/lang/Readable", nullptr, nullptr), 0);                // StringReader

  // Generated calls of every target run without setup failures.
  int built = 0;
  for (int round = 0; round < 30; ++round) {
    for (const auto& t : (*u)->targets()) {
      TestCase tc;
      if (factory.AppendCall(tc, t, 0) < 0) continue;
      ++built;
      auto r = ex.Run(tc);
      EXPECT_FALSE(r.setup_failed) << r.setup_error;
    }
  }
  EXPECT_GT(built, 60);
}

}  // namespace
}  // namespace jtg
