// The "not built" metric: BuildLog counting from executions, the blame rules R1-R3 of
// generate/blame/blocked_goals.h on a synthetic plan, and one search on the Blocked fixture.
#include "generate/blame/blocked_goals.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "classfile/class_file.h"
#include "classpath/classpath.h"
#include "generate/goals/goals.h"
#include "generate/search/mosa.h"
#include "generate/values/build_log.h"
#include "generate/values/universe.h"
#include "jvm_fixture.h"
#include "testcase_builders.h"

namespace jtg::generate {
namespace {

using testcase::ExecResult;
using testcase::Observed;
using testcase::TestCase;

Observed Null() {
  Observed o;
  o.kind = Observed::kNull;
  return o;
}
Observed Obj(const std::string& cls) {
  Observed o;
  o.kind = cls == "java.lang.String" ? Observed::kString : Observed::kObject;
  o.runtime_class = cls;
  return o;
}
Observed Void() { return Observed{}; }

// Statement 0 is a placeholder value; the observed values are set in the ExecResult.
int AddValue(TestCase& tc) {
  testcase::Stmt s;
  s.kind = testcase::StmtKind::kNull;
  s.type.base = 'L';
  s.type.class_name = "java/lang/Object";
  tc.stmts.push_back(s);
  return static_cast<int>(tc.size() - 1);
}

const char* kOwner = "a/B";

struct Targets {
  CallablePtr inst = testing::MakeMethod(kOwner, "inst", "(Ljava/lang/Object;)V", false);
  CallablePtr loc = testing::MakeMethod(kOwner, "loc", "(Ljava/util/Locale;)I", true);
  CallablePtr seq = testing::MakeMethod(kOwner, "seq", "(Ljava/lang/CharSequence;)Z", true);
  CallablePtr prim = testing::MakeMethod(kOwner, "prim", "(I)I", true);
  std::vector<CallablePtr> all() const { return {inst, loc, seq, prim}; }
};

TEST(BuildLog, CountsCallsNonNullSlotsAndRuntimeClasses) {
  Targets t;
  BuildLog log(t.all());
  ASSERT_NE(log.Find("inst(Ljava/lang/Object;)V"), nullptr);
  EXPECT_EQ(log.Find("inst(Ljava/lang/Object;)V")->calls, 0);  // listed before any call
  EXPECT_EQ(log.Find("nope()V"), nullptr);

  TestCase tc;
  int recv = AddValue(tc), arg = AddValue(tc), nul = AddValue(tc);
  testing::AddCallStmt(tc, t.inst, {arg}, recv);  // 3: runs
  testing::AddCallStmt(tc, t.inst, {nul}, nul);   // 4: null receiver, never enters
  testing::AddCallStmt(tc, t.loc, {nul});         // 5: runs with null
  testing::AddCallStmt(tc, t.seq, {arg});         // 6: throws inside the method
  ExecResult r;
  r.values = {Obj("a.B"), Obj("java.lang.StringBuilder"), Null(), Void(), Void(), Void()};
  r.threw_at = 6;
  log.Observe(tc, r);

  const MethodLog* inst = log.Find("inst(Ljava/lang/Object;)V");
  EXPECT_EQ(inst->calls, 1);
  EXPECT_EQ(inst->receiver.non_null, 1);
  EXPECT_EQ(inst->params[0].runtime_classes, std::set<std::string>{"java.lang.StringBuilder"});
  const MethodLog* loc = log.Find("loc(Ljava/util/Locale;)I");
  EXPECT_EQ(loc->calls, 1);
  EXPECT_EQ(loc->params[0].non_null, 0);
  EXPECT_EQ(log.Find("seq(Ljava/lang/CharSequence;)Z")->calls, 1);  // threw: it ran

  // A harness failure at a statement: that statement did not run.
  r.setup_failed = true;
  log.Observe(tc, r);
  EXPECT_EQ(log.Find("seq(Ljava/lang/CharSequence;)Z")->calls, 1);
  EXPECT_EQ(log.Find("inst(Ljava/lang/Object;)V")->calls, 2);
  EXPECT_EQ(loc->calls, 2);
  // Another owner's method with the same name and descriptor is not a target.
  TestCase other;
  int v = AddValue(other);
  testing::AddCallStmt(other, testing::MakeMethod("c/D", "loc", "(Ljava/util/Locale;)I", true),
                       {v});
  ExecResult ro;
  ro.values = {Obj("java.util.Locale"), Void()};
  log.Observe(other, ro);
  EXPECT_EQ(loc->calls, 2);
  EXPECT_EQ(log.AllRuntimeClasses(), (std::set<std::string>{"a.B", "java.lang.StringBuilder"}));
}

instrument::MethodPlan Method(const char* name, const char* desc, uint16_t access) {
  instrument::MethodPlan m;
  m.name = name;
  m.descriptor = desc;
  m.access = access;
  m.instrumented = true;
  return m;
}
instrument::BlockGoal Block(int32_t id, uint16_t line, std::vector<int32_t> deps = {}) {
  instrument::BlockGoal b;
  b.id = id;
  b.lines = {line};
  b.control_deps = std::move(deps);
  return b;
}
instrument::BranchGoal Branch(int32_t id, uint16_t line, std::string instanceof_type = "",
                              bool when_taken = false) {
  instrument::BranchGoal b;
  b.id = id;
  b.line = line;
  b.instanceof_type = std::move(instanceof_type);
  b.instanceof_when_taken = when_taken;
  return b;
}

// inst: never called (R1). loc: called with null only (R2). seq: Strings arrive, never a
// StringBuilder (R3 on the instanceof's "is a StringBuilder" side, ifeq). priv: private,
// instanceof Locale (never seen anywhere: R3) and instanceof String (seen: not blamed).
instrument::ClassPlan SyntheticPlan() {
  instrument::ClassPlan p;
  p.class_name = kOwner;
  auto inst = Method("inst", "(Ljava/lang/Object;)V", classfile::kAccPublic);
  inst.blocks = {Block(10, 5)};
  auto loc = Method("loc", "(Ljava/util/Locale;)I", classfile::kAccPublic | classfile::kAccStatic);
  loc.blocks = {Block(20, 10), Block(21, 11, {22})};
  loc.branches = {Branch(22, 10)};  // 22, 23
  auto seq =
      Method("seq", "(Ljava/lang/CharSequence;)Z", classfile::kAccPublic | classfile::kAccStatic);
  seq.blocks = {Block(30, 20), Block(33, 21, {32}), Block(34, 22, {31})};
  seq.branches = {Branch(31, 20, "java/lang/StringBuilder", false)};  // ifeq: 32 = is one
  auto priv = Method("priv", "()V", classfile::kAccPrivate);
  priv.blocks = {Block(40, 30), Block(43, 31, {41}), Block(46, 32, {44})};
  priv.branches = {Branch(41, 30, "java/util/Locale", true),
                   Branch(44, 31, "java/lang/String", true)};
  auto prim = Method("prim", "(I)I", classfile::kAccPublic | classfile::kAccStatic);
  prim.blocks = {Block(50, 40)};
  p.methods = {inst, loc, seq, priv, prim};
  return p;
}

TEST(BlockedGoals, AppliesTheFirstRuleThatHolds) {
  Targets t;
  CoverageModel model(SyntheticPlan());
  EXPECT_EQ(model.MethodKeyOf(21), "loc(Ljava/util/Locale;)I");
  EXPECT_EQ(model.InstanceofTypeOf(32), "java/lang/StringBuilder");
  EXPECT_EQ(model.InstanceofTypeOf(31), "");
  EXPECT_EQ(model.InstanceofTypeOf(41), "java/util/Locale");

  BuildLog log(t.all());
  TestCase tc;
  int s = AddValue(tc), n = AddValue(tc);
  testing::AddCallStmt(tc, t.loc, {n});
  testing::AddCallStmt(tc, t.seq, {s});
  ExecResult r;
  r.values = {Obj("java.lang.String"), Null(), Void(), Void()};
  log.Observe(tc, r);

  absl::flat_hash_set<int32_t> reached = {20, 30, 31};  // prim never ran, but has no refs
  std::vector<int> uncovered = {5, 11, 21, 22, 30, 31, 32, 40};
  int asked = 0;
  auto instance_of = [&asked](const std::string& cls, const std::string& type) {
    ++asked;
    return cls == "java.lang.String" && type == "java/lang/CharSequence";
  };
  BlockedGoals b = BlameUncovered(model, log, reached, uncovered, instance_of);

  auto blame = [&b](int32_t g) {
    auto it = b.goals.find(g);
    return it == b.goals.end() ? std::string("-")
                               : it->second.type + "/" + std::to_string(it->second.rule);
  };
  EXPECT_EQ(blame(10), "a.B/1");               // no receiver
  EXPECT_EQ(blame(21), "java.util.Locale/2");  // always null
  EXPECT_EQ(blame(22), "java.util.Locale/2");
  EXPECT_EQ(blame(23), "java.util.Locale/2");
  EXPECT_EQ(blame(32), "java.lang.StringBuilder/3");  // the "is one" outcome itself
  EXPECT_EQ(blame(33), "java.lang.StringBuilder/3");  // depends on it
  EXPECT_EQ(blame(34), "-");                          // depends on the "is not" side
  EXPECT_EQ(blame(40), "-");                          // private, no instanceof above it
  EXPECT_EQ(blame(41), "java.util.Locale/3");         // private: classes of all methods
  EXPECT_EQ(blame(42), "-");
  EXPECT_EQ(blame(43), "java.util.Locale/3");
  EXPECT_EQ(blame(44), "-");  // a String arrived (in seq)
  EXPECT_EQ(blame(46), "-");
  EXPECT_EQ(blame(50), "-");  // static, never called, no reference parameter
  EXPECT_GT(asked, 0);

  EXPECT_EQ(b.branches, 4);  // 22, 23, 32, 41
  EXPECT_EQ(b.lines, 4);     // 5, 11, 21, 31
  ASSERT_EQ(b.types.size(), 3u);
  EXPECT_EQ(b.types[0].type, "java.util.Locale");
  EXPECT_EQ(b.types[0].branches, 3);
  EXPECT_EQ(b.types[0].lines, 2);
  EXPECT_EQ(b.types[0].methods, (std::vector<std::string>{"loc(Ljava/util/Locale;)I", "priv()V"}));
  EXPECT_EQ(b.types[1].type, "java.lang.StringBuilder");
  EXPECT_EQ(b.types[1].branches, 1);
  EXPECT_EQ(b.types[1].lines, 1);
  EXPECT_EQ(b.types[2].type, "a.B");
  EXPECT_EQ(b.types[2].lines, 1);

  // Once a StringBuilder (a CharSequence subtype) arrives, seq's goals are not blamed; once
  // loc gets a Locale, R2 no longer holds (and nothing else applies).
  TestCase more;
  int sb = AddValue(more), l = AddValue(more);
  testing::AddCallStmt(more, t.seq, {sb});
  testing::AddCallStmt(more, t.loc, {l});
  ExecResult r2;
  r2.values = {Obj("java.lang.StringBuilder"), Obj("java.util.Locale"), Void(), Void()};
  log.Observe(more, r2);
  BlockedGoals after = BlameUncovered(model, log, reached, uncovered, instance_of);
  EXPECT_FALSE(after.goals.contains(33));
  EXPECT_FALSE(after.goals.contains(21));
  EXPECT_FALSE(after.goals.contains(43));  // a Locale arrived somewhere
  EXPECT_EQ(after.types.size(), 1u);       // a.B only
}

// A search on fixtures/construct/Blocked: Plugin has no implementation, so the goals behind
// it stay uncovered and are blamed on it, and nothing else is blamed.
TEST(BlockedGoals, BlamesTheUnbuildableInterfaceOfTheFixture) {
  auto& jvm = testing::GetSharedJvm();
  const char* kBlocked = "fixtures/construct/Blocked";
  auto cp = classpath::Classpath::Open(JTG_FIXTURES_DIR);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto u = Universe::Build(*cp, kBlocked);
  ASSERT_TRUE(u.ok()) << u.status();
  ASSERT_NE(jvm.executor->FindClass(kBlocked), nullptr);
  auto plan = jvm.transformer.Plan(kBlocked);
  ASSERT_TRUE(plan.has_value());
  // The probe plan marks both instanceof tests of kind (ifeq: the fall-through is "is one").
  std::vector<std::string> tests;
  for (const auto& m : plan->methods) {
    for (const auto& br : m.branches) {
      if (br.instanceof_type.empty()) continue;
      EXPECT_FALSE(br.instanceof_when_taken);
      tests.push_back(m.name + ":" + br.instanceof_type);
    }
  }
  EXPECT_EQ(tests, (std::vector<std::string>{"kind:fixtures/construct/Blocked$Plugin",
                                             "kind:java/lang/String"}));
  CoverageModel model(*plan);
  GoalModel goals(model, (*u)->targets());
  Rng rng(1);
  MosaOptions mo;
  mo.population = 10;
  Mosa mosa(**u, goals, *jvm.executor, rng, mo);
  BuildLog log((*u)->targets());
  mosa.SetBuildLog(&log);
  SearchBudget budget;
  budget.max_iterations = 300;
  mosa.Run(budget);

  absl::flat_hash_set<int32_t> reached;
  for (int32_t g : model.goals()) {
    if (mosa.archive().Covers(g)) reached.insert(g);
  }
  CoverageSummary s = model.Measure(reached);
  auto instance_of = [&jvm](const std::string& cls, const std::string& type) {
    classfile::TypeDesc from, to;
    from.base = to.base = 'L';
    from.class_name = cls;
    std::replace(from.class_name.begin(), from.class_name.end(), '.', '/');
    to.class_name = type;
    return jvm.executor->IsAssignable(from, to);
  };
  BlockedGoals b = BlameUncovered(model, log, reached, s.uncovered_lines, instance_of);
  std::string names;
  for (const auto& t : b.types) names += t.type + " ";
  ASSERT_EQ(b.types.size(), 1u) << names;
  EXPECT_EQ(b.types[0].type, "fixtures.construct.Blocked.Plugin");
  // use: p != null, r > 0 (2 outcomes); kind: o instanceof Plugin.
  EXPECT_GE(b.branches, 4);
  EXPECT_GE(b.lines, 4);  // int r = p.run(x); return r; return 0; return "plugin"
  EXPECT_EQ(b.types[0].methods,
            (std::vector<std::string>{"kind(Ljava/lang/Object;)Ljava/lang/String;",
                                      "use(Lfixtures/construct/Blocked$Plugin;I)I"}));
  // Everything that stays uncovered is blamed.
  EXPECT_EQ(b.branches, s.branches_total - s.branches_covered);
  EXPECT_EQ(b.lines, s.lines_total - s.lines_covered);
}

}  // namespace
}  // namespace jtg::generate
