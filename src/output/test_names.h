// Names of written tests that say what they check (issue 24): method_condition_outcome,
// after the call whose behaviour the test asserts (the one that throws, else the last call
// whose value is asserted, else the last call): `isEmpty_emptyString_returnsTrue`,
// `formatDurationHMS_negative_throwsIllegalArgumentException`, `toString_nullLocale`.
//   condition: the first telling argument of that call: a null (`nullLocale`), an empty
//              string (`emptyString`), zero (`zero`), a negative number (`negative`);
//   outcome:   `throws<Exception>`, `returnsTrue`/`returnsFalse`, `returnsNull`,
//              `returnsEmptyString`, `returnsZero`, `returnsNegative`, `returnsEmpty` (an
//              empty collection or array); nothing for other values.
// Tests that would share a name are told apart before any number is added, by what else they
// do, as Daka et al. choose the goals that distinguish a test from the others of its suite
// ("Generating unit tests with descriptive names", ISSTA 2017, section 3): the last other
// method called before the focus (`parse_afterAddOption`), then the first observer whose
// value is asserted (`parse_afterAddOption_thenGetArgs`).
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
  // What else the test does, each may be empty: the last call before the focus to another
  // method that is not an observer ("addOption"), and the first observer whose value is
  // asserted ("getArgs").
  std::string setup;
  std::string observed;
  // method, then _condition and _outcome where present.
  std::string Joined() const;
  // Joined() with _after<Setup> (before the outcome) and, if `with_observed`,
  // _then<Observed>, where present.
  std::string Distinguished(bool with_observed) const;
};

// `keep` as for MethodWriter: per statement, whether its value is asserted (empty = all).
Scenario ScenarioOf(const testcase::TestCase& t, const testcase::ExecResult& r,
                    const std::vector<bool>& keep);

// The names of tests with these scenarios: Joined(); for scenarios sharing it,
// Distinguished(false); for those sharing that too, Distinguished(true) unless their
// observers are all the same (the names may still be equal; see UniqueName).
std::vector<std::string> DistinctBases(const std::vector<Scenario>& scenarios);

// `base` if unused in `used`, else base_2, base_3, ... (the first free); records it.
std::string UniqueName(const std::string& base, std::map<std::string, int>& used);

}  // namespace jtg::output
