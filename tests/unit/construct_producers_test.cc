// Object construction on the tests/fixtures/construct classes (plus construct-impl.jar):
// InnerClasses decoding, producers the Universe finds (factories in other classes and jars,
// builder chains, inner-class constructors) and the writer's `outer.new Inner(...)`.
#include <algorithm>
#include <string>

#include "classfile/inner_classes.h"
#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "gtest/gtest.h"
#include "output/junit_writer.h"

namespace jtg {
namespace {

const std::string kFixtures = JTG_FIXTURES_DIR;
const std::string kImplJar = JTG_CONSTRUCT_IMPL_JAR;

classfile::ClassFile ReadFixture(const classpath::Classpath& cp, const std::string& name) {
  auto bytes = cp.ReadClass(name);
  EXPECT_TRUE(bytes.ok()) << name;
  auto parsed = classfile::Parse(*bytes, name);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return std::move(parsed->cls);
}

// "Owner.name" of each kCall producer, "Owner.field" of each static field.
std::vector<std::string> Names(const std::vector<generate::Producer>& ps) {
  std::vector<std::string> out;
  for (const auto& p : ps) {
    out.push_back(p.kind == generate::Producer::kCall ? p.callable->owner + "." + p.callable->name
                                                      : p.owner + "." + p.field);
  }
  return out;
}

bool Has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(InnerClasses, TellsInnerFromStaticNested) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto inner = classfile::SelfEntry(ReadFixture(*cp, "fixtures/construct/Outer$Inner"));
  ASSERT_TRUE(inner.has_value());
  EXPECT_EQ(inner->outer, "fixtures/construct/Outer");
  EXPECT_EQ(inner->simple, "Inner");
  EXPECT_TRUE(inner->IsInnerMember());
  auto builder = classfile::SelfEntry(ReadFixture(*cp, "fixtures/construct/Widget$Builder"));
  ASSERT_TRUE(builder.has_value());
  EXPECT_EQ(builder->simple, "Builder");
  EXPECT_FALSE(builder->IsInnerMember());
  EXPECT_FALSE(classfile::SelfEntry(ReadFixture(*cp, "fixtures/construct/Outer")).has_value());
  // Outer lists its member Inner too.
  auto all = classfile::DecodeInnerClasses(ReadFixture(*cp, "fixtures/construct/Outer"));
  ASSERT_TRUE(all.ok()) << all.status();
  ASSERT_EQ(all->size(), 1u);
  EXPECT_EQ((*all)[0].inner, "fixtures/construct/Outer$Inner");
}

TEST(InnerClasses, TruncatedAttributeIsDataLoss) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  classfile::ClassFile c = ReadFixture(*cp, "fixtures/construct/Outer$Inner");
  bool cut = false;
  for (auto& a : c.attributes) {
    auto n = c.cp.Utf8(a.name_index);
    if (n.ok() && *n == "InnerClasses") {
      a.info.pop_back();
      cut = true;
    }
  }
  ASSERT_TRUE(cut);
  EXPECT_TRUE(absl::IsDataLoss(classfile::DecodeInnerClasses(c).status()));
  EXPECT_FALSE(classfile::SelfEntry(c).has_value());
}

class ConstructUniverse : public ::testing::Test {
 protected:
  void SetUp() override {
    auto cp = classpath::Classpath::Open(kFixtures + ":" + kImplJar);
    ASSERT_TRUE(cp.ok()) << cp.status();
    cp_ = std::make_unique<classpath::Classpath>(std::move(*cp));
    auto u = generate::Universe::Build(*cp_, "fixtures/construct/Outer$Inner");
    ASSERT_TRUE(u.ok()) << u.status();
    u_ = std::move(*u);
  }
  std::unique_ptr<classpath::Classpath> cp_;
  std::unique_ptr<generate::Universe> u_;
};

TEST_F(ConstructUniverse, InnerConstructorTakesTheOuterInstance) {
  const testcase::Callable* ctor = nullptr;
  for (const auto& t : u_->targets()) {
    if (t->IsConstructor()) ctor = t.get();
  }
  ASSERT_NE(ctor, nullptr);
  EXPECT_EQ(ctor->inner_simple_name, "Inner");
  EXPECT_TRUE(ctor->TakesOuterInstance());
  // As a parameter type (Outer.weigh(Inner)) it has a producer too.
  const auto& ps = u_->ProducersOf("fixtures/construct/Outer$Inner");
  ASSERT_EQ(ps.size(), 1u);
  EXPECT_TRUE(ps[0].callable->TakesOuterInstance());
  // A static nested class's constructor does not.
  for (const auto& p : u_->ProducersOf("fixtures/construct/Box")) {
    if (p.kind == generate::Producer::kCall) {
      EXPECT_FALSE(p.callable->TakesOuterInstance());
    }
  }
}

TEST_F(ConstructUniverse, FindsFactoriesInOtherClassesAndJars) {
  auto shape = Names(u_->ProducersOf("fixtures/construct/Shape"));
  EXPECT_TRUE(Has(shape, "fixtures/construct/Shapes.circle")) << shape.size();
  auto meter = Names(u_->ProducersOf("fixtures/construct/Meter"));
  EXPECT_TRUE(Has(meter, "fixtures/construct/impl/Meters.scaled")) << meter.size();
  auto greeter = Names(u_->ProducersOf("fixtures/construct/Greeter"));
  EXPECT_TRUE(Has(greeter, "fixtures/construct/impl/EnglishGreeter.<init>")) << greeter.size();
}

TEST_F(ConstructUniverse, FindsBuilderChains) {
  auto widget = Names(u_->ProducersOf("fixtures/construct/Widget"));
  EXPECT_EQ(widget, std::vector<std::string>{"fixtures/construct/Widget$Builder.build"});
  auto builder = Names(u_->ProducersOf("fixtures/construct/Widget$Builder"));
  EXPECT_TRUE(Has(builder, "fixtures/construct/Widget.builder"));
  EXPECT_TRUE(Has(builder, "fixtures/construct/Widget$Builder.size"));
  EXPECT_TRUE(Has(builder, "fixtures/construct/Widget$Builder.name"));
  EXPECT_FALSE(Has(builder, "fixtures/construct/Widget$Builder.<init>"));  // private
  for (const auto& p : u_->ProducersOf("fixtures/construct/Widget$Builder")) {
    if (p.callable->name == "size") {
      EXPECT_FALSE(p.callable->is_static);
    }
  }
}

TEST(ConstructUniverseLibrary, FluentMethodsOfAConstructibleTypeAreNotProducers) {
  // StrBuilder has public constructors and ~100 public methods returning StrBuilder
  // (append...): only the constructors (and factories elsewhere) may produce one.
  auto cp = classpath::Classpath::Open("/usr/share/java/commons-lang3.jar");
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "org/apache/commons/lang3/StringUtils");
  ASSERT_TRUE(u.ok()) << u.status();
  const auto& ps = (*u)->ProducersOf("org/apache/commons/lang3/text/StrBuilder");
  ASSERT_FALSE(ps.empty());
  for (const auto& p : ps) {
    if (p.kind != generate::Producer::kCall) continue;
    EXPECT_TRUE(p.callable->is_static || p.callable->IsConstructor())
        << p.callable->owner << "." << p.callable->name;
  }
}

TEST(JUnitWriterInner, WritesQualifiedInstanceCreation) {
  auto ctor = testcase::NewCallable("a/Outer$Inner", "<init>", "(La/Outer;I)V", false);
  auto inner = std::make_shared<testcase::Callable>(*ctor);
  inner->inner_simple_name = "Inner";
  auto outer_ctor = testcase::NewCallable("a/Outer", "<init>", "(I)V", false);
  output::WrittenTest t;
  auto lit = [&](int64_t v) {
    testcase::Stmt s;
    s.kind = testcase::StmtKind::kLiteral;
    s.type.base = 'I';
    s.lit.type = 'I';
    s.lit.i = v;
    t.test.stmts.push_back(s);
    return static_cast<int>(t.test.size() - 1);
  };
  auto call = [&](std::shared_ptr<const testcase::Callable> c, std::vector<int> args) {
    testcase::Stmt s;
    s.kind = testcase::StmtKind::kCall;
    s.type = *classfile::ParseFieldDescriptor("L" + c->owner + ";");
    s.callable = std::move(c);
    s.args = std::move(args);
    t.test.stmts.push_back(s);
    return static_cast<int>(t.test.size() - 1);
  };
  int o = call(outer_ctor, {lit(3)});
  call(inner, {o, lit(5)});
  testcase::Stmt null_outer;
  null_outer.kind = testcase::StmtKind::kNull;
  null_outer.type = *classfile::ParseFieldDescriptor("La/Outer;");
  t.test.stmts.push_back(null_outer);
  call(inner, {static_cast<int>(t.test.size() - 1), lit(7)});
  for (size_t i = 0; i < t.test.size(); ++i) {
    testcase::Observed v;
    v.kind = testcase::Observed::kObject;
    t.result.values.push_back(v);
  }
  output::TypeOracle oracle;
  oracle.is_public = [](const std::string&) { return true; };
  oracle.is_collection = [](const classfile::TypeDesc&) { return false; };
  oracle.is_map = [](const classfile::TypeDesc&) { return false; };
  oracle.public_exception = [](const std::string& n) { return n; };
  output::WriterOptions opts;
  opts.cut_internal_name = "a/Outer$Inner";
  auto f = output::WriteJUnit({t}, opts, oracle);
  EXPECT_EQ(f.class_name, "Outer_InnerJtgTest");
  EXPECT_NE(f.source.find("Inner inner0 = outer0.new Inner(5);"), std::string::npos) << f.source;
  EXPECT_NE(f.source.find("Inner inner1 = ((Outer) null).new Inner(7);"), std::string::npos)
      << f.source;
  EXPECT_NE(f.source.find("import a.Outer.Inner;"), std::string::npos) << f.source;
}

}  // namespace
}  // namespace jtg
