// ClassConstants (generate/values/class_constants.h): the classes a class file's code loads
// with ldc, and the Universe's class seeds built from them.
#include "generate/values/class_constants.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "classfile/class_file.h"
#include "classpath/classpath.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "jvm_fixture.h"

namespace jtg::generate {
namespace {

const std::string kFixtures = JTG_FIXTURES_DIR;

TEST(ClassConstants, ClassesLoadedByLdcOnlyNoArraysNoNewOrCallOwners) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto bytes = cp->ReadClass("fixtures/values/Converters");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  auto parsed = classfile::Parse(*bytes, "fixtures.values.Converters");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  // HashMap (new), Map (invokeinterface) and Object (the super call) are class entries of the
  // pool too, but no ldc loads them; String[].class is an array class.
  EXPECT_EQ(ClassConstants(parsed->cls),
            (std::vector<std::u16string>{u"fixtures.values.Converters", u"java.lang.Character",
                                         u"java.util.Date"}));
}

TEST(ClassConstants, AreTheUniversesClassSeeds) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = Universe::Build(*cp, "fixtures/values/Converters");
  ASSERT_TRUE(u.ok()) << u.status();
  EXPECT_EQ((*u)->seeds().classes.size(), 3u);
  auto none = Universe::Build(*cp, "fixtures/values/Show");
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_TRUE((*none)->seeds().classes.empty());
}

TEST(ClassConstants, AreTheClassValuesOfParametersHalfOfTheTime) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = Universe::Build(*cp, "fixtures/values/Converters");
  ASSERT_TRUE(u.ok()) << u.status();
  CallablePtr name_of;
  for (const auto& t : (*u)->targets()) {
    if (t->name == "nameOf") name_of = t;
  }
  ASSERT_NE(name_of, nullptr);
  auto& ex = *testing::GetSharedJvm().executor;
  SequencePool pool;
  Rng rng(7);
  ValueFactory f(**u, pool, ex, rng, FactoryLimits{});
  // A Class value is Class.forName(<name literal>); count the names drawn.
  std::set<std::u16string> constants(
      {u"fixtures.values.Converters", u"java.lang.Character", u"java.util.Date"});
  std::set<std::u16string> seen;
  int from_constants = 0, built = 0;
  for (int k = 0; k < 400; ++k) {
    testcase::TestCase tc;
    int a = f.GenerateArg(tc, *name_of, 0, 1);
    if (a < 1) continue;
    const auto& call = tc.stmts[static_cast<size_t>(a)];
    if (call.kind != testcase::StmtKind::kCall || call.callable->name != "forName") continue;
    const auto& name = tc.stmts[static_cast<size_t>(call.args[0])].lit.s;
    ++built;
    seen.insert(name);
    from_constants += constants.contains(name) ? 1 : 0;
  }
  ASSERT_GT(built, 40);
  for (const auto& c : constants) EXPECT_TRUE(seen.contains(c));
  EXPECT_TRUE(seen.contains(u"java.lang.String"));  // the JDK names stay
  EXPECT_GT(from_constants, built / 3);
  EXPECT_LT(from_constants, built * 2 / 3 + 1);
}

}  // namespace
}  // namespace jtg::generate
