// Mutation-based assertion filtering (generate/search/assertion_filter.h) on synthetic runs: which
// value assertions survive for given mutant outcomes.
#include "generate/search/assertion_filter.h"

#include <gtest/gtest.h>

#include "testcase_builders.h"

namespace jtg::generate {
namespace {

using testcase::ExecResult;
using testcase::Observed;
using testcase::TestCase;

Observed Int(int64_t v) {
  Observed o;
  o.kind = Observed::kPrimitive;
  o.prim = 'I';
  o.i = v;
  return o;
}

// new C(); int a = c.f(1); int b = c.g(2); int d = c.h(3)  (statements 0..6)
struct Fixture {
  TestCase test;
  ExecResult original;
  Fixture() {
    int c = testing::AddCallStmt(test, testing::MakeMethod("p/C", "<init>", "()V", false), {});
    for (const char* name : {"f", "g", "h"}) {
      int x = testing::AddPrimitive(test, 'I', 1);
      testing::AddCallStmt(test, testing::MakeMethod("p/C", name, "(I)I", false), {x}, c);
    }
    Observed obj;
    obj.kind = Observed::kObject;
    original.values = {obj, Int(1), Int(10), Int(1), Int(20), Int(1), Int(30)};
  }
};

TEST(AssertionFilter, KeepsTheLastCallAndAssertionsThatKillOtherMutants) {
  Fixture fx;
  // Mutant (1,0) changes g's value; (1,1) changes g and h; (1,2) changes nothing; (1,3)
  // makes f throw (killed by the flow).
  auto run = [&](const TestCase&, MutantRef m) {
    ExecResult r = fx.original;
    if (m.k == 0) r.values[4] = Int(21);
    if (m.k == 1) {
      r.values[4] = Int(22);
      r.values[6] = Int(31);
    }
    if (m.k == 3) {
      r.values.resize(2);
      r.threw_at = 2;
      r.exception_class = "java.lang.ArithmeticException";
    }
    return r;
  };
  AssertionChoice c = ChooseAssertions(fx.test, fx.original, {{1, 0}, {1, 1}, {1, 2}, {1, 3}}, run);
  EXPECT_EQ(c.assertions_before, 3u);  // f, g, h; not the constructor
  // h (last call) is kept and kills (1,1); g is needed for (1,0); f kills nothing.
  EXPECT_TRUE(c.keep[6]);
  EXPECT_TRUE(c.keep[4]);
  EXPECT_FALSE(c.keep[2]);
  EXPECT_FALSE(c.keep[0]);
  EXPECT_EQ(c.assertions_after, 2u);
  EXPECT_EQ(c.killed.size(), 3u);  // all but (1,2)
}

TEST(AssertionFilter, WithNoMutantsOnlyTheLastCallIsAsserted) {
  Fixture fx;
  auto run = [&](const TestCase&, MutantRef) { return fx.original; };
  AssertionChoice c = ChooseAssertions(fx.test, fx.original, {}, run);
  EXPECT_EQ(c.assertions_after, 1u);
  EXPECT_TRUE(c.keep[6]);
}

TEST(AssertionFilter, ASingleAssertionNeedsNoMutantRuns) {
  TestCase t;
  int x = testing::AddPrimitive(t, 'I', 1);
  testing::AddCallStmt(t, testing::MakeMethod("p/C", "f", "(I)I", true), {x});
  ExecResult r;
  r.values = {Int(1), Int(10)};
  int runs = 0;
  auto run = [&](const TestCase&, MutantRef) {
    ++runs;
    return r;
  };
  AssertionChoice c = ChooseAssertions(t, r, {{1, 0}, {1, 1}}, run);
  EXPECT_EQ(runs, 0);
  EXPECT_TRUE(c.keep[1]);
  EXPECT_EQ(c.assertions_after, 1u);
}

TEST(AssertionFilter, HonoursTheRunLimitAndIgnoresHarnessFailures) {
  Fixture fx;
  int runs = 0;
  auto run = [&](const TestCase&, MutantRef m) {
    ++runs;
    ExecResult r = fx.original;
    if (m.k == 0) r.setup_failed = true;
    r.values[2] = Int(11);  // every mutant changes f
    return r;
  };
  AssertionChoice c = ChooseAssertions(fx.test, fx.original, {{1, 0}, {1, 1}, {1, 2}}, run, 2);
  EXPECT_EQ(runs, 2);
  EXPECT_TRUE(c.keep[2]);
  ASSERT_EQ(c.killed.size(), 1u);
  EXPECT_EQ(c.killed[0], (MutantRef{1, 1}));
  EXPECT_EQ(c.untried, 1u);  // {1, 2}: past the limit
  EXPECT_EQ(ChooseAssertions(fx.test, fx.original, {{1, 1}}, run, 2).untried, 0u);
}

TEST(AssertionFilter, DetectsDifferencesAsTheWriterAsserts) {
  Observed a = Int(5), b = Int(5);
  EXPECT_FALSE(AssertionDetects(a, b));
  b.i = 6;
  EXPECT_TRUE(AssertionDetects(a, b));
  Observed d1, d2;
  d1.kind = d2.kind = Observed::kPrimitive;
  d1.prim = d2.prim = 'D';
  d1.d = 1.0;
  d2.d = 1.005;
  EXPECT_FALSE(AssertionDetects(d1, d2));  // within the writer's 0.01 delta
  d2.d = 1.5;
  EXPECT_TRUE(AssertionDetects(d1, d2));
  Observed n;
  n.kind = Observed::kNull;
  EXPECT_TRUE(AssertionDetects(a, n));
  Observed l1, l2;
  l1.kind = l2.kind = Observed::kObject;
  l1.size = 2;
  l2.size = 3;
  EXPECT_TRUE(AssertionDetects(l1, l2));
  l2.size = 2;
  l2.runtime_class = "java.util.LinkedList";  // only the size is asserted
  EXPECT_FALSE(AssertionDetects(l1, l2));
  // A small array's observed elements are asserted: same length, another element.
  Observed s1;
  s1.kind = Observed::kString;
  s1.s = u"a";
  Observed s2 = s1;
  s2.s = u"b";
  Observed a1, a2;
  a1.kind = a2.kind = Observed::kObject;
  a1.size = a2.size = 2;
  a1.elements = {s1, n};
  a2.elements = {s1, n};
  EXPECT_FALSE(AssertionDetects(a1, a2));
  a2.elements = {s2, n};
  EXPECT_TRUE(AssertionDetects(a1, a2));
  a2.elements.clear();  // the mutant's contents could not be observed: they differ
  EXPECT_TRUE(AssertionDetects(a1, a2));
  a1.elements.clear();  // nothing observed originally: only the length counts
  EXPECT_FALSE(AssertionDetects(a1, a2));
  // Text with an identity hash is asserted only as not null.
  Observed h1 = s1, h2 = s1;
  h1.s = u"p.Thing@1b6d3586";
  h2.s = u"p.Thing@7852e922";
  EXPECT_FALSE(AssertionDetects(h1, h2));
  EXPECT_TRUE(AssertionDetects(h1, n));
}

// Fixture's test, ending when h throws IllegalArgumentException("h: bad") from user code.
ExecResult Threw(const Fixture& fx, const char* cls, const char* message, const char* origin) {
  ExecResult r = fx.original;
  r.values.resize(5);
  r.threw_at = 6;
  r.exception_class = cls;
  r.exception_message = message;
  r.exception_message_null = false;
  r.exception_origin = origin;
  return r;
}

TEST(AssertionFilter, AssertsTheExceptionsMessageWhenThatKillsAMutant) {
  Fixture fx;
  const ExecResult original = Threw(fx, "java.lang.IllegalArgumentException", "h: bad", "p.C");
  ASSERT_TRUE(MessageAssertable(original));
  // (1,0): h throws the same class with another message (a guard removed, a later one
  // throws); (1,1): same message; (1,2): another class (the flow kills it).
  auto run = [&](const TestCase&, MutantRef m) {
    ExecResult r = original;
    if (m.k == 0) r.exception_message = "h: worse";
    if (m.k == 2) r.exception_class = "java.lang.IllegalStateException";
    return r;
  };
  AssertionChoice c = ChooseAssertions(fx.test, original, {{1, 0}, {1, 1}, {1, 2}}, run);
  EXPECT_TRUE(c.message);
  EXPECT_FALSE(c.keep[6]);  // the throwing statement has no value assertion
  EXPECT_EQ(c.killed.size(), 2u);
  EXPECT_EQ(c.assertions_before, 3u);  // f, g and the message
  // The strong score counts the message only when it is asserted.
  EXPECT_EQ(KilledBy(fx.test, original, c.keep, {{1, 0}}, run, 200, true).size(), 1u);
  EXPECT_TRUE(KilledBy(fx.test, original, c.keep, {{1, 0}}, run, 200, false).empty());
  // No mutant that only changes the message: the message is not asserted.
  auto same = [&](const TestCase&, MutantRef) { return original; };
  EXPECT_FALSE(ChooseAssertions(fx.test, original, {{1, 1}}, same).message);
}

TEST(AssertionFilter, MessagesOfTheJvmAndTheJdkAreNotAsserted) {
  Fixture fx;
  EXPECT_TRUE(MessageAssertable(Threw(fx, "p.ParseException", "Missing option: x", "")));
  // A JDK exception class created by the library's own code is asserted...
  EXPECT_TRUE(MessageAssertable(
      Threw(fx, "java.lang.StringIndexOutOfBoundsException", "startIndex must be valid", "p.C")));
  // ...not when the JDK created it (String.substring's message differs across versions),
  EXPECT_FALSE(MessageAssertable(Threw(fx, "java.lang.StringIndexOutOfBoundsException",
                                       "begin 0, end 5, length 3", "java.lang.String")));
  EXPECT_FALSE(MessageAssertable(
      Threw(fx, "java.lang.IllegalArgumentException", "bad", "")));  // origin unknown
  // nor the JVM's own exceptions, whatever code ran.
  EXPECT_FALSE(MessageAssertable(
      Threw(fx, "java.lang.NullPointerException", "Cannot invoke \"String.length()\"", "p.C")));
  EXPECT_FALSE(MessageAssertable(
      Threw(fx, "java.lang.ArrayIndexOutOfBoundsException", "Index 5 out of bounds", "p.C")));
  EXPECT_FALSE(MessageAssertable(Threw(fx, "p.Failure", "p.Thing@1b6d3586 broke", "")));
  EXPECT_FALSE(MessageAssertable(Threw(fx, "p.Failure", "", "")));
  EXPECT_FALSE(MessageAssertable(Threw(fx, "p.Failure", "caf\xc3\xa9", "")));  // not ASCII
  ExecResult null_message = Threw(fx, "p.Failure", "", "");
  null_message.exception_message_null = true;
  EXPECT_FALSE(MessageAssertable(null_message));
  EXPECT_FALSE(MessageAssertable(fx.original));  // no exception
}

}  // namespace
}  // namespace jtg::generate
