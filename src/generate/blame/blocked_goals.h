// Which uncovered goals of the class under test were lost because a type could not be built
// (issue 4, part 7). Each uncovered branch or line goal is blamed on at most one type, by the
// first rule that applies, from what the search observed (generate/values/build_log.h):
//   R1 no receiver: the goal's method is an instance method under test that never ran (no
//      call entered it and none of its goals was reached) -> the method's declaring class.
//      A static method or constructor that never ran -> its first reference parameter type,
//      if it has one (no value of it ever arrived), else nothing.
//   R2 always null: the method ran, but a reference parameter of declared type T was never
//      non-null in any call -> T (the first such parameter).
//   R3 missing subtype: the goal is, or is control dependent (transitively, within its
//      method) on, the uncovered "is an X" outcome of a conditional on `instanceof X`, and
//      no value whose runtime class is X or a subtype of X ever arrived in a slot of the
//      method -> X (the nearest such conditional).
// Methods that are not under test (private methods, lambda bodies, methods reached only
// indirectly) have no call record of their own: only R3 applies to their goals, with the
// runtime classes seen in any slot of any method under test.
// Approximate by design: R1/R2 also blame goals that would be hard for other reasons.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "generate/goals/coverage_model.h"
#include "generate/values/build_log.h"

namespace jtg::generate {

// Whether a value of runtime class `binary_name` (java.lang.String, [I) is an instance of
// `type` (internal name a/b/C or array descriptor, as `instanceof` names it).
using InstanceOfFn = std::function<bool(const std::string& binary_name, const std::string& type)>;

struct GoalBlame {
  std::string type;  // Java source name: java.util.Locale, char[]
  int rule = 0;      // 1, 2 or 3 (see above)
};

struct BlockedType {
  std::string type;  // Java source name
  int branches = 0;  // blamed branch goals (conditional outcomes and switch targets)
  int lines = 0;     // uncovered source lines assigned to this type (see BlockedGoals)
  std::vector<std::string> methods;  // "name" + descriptor of methods with blamed goals, sorted
};

struct BlockedGoals {
  int branches = 0;
  int lines = 0;  // uncovered lines with at least one blamed block; each line goes to the
                  // type of its blamed block with the lowest goal id
  // Types with at least one branch or line: most branches first, then most lines, then by
  // name.
  std::vector<BlockedType> types;
  std::map<int32_t, GoalBlame> goals;  // every blamed goal (blocks and branches)
};

// `reached`: goals reached during the search or by the final suite (never blamed).
// `uncovered_lines`: CoverageSummary::uncovered_lines of the final suite.
// `instance_of` is asked only for runtime classes that differ from the instanceof type.
BlockedGoals BlameUncovered(const CoverageModel& model, const BuildLog& log,
                            const absl::flat_hash_set<int32_t>& reached,
                            const std::vector<int>& uncovered_lines,
                            const InstanceOfFn& instance_of);

// A method of a nested class (an iterator's next, an adapter's read) none of whose goals was
// reached: nothing the search built ever ran it. Named in the report so that a low figure
// has a cause even when no type is to blame.
struct UnreachedMethod {
  std::string method;  // "a/B$C.name" + descriptor (CoverageModel::MethodKeyOf)
  int branches = 0;    // its branch goals (all uncovered)
  int blocks = 0;      // its block goals
};

// Nested classes' methods with no goal in `reached`, most branches first, then by name.
std::vector<UnreachedMethod> UnreachedNestedMethods(const CoverageModel& model,
                                                    const absl::flat_hash_set<int32_t>& reached);

}  // namespace jtg::generate
