// Loop goals of `jtestgen perf` as objectives of the many-objective search (mosa.h), with
// WhiteSyn's fitness (loop_fitness.h; Linggi, MSc thesis, ETH Zurich, 2018):
//   - a long-loop goal (one loop): reach the loop along its path and make one execution run
//     mu iterations;
//   - a redundant-traversal goal (outer loop, inner loop reached from a call inside it): make
//     the outer loop run mu2 iterations with the inner one running mu2 iterations in each.
// Iterations come from probe hit counts of the last statement of a test (ExecutorOptions::
// window_last and hit_counts): a loop's iterations are the summed counts of its iteration
// probes (taken back edges), its executions the counts of its header minus its iterations.
// Per-execution figures are averages over the executions of the call under test; the double
// loop's "inner iterations in every outer iteration" is estimated as inner total / outer
// iterations. This is a deviation from WhiteSyn, which reconstructs every execution from a
// trace; the growth check (growth.h) uses totals, which need no such estimate.
//
// The objectives also remember, per goal, the best test seen (lowest fitness, then the
// most iterations), which the growth check sizes up.
//
// Ownership: owns the goal descriptions and the best tests. Not thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "generate/search/objectives.h"
#include "perf/finding.h"
#include "perf/method_resolver.h"

namespace jtg::perf {

struct CountedLoop {
  LoopRefOut where;  // for the report
  // Completed iterations = sum of the counts of iter_ids - sum of those of iter_minus_ids.
  std::vector<int32_t> iter_ids, iter_minus_ids;
  bool exact = true;              // false: over-counts by up to one per execution
  std::vector<int32_t> head_ids;  // probe ids of the header block (entries + iterations)
  MethodKey method;               // the loop's method (for the read oracle, read_oracle.h)
  uint32_t header_offset = 0;     // its header's first instruction (original bytecode)
};

struct LoopGoal {
  bool redundant = false;          // a pair (outer, inner), else one loop
  std::vector<CountedLoop> loops;  // [loop] or [outer, inner]
  std::vector<int32_t> path_ids;   // probe ids of blocks every path to the loop passes
  std::string entry_key;           // "name" + descriptor of the entry method
};

// Iterations of one loop in one execution of a test, from its probe counts.
struct LoopCount {
  int64_t iterations = 0;  // completed iterations, all executions
  int64_t executions = 0;  // loop executions (at least 1 when it iterated)
  double PerExecution() const {
    return executions > 0 ? static_cast<double>(iterations) / static_cast<double>(executions)
                          : static_cast<double>(iterations);
  }
};

// Probe id -> hit count of one execution (ExecResult::goals / goal_counts).
using HitCounts = std::map<int32_t, int64_t>;
HitCounts CountsOf(const testcase::ExecResult& r);
LoopCount CountLoop(const CountedLoop& l, const HitCounts& counts);

struct BestTest {
  double fitness = 2;
  testcase::TestCase test;
  std::vector<LoopCount> counts;  // per loop of the goal, at the test's size
};

class LoopObjectives : public generate::Objectives {
 public:
  LoopObjectives(std::vector<LoopGoal> goals, double mu, double mu2);

  generate::Evaluation Evaluate(const testcase::TestCase& tc,
                                const testcase::ExecResult& r) override;
  double Fitness(const generate::Evaluation& e, int32_t goal,
                 absl::flat_hash_map<int32_t, double>* memo) const override;
  std::vector<int32_t> AllGoals() const override;
  std::vector<int32_t> Released(const absl::flat_hash_set<int32_t>& covered) const override;
  std::string MethodKeyOf(int32_t goal) const override;

  const std::vector<LoopGoal>& goals() const { return goals_; }
  // The best tests seen for a goal, best first (lowest fitness, then most iterations; at
  // most kKeep, with distinct iteration totals so that differently shaped inputs survive);
  // empty if no test reached its loops. The growth check sizes each up and keeps the one
  // that grows fastest: at the search's size a test that does not scale may still count
  // the most iterations.
  static constexpr size_t kKeep = 6;
  const std::vector<BestTest>& Best(int32_t goal) const { return best_[static_cast<size_t>(goal)]; }
  // Fitness of a goal for counts of one execution (exposed for tests).
  double GoalFitness(const LoopGoal& g, const HitCounts& counts,
                     std::vector<LoopCount>* per_loop) const;

 private:
  std::vector<LoopGoal> goals_;
  double mu_, mu2_;
  std::vector<std::vector<BestTest>> best_;
};

}  // namespace jtg::perf
