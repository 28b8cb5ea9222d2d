// The coverage goals of the search and their fitness (aDynaMOSA note §3; Panichella et al.,
// TSE 2018, §III-A and §IV). Goals of eight kinds share one integer id space:
//   - structural (ids from the probe plan): branch outcomes, switch targets, and blocks (the
//     line criterion), each with the branch outcomes it is control dependent on;
//   - per method under test: "method" (called directly by a statement), "method without
//     exception" (the call returned normally), "output" (return value category), "input"
//     (argument category), created up front;
//   - "exception" (method, exception class), created when first observed;
//   - opt-in weak mutation (Howden 1982; EvoSuite's weak mutation fitness, Fraser & Arcuri,
//     EMSE 2015), keys "mutant:<id>:<k>":
//       ROR: the relational-operator mutants of each conditional of the class under test
//       (jtestgen.rt.WeakMutation: for an int compare the 5 other operators, k = 0..5) and
//       the jump always taken (PIT's REMOVE_CONDITIONALS_*_ELSE, k = 6; the only mutant of a
//       null/reference compare), id = the conditional's goal id,
//       created when the conditional first runs (the engine learns its operator from the
//       probe then, so conditionals never run have no mutant goals yet);
//       AOR / bitwise / shift: the operator mutants of each MutationSite of the class
//       (instrument/plan.h, mutation_ops.h: 4 for + - * / %, 2 for & | ^ and << >> >>>),
//       id = the site id, k = the replacing opcode (0x60..0x83), created up front from the
//       plan (MutationSite::mutants);
//       PIT's RETURNS, INCREMENTS, INVERT_NEGS (instrument/pit_mutators.h): the mutants of
//       each PIT MutationSite, k = 0x100 + PitMutator, likewise up front and with the same
//       fitness and release as operator mutants.
// Fitness (lower is better, 0 = covered): reached -> 0; a branch outcome whose conditional ran
// -> d/(d+1) of its branch distance; otherwise 1 + the lowest fitness among its control
// dependencies (approach level plus normalized distance at the closest executed predicate);
// an entry goal not reached -> 1. A ROR mutant: killed -> 0; its conditional ran but did not
// infect it -> 0.5; else 1 + the fitness of the conditional's taken outcome (approach). An
// operator mutant: killed -> 0; its site ran but did not infect it -> 0.5; else 1 + the
// site's approach (1 with no control deps, else the lowest 1 + fitness of a control dep),
// the same shape as a block goal's. DynaMOSA releases an operator mutant when its site's
// control deps are (as a block goal's); ROR mutants are released when created.
// Goals of the other kinds are 0/1.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "generate/goals/coverage_model.h"
#include "generate/search/objectives.h"
#include "generate/values/universe.h"
#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::generate {

enum class GoalKind : uint8_t {
  kBranch,
  kLine,
  kMethod,
  kMethodNoException,
  kException,
  kOutput,
  kInput,
  kWeakMutation
};

class GoalModel : public Objectives {
 public:
  static constexpr int32_t kDynamicBase = 1 << 28;

  // `targets`: the methods under test (for the method/output/input/exception goals).
  // `weak_mutation`: also create mutant goals (off by default).
  GoalModel(const CoverageModel& coverage, const std::vector<CallablePtr>& targets,
            bool weak_mutation = false);

  // Goals reached by an execution (creating exception goals when first seen).
  Evaluation Evaluate(const testcase::TestCase& tc, const testcase::ExecResult& r) override;
  // Fitness of `goal` for an evaluation; `memo` caches structural recursion per evaluation.
  double Fitness(const Evaluation& e, int32_t goal,
                 absl::flat_hash_map<int32_t, double>* memo) const override;

  // All goals known now (structural and dynamic) that are search objectives, in id order:
  // every goal but the removed void calls' mutants (not_objectives_).
  std::vector<int32_t> AllGoals() const override;
  // DynaMOSA's targets: goals with no control dependency, or with one that is covered.
  std::vector<int32_t> Released(const absl::flat_hash_set<int32_t>& covered) const override;
  std::string MethodKeyOf(int32_t goal) const override { return coverage_.MethodKeyOf(goal); }
  GoalKind Kind(int32_t goal) const;
  const CoverageModel& coverage() const { return coverage_; }
  size_t CountOf(GoalKind k, const absl::flat_hash_set<int32_t>& covered, size_t* total) const;
  // The goal of mutant k of conditional or mutation site `id` (as logged in
  // ExecResult::mutants), or -1 when no such goal has been created.
  int32_t FindMutantGoal(int32_t id, int32_t k) const;
  // Whether mutant goal `goal` is one of PIT's default mutants (PIT 1.x DEFAULTS group) in
  // the class under test itself, not a nested class: CONDITIONALS_BOUNDARY (the relational
  // mutant lt <-> le or gt <-> ge of the bytecode jump), REMOVE_CONDITIONALS_*_ELSE (k = 6),
  // MATH (instrument::PitMathReplacement), and the PIT returns, increments, negations and
  // removed void calls. False for other goals.
  bool IsPitDefaultMutant(int32_t goal) const;
  // {killed, total} over PIT's default mutants of the class itself: those of `killed` that
  // are IsPitDefaultMutant, and all there are, the mutants of conditionals never run
  // included (counted from the jump's opcode: REMOVE_CONDITIONALS_*_ELSE for every jump,
  // CONDITIONALS_BOUNDARY for an order compare).
  std::pair<size_t, size_t> PitDefaultScore(const absl::flat_hash_set<int32_t>& killed) const;
  // Readable name of a goal for reports; for a mutant "mutant:<id>:<k> (AOR iadd->isub, line
  // 12)" (ROR mutants name the bytecode operators, e.g. "ROR ge->lt"; PIT mutants the mutator
  // and the instruction, e.g. "NULL_RETURNS areturn, line 7"); "" if unknown.
  std::string Describe(int32_t goal) const;

 private:
  int32_t Dynamic(GoalKind kind, const std::string& key);
  static std::string Category(const testcase::Observed& o, const classfile::TypeDesc& t);
  // Mutant goals of one execution's WeakMutation log (creating ROR ones) into e->reached,
  // operator sites that ran into e->sites_reached.
  void EvaluateMutants(const testcase::ExecResult& r, Evaluation* e);
  int32_t MutantGoal(int32_t cond, int32_t k);
  double SiteApproach(const Evaluation& e, int32_t site,
                      absl::flat_hash_map<int32_t, double>* memo) const;

  const CoverageModel& coverage_;
  std::map<std::string, int32_t> dynamic_ids_;
  absl::flat_hash_map<int32_t, GoalKind> kinds_;
  std::vector<int32_t> structural_;
  int32_t next_dynamic_ = kDynamicBase;
  bool weak_mutation_ = false;
  absl::flat_hash_map<int32_t, int32_t> mutant_cond_;  // ROR mutant goal -> conditional's id
  absl::flat_hash_map<int32_t, int32_t> mutant_site_;  // operator mutant goal -> site id
  // Goals that are no search objective (not in AllGoals): VOID_METHOD_CALLS mutants, infected
  // whenever their call is reached, so their block's goal already asks for them. They are
  // scored (weak and strong) like any mutant.
  absl::flat_hash_set<int32_t> not_objectives_;
  absl::flat_hash_map<std::pair<int32_t, int32_t>, int32_t> site_mutant_;  // (site, k) -> goal
  absl::flat_hash_map<int32_t, int32_t> ror_op_;    // conditional -> original operator index
  absl::flat_hash_map<int32_t, int32_t> mutant_k_;  // mutant goal -> its mutant index k
};

}  // namespace jtg::generate
