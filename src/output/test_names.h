// Names of written tests that say what they check (issue 24): method_condition_outcome,
// after the call whose behaviour the test asserts (the one that throws, else the last call
// whose value is asserted, else the last call): `isEmpty_emptyString_returnsTrue`,
// `formatDurationHMS_negative_throwsIllegalArgumentException`, `toString_nullLocale`.
//   condition: the first telling argument of that call: a null (`nullLocale`), an empty
//              string (`emptyString`), zero (`zero`), a negative number (`negative`);
//   outcome:   `throws<Exception>`, `returnsTrue`/`returnsFalse`, `returnsNull`,
//              `returnsEmptyString`, `returnsZero`, `returnsNegative`, `returnsEmpty` (an
//              empty collection or array); nothing for other values.
// Pure functions; no state; thread-safe.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::output {

struct Scenario {
  std::string method;     // Java identifier characters only; "test" when there is no call
  std::string condition;  // may be empty
  std::string outcome;    // may be empty
  // method, then _condition and _outcome where present.
  std::string Joined() const;
};

// `keep` as for MethodWriter: per statement, whether its value is asserted (empty = all).
Scenario ScenarioOf(const testcase::TestCase& t, const testcase::ExecResult& r,
                    const std::vector<bool>& keep);

// `base` if unused in `used`, else base_2, base_3, ... (the first free); records it.
std::string UniqueName(const std::string& base, std::map<std::string, int>& used);

}  // namespace jtg::output
