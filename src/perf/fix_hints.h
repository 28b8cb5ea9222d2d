// Fix hints of `jtestgen perf`'s report (issue 25): for a likely bug whose inner loop is a
// known slow pattern (a linear lookup or removal in a JDK list, a string search), one
// sentence saying what usually fixes it. A small table, matched on the inner loop's method.
// Pure functions over constant data; thread-safe.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "perf/finding.h"

namespace jtg::perf {

struct HintRule {
  std::string_view classes;  // space-separated binary class names the loop may be in
  std::string_view methods;  // space-separated method names (the part before '(')
  std::string_view hint;     // the sentence the report gives
};

// The table, in match order (the first rule that matches wins).
std::span<const HintRule> HintRules();

// Whether `loop_method` ("java.util.ArrayList.indexOfRange(java.lang.Object,int,int)")
// matches `rule`.
bool Matches(const HintRule& rule, std::string_view loop_method);

// The hint for `f`: its innermost loop (the last of Finding::loops) matched against the
// table, when `f` has at least two loops (a loop inside another). None when nothing matches.
std::optional<std::string> FixHint(const Finding& f);

}  // namespace jtg::perf
