// Whether a perf candidate involves the class under test, so that its finding is reported:
// a finding that lies entirely in JDK code (the JDK's ArrayList.retainAll on a list the class
// returned, the test never calling the class again) is no finding about the class.
//
// A candidate involves the class when its test (after minimization) calls the class (a call
// or repeated call of a method or constructor the class owns or inherits, observers aside),
// and, when its outer loop runs in a JDK class, the class's own code calls that loop: the
// entry method is one of the class's (declared or inherited: its API), not a bulk method of a
// collection the class returned (a view entry, pipeline_views.cc). A JDK class under test
// involves itself. Pure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "testcase/test_case.h"

namespace jtg::perf {

// Whether `test` calls the class `internal` (internal name): a kCall or kRepeat statement,
// not an observer, whose callable is owned by `internal` or constructs it.
bool CallsClass(const testcase::TestCase& test, const std::string& internal);

// Whether a candidate of the class `internal` involves it (see above). `outer_owner`: the
// internal name of the class whose method holds the candidate's outer loop; `own_entry`:
// whether the entry method is the class's own (not a view entry).
bool InvolvesClass(const testcase::TestCase& test, const std::string& internal,
                   std::string_view outer_owner, bool own_entry);

}  // namespace jtg::perf
