// The agent's probe policies without a JVM (agent/probe_policy.h): each mode's answers to
// the questions AgentState asks (first instrumentation, retransformation, due, admission,
// retransforms / keeps bytes / profiles / sweeps), and the agent's plan cache key
// (agent/agent_instrument.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "agent/agent_instrument.h"
#include "agent/probe_policy.h"

namespace jtg::agent {
namespace {

constexpr Mode kAllModes[] = {Mode::kStatic, Mode::kDdst, Mode::kHst, Mode::kTpc,
                              Mode::kPlan,   Mode::kDrop, Mode::kFold};

AgentOptions OptionsFor(Mode mode) {
  AgentOptions o;
  o.mode = mode;
  o.includes = "x.*";
  o.sweep_quiet_ms = 500;
  return o;
}

std::unique_ptr<ProbePolicy> PolicyFor(Mode mode) { return MakeProbePolicy(OptionsFor(mode)); }

// A class of 4 slots, slots 0 and 2 newly covered, nothing removed; slots 0-1 belong to
// method 0, slots 2-3 to method 1.
ClassRecord CoveredClass() {
  ClassRecord r;
  r.slots = 4;
  r.covered = {1, 0, 1, 0};
  r.removed = {0, 0, 0, 0};
  r.fresh = 2;
  r.slot_method = {0, 0, 1, 1};
  r.active = {0, 0, 0, 0};
  return r;
}

TEST(ProbePolicyTest, FactoryMakesThePolicyOfEachMode) {
  for (Mode m : kAllModes) EXPECT_EQ(PolicyFor(m)->mode(), m) << ModeName(m);
}

TEST(ProbePolicyTest, WhoRetransformsKeepsBytesAndProfiles) {
  struct Row {
    Mode mode;
    bool retransforms, keeps_bytes, profiles, keeps_every_probe, sweeps;
  };
  const Row rows[] = {
      {Mode::kStatic, false, false, false, true, false},
      {Mode::kPlan, false, false, false, false, false},
      {Mode::kFold, false, false, false, false, false},
      {Mode::kDdst, true, true, false, false, true},
      {Mode::kDrop, true, true, false, false, false},
      {Mode::kHst, true, true, true, false, false},
      {Mode::kTpc, true, true, true, false, false},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(ModeName(row.mode));
    auto p = PolicyFor(row.mode);
    EXPECT_EQ(p->Retransforms(), row.retransforms);
    EXPECT_EQ(p->KeepsPlannedBytes(), row.keeps_bytes);
    EXPECT_EQ(p->Profiles(), row.profiles);
    EXPECT_EQ(p->KeepsEveryProbe(), row.keeps_every_probe);
    EXPECT_EQ(p->SweepQuiet().count() > 0, row.sweeps);
  }
  EXPECT_EQ(PolicyFor(Mode::kDdst)->SweepQuiet(), std::chrono::milliseconds(500));
  AgentOptions no_sweep = OptionsFor(Mode::kDdst);
  no_sweep.sweep_quiet_ms = 0;
  EXPECT_EQ(MakeProbePolicy(no_sweep)->SweepQuiet().count(), 0);
}

TEST(ProbePolicyTest, FirstInstrumentationOfUnprofiledClasses) {
  for (Mode m : kAllModes) {
    SCOPED_TRACE(ModeName(m));
    const FirstInstrumentation f = PolicyFor(m)->First(nullptr);
    EXPECT_FALSE(f.request.prologue);  // ClassPrepare creates the array
    EXPECT_TRUE(f.request.fold_methods.empty());
    EXPECT_EQ(f.request.fold, m == Mode::kFold);
    EXPECT_EQ(f.plan_cache, m == Mode::kTpc);
    if (m == Mode::kPlan) {  // every probe planned out, whatever the slot count
      ASSERT_GE(f.request.removed.size(), 65536u);
      EXPECT_TRUE(std::all_of(f.request.removed.begin(), f.request.removed.end(),
                              [](bool b) { return b; }));
    } else {
      EXPECT_TRUE(f.request.removed.empty());
    }
  }
}

TEST(ProbePolicyTest, HstFoldsTheProfiledDdstMethodsOnly) {
  const coverage::HstClassProfile hot{"x/A", {0, 5, 2, 3}};  // hot_intervals 3: 1 and 3
  for (Mode m : {Mode::kHst, Mode::kTpc}) {
    SCOPED_TRACE(ModeName(m));
    const FirstInstrumentation f = PolicyFor(m)->First(&hot);
    EXPECT_TRUE(f.request.fold);
    EXPECT_EQ(f.request.fold_methods, (std::vector<bool>{false, true, false, true}));
    EXPECT_EQ(f.plan_cache, m == Mode::kTpc);
    // No method hot enough: plain probes.
    const coverage::HstClassProfile cold{"x/B", {0, 2}};
    EXPECT_FALSE(PolicyFor(m)->First(&cold).request.fold);
    // fold=0: never.
    AgentOptions o = OptionsFor(m);
    o.hst_fold = false;
    EXPECT_FALSE(MakeProbePolicy(o)->First(&hot).request.fold);
  }
  // Other modes ignore a profile entry.
  for (Mode m : {Mode::kStatic, Mode::kDdst, Mode::kDrop, Mode::kPlan}) {
    EXPECT_FALSE(PolicyFor(m)->First(&hot).request.fold) << ModeName(m);
  }
  EXPECT_TRUE(PolicyFor(Mode::kFold)->First(&hot).request.fold_methods.empty());
}

TEST(ProbePolicyTest, RetransformationRemovesCoveredOrEveryProbe) {
  const std::vector<uint8_t> covered = {1, 0, 1, 0};
  const std::vector<bool> covered_bits = {true, false, true, false};
  for (Mode m : {Mode::kDdst, Mode::kHst, Mode::kTpc}) {
    SCOPED_TRACE(ModeName(m));
    const ProbeRequest req = PolicyFor(m)->Retransform(covered, true);
    EXPECT_EQ(req.removed, covered_bits);
    EXPECT_FALSE(req.prologue);
    EXPECT_FALSE(req.fold);
    EXPECT_TRUE(PolicyFor(m)->Retransform(covered, false).prologue);  // no array seen yet
  }
  const ProbeRequest drop = PolicyFor(Mode::kDrop)->Retransform(covered, true);
  EXPECT_EQ(drop.removed, std::vector<bool>(4, true));
  EXPECT_TRUE(PolicyFor(Mode::kDrop)->Retransform(covered, false).prologue);
  const ProbeRequest plan = PolicyFor(Mode::kPlan)->Retransform(covered, true);
  ASSERT_GE(plan.removed.size(), 4u);
  EXPECT_TRUE(std::all_of(plan.removed.begin(), plan.removed.end(), [](bool b) { return b; }));
}

TEST(ProbePolicyTest, DdstAndDropAreDueWhileACoveredProbeIsLeft) {
  for (Mode m : {Mode::kDdst, Mode::kDrop}) {
    SCOPED_TRACE(ModeName(m));
    auto p = PolicyFor(m);
    ClassRecord r = CoveredClass();
    EXPECT_TRUE(p->Due(r));
    r.removed = {1, 0, 0, 0};  // slot 2's probe is still there
    EXPECT_TRUE(p->Due(r));
    r.removed = {1, 0, 1, 0};  // every covered probe is gone
    EXPECT_FALSE(p->Due(r));
    r = CoveredClass();
    r.fresh = 0;  // nothing new since the last retransformation
    EXPECT_FALSE(p->Due(r));
    r = CoveredClass();
    r.fold = true;  // flags, not retransformation, take its probes out
    EXPECT_FALSE(p->Due(r));
  }
}

TEST(ProbePolicyTest, ModesThatDoNotRetransformAreNeverDue) {
  for (Mode m : {Mode::kStatic, Mode::kPlan, Mode::kFold}) {
    EXPECT_FALSE(PolicyFor(m)->Due(CoveredClass())) << ModeName(m);
  }
}

TEST(ProbePolicyTest, HstIsDueOnlyForACoveredProbeOfADdstMethod) {
  for (Mode m : {Mode::kHst, Mode::kTpc}) {
    SCOPED_TRACE(ModeName(m));
    auto p = PolicyFor(m);
    // Online (not profiled): a method is DDST once one of its slots was active again.
    ClassRecord r = CoveredClass();
    EXPECT_FALSE(p->Due(r));  // covered, but no slot fired again
    r.active = {0, 0, 0, 1};  // method 1 ran again; its slot 2 is covered and kept
    EXPECT_TRUE(p->Due(r));
    r.removed = {0, 0, 1, 0};  // ... but that probe is already gone
    EXPECT_FALSE(p->Due(r));
    r = CoveredClass();
    r.active = {0, 1, 0, 0};  // method 0 is DDST, and slot 0 (covered, kept) is its
    EXPECT_TRUE(p->Due(r));
    r.fold = true;
    EXPECT_FALSE(p->Due(r));
    // Profiled: the profile decides, not this run's counts.
    const coverage::HstClassProfile prof{"x/A", {0, 9}};  // method 1 hot
    r = CoveredClass();
    r.profile = &prof;
    EXPECT_TRUE(p->Due(r));
    r.removed = {0, 0, 1, 0};  // only method 0's (static) covered probe is left
    r.active = {5, 5, 0, 0};
    EXPECT_FALSE(p->Due(r));
  }
}

TEST(ProbePolicyTest, AdmissionLimitsRetransformationsAndSweepsOnceInDdst) {
  auto ddst = PolicyFor(Mode::kDdst);  // max_retransforms 1 (the default)
  ClassRecord r = CoveredClass();
  EXPECT_EQ(ddst->Admit(r, false), Admission::kYes);
  r.retransforms = 1;
  EXPECT_EQ(ddst->Admit(r, false), Admission::kNo);
  EXPECT_EQ(ddst->Admit(r, true), Admission::kSweep);
  r.swept = true;
  EXPECT_EQ(ddst->Admit(r, true), Admission::kNo);
  // Modes without a sweep never admit past the limit.
  r.swept = false;
  for (Mode m : {Mode::kDrop, Mode::kHst, Mode::kTpc}) {
    EXPECT_EQ(PolicyFor(m)->Admit(r, true), Admission::kNo) << ModeName(m);
  }
  AgentOptions unlimited = OptionsFor(Mode::kHst);
  unlimited.max_retransforms = 0;
  r.retransforms = 40;
  EXPECT_EQ(MakeProbePolicy(unlimited)->Admit(r, false), Admission::kYes);
}

TEST(ProbePolicyTest, MethodActiveIsTheMaximumOverEachMethodsSlots) {
  ClassRecord r = CoveredClass();
  r.slot_method = {0, 0, -1, 2};
  r.active = {3, 7, 9, 1};
  EXPECT_EQ(MethodActive(r), (std::vector<int32_t>{7, 0, 1}));  // slot 2 has no method
}

TEST(AgentPlanKeyTest, FoldSelectionChangesTheKey) {
  ProbeRequest plain;
  EXPECT_EQ(PlanKey(42, plain), 42u);
  ProbeRequest every;  // fold mode: every method; never cached, the key is the hash
  every.fold = true;
  EXPECT_EQ(PlanKey(42, every), 42u);
  ProbeRequest some;
  some.fold = true;
  some.fold_methods = {true, false};
  ProbeRequest other = some;
  other.fold_methods = {false, true};
  EXPECT_NE(PlanKey(42, some), 42u);
  EXPECT_NE(PlanKey(42, some), PlanKey(42, other));
  EXPECT_NE(PlanKey(42, some), PlanKey(43, some));
  EXPECT_EQ(PlanKey(42, some), PlanKey(42, some));
}

}  // namespace
}  // namespace jtg::agent
