// What the methods under test received, counted from executions (issue 4, part 7: the
// "not built" metric). For every method under test and every slot (the receiver of an
// instance method and each declared parameter) the log keeps how often a call entered the
// method, how often the slot's value was non-null, and the runtime classes seen there. It
// reads only executions, not the value factory, so the figure does not depend on how values
// are generated (generate/blame/blocked_goals.h turns it into blame for uncovered goals).
//
// A call counts when its statement ran (completed or threw) and, for an instance method,
// its receiver was non-null; calls made before a harness failure count too.
//
// Ownership: keeps the Callables of the targets (shared). Not thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "generate/values/universe.h"
#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::generate {

struct SlotLog {
  int64_t non_null = 0;                   // calls with a non-null value in this slot
  std::set<std::string> runtime_classes;  // binary names (java.lang.String, [I)
};

struct MethodLog {
  CallablePtr callable;         // the target as Universe::targets() lists it
  int64_t calls = 0;            // calls that entered the method (see above)
  SlotLog receiver;             // instance methods only
  std::vector<SlotLog> params;  // one per declared parameter; primitive slots stay empty
};

class BuildLog {
 public:
  // Every target is selectable: it gets an entry with 0 calls, so a method that never ran
  // is still listed.
  explicit BuildLog(const std::vector<CallablePtr>& targets);

  // Counts the calls of targets in one execution of `tc` (statements of other methods and
  // statements that did not run are ignored).
  void Observe(const testcase::TestCase& tc, const testcase::ExecResult& r);

  // By "name" + descriptor (the key of CoverageModel::MethodKeyOf); nullptr if the method is
  // not a target.
  const MethodLog* Find(const std::string& key) const;
  const std::map<std::string, MethodLog>& methods() const { return methods_; }
  // Runtime classes seen in any slot of any target.
  std::set<std::string> AllRuntimeClasses() const;

 private:
  std::map<std::string, MethodLog> methods_;  // name + descriptor -> log
};

}  // namespace jtg::generate
