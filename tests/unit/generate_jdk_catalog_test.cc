// The JDK catalog (jdk_catalog.h), the impure-API deny-list (impure_apis.h) and type hints
// (type_hints.h): table checks against the real JDK in the shared JVM, and value generation
// for fixtures/construct/Jdk.
#include <gtest/gtest.h>

#include <filesystem>
#include <iterator>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "classpath/classpath.h"
#include "generate/values/impure_apis.h"
#include "generate/values/jdk_catalog.h"
#include "generate/values/type_hints.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "jvm_fixture.h"
#include "output/junit_writer.h"
#include "output/validator.h"
#include "testcase_builders.h"
#include "written_file_check.h"

namespace jtg::generate {
namespace {

using classfile::TypeDesc;
using testcase::StmtKind;

TypeDesc Obj(const std::string& n) {
  TypeDesc t;
  t.base = 'L';
  t.class_name = n;
  return t;
}

// A value factory over the universe of fixtures/values/Show (its constants seed strings).
struct ShowFactory {
  ShowFactory(testcase::Executor& ex, uint64_t seed) : rng(seed) {
    auto opened = classpath::Classpath::Open(JTG_FIXTURES_DIR);
    if (!opened.ok()) return;
    cp = std::make_unique<classpath::Classpath>(std::move(*opened));
    auto built = Universe::Build(*cp, "fixtures/values/Show");
    if (!built.ok()) return;
    u = std::move(*built);
    f = std::make_unique<ValueFactory>(*u, pool, ex, rng, FactoryLimits{});
  }
  std::unique_ptr<classpath::Classpath> cp;
  std::unique_ptr<Universe> u;
  SequencePool pool;
  Rng rng;
  std::unique_ptr<ValueFactory> f;
};

TEST(ImpureApis, DeniesClockRandomnessIdentityAndEnvironment) {
  EXPECT_TRUE(IsImpureApi("java/lang/System", "nanoTime", "()J"));
  EXPECT_TRUE(IsImpureApi("java/lang/System", "getenv", "(Ljava/lang/String;)Ljava/lang/String;"));
  EXPECT_TRUE(IsImpureApi("java/lang/System", "identityHashCode", "(Ljava/lang/Object;)I"));
  EXPECT_TRUE(IsImpureApi("java/time/LocalDate", "now", "()Ljava/time/LocalDate;"));
  EXPECT_TRUE(IsImpureApi("java/util/Random", "<init>", "()V"));
  EXPECT_TRUE(IsImpureApi("java/util/UUID", "randomUUID", "()Ljava/util/UUID;"));
  EXPECT_TRUE(IsImpureApi("java/lang/Math", "random", "()D"));
  EXPECT_TRUE(IsImpureApi("java/lang/Thread", "currentThread", "()Ljava/lang/Thread;"));
  EXPECT_TRUE(IsImpureApi("java/util/Collection", "parallelStream", "()Ljava/util/stream/Stream;"));
  EXPECT_FALSE(IsImpureApi("java/util/Collection", "stream", "()Ljava/util/stream/Stream;"));
  EXPECT_TRUE(IsImpureApi("java/util/Date", "<init>", "()V"));
  EXPECT_FALSE(IsImpureApi("java/util/Date", "<init>", "(J)V"));
  EXPECT_FALSE(IsImpureApi("java/lang/String", "valueOf", "(I)Ljava/lang/String;"));
  EXPECT_FALSE(IsImpureApi("java/time/chrono/X", "now", "()V"));  // only the package itself
  EXPECT_FALSE(IsImpureApi("java/util/UUID", "fromString", "(Ljava/lang/String;)Ljava/util/UUID;"));
  // new URL(String) only parses; the rest of java.net stays denied.
  EXPECT_FALSE(IsImpureApi("java/net/URL", "<init>", "(Ljava/lang/String;)V"));
  EXPECT_TRUE(IsImpureApi("java/net/URL", "openConnection", "()Ljava/net/URLConnection;"));
  EXPECT_TRUE(IsImpureApi("java/net/URL", "hashCode", "()I"));
  EXPECT_TRUE(IsImpureApi("java/net/InetAddress", "getByName",
                          "(Ljava/lang/String;)Ljava/net/InetAddress;"));
}

TEST(JdkCatalog, EveryProducerIsPureExistsAndFitsItsType) {
  auto& jvm = testing::GetSharedJvm();
  testcase::Executor& ex = *jvm.executor;
  JNIEnv* env = ex.env();
  JdkCatalog cat;
  ASSERT_GE(cat.ProducerTypes().size(), 15u);
  for (const std::string& type : cat.ProducerTypes()) {
    SCOPED_TRACE(type);
    ASSERT_FALSE(cat.ProducersOf(type).empty());
    for (const Producer& p : cat.ProducersOf(type)) {
      std::string owner = p.kind == Producer::kCall ? p.callable->owner : p.owner;
      SCOPED_TRACE(owner + "." + (p.kind == Producer::kCall ? p.callable->name : p.field));
      ASSERT_TRUE(ex.IsPublic(owner));
      EXPECT_TRUE(ex.IsAssignable(p.type, Obj(type)));
      jclass c = ex.FindClass(owner);
      ASSERT_NE(c, nullptr);
      if (p.kind == Producer::kCall) {
        EXPECT_FALSE(IsImpureApi(owner, p.callable->name, p.callable->descriptor));
        jmethodID m = p.callable->is_static ? env->GetStaticMethodID(c, p.callable->name.c_str(),
                                                                     p.callable->descriptor.c_str())
                                            : env->GetMethodID(c, p.callable->name.c_str(),
                                                               p.callable->descriptor.c_str());
        env->ExceptionClear();
        EXPECT_NE(m, nullptr);
      } else {
        jfieldID f = env->GetStaticFieldID(c, p.field.c_str(), p.type.Descriptor().c_str());
        env->ExceptionClear();
        EXPECT_NE(f, nullptr);
      }
    }
  }
}

// Every producer of the catalog, run by the engine and then written as Java: the written
// class compiles and, run by JUnit, shows the same value (Show.show's string, asserted from
// the engine's run) or throws the same exception. Each producer with arguments is run with
// fresh ones until it has given a value and thrown (at most 100 times): every producer must
// give a value.
TEST(JdkCatalog, WrittenProducersGiveTheEnginesValues) {
  auto& jvm = testing::GetSharedJvm();
  testcase::Executor& ex = *jvm.executor;
  ShowFactory sf(ex, 11);
  ASSERT_TRUE(sf.u);
  ValueFactory& f = *sf.f;
  auto show = testing::MakeMethod("fixtures/values/Show", "show",
                                  "(Ljava/lang/Object;)Ljava/lang/String;", true);
  JdkCatalog cat;
  std::vector<output::WrittenTest> tests;
  std::vector<std::string> never_normal;  // producers whose arguments never gave a value
  for (const std::string& type : cat.ProducerTypes()) {
    for (const Producer& p : cat.ProducersOf(type)) {
      // Fresh arguments until one run completes normally and one throws (a constant once):
      // both the value and the exception are written.
      bool normal = false, threw = false;
      for (int attempt = 0; attempt < (p.kind == Producer::kCall ? 100 : 1); ++attempt) {
        testcase::TestCase tc;
        testcase::Stmt s;
        s.type = p.type;
        if (p.kind == Producer::kCall) {
          s.kind = StmtKind::kCall;
          s.callable = p.callable;
          bool ok = true;
          for (size_t k = 0; k < p.callable->desc.params.size() && ok; ++k) {
            int a = f.GenerateArg(tc, *p.callable, k, 1);
            ok = a >= 0;
            s.args.push_back(a);
          }
          if (!ok) continue;
        } else {
          s.kind = StmtKind::kGetStatic;
          s.owner = p.owner;
          s.field = p.field;
        }
        tc.stmts.push_back(s);
        testing::AddCallStmt(tc, show, {static_cast<int>(tc.size()) - 1});
        testcase::ExecResult r = ex.Run(tc);
        ASSERT_FALSE(r.setup_failed) << type << ": " << r.setup_error;
        bool keep = r.Normal() ? !normal : !threw;
        (r.Normal() ? normal : threw) = true;
        if (keep) tests.push_back(output::WrittenTest{std::move(tc), std::move(r), {}, {}, {}});
        if (normal && threw) break;
      }
      if (!normal) {
        never_normal.push_back(p.kind == Producer::kCall
                                   ? p.callable->owner + "." + p.callable->name +
                                         p.callable->descriptor
                                   : p.owner + "." + p.field);
      }
    }
  }
  // Every producer gives a value from the arguments the factory chooses (the string
  // recipes from Show's constants, as from a CUT's).
  EXPECT_TRUE(never_normal.empty()) << absl::StrJoin(never_normal, "\n");
  ASSERT_GE(tests.size(), 60u);
  output::TypeOracle oracle;
  oracle.is_public = [](const std::string&) { return true; };
  oracle.is_collection = [](const TypeDesc&) { return false; };
  oracle.is_map = [](const TypeDesc&) { return false; };
  oracle.public_exception = [](const std::string& n) { return n; };
  output::WriterOptions wopts;
  wopts.cut_internal_name = "fixtures/values/Show";
  // As validation's repair would (write_validated.h, DeclareThrows): some calls declare
  // checked exceptions.
  for (auto& t : tests) t.throws_clause = "Exception";
  output::JavaFile file = output::WriteJUnit(tests, wopts, oracle);
  // The engine's values are asserted, e.g. Duration.ZERO's, a primitive class as a Type, a
  // JDK enum's constant as an Enum, a URL from Show's constant, a calendar.
  for (const char* value :
       {"java.time.Duration:PT0S", "java.lang.Class:int", "java.lang.Class:void",
        "java.time.DayOfWeek:MONDAY", "java.net.URL:http", "java.util.GregorianCalendar:"}) {
    EXPECT_NE(file.source.find(absl::StrCat("assertEquals(\"", value)), std::string::npos)
        << value << "\n"
        << file.source.substr(0, 2000);
  }
  testing::ExpectWrittenFilePasses(file, "jtg-catalog-");
}

// The 60 most frequent JDK parameter types over the jars Debian ships (issue 20 item 3;
// bench/jdk_param_types.py), most frequent first.
constexpr const char* kTopSixty[] = {"java/lang/String",
                                     "java/lang/Object",
                                     "java/lang/Class",
                                     "java/util/List",
                                     "java/io/File",
                                     "java/util/Map",
                                     "java/lang/Throwable",
                                     "java/util/Collection",
                                     "java/lang/ClassLoader",
                                     "java/io/InputStream",
                                     "java/lang/Iterable",
                                     "java/lang/CharSequence",
                                     "java/lang/reflect/Type",
                                     "java/util/function/Supplier",
                                     "java/lang/reflect/Method",
                                     "java/lang/instrument/Instrumentation",
                                     "java/nio/charset/Charset",
                                     "java/io/OutputStream",
                                     "java/lang/Comparable",
                                     "java/lang/Enum",
                                     "java/io/Reader",
                                     "java/io/PrintStream",
                                     "java/util/concurrent/TimeUnit",
                                     "java/lang/annotation/Annotation",
                                     "java/util/Set",
                                     "java/security/ProtectionDomain",
                                     "java/util/Comparator",
                                     "java/io/Writer",
                                     "java/util/Iterator",
                                     "java/nio/file/Path",
                                     "java/lang/reflect/Field",
                                     "java/lang/reflect/Constructor",
                                     "java/util/Date",
                                     "java/util/function/Function",
                                     "java/lang/Integer",
                                     "java/time/Duration",
                                     "java/io/PrintWriter",
                                     "java/lang/reflect/AnnotatedElement",
                                     "java/util/Locale",
                                     "java/net/URL",
                                     "java/lang/Boolean",
                                     "java/lang/Character",
                                     "java/util/Properties",
                                     "java/lang/Runnable",
                                     "java/util/concurrent/Callable",
                                     "java/net/URI",
                                     "java/util/function/Predicate",
                                     "java/lang/StringBuffer",
                                     "java/lang/Double",
                                     "java/lang/Long",
                                     "java/util/Calendar",
                                     "java/lang/reflect/Member",
                                     "java/lang/Number",
                                     "java/lang/Float",
                                     "java/util/concurrent/Executor",
                                     "java/lang/Exception",
                                     "java/lang/Byte",
                                     "java/lang/Short",
                                     "javax/accessibility/AccessibleContext",
                                     "java/nio/file/attribute/BasicFileAttributes"};

// Those without a pure producer, listed with their reasons beside the catalog's table.
const std::set<std::string> kNoPureProducer = {"java/lang/ClassLoader",
                                               "java/lang/reflect/Method",
                                               "java/lang/reflect/Field",
                                               "java/lang/reflect/Constructor",
                                               "java/lang/reflect/Member",
                                               "java/lang/instrument/Instrumentation",
                                               "java/security/ProtectionDomain",
                                               "javax/accessibility/AccessibleContext",
                                               "java/nio/file/attribute/BasicFileAttributes"};

// Calendar's pure chain, GregorianCalendar.from(ZonedDateTime.ofInstant(Instant, ZoneId)),
// nests one call more than FactoryLimits::max_depth leaves an argument (see the comment on
// the catalog's table); WrittenProducersGiveTheEnginesValues runs it one level higher.
const std::set<std::string> kTooDeep = {"java/util/Calendar"};

// Each of the 60 but the excluded gets values as the argument of a method under test (depth
// 1), built by whatever builds it (literal, collection, lambda, this catalog), that run
// normally and stay inside the JVM (no file, network, process or thread); the excluded and
// the too deep get null only, so the catalog's comment stays honest (when this fails for
// one of them, move it to the built ones there and here).
TEST(JdkCatalog, TopSixtyParameterTypesGetValues) {
  ASSERT_EQ(std::size(kTopSixty), 60u);
  auto& ex = *testing::GetSharedJvm().executor;
  ShowFactory sf(ex, 5);
  ASSERT_TRUE(sf.u);
  ValueFactory& f = *sf.f;
  for (const char* type : kTopSixty) {
    SCOPED_TRACE(type);
    int values = 0;
    for (int k = 0; k < 80; ++k) {
      testcase::TestCase tc;
      int v = f.Generate(tc, Obj(type), 1);
      ASSERT_GE(v, 0);
      if (tc.stmts[static_cast<size_t>(v)].kind == StmtKind::kNull) continue;
      testcase::ExecResult r = ex.Run(tc);
      ASSERT_FALSE(r.setup_failed) << r.setup_error;
      EXPECT_TRUE(r.Contained()) << r.sandbox_first;
      if (r.Normal()) ++values;
    }
    if (kNoPureProducer.count(type) != 0 || kTooDeep.count(type) != 0) {
      EXPECT_EQ(values, 0);
    } else {
      EXPECT_GE(values, 1);  // URL: from Show's URL constant only
    }
  }
}

TEST(JdkCatalog, CollectionImplementationsImplementTheirInterface) {
  auto& ex = *testing::GetSharedJvm().executor;
  JdkCatalog cat;
  for (const char* iface :
       {"java/util/List", "java/util/Set", "java/util/Map", "java/util/Queue", "java/util/Deque",
        "java/util/Collection", "java/lang/Iterable", "java/util/SortedMap"}) {
    SCOPED_TRACE(iface);
    ASSERT_FALSE(cat.ImplementationsOf(iface).empty());
    for (const auto& impl : cat.ImplementationsOf(iface)) {
      EXPECT_TRUE(ex.IsAssignable(Obj(impl), Obj(iface))) << impl;
    }
  }
  EXPECT_EQ(cat.ImplementationsOf("java/util/Set").size(), 3u);
  EXPECT_EQ(cat.ImplementationsOf("java/util/Map").size(), 3u);
}

TEST(JdkCatalog, Configure) {
  JdkCatalog cat;
  ASSERT_TRUE(cat.Configure("java.util.List=java.util.LinkedList").ok());
  EXPECT_EQ(cat.ImplementationsOf("java/util/List"),
            std::vector<std::string>{"java/util/LinkedList"});
  ASSERT_TRUE(cat.Configure("java/util/Map=java/util/TreeMap,java/util/HashMap").ok());
  EXPECT_EQ(cat.ImplementationsOf("java/util/Map").front(), "java/util/TreeMap");
  EXPECT_TRUE(absl::IsInvalidArgument(cat.Configure("java.util.List")));
  EXPECT_TRUE(absl::IsInvalidArgument(cat.Configure("java.util.List=")));
  EXPECT_TRUE(absl::IsInvalidArgument(cat.Configure("java.util.Foo=java.util.ArrayList")));
  EXPECT_TRUE(absl::IsInvalidArgument(cat.Configure("java.util.List=com.x.MyList")));
}

class JdkValues : public ::testing::Test {
 protected:
  void SetUp() override {
    auto cp = classpath::Classpath::Open(JTG_FIXTURES_DIR);
    ASSERT_TRUE(cp.ok()) << cp.status();
    cp_ = std::make_unique<classpath::Classpath>(std::move(*cp));
    auto u = Universe::Build(*cp_, "fixtures/construct/Jdk");
    ASSERT_TRUE(u.ok()) << u.status();
    u_ = std::move(*u);
  }
  CallablePtr Target(const std::string& name) {
    for (const auto& t : u_->targets()) {
      if (t->name == name) return t;
    }
    return nullptr;
  }
  std::unique_ptr<classpath::Classpath> cp_;
  std::unique_ptr<Universe> u_;
};

TEST_F(JdkValues, TypeHintsListInstanceofTargets) {
  TypeHints h = CollectTypeHints(u_->cut());
  auto kind = h["kind(Ljava/lang/CharSequence;)Ljava/lang/String;"];
  EXPECT_EQ(kind, (std::vector<std::string>{"java/lang/String", "java/lang/StringBuilder"}));
  auto shape = h["shape(Ljava/util/Collection;)Ljava/lang/String;"];
  EXPECT_EQ(shape,
            (std::vector<std::string>{"java/util/Deque", "java/util/List", "java/util/Set"}));
  ASSERT_NE(Target("kind"), nullptr);
  EXPECT_EQ(u_->TypeHintsFor(*Target("kind")).size(), 2u);
  EXPECT_TRUE(u_->TypeHintsFor(*Target("read")).empty());
}

TEST_F(JdkValues, UniverseServesCatalogProducersForJdkTypes) {
  EXPECT_FALSE(u_->ProducersOf("java/util/Locale").empty());
  EXPECT_FALSE(u_->ProducersOf("java/lang/Readable").empty());
  EXPECT_TRUE(u_->ProducersOf("java/lang/Thread").empty());
}

// Generated calls of each target run without setup failures and reach the JDK values the
// branches need: a StringBuilder and a CharBuffer as CharSequence, a StringReader as
// Readable, a Locale constant, RoundingMode constants, several collection implementations.
TEST_F(JdkValues, FactoryBuildsJdkValuesThatRun) {
  auto& jvm = testing::GetSharedJvm();
  testcase::Executor& ex = *jvm.executor;
  SequencePool pool;
  Rng rng(3);
  ValueFactory f(*u_, pool, ex, rng, FactoryLimits{});
  std::set<std::string> classes;
  int built = 0;
  for (int round = 0; round < 60; ++round) {
    for (const auto& t : u_->targets()) {
      testcase::TestCase tc;
      if (f.AppendCall(tc, t, 0) < 0) continue;
      ++built;
      auto r = ex.Run(tc);
      EXPECT_FALSE(r.setup_failed) << r.setup_error;
      for (const auto& v : r.values) {
        if (!v.runtime_class.empty()) classes.insert(v.runtime_class);
      }
    }
  }
  EXPECT_GT(built, 300);
  for (const char* want : {"java.lang.StringBuilder", "java.io.StringReader", "java.util.Locale",
                           "java.math.RoundingMode", "java.math.BigDecimal", "java.util.LinkedList",
                           "java.util.TreeMap", "java.util.ArrayDeque", "java.io.StringWriter"}) {
    EXPECT_EQ(classes.count(want), 1u) << want;
  }
  bool char_buffer = false;
  for (const auto& c : classes)
    char_buffer |=
        c.rfind("java.nio.HeapCharBuffer", 0) == 0 || c.rfind("java.nio.StringCharBuffer", 0) == 0;
  EXPECT_TRUE(char_buffer);
}

}  // namespace
}  // namespace jtg::generate
