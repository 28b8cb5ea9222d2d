// Line, branch, instruction, complexity and method counters of one class from its
// original bytes and the probe slots the agent saw set, counted as JaCoCo counts them
// (so the XML reads like JaCoCo's report.dtd and agrees with JaCoCo's line coverage):
//   - instructions: every bytecode instruction of a block is covered when the block's
//     probe fired (and, for a block that ends in a goto into a block with no other
//     predecessor, when the probes down that chain fired: BlockGoal::chain_next);
//   - lines: a line is covered when one of its instructions is covered (ci > 0), missed
//     otherwise; partly covered lines (ci > 0 and mi > 0) count as covered;
//   - branches: two per conditional jump, one per distinct switch target, attributed to the
//     jump's line; an outcome is covered when its slot, or the block probe that records it
//     (MethodPlan::outcome_via_block), fired;
//   - complexity: per branching instruction max(0, total - max(0, covered - 1) - 1) missed
//     and max(0, covered - 1) covered, plus 1 per method (missed when the method never ran);
//   - methods: covered when one instruction is; class: when one method is.
// Not counted, as in JaCoCo: synthetic classes; bridge and synthetic methods except lambda
// bodies; an enum's values(), valueOf(String) and constructor that only calls Enum's;
// a private empty no-argument constructor;
// methods without code; classes with no counted instruction.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::report {

struct Counter {
  int64_t missed = 0, covered = 0;
  int64_t total() const { return missed + covered; }
  Counter& operator+=(const Counter& o) {
    missed += o.missed;
    covered += o.covered;
    return *this;
  }
};

struct Counters {
  Counter instruction, branch, line, complexity, method, klass;
  Counters& operator+=(const Counters& o);  // every counter but line is summed
};

struct LineCounts {
  int32_t mi = 0, ci = 0, mb = 0, cb = 0;
};

// LINE counter of a line map: covered lines have ci > 0.
Counter LineCounter(const std::map<int, LineCounts>& lines);

struct MethodCoverage {
  std::string name, descriptor;
  int first_line = 0;  // 0 when the method has no line numbers
  Counters counters;
};

struct ClassCoverageReport {
  std::string name;         // internal name
  std::string source_file;  // SourceFile attribute, empty if absent
  std::vector<MethodCoverage> methods;
  std::map<int, LineCounts> lines;
  Counters counters;
  std::vector<std::string> not_instrumented;  // "name(desc): reason"
};

// `covered` holds the slots seen set (empty: nothing ran); `recorded_slots` the slot count
// the agent recorded, or -1 when there is no coverage for the class. Errors: DataLoss for
// unparsable bytes; FailedPrecondition when the recomputed plan has another slot count
// than the agent's (the message names the class). nullopt for a class JaCoCo would not
// report (synthetic, or no counted instruction).
// `defined`: the class's own bytes when `bytes` are another agent's transformation of them
// (report_model.h); which methods count is decided on those, so a method the other agent
// added is never counted and JaCoCo's filters see the original code. Empty: `bytes`.
StatusOr<std::optional<ClassCoverageReport>> AnalyzeClass(std::span<const uint8_t> bytes,
                                                          const std::set<int32_t>& covered,
                                                          int32_t recorded_slots,
                                                          std::span<const uint8_t> defined = {});

}  // namespace jtg::report
