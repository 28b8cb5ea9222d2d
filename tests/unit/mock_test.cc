// Mocks (--mocks): the catalog of mockable types, the kMock statement run by the executor
// through Mockito and written as mock()/when().thenReturn() (compiled and run by the
// validator), the archive's mock penalty, and the value factory mocking only types without
// producers and only when switched on. Tests needing Mockito skip when libmockito-java is
// not installed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "classpath/classpath.h"
#include "generate/search/random_search.h"
#include "generate/values/mock_catalog.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "jvm/java_home.h"
#include "jvm/mockito_jars.h"
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
const std::string kSensor = "fixtures/construct/Mocked$Sensor";
const std::string kMocked = "fixtures/construct/Mocked";

std::vector<std::string> StubNames(const std::vector<generate::CallablePtr>& stubs) {
  std::vector<std::string> out;
  for (const auto& c : stubs) out.push_back(c->name);
  return out;
}

// Mockito on the shared JVM, warmed up outside any time limit; false if not installed.
bool MockitoReady() {
  if (!jvm::CheckMockitoJars().ok()) return false;
  Status st = testing::GetSharedJvm().executor->PrepareMocks();
  EXPECT_TRUE(st.ok()) << st;
  return st.ok();
}

TEST(MockCatalog, StubsValueMethodsOfOpenUserTypes) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  generate::MockCatalog catalog(*cp);
  EXPECT_FALSE(catalog.enabled());  // off by default
  const auto* stubs = catalog.Mockable(kSensor);
  ASSERT_NE(stubs, nullptr);
  EXPECT_EQ(StubNames(*stubs), (std::vector<std::string>{"level", "name"}));
  const auto* plugin = catalog.Mockable("fixtures/construct/Blocked$Plugin");
  ASSERT_NE(plugin, nullptr);
  EXPECT_EQ(StubNames(*plugin), std::vector<std::string>{"run"});
  EXPECT_EQ(catalog.Mockable(kMocked), nullptr);               // concrete class
  EXPECT_EQ(catalog.Mockable("java/lang/Runnable"), nullptr);  // JDK type
  EXPECT_EQ(catalog.Mockable("fixtures/construct/Missing"), nullptr);
}

TEST(Archive, PrefersFewerMocksBeforeShorterTests) {
  generate::Archive a;
  TestCase mocked, plain;
  mocked.stmts.resize(1);
  mocked.stmts[0].kind = StmtKind::kMock;
  plain.stmts.resize(4);
  auto m = std::make_shared<const TestCase>(mocked);
  auto p = std::make_shared<const TestCase>(plain);
  EXPECT_TRUE(a.Update(m, {1}));
  EXPECT_TRUE(a.Update(p, {1}));  // longer, but without a mock
  EXPECT_FALSE(a.Update(m, {1}));
  // Not throwing still comes first.
  EXPECT_TRUE(a.Update(p, {2}, -1, /*threw=*/true));
  EXPECT_TRUE(a.Update(m, {2}, -1, /*threw=*/false));
}

// Literals `level` and `name`, a Sensor mock stubbing level() and name() with them, then
// Mocked.classify(sensor).
TestCase ClassifyWithMock(int level, const std::u16string& name) {
  TestCase tc;
  int lv = testing::AddPrimitive(tc, 'I', level);
  Stmt str;
  str.kind = StmtKind::kLiteral;
  str.type = *ParseFieldDescriptor("Ljava/lang/String;");
  str.lit.type = 's';
  str.lit.s = name;
  tc.stmts.push_back(str);
  Stmt mock;
  mock.kind = StmtKind::kMock;
  mock.type = *ParseFieldDescriptor("L" + kSensor + ";");
  mock.stubs = {testing::MakeMethod(kSensor, "level", "()I", false),
                testing::MakeMethod(kSensor, "name", "()Ljava/lang/String;", false)};
  mock.args = {lv, 1};
  tc.stmts.push_back(mock);
  testing::AddCallStmt(
      tc,
      testing::MakeMethod(kMocked, "classify",
                          "(Lfixtures/construct/Mocked$Sensor;)Ljava/lang/String;", true),
      {2});
  return tc;
}

TEST(MockExecutor, StubsReturnValuesThroughMockito) {
  if (!MockitoReady()) GTEST_SKIP() << "libmockito-java is not installed";
  auto& ex = *testing::GetSharedJvm().executor;
  struct Case {
    int level;
    std::u16string name, want;
  } cases[] = {{150, u"x", u"high"},
               {-3, u"x", u"broken"},
               {5, u"temp1", u"temperature"},
               {5, u"other", u"normal"}};
  for (const auto& c : cases) {
    testcase::ExecResult r = ex.Run(ClassifyWithMock(c.level, c.name));
    ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
    ASSERT_EQ(r.values.size(), 4u);
    EXPECT_EQ(r.values[2].kind, testcase::Observed::kObject);
    EXPECT_NE(r.values[2].runtime_class.find("$MockitoMock$"), std::string::npos)
        << r.values[2].runtime_class;
    EXPECT_EQ(r.values[3].s, c.want) << c.level;
  }
  // A stub value of the wrong type (Integer for name()) fails in thenReturn: a setup
  // failure, and Mockito's per-thread state is clean for the next run.
  TestCase bad = ClassifyWithMock(5, u"temp");
  Stmt boxed;
  boxed.kind = StmtKind::kLiteral;
  boxed.type = *ParseFieldDescriptor("Ljava/lang/Integer;");
  boxed.lit.type = 'I';
  boxed.lit.i = 7;
  bad.stmts[1] = boxed;
  testcase::ExecResult r = ex.Run(bad);
  EXPECT_TRUE(r.setup_failed);
  EXPECT_EQ(r.threw_at, 2);
  r = ex.Run(ClassifyWithMock(5, u"temp"));
  ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
  EXPECT_EQ(r.values[3].s, u"temperature");
}

output::TypeOracle Oracle(testcase::Executor& ex) {
  output::TypeOracle o;
  o.is_public = [&ex](const std::string& n) { return ex.IsPublic(n); };
  o.is_collection = [](const classfile::TypeDesc&) { return false; };
  o.is_map = [](const classfile::TypeDesc&) { return false; };
  o.public_exception = [&ex](const std::string& n) { return ex.NearestPublicClass(n); };
  return o;
}

TEST(MockWriter, WritesMockAndStubsThatCompileAndPass) {
  if (!MockitoReady()) GTEST_SKIP() << "libmockito-java is not installed";
  auto& ex = *testing::GetSharedJvm().executor;
  std::vector<output::WrittenTest> tests;
  for (auto [level, name] : {std::pair{150, u"x"}, std::pair{5, u"temp\"q"}}) {
    TestCase tc = ClassifyWithMock(level, name);
    testcase::ExecResult r = ex.Run(tc);
    ASSERT_TRUE(r.Normal()) << r.exception_class << " " << r.setup_error;
    tests.push_back(output::WrittenTest{tc, r, {}, {}, {}});
  }
  output::WriterOptions opts;
  opts.cut_internal_name = kMocked;
  output::JavaFile f = output::WriteJUnit(tests, opts, Oracle(ex));
  const std::string& src = f.source;
  EXPECT_NE(src.find("import static org.mockito.Mockito.*;"), std::string::npos) << src;
  EXPECT_NE(src.find("Sensor sensor0 = mock(Sensor.class);"), std::string::npos) << src;
  EXPECT_NE(src.find("when(sensor0.level()).thenReturn(150);"), std::string::npos) << src;
  EXPECT_NE(src.find("when(sensor0.name()).thenReturn(\"temp\\\"q\");"), std::string::npos) << src;
  EXPECT_NE(src.find("assertEquals(\"temperature\", "), std::string::npos) << src;

  namespace fs = std::filesystem;
  fs::path work = fs::temp_directory_path() / ("jtg-mock-writer-" + std::to_string(getpid()));
  fs::remove_all(work);
  output::ValidatorOptions vo;
  vo.java_home = jvm::JavaHome();
  vo.classpath = kFixtures + ":" + jvm::MockitoClasspath();
  vo.runs = 1;
  vo.work_dir = (work / "work").string();
  auto v = output::Validate(f, (work / "src").string(), vo);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->compiled) << v->log;
  EXPECT_TRUE(v->bad_tests.empty()) << v->log;
  fs::remove_all(work);

  // Without a mock, no Mockito import.
  TestCase plain;
  testing::AddCallStmt(
      plain,
      testing::MakeMethod(kMocked, "classify",
                          "(Lfixtures/construct/Mocked$Sensor;)Ljava/lang/String;", true),
      {});
  Stmt null;
  null.kind = StmtKind::kNull;
  null.type = *ParseFieldDescriptor("L" + kSensor + ";");
  plain.stmts.insert(plain.stmts.begin(), null);
  plain.stmts[1].args = {0};
  testcase::ExecResult r = ex.Run(plain);
  ASSERT_TRUE(r.Normal()) << r.setup_error;
  output::JavaFile g =
      output::WriteJUnit({output::WrittenTest{plain, r, {}, {}, {}}}, opts, Oracle(ex));
  EXPECT_EQ(g.source.find("mockito"), std::string::npos) << g.source;
}

TEST(MockValueFactory, MocksOnlyTypesWithoutProducersAndOnlyWhenEnabled) {
  if (!MockitoReady()) GTEST_SKIP() << "libmockito-java is not installed";
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, kMocked);
  ASSERT_TRUE(u.ok()) << u.status();
  generate::SequencePool pool;
  generate::Rng rng(1);
  generate::ValueFactory factory(**u, pool, *testing::GetSharedJvm().executor, rng,
                                 generate::FactoryLimits{});
  classfile::TypeDesc sensor = *ParseFieldDescriptor("L" + kSensor + ";");
  classfile::TypeDesc shape = *ParseFieldDescriptor("Lfixtures/construct/Shape;");
  auto mocks_built = [&](const classfile::TypeDesc& t) {
    int n = 0;
    for (int k = 0; k < 40; ++k) {
      TestCase tc;
      int i = factory.Generate(tc, t, 1);
      if (i < 0 || tc.stmts[static_cast<size_t>(i)].kind != StmtKind::kMock) continue;
      ++n;
      const Stmt& s = tc.stmts[static_cast<size_t>(i)];
      EXPECT_EQ(StubNames(s.stubs), (std::vector<std::string>{"level", "name"}));
      EXPECT_EQ(s.args.size(), 2u);
    }
    return n;
  };
  EXPECT_EQ(mocks_built(sensor), 0);  // off by default: null
  (*u)->mocks().set_enabled(true);
  EXPECT_GT(mocks_built(sensor), 30);
  EXPECT_EQ(mocks_built(shape), 0);  // Shapes.circle builds a real one
}

}  // namespace
}  // namespace jtg
