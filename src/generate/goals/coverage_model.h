// Coverage goals of the class under test and its nested classes (`Outer$*`: member, inner,
// local and anonymous), and their measurement, from their probe plans.
//
// Counting follows JaCoCo so that jtestgen's figures can be checked against it: a line is
// covered when an instruction on it ran to its block's probe; each conditional jump has two
// branches; a switch has one branch per distinct target (default included). Synthetic and
// bridge methods are not counted, except lambda bodies (lambda$...), as JaCoCo filters them.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "instrument/plan.h"

namespace jtg::generate {

// What the class under test did in one execution, weighted by how often each block ran
// (aDynaMOSA's dynamic proxies I2, I4, I5; see generate/search/performance.h).
struct Workload {
  double method_calls = 0;  // executions of method entry blocks
  double allocations = 0;   // objects and arrays allocated (new/newarray/anewarray/multianewarray)
  double instructions = 0;  // bytecode instructions of the blocks executed
};

struct ClassCoverage {
  std::string class_name;  // internal name
  int branches_covered = 0, branches_total = 0;
  int lines_covered = 0, lines_total = 0;
};

// Totals over the class under test and its nested classes, as JaCoCo sums a class's
// counters over the classes of its source file (a line counts once per class it has code in).
struct CoverageSummary {
  int branches_covered = 0, branches_total = 0;
  int lines_covered = 0, lines_total = 0;
  int methods_not_instrumented = 0;
  // Source lines (of the outer class's source file) with no covered instruction in any
  // class, ascending.
  std::vector<int> uncovered_lines;
  // One entry per class, the class under test first, then its nested classes in name order;
  // empty when the class has no nested class.
  std::vector<ClassCoverage> classes;
  double BranchPct() const;
  double LinePct() const;
};

class CoverageModel {
 public:
  explicit CoverageModel(const instrument::ClassPlan& plan);
  // `plans[0]` is the class under test, the rest its nested classes. REQUIRES: non-empty.
  explicit CoverageModel(const std::vector<instrument::ClassPlan>& plans);

  // Goal ids of the class under test reached by one execution: its block/branch ids plus
  // the switch targets its switch records map to. Ids of other classes are dropped.
  std::vector<int32_t> GoalsReached(const std::vector<int32_t>& ids,
                                    const std::vector<std::pair<int32_t, int32_t>>& sw) const;
  // All counted goals (blocks with lines, branch outcomes, switch targets).
  const std::vector<int32_t>& goals() const { return goals_; }
  // Branch distances of switch targets not taken (Korel's distance on the key): for each
  // (switch id, key) executed, a case target gets min |key - case key| over its keys and the
  // default target gets 1 when the key matched a case. Keeps the minimum per goal in `out`.
  void SwitchDistances(const std::vector<std::pair<int32_t, int32_t>>& sw,
                       absl::flat_hash_map<int32_t, float>& out) const;
  CoverageSummary Measure(const absl::flat_hash_set<int32_t>& covered) const;
  // Workload of one execution from its probe ids and their hit counts (parallel vectors, as
  // in ExecResult::goals / goal_counts). Ids that are not blocks of this class are ignored;
  // a block counts once per probe hit (a block cut short by an exception is not counted).
  Workload WorkloadOf(const std::vector<int32_t>& ids, const std::vector<int32_t>& counts) const;
  // Human-readable name of a goal for test naming/debugging: "line 42" / "branch at line 7".
  std::string Describe(int32_t goal) const;
  // Method name that owns a goal (for test names); empty if unknown.
  std::string MethodOf(int32_t goal) const;
  // "name" + descriptor of the method that owns a goal, e.g. "indexOf(Ljava/lang/String;I)I"
  // (distinguishes overloads); for a goal of a nested class the class's internal name and a
  // '.' come first ("a/B$Iter.next()Ljava/lang/Object;"); empty if unknown.
  std::string MethodKeyOf(int32_t goal) const;
  // Source lines of a block goal; empty for other goals.
  const std::vector<uint16_t>& LinesOf(int32_t goal) const;
  // For the outcome goal of a conditional on `instanceof X` that is taken when the value IS
  // an X: X as the constant pool names it (internal name, or an array descriptor). Empty
  // for every other goal (including the "is not an X" outcome).
  std::string InstanceofTypeOf(int32_t goal) const;
  // Whether a goal is a block (line criterion) rather than a branch outcome.
  bool IsBlock(int32_t goal) const { return block_lines_.contains(goal); }
  // Branch-outcome goals `goal` is directly control dependent on (empty: method entry).
  const std::vector<int32_t>& DepsOf(int32_t goal) const;
  // The class under test (internal name).
  const std::string& class_name() const { return class_name_; }
  // Whether a goal belongs to a nested class rather than the class under test.
  bool IsNested(int32_t goal) const { return goal_class_.contains(goal); }
  // The conditional jumps of the class under test itself (not its nested classes) but its
  // static initializer: taken-outcome goal id -> the jump's opcode (JVMS §6.5).
  const std::map<int32_t, uint8_t>& cut_jumps() const { return cut_jumps_; }
  // Weak-mutation sites of the counted methods but the static initializer (plan.h
  // MutationSite), by site id; empty unless the class was instrumented with
  // instrument::Options::mutation. Not goals here.
  const std::map<int32_t, instrument::MutationSite>& mutation_sites() const {
    return mutation_sites_;
  }

 private:
  struct SwitchInfo {
    std::vector<int32_t> keys, key_goal;
    int32_t default_goal = 0;
  };
  std::vector<int32_t> goals_;
  absl::flat_hash_set<int32_t> goal_set_;
  absl::flat_hash_map<int32_t, std::vector<uint16_t>> block_lines_;  // block goal -> lines
  std::vector<int32_t> branch_goals_;  // every branch outcome goal (cond + switch targets)
  // Lines as (class index << 16 | line): a line counts once per class with code on it.
  std::set<uint32_t> all_lines_;
  absl::flat_hash_map<int32_t, uint16_t> goal_class_;  // nested goals -> class index (> 0)
  std::vector<std::string> class_names_;               // index 0: the class under test
  void AddPlan(const instrument::ClassPlan& plan, uint16_t index);
  absl::flat_hash_map<int32_t, SwitchInfo> switches_;
  absl::flat_hash_map<int32_t, std::string> goal_method_;
  absl::flat_hash_map<int32_t, std::string> goal_method_key_;  // name + descriptor
  absl::flat_hash_map<int32_t, std::string> instanceof_true_;  // "is an X" outcome -> X
  absl::flat_hash_map<int32_t, uint16_t> goal_line_;
  int not_instrumented_ = 0;
  absl::flat_hash_map<int32_t, std::vector<int32_t>> deps_;
  absl::flat_hash_map<int32_t, int32_t> chain_next_;  // block goal -> goto target's goal
  struct BlockWeight {
    uint16_t insns = 0, allocations = 0;
    bool entry = false;
  };
  absl::flat_hash_map<int32_t, BlockWeight> weights_;  // every block of counted methods
  std::string class_name_;
  std::map<int32_t, instrument::MutationSite> mutation_sites_;
  std::map<int32_t, uint8_t> cut_jumps_;
};

}  // namespace jtg::generate
