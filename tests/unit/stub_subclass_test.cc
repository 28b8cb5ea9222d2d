// Stub subclasses (generate/values/stub_subclass.h): which are planned for a class, that the JVM
// defines and runs them, and that the written anonymous classes compile and behave as the
// engine's stubs did; and downcast factories, the other producer of a class no test can
// construct.
#include "generate/values/stub_subclass.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "jvm_fixture.h"
#include "output/junit_writer.h"
#include "output/validator.h"
#include "testcase_builders.h"
#include "written_file_check.h"

namespace jtg::generate {
namespace {

const std::string kFixtures = JTG_FIXTURES_DIR;

std::unique_ptr<Universe> Load(const std::string& cut) {
  auto cp = classpath::Classpath::Open(kFixtures);
  EXPECT_TRUE(cp.ok()) << cp.status();
  static std::map<std::string, std::unique_ptr<classpath::Classpath>> keep;  // outlive u
  auto& slot = keep[cut];
  slot = std::make_unique<classpath::Classpath>(std::move(*cp));
  auto u = Universe::Build(*slot, cut);
  EXPECT_TRUE(u.ok()) << u.status();
  auto& vm = *testing::GetSharedJvm().vm;
  (*u)->AddInheritedCalls([&vm](const std::string& n) { return vm.ReadSystemClassBytes(n); });
  return std::move(*u);
}

std::optional<classfile::ClassFile> Read(const std::string& name) {
  auto cp = classpath::Classpath::Open(kFixtures);
  auto bytes = cp->ReadClass(name);
  if (!bytes.ok()) bytes = testing::GetSharedJvm().vm->ReadSystemClassBytes(name);
  if (!bytes.ok()) return std::nullopt;
  auto parsed = classfile::Parse(*bytes, name);
  if (!parsed.ok()) return std::nullopt;
  return std::move(parsed->cls);
}

// "name=value" per override of a stub, sorted.
std::set<std::string> Overrides(const StubClass& s) {
  std::set<std::string> out;
  for (const auto& o : s.spec->overrides) out.insert(o.name + "=" + std::to_string(o.value));
  return out;
}

TEST(StubSubclass, PlansAbstractDefaultsAndBothValuesOfEachHook) {
  auto cut = Read("fixtures/inherit/Cache");
  ASSERT_TRUE(cut);
  auto stubs = PlanStubSubclasses(*cut, Read, true);
  ASSERT_EQ(stubs.size(), 4u);
  EXPECT_EQ(Overrides(stubs[0]), (std::set<std::string>{"load=0", "valid=0"}));  // the base
  EXPECT_EQ(Overrides(stubs[1]), (std::set<std::string>{"load=0", "valid=0", "evict=0"}));
  EXPECT_EQ(Overrides(stubs[2]), (std::set<std::string>{"load=0", "valid=0", "evict=1"}));
  EXPECT_EQ(Overrides(stubs[3]), (std::set<std::string>{"load=0", "valid=1"}));
  for (const auto& s : stubs) {
    EXPECT_TRUE(IsStubClassName(s.name)) << s.name;
    ASSERT_EQ(s.ctors.size(), 1u);
    EXPECT_EQ(s.ctors[0]->descriptor, "(I)V");
    EXPECT_EQ(s.ctors[0]->owner, s.name);
  }
  // From another package the protected constructor is still usable, the hooks too.
  EXPECT_EQ(PlanStubSubclasses(*cut, Read, false).size(), 4u);
  // Nothing for a final class or one whose constructors are all private.
  auto str = Read("java/lang/String");
  ASSERT_TRUE(str);
  EXPECT_TRUE(PlanStubSubclasses(*str, Read, false).empty());
}

TEST(StubSubclass, DefinedRunAndWrittenAsAnonymousClasses) {
  auto u = Load("fixtures/inherit/Cache");
  auto& jvm = testing::GetSharedJvm();
  std::vector<std::string> defined;
  size_t n = u->AddStubSubclasses([&](const std::string& name, const std::vector<uint8_t>& b) {
    defined.push_back(name);
    return jvm.vm->DefineClass(name, b);
  });
  ASSERT_EQ(n, 4u);
  const auto& producers = u->ProducersOf("fixtures/inherit/Cache");
  ASSERT_EQ(producers.size(), 4u);  // the stubs are its only producers
  auto get = testing::MakeMethod("fixtures/inherit/Cache", "get",
                                 "(Ljava/lang/String;I)Ljava/lang/String;", false);
  std::vector<output::WrittenTest> tests;
  std::set<std::u16string> results;
  for (const Producer& p : producers) {
    for (int size : {1, 5}) {
      testcase::TestCase tc;
      int arg = testing::AddPrimitive(tc, 'I', 0);
      int obj = testing::AddCallStmt(tc, p.callable, {arg});
      tc.stmts[static_cast<size_t>(obj)].type = p.type;  // declared as the class itself
      int key = testing::AddString(tc, "k");
      int sz = testing::AddPrimitive(tc, 'I', size);
      int call = testing::AddCallStmt(tc, get, {key, sz}, obj);
      testcase::ExecResult r = jvm.executor->Run(tc);
      ASSERT_EQ(r.threw_at, -1) << r.exception_class << " " << r.exception_message;
      results.insert(r.values[static_cast<size_t>(call)].s);
      tests.push_back(output::WrittenTest{std::move(tc), std::move(r), {}, {}, {}});
    }
  }
  // Every outcome of get is reached through some stub.
  EXPECT_EQ(results, (std::set<std::u16string>{u"invalid", u"evicted", u"kept:null"}));
  output::TypeOracle oracle = testing::PermissiveOracle();
  output::WriterOptions wopts;
  wopts.cut_internal_name = "fixtures/inherit/Cache";
  output::JavaFile file = output::WriteJUnit(tests, wopts, oracle);
  EXPECT_NE(file.source.find("new Cache(0) { @Override protected java.lang.Object "
                             "load(java.lang.String p0) { return null; } @Override protected "
                             "boolean valid(java.lang.Object p0) { return true; } }"),
            std::string::npos)
      << file.source.substr(0, 3000);
  EXPECT_EQ(file.source.find("JtgStub"), std::string::npos);
  testing::ExpectWrittenFilePasses(file, "jtg-stub-");
}

TEST(StubSubclass, ObjectMethodsRedeclaredAbstractAndParameterizedSupertypes) {
  auto printable = Read("fixtures/inherit/Printable");
  ASSERT_TRUE(printable);
  auto stubs = PlanStubSubclasses(*printable, Read, true);
  ASSERT_EQ(stubs.size(), 1u);
  EXPECT_EQ(Overrides(stubs[0]), (std::set<std::string>{"toString=0"}));
  // compare(String, String) cannot be written from the erased descriptor: no stub.
  auto order = Read("fixtures/inherit/StringOrder");
  ASSERT_TRUE(order);
  EXPECT_TRUE(PlanStubSubclasses(*order, Read, true).empty());
}

TEST(StubSubclass, AbstractClassWithoutAbstractMethodsGetsAnEmptyBody) {
  auto cut = Read("fixtures/inherit/Decorator");
  ASSERT_TRUE(cut);
  auto stubs = PlanStubSubclasses(*cut, Read, true);
  ASSERT_EQ(stubs.size(), 1u);
  EXPECT_TRUE(stubs[0].spec->overrides.empty());
  auto bytes = StubClassBytes(stubs[0]);
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  auto parsed = classfile::Parse(*bytes, stubs[0].name);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->cls.SuperName(), "fixtures/inherit/Decorator");
}

// Downcast producers (Producer::downcast): a class made only by factories returning its
// interface is built through them, the cast checked by the executor and written.
TEST(DowncastFactories, ClassMadeOnlyByFactoriesReturningItsInterface) {
  auto u = Load("fixtures/inherit/Wrapped");
  std::map<std::string, const Producer*> by_name;
  for (const Producer& p : u->ProducersOf("fixtures/inherit/Wrapped")) {
    ASSERT_TRUE(p.downcast);
    by_name[p.callable->name] = &p;
  }
  ASSERT_EQ(by_name.size(), 2u);  // wrap and other; no stub (final), no constructor
  auto& jvm = testing::GetSharedJvm();
  auto size = testing::MakeMethod("fixtures/inherit/Wrapped", "size", "()I", false);
  auto run = [&](const Producer& p, output::WrittenTest* keep) {
    testcase::TestCase tc;
    int obj = testing::AddCallStmt(tc, p.callable, {});
    tc.stmts[static_cast<size_t>(obj)].type = p.type;
    testing::AddCallStmt(tc, size, {}, obj);
    testcase::ExecResult r = jvm.executor->Run(tc);
    if (keep != nullptr) *keep = output::WrittenTest{tc, r, {}, {}, {}};
    return r;
  };
  output::WrittenTest written;
  testcase::ExecResult ok = run(*by_name["wrap"], &written);
  EXPECT_TRUE(ok.Normal()) << ok.exception_class << ok.setup_error;
  testcase::ExecResult bad = run(*by_name["other"], nullptr);
  EXPECT_TRUE(bad.setup_failed);  // the lambda is no Wrapped: never called through JNI
  output::TypeOracle oracle = testing::PermissiveOracle();
  output::WriterOptions wopts;
  wopts.cut_internal_name = "fixtures/inherit/Wrapped";
  output::JavaFile file = output::WriteJUnit({written}, wopts, oracle);
  EXPECT_NE(file.source.find("Wrapped wrapped0 = (Wrapped) Wrapped.wrap();"), std::string::npos)
      << file.source;
  testing::ExpectWrittenFilePasses(file, "jtg-downcast-");
}

}  // namespace
}  // namespace jtg::generate
