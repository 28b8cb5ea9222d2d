// Findings involve the class (perf/involves_class.h): a candidate whose loop is the JDK's own
// counts only when the class's own code calls it, and every candidate's test must call the
// class. The commons-cli case: `arrayList1.retainAll(arrayList1)` on the list that
// Options.helpOptions() returned, with the helpOptions() call minimized away.
#include <gtest/gtest.h>

#include "perf/involves_class.h"
#include "testcase_builders.h"

namespace jtg::perf {
namespace {

using testcase::TestCase;

const std::string kCut = "org/example/Options";

// new ArrayList(); list.retainAll(list): the JDK only.
TestCase JdkOnly() {
  TestCase t;
  int list = testing::AddCallStmt(
      t, testing::MakeMethod("java/util/ArrayList", "<init>", "()V", false), {});
  testing::AddCallStmt(
      t,
      testing::MakeMethod("java/util/Collection", "retainAll", "(Ljava/util/Collection;)Z", false),
      {list}, list);
  return t;
}

// new Options(); options.addAll(n) (a method the class declares).
TestCase CallsCut(bool observer_only) {
  TestCase t;
  int o = testing::AddCallStmt(t, testing::MakeMethod(kCut, "<init>", "()V", false), {});
  int n = testing::AddPrimitive(t, 'I', 3);
  testing::AddCallStmt(t, testing::MakeMethod(kCut, "addAll", "(I)V", false), {n}, o);
  if (observer_only) {
    t.stmts[0].callable = testing::MakeMethod("java/util/ArrayList", "<init>", "()V", false);
    t.stmts[0].type = *classfile::ParseFieldDescriptor("Ljava/util/ArrayList;");
    t.stmts[2].observer = true;
  }
  return t;
}

TEST(PerfInvolvesClass, TheTestMustCallTheClass) {
  EXPECT_FALSE(CallsClass(JdkOnly(), kCut));
  EXPECT_TRUE(CallsClass(CallsCut(false), kCut));
  EXPECT_FALSE(CallsClass(CallsCut(true), kCut));  // an observer call is no call under test
  EXPECT_FALSE(InvolvesClass(JdkOnly(), kCut, "java/util/ArrayList", false));
  EXPECT_FALSE(InvolvesClass(JdkOnly(), kCut, kCut, true));  // even with the loop in the class
}

TEST(PerfInvolvesClass, AJdkLoopCountsOnlyWhenTheClassCallsIt) {
  const TestCase t = CallsCut(false);
  EXPECT_TRUE(InvolvesClass(t, kCut, kCut, false));                  // the class's own loop
  EXPECT_TRUE(InvolvesClass(t, kCut, "org/example/Helper", false));  // a library callee's
  EXPECT_TRUE(InvolvesClass(t, kCut, "java/util/ArrayList", true));  // its method calls it
  // A bulk method of a list the class returned (a view entry): the JDK's loop alone.
  EXPECT_FALSE(InvolvesClass(t, kCut, "java/util/ArrayList", false));
  // A JDK class under test is judged as any other class would be by its own loops.
  TestCase jdk = JdkOnly();
  EXPECT_TRUE(InvolvesClass(jdk, "java/util/ArrayList", "java/util/ArrayList", false));
}

}  // namespace
}  // namespace jtg::perf
