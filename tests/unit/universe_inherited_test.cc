// What the search may call on a class beyond what it declares (Universe::calls(): inherited
// methods, from the classpath and from JDK base classes, and protected and package-private
// members of the CUT's package), what it may call on a value user code returned through an
// interface (Universe::ViewMethodsOf), the producers a same-package subclass gives an
// abstract class, the size limit a method gets after running out of budget
// (ValueFactory::LimitSizes), and the floating-point special values among literals.
#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "gtest/gtest.h"
#include "jvm_fixture.h"

namespace jtg {
namespace {

const std::string kFixtures = JTG_FIXTURES_DIR;

std::set<std::string> Keys(const std::vector<generate::CallablePtr>& cs, size_t from = 0) {
  std::set<std::string> out;
  for (size_t i = from; i < cs.size(); ++i) out.insert(cs[i]->name + cs[i]->descriptor);
  return out;
}

StatusOr<std::vector<uint8_t>> NoJdk(const std::string& name) { return absl::NotFoundError(name); }

TEST(InheritedCalls, SuperclassAndDefaultMethodsNotOverridden) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/inherit/Child");
  ASSERT_TRUE(u.ok()) << u.status();
  // Its own methods, the protected one included (the test lives in its package).
  EXPECT_EQ(Keys((*u)->targets()),
            (std::set<std::string>{"<init>()V", "twice()I", "name()Ljava/lang/String;", "size()I",
                                   "peek()I"}));
  EXPECT_EQ((*u)->calls().size(), (*u)->targets().size());  // nothing inherited yet
  (*u)->AddInheritedCalls(NoJdk);
  const auto& calls = (*u)->calls();
  EXPECT_EQ(Keys(calls, (*u)->targets().size()),
            (std::set<std::string>{"add(I)V", "reset()V", "packageHelper()V",
                                   "greeting()Ljava/lang/String;"}));
  EXPECT_EQ((*u)->inherited_count(), 4u);
  for (const auto& c : calls) {
    EXPECT_EQ(c->owner, "fixtures/inherit/Child") << c->name;
    EXPECT_FALSE(c->is_static) << c->name;
  }
  (*u)->AddInheritedCalls(NoJdk);  // idempotent
  EXPECT_EQ((*u)->calls().size(), calls.size());
}

TEST(InheritedCalls, JdkBaseClassesAreReadThroughTheJvm) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/inherit/Bag");
  ASSERT_TRUE(u.ok()) << u.status();
  auto& vm = *testing::GetSharedJvm().vm;
  (*u)->AddInheritedCalls([&vm](const std::string& n) { return vm.ReadSystemClassBytes(n); });
  std::set<std::string> got = Keys((*u)->calls(), (*u)->targets().size());
  for (const char* want :
       {"add(Ljava/lang/Object;)Z", "isEmpty()Z", "iterator()Ljava/util/Iterator;",
        "contains(Ljava/lang/Object;)Z", "forEach(Ljava/util/function/Consumer;)V"}) {
    EXPECT_TRUE(got.count(want)) << want;
  }
  EXPECT_FALSE(got.count("get(I)Ljava/lang/Object;"));  // Bag's bridge method hides it
  EXPECT_FALSE(got.count("size()I"));                   // declared by Bag
  EXPECT_FALSE(got.count("wait()V"));                   // java.lang.Object's are not calls
}

TEST(ViewMethods, InterfaceAndSuperinterfaceMethodsOfJdkTypes) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/inherit/Bag");
  ASSERT_TRUE(u.ok()) << u.status();
  EXPECT_TRUE((*u)->ViewMethodsOf("java/util/Iterator").empty());  // no reader yet
  auto& vm = *testing::GetSharedJvm().vm;
  (*u)->AddInheritedCalls([&vm](const std::string& n) { return vm.ReadSystemClassBytes(n); });
  std::set<std::string> it = Keys((*u)->ViewMethodsOf("java/util/Iterator"));
  EXPECT_TRUE(it.count("hasNext()Z") && it.count("next()Ljava/lang/Object;") &&
              it.count("remove()V"));
  EXPECT_EQ(Keys((*u)->ViewMethodsOf("java/util/Map$Entry")),
            (std::set<std::string>{"getKey()Ljava/lang/Object;", "getValue()Ljava/lang/Object;",
                                   "setValue(Ljava/lang/Object;)Ljava/lang/Object;",
                                   "equals(Ljava/lang/Object;)Z", "hashCode()I"}));
  std::set<std::string> set = Keys((*u)->ViewMethodsOf("java/util/Set"));
  EXPECT_TRUE(set.count("size()I"));                                    // Set's own
  EXPECT_TRUE(set.count("removeIf(Ljava/util/function/Predicate;)Z"));  // Collection's
  EXPECT_TRUE(set.count("forEach(Ljava/util/function/Consumer;)V"));    // Iterable's
  EXPECT_FALSE(set.count("of()Ljava/util/Set;"));                       // static
  EXPECT_TRUE((*u)->ViewMethodsOf("java/lang/String").empty());         // concrete: its own class
  EXPECT_TRUE((*u)->ViewMethodsOf("fixtures/inherit/Bag").empty());     // the CUT
  EXPECT_EQ(Keys((*u)->ViewMethodsOf("fixtures/inherit/Named")),
            (std::set<std::string>{"name()Ljava/lang/String;", "greeting()Ljava/lang/String;"}));
}

TEST(Producers, AbstractClassGetsItsPackagesProtectedSubclassConstructors) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/inherit/Decorator");
  ASSERT_TRUE(u.ok()) << u.status();
  ASSERT_TRUE((*u)->cut_is_abstract());
  std::set<std::string> got;
  for (const auto& p : (*u)->ProducersOf("fixtures/inherit/Decorator")) {
    if (p.kind == generate::Producer::kCall) {
      got.insert(p.callable->owner + "." + p.callable->name + p.callable->descriptor);
    }
  }
  // Upper's protected constructor; not the private nested Hidden's, which no test can name.
  EXPECT_EQ(got, (std::set<std::string>{"fixtures/inherit/Upper.<init>(Ljava/lang/String;)V"}));
}

TEST(LimitSizes, IntegralArgumentsStaySmallAfterAnOverrun) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/inherit/Sized");
  ASSERT_TRUE(u.ok()) << u.status();
  const auto& ctor = *(*u)->targets().front();
  ASSERT_EQ(ctor.descriptor, "(I)V");
  auto& ex = *testing::GetSharedJvm().executor;
  generate::SequencePool pool;
  generate::Rng rng(3);
  generate::ValueFactory f(**u, pool, ex, rng, generate::FactoryLimits{});
  auto max_arg = [&]() {
    int64_t most = 0;
    for (int k = 0; k < 300; ++k) {
      testcase::TestCase tc;
      int a = f.GenerateArg(tc, ctor, 0, 1);
      if (a >= 0 && tc.stmts[static_cast<size_t>(a)].kind == testcase::StmtKind::kLiteral) {
        most = std::max(most, tc.stmts[static_cast<size_t>(a)].lit.i);
      }
    }
    return most;
  };
  EXPECT_GT(max_arg(), 16);  // the seeds hold Integer.MAX_VALUE and friends
  EXPECT_FALSE(f.SizesLimited(ctor));
  f.LimitSizes(ctor);
  EXPECT_TRUE(f.SizesLimited(ctor));
  EXPECT_LE(max_arg(), 16);
}

TEST(Literals, FloatingPointSpecialValuesAreDrawn) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = generate::Universe::Build(*cp, "fixtures/inherit/Sized");
  ASSERT_TRUE(u.ok()) << u.status();
  auto& ex = *testing::GetSharedJvm().executor;
  generate::SequencePool pool;
  generate::Rng rng(5);
  generate::ValueFactory f(**u, pool, ex, rng, generate::FactoryLimits{});
  auto abs = testcase::NewCallable("java/lang/Math", "abs", "(D)D", true);
  int nan = 0, inf = 0, neg_inf = 0, neg_zero = 0, other = 0;
  for (int k = 0; k < 2000; ++k) {
    testcase::TestCase tc;
    int a = f.GenerateArg(tc, *abs, 0, 1);
    ASSERT_GE(a, 0);
    const auto& s = tc.stmts[static_cast<size_t>(a)];
    if (s.kind != testcase::StmtKind::kLiteral) continue;
    double d = s.lit.d;
    if (std::isnan(d))
      ++nan;
    else if (std::isinf(d))
      ++(d > 0 ? inf : neg_inf);
    else if (d == 0 && std::signbit(d))
      ++neg_zero;
    else
      ++other;
  }
  EXPECT_GT(nan, 0);
  EXPECT_GT(inf, 0);
  EXPECT_GT(neg_inf, 0);
  EXPECT_GT(neg_zero, 0);
  EXPECT_GT(other, 10 * (nan + inf + neg_inf + neg_zero));  // rare: ordinary values first
}

}  // namespace
}  // namespace jtg
