// Weak mutation goals of GoalModel (generate/goals/goals.h) on a small synthetic plan and synthetic
// probe logs: ROR mutant goals are created when their conditional first runs (6 for a
// relational jump, 1 for a reference compare), operator mutants (AOR, bitwise, shift) up
// front from the plan's mutation sites; killed ones are reached, the fitness is 0 / 0.5 /
// 1 + approach, and DynaMOSA releases operator mutants with their site's control deps; off
// by default.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "generate/goals/goals.h"
#include "instrument/mutation_ops.h"

namespace jtg::generate {
namespace {

// Entry block 1; an int conditional 4/5 (original operator lt = 2) whose taken outcome 4
// guards a reference conditional 6/7.
instrument::ClassPlan Plan() {
  instrument::ClassPlan p;
  p.class_name = "a/B";
  instrument::MethodPlan m;
  m.name = "f";
  m.descriptor = "(I)I";
  m.access = 1;
  m.instrumented = true;
  m.blocks = {instrument::BlockGoal{1, 0, 4, {10}, {}}, instrument::BlockGoal{2, 4, 8, {11}, {4}},
              instrument::BlockGoal{3, 8, 9, {12}, {5}}};
  m.branches = {instrument::BranchGoal{4, 3, 10, {}, {}, false},
                instrument::BranchGoal{6, 6, 11, {4}, {}, false}};
  p.methods.push_back(m);
  return p;
}

constexpr int32_t kLt = 2;
constexpr int32_t kRef = 6;

testcase::ExecResult Exec(std::vector<int32_t> goals,
                          std::vector<std::pair<int32_t, int32_t>> mutants) {
  testcase::ExecResult r;
  r.goals = std::move(goals);
  r.mutants = std::move(mutants);
  return r;
}

size_t Total(const GoalModel& g) {
  size_t total = 0;
  g.CountOf(GoalKind::kWeakMutation, {}, &total);
  return total;
}

TEST(MutationGoals, OffByDefault) {
  CoverageModel cov(Plan());
  GoalModel goals(cov, {});
  auto e = goals.Evaluate({}, Exec({1, 4}, {{4, -1 - kLt}, {4, 0}}));
  EXPECT_EQ(Total(goals), 0u);
  EXPECT_EQ(e.reached.size(), 2u);
}

TEST(MutationGoals, CreatedWhenTheConditionalRunsAndKilledWhenInfected) {
  CoverageModel cov(Plan());
  GoalModel goals(cov, {}, true);
  EXPECT_EQ(Total(goals), 0u);
  // 4 taken (a < b): mutants eq, ge, gt infected (indices 0, 3, 4).
  auto e = goals.Evaluate({}, Exec({1, 4}, {{4, -1 - kLt}, {4, 0}, {4, 3}, {4, 4}}));
  EXPECT_EQ(Total(goals), 6u);  // every operator but lt, and the jump always taken
  size_t total = 0;
  EXPECT_EQ(goals.CountOf(GoalKind::kWeakMutation, e.reached, &total), 3u);
  std::vector<int32_t> mutants;
  for (int32_t g : goals.AllGoals()) {
    if (goals.Kind(g) == GoalKind::kWeakMutation) mutants.push_back(g);
  }
  ASSERT_EQ(mutants.size(), 6u);
  absl::flat_hash_map<int32_t, double> memo;
  int killed = 0, infection = 0;
  for (int32_t g : mutants) {
    double f = goals.Fitness(e, g, &memo);
    killed += f == 0 ? 1 : 0;
    infection += f == 0.5 ? 1 : 0;
  }
  EXPECT_EQ(killed, 3);
  EXPECT_EQ(infection, 3);  // ne, le, always jump: reached, not infected

  // An execution that does not reach conditional 4: 1 + fitness of its taken outcome (1).
  Evaluation none = goals.Evaluate({}, Exec({}, {}));
  memo.clear();
  for (int32_t g : mutants) EXPECT_DOUBLE_EQ(goals.Fitness(none, g, &memo), 2.0);
}

TEST(MutationGoals, ReferenceCompareHasOneMutantAndOtherClassesAreIgnored) {
  CoverageModel cov(Plan());
  GoalModel goals(cov, {}, true);
  // 6 is a conditional of the CUT; 100 is not (not in the plan); block 2 is no conditional.
  auto e = goals.Evaluate(
      {}, Exec({1, 4, 2, 7}, {{6, -1 - kRef}, {6, kRef}, {100, -1 - kLt}, {100, 1}, {2, 0}}));
  EXPECT_EQ(Total(goals), 1u);
  EXPECT_EQ(goals.CountOf(GoalKind::kWeakMutation, e.reached, nullptr), 1u);
  // Approach to mutant of 6 when 6 did not run but its guard 4 went the other way (d = 1).
  Evaluation other = goals.Evaluate({}, Exec({1, 5}, {}));
  other.distance[4] = 1;
  absl::flat_hash_map<int32_t, double> memo;
  for (int32_t g : goals.AllGoals()) {
    if (goals.Kind(g) != GoalKind::kWeakMutation) continue;
    EXPECT_DOUBLE_EQ(goals.Fitness(other, g, &memo), 1 + 1 + 0.5);  // 1 + (1 + d/(d+1))
  }
}

// Plan() plus two mutation sites: an iadd (id 20) in the entry block and an iand (id 21) in
// block 2, which depends on outcome 4.
constexpr int32_t kIadd = 0x60, kIsub = 0x64, kImul = 0x68, kIdiv = 0x6c, kIrem = 0x70;
constexpr int32_t kIand = 0x7e, kIor = 0x80, kIxor = 0x82;

instrument::ClassPlan PlanWithSites() {
  instrument::ClassPlan p = Plan();
  p.methods[0].mutation_sites = {
      instrument::MutationSite{20, 1, 10, kIadd, {}, {kIsub, kImul, kIdiv, kIrem}},
      instrument::MutationSite{21, 5, 11, kIand, {4}, {kIor, kIxor}}};
  return p;
}

// Mutant goals by description key "mutant:<site>:<k>".
std::map<std::string, int32_t> Mutants(const GoalModel& g) {
  std::map<std::string, int32_t> out;
  for (int32_t id : g.AllGoals()) {
    if (g.Kind(id) != GoalKind::kWeakMutation) continue;
    std::string d = g.Describe(id);
    out[d.substr(0, d.find(' '))] = id;
  }
  return out;
}

std::string Key(int32_t site, int32_t k) {
  return "mutant:" + std::to_string(site) + ":" + std::to_string(k);
}

TEST(MutationGoals, OperatorMutantsComeFromThePlanUpFront) {
  CoverageModel cov(PlanWithSites());
  EXPECT_EQ(Total(GoalModel(cov, {})), 0u);
  GoalModel goals(cov, {}, true);
  auto m = Mutants(goals);
  ASSERT_EQ(m.size(), 6u);  // iadd: isub imul idiv irem; iand: ior ixor
  for (int32_t k : {kIsub, kImul, kIdiv, kIrem}) EXPECT_EQ(m.count(Key(20, k)), 1u) << k;
  for (int32_t k : {kIor, kIxor}) EXPECT_EQ(m.count(Key(21, k)), 1u) << k;
  EXPECT_EQ(goals.Describe(m[Key(20, kImul)]), Key(20, kImul) + " (AOR iadd->imul, line 10)");
  EXPECT_EQ(goals.Describe(m[Key(21, kIxor)]), Key(21, kIxor) + " (BOR iand->ixor, line 11)");
}

TEST(MutationGoals, StaticInitializerSitesHaveNoMutants) {
  instrument::ClassPlan p = PlanWithSites();
  instrument::MethodPlan clinit;
  clinit.name = "<clinit>";
  clinit.descriptor = "()V";
  clinit.access = 8;
  clinit.instrumented = true;
  clinit.blocks = {instrument::BlockGoal{30, 0, 4, {5}, {}}};
  clinit.mutation_sites = {instrument::MutationSite{31, 1, 5, kIadd, {}, {kIsub}}};
  p.methods.push_back(clinit);
  CoverageModel cov(p);
  EXPECT_EQ(Total(GoalModel(cov, {}, true)), 6u);  // those of PlanWithSites() only
}

TEST(MutationGoals, OperatorMutantFitnessKilledInfectionApproach) {
  CoverageModel cov(PlanWithSites());
  GoalModel goals(cov, {}, true);
  auto m = Mutants(goals);
  // Site 20 ran (3 + 0: imul, idiv, irem infected), outcome 4 taken, site 21 did not run.
  // Entries that are not mutants of the site (a ROR index, a wrong opcode, the wrong
  // marker) are ignored.
  auto e = goals.Evaluate({}, Exec({1, 4}, {{20, -1 - kIadd},
                                            {20, kImul},
                                            {20, kIdiv},
                                            {20, kIrem},
                                            {20, 0},
                                            {20, kIand},
                                            {21, -1 - kIor}}));
  EXPECT_EQ(goals.CountOf(GoalKind::kWeakMutation, e.reached, nullptr), 3u);
  EXPECT_TRUE(e.sites_reached.contains(20));
  EXPECT_FALSE(e.sites_reached.contains(21));
  absl::flat_hash_map<int32_t, double> memo;
  EXPECT_EQ(goals.Fitness(e, m[Key(20, kImul)], &memo), 0);
  EXPECT_EQ(goals.Fitness(e, m[Key(20, kIsub)], &memo), 0.5);  // reached, not infected
  // Site 21 not reached, its control dep 4 covered: 1 + (1 + 0).
  EXPECT_DOUBLE_EQ(goals.Fitness(e, m[Key(21, kIor)], &memo), 2.0);
  // Nothing ran: site 20 (no deps) 1 + 1; site 21: 1 + (1 + fitness of 4 = 1).
  Evaluation none = goals.Evaluate({}, Exec({}, {}));
  memo.clear();
  EXPECT_DOUBLE_EQ(goals.Fitness(none, m[Key(20, kIsub)], &memo), 2.0);
  EXPECT_DOUBLE_EQ(goals.Fitness(none, m[Key(21, kIor)], &memo), 3.0);
  // 4 not taken, with branch distance 1: 1 + (1 + 1/2).
  Evaluation other = goals.Evaluate({}, Exec({1, 5}, {}));
  other.distance[4] = 1;
  memo.clear();
  EXPECT_DOUBLE_EQ(goals.Fitness(other, m[Key(21, kIxor)], &memo), 2.5);
}

TEST(MutationGoals, OperatorMutantsAreReleasedWithTheirSiteControlDeps) {
  CoverageModel cov(PlanWithSites());
  GoalModel goals(cov, {}, true);
  auto m = Mutants(goals);
  auto released_mutants = [&](const absl::flat_hash_set<int32_t>& covered) {
    std::set<int32_t> out;
    for (int32_t g : goals.Released(covered)) {
      if (goals.Kind(g) == GoalKind::kWeakMutation) out.insert(g);
    }
    return out;
  };
  std::set<int32_t> site20 = {m[Key(20, kIsub)], m[Key(20, kImul)], m[Key(20, kIdiv)],
                              m[Key(20, kIrem)]};
  EXPECT_EQ(released_mutants({}), site20);
  std::set<int32_t> all = site20;
  all.insert(m[Key(21, kIor)]);
  all.insert(m[Key(21, kIxor)]);
  EXPECT_EQ(released_mutants({4}), all);
  // Killed mutants are no longer targets.
  all.erase(m[Key(20, kImul)]);
  EXPECT_EQ(released_mutants({4, m[Key(20, kImul)]}), all);
}

// PIT sites (instrument/pit_mutators.h): mutants k = 0x100 + n listed by the site, created up
// front; the reached marker is -1 - the replaced instruction (areturn 0xb0, iinc 0x84).
TEST(MutationGoals, PitMutantsComeFromTheSiteList) {
  constexpr int32_t kAreturn = 0xb0, kIinc = 0x84, kIreturn = 0xac;
  constexpr int32_t kTrue = 0x100, kFalse = 0x101, kNull = 0x104, kIncrements = 0x105;
  instrument::ClassPlan p = PlanWithSites();
  p.methods[0].mutation_sites.push_back(instrument::MutationSite{22, 7, 12, kAreturn, {}, {kNull}});
  p.methods[0].mutation_sites.push_back(
      instrument::MutationSite{23, 8, 13, kIinc, {4}, {kIncrements}});
  p.methods[0].mutation_sites.push_back(
      instrument::MutationSite{24, 9, 14, kIreturn, {}, {kTrue, kFalse}});
  CoverageModel cov(p);
  GoalModel goals(cov, {}, true);
  auto m = Mutants(goals);
  ASSERT_EQ(m.size(), 6u + 4u);
  for (auto [site, k] : {std::pair{22, kNull}, {23, kIncrements}, {24, kTrue}, {24, kFalse}}) {
    EXPECT_EQ(m.count(Key(site, k)), 1u) << site << " " << k;
  }
  EXPECT_EQ(goals.Describe(m[Key(22, kNull)]), Key(22, kNull) + " (NULL_RETURNS areturn, line 12)");
  EXPECT_EQ(goals.Describe(m[Key(23, kIncrements)]),
            Key(23, kIncrements) + " (INCREMENTS iinc, line 13)");
  EXPECT_EQ(goals.Describe(m[Key(24, kFalse)]),
            Key(24, kFalse) + " (FALSE_RETURNS ireturn, line 14)");
  // Site 22 ran and infected NULL_RETURNS, site 24 ran and infected FALSE_RETURNS only; an
  // index the site does not list (a ROR index, another PIT mutator) is ignored.
  auto e = goals.Evaluate({}, Exec({1}, {{22, -1 - kAreturn},
                                         {22, kNull},
                                         {24, -1 - kIreturn},
                                         {24, kFalse},
                                         {24, kNull},
                                         {24, 1}}));
  EXPECT_EQ(goals.CountOf(GoalKind::kWeakMutation, e.reached, nullptr), 2u);
  EXPECT_TRUE(e.reached.contains(m[Key(22, kNull)]));
  EXPECT_TRUE(e.reached.contains(m[Key(24, kFalse)]));
  EXPECT_TRUE(e.sites_reached.contains(22));
  EXPECT_TRUE(e.sites_reached.contains(24));
  EXPECT_FALSE(e.sites_reached.contains(23));
  absl::flat_hash_map<int32_t, double> memo;
  EXPECT_EQ(goals.Fitness(e, m[Key(24, kTrue)], &memo), 0.5);  // reached, not infected
  // Site 23 depends on outcome 4, not taken: released only once 4 is covered.
  auto released = goals.Released({});
  EXPECT_EQ(std::count(released.begin(), released.end(), m[Key(23, kIncrements)]), 0);
  released = goals.Released({4});
  EXPECT_EQ(std::count(released.begin(), released.end(), m[Key(23, kIncrements)]), 1);
}

// A removed void call (VOID_METHOD_CALLS, instrument/void_calls.h) is infected whenever its
// call runs, so its block's goal already asks for it: it is scored like any mutant (weak
// and PIT-default counts, FindMutantGoal for the strong score) but is no search objective.
TEST(MutationGoals, VoidCallMutantsAreScoredButNoObjective) {
  constexpr int32_t kVoid = 0x107, kInvokevirtual = 0xb6, kAreturn = 0xb0, kNull = 0x104;
  instrument::ClassPlan p = PlanWithSites();
  p.methods[0].mutation_sites.push_back(
      instrument::MutationSite{22, 7, 12, kInvokevirtual, {}, {kVoid}});
  p.methods[0].mutation_sites.push_back(instrument::MutationSite{23, 8, 13, kAreturn, {}, {kNull}});
  CoverageModel cov(p);
  GoalModel goals(cov, {}, true);
  const int32_t void_goal = goals.FindMutantGoal(22, kVoid),
                null_goal = goals.FindMutantGoal(23, kNull);
  ASSERT_GE(void_goal, 0);
  ASSERT_GE(null_goal, 0);
  EXPECT_GT(void_goal, null_goal);  // allocated after every other goal
  const auto all = goals.AllGoals();
  EXPECT_EQ(std::count(all.begin(), all.end(), void_goal), 0);
  EXPECT_EQ(std::count(all.begin(), all.end(), null_goal), 1);
  const auto released = goals.Released({});
  EXPECT_EQ(std::count(released.begin(), released.end(), void_goal), 0);
  EXPECT_EQ(goals.Describe(void_goal),
            Key(22, kVoid) + " (VOID_METHOD_CALLS invokevirtual, line 12)");
  auto e = goals.Evaluate({}, Exec({1}, {{22, -1 - kInvokevirtual}, {22, kVoid}}));
  EXPECT_TRUE(e.reached.contains(void_goal));
  size_t total = 0;
  EXPECT_EQ(goals.CountOf(GoalKind::kWeakMutation, e.reached, &total), 1u);
  EXPECT_EQ(total, Total(goals));
  EXPECT_TRUE(goals.IsPitDefaultMutant(void_goal));
  EXPECT_EQ(goals.PitDefaultScore({void_goal}).first, 1u);
}

// PIT's default mutants of the class itself: MATH's one replacement per operator,
// CONDITIONALS_BOUNDARY and REMOVE_CONDITIONALS_*_ELSE per jump (counted from the opcode for
// a jump never run), and the PIT returns; no other AOR/BOR/ROR mutant.
TEST(MutationGoals, PitDefaultMutantsAreASubsetCountedWithJumpsNeverRun) {
  EXPECT_EQ(instrument::PitMathReplacement(kIadd), kIsub);
  EXPECT_EQ(instrument::PitMathReplacement(kIrem), kImul);
  EXPECT_EQ(instrument::PitMathReplacement(kIxor), kIand);
  EXPECT_EQ(instrument::PitMathReplacement(0x79), 0x7b);  // lshl -> lshr
  EXPECT_EQ(instrument::PitMathReplacement(0x7d), 0x79);  // lushr -> lshl
  EXPECT_EQ(instrument::PitMathReplacement(0x6f), 0x6b);  // ddiv -> dmul
  EXPECT_EQ(instrument::PitMathReplacement(0xac), 0);     // not an operator

  constexpr int32_t kAreturn = 0xb0, kNull = 0x104;
  instrument::ClassPlan p = PlanWithSites();
  p.methods[0].branches[0].opcode = 0xa2;  // if_icmpge: order, 2 PIT mutants
  p.methods[0].branches[1].opcode = 0xc6;  // ifnull: equality, 1
  p.methods[0].mutation_sites.push_back(instrument::MutationSite{22, 7, 12, kAreturn, {}, {kNull}});
  CoverageModel cov(p);
  GoalModel goals(cov, {}, true);
  // 2 + 1 for the jumps (neither ran yet), 1 + 1 MATH, 1 NULL_RETURNS.
  EXPECT_EQ(goals.PitDefaultScore({}), (std::pair<size_t, size_t>{0, 6}));
  // Jump 4 (ge) runs: its mutants exist; only ge -> gt (4) and the always-taken jump are PIT's.
  goals.Evaluate({}, Exec({1, 4}, {{4, -1 - 3}}));
  auto m = Mutants(goals);
  absl::flat_hash_set<int32_t> all;
  for (const auto& [key, id] : m) all.insert(id);
  std::set<std::string> pit;
  for (const auto& [key, id] : m) {
    if (goals.IsPitDefaultMutant(id)) pit.insert(key);
  }
  EXPECT_EQ(pit, (std::set<std::string>{Key(4, 4), Key(4, 6), Key(20, kIsub), Key(21, kIor),
                                        Key(22, kNull)}));
  EXPECT_EQ(goals.PitDefaultScore(all), (std::pair<size_t, size_t>{5, 6}));
}

}  // namespace
}  // namespace jtg::generate
