// The objectives a many-objective search (mosa.h) optimizes: one per goal, each a fitness
// to minimize (0 = covered). `jtestgen suite` uses the coverage goals of GoalModel
// (goals.h); `jtestgen perf` uses loop goals (perf/loop_objectives.h). The interface is what
// DynaMOSA needs: evaluating an execution, the fitness of a goal, all goals, the goals
// released along the control-dependence graph, and the method a goal belongs to.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "generate/goals/coverage_model.h"
#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::generate {

// What one execution of a test reached, in goal terms.
struct Evaluation {
  absl::flat_hash_set<int32_t> reached;
  absl::flat_hash_map<int32_t, float> distance;  // branch outcomes not taken; loop goals' fitness
  absl::flat_hash_set<int32_t> sites_reached;    // weak-mutation sites that ran (marker seen)
  bool failed = false;                           // harness problem or overrun: +inf on every goal
  bool threw = false;                            // the last statement threw
  size_t length = 0;
  int64_t iterations = 0;  // backward jumps executed
  Workload workload;       // zero unless the executor counted probe hits
};

class Objectives {
 public:
  virtual ~Objectives() = default;
  // Goals reached by an execution (may create goals, e.g. exception goals).
  virtual Evaluation Evaluate(const testcase::TestCase& tc, const testcase::ExecResult& r) = 0;
  // Fitness of `goal` for an evaluation (lower is better, 0 = covered); `memo` caches
  // recursion per evaluation.
  virtual double Fitness(const Evaluation& e, int32_t goal,
                         absl::flat_hash_map<int32_t, double>* memo) const = 0;
  virtual std::vector<int32_t> AllGoals() const = 0;
  // DynaMOSA's targets given the covered goals (all goals when there is no dependency).
  virtual std::vector<int32_t> Released(const absl::flat_hash_set<int32_t>& covered) const = 0;
  // "name" + descriptor of the method under test a goal belongs to; "" if none.
  virtual std::string MethodKeyOf(int32_t goal) const = 0;
};

}  // namespace jtg::generate
