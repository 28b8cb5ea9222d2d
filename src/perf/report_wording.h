// The words of `jtestgen perf`'s report (issue 25): one plain sentence per finding, names as
// a Java developer writes them, numbers rounded for reading. No paper names and no symbols
// beyond O(...) in the sentences; the report's Terms section defines what remains.
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "perf/ranking.h"

namespace jtg::perf {

// "org.x.ListUtils" -> "ListUtils"; "a.Outer$Inner" -> "Outer.Inner".
std::string SimpleClass(std::string_view binary_name);
// ("org.x.ListUtils", "subtract(java.util.List,java.util.List)") ->
// "ListUtils.subtract(List, List)"; a view entry ("java.util.HashMap",
// "values().removeAll(java.util.Collection)") -> "HashMap.values().removeAll(Collection)".
std::string DisplayMethod(std::string_view cls, std::string_view method);
// A loop's place: "org.x.ListUtils.subtract(java.util.List)" at line 105 -> "ListUtils.java:105";
// line 0 -> "ListUtils.subtract".
std::string LoopPlace(const LoopRefOut& loop);
// The loop's method without package and parameters: "ListUtils.subtract".
std::string LoopMethodShort(std::string_view loop_method);

// One clause of Finding::loop_inputs (perf/loop_inputs.cc writes them):
// "the inner loop (ArrayList.indexOfRange, line 298) walks arg2, once per element of arg1".
struct LoopClause {
  std::string role;                // "the loop", "the outer loop", "the inner loop"
  std::string where;               // "ArrayList.indexOfRange"
  int line = 0;                    // 298
  std::vector<std::string> walks;  // {"arg2"}; empty for "walks no sized input"
  std::vector<std::string> per;    // {"arg1"}: it runs once per element of these
};
// The clauses of `text`, in order; labels lose their "(built from statement k)" note.
// Clauses that do not parse are left out.
std::vector<LoopClause> ParseLoopInputs(std::string_view text);

// 1049600 -> "1,049,600" (rounded to an integer).
std::string FormatCount(double v);
// Estimates, one significant digit: 9.5e9 -> "about 10 billion", 40123 -> "about 40,000".
std::string FormatApproxCount(double v);
// Measured milliseconds, two significant digits: 0.3269 -> "0.33 ms", 4123 -> "4.1 s".
std::string FormatMs(double ms);
// Estimated milliseconds, one significant digit: 37000 -> "about 40 s", 150000 ->
// "about 3 min"; also h, days, years.
std::string FormatApproxDuration(double ms);
// 1.0 -> "linear", 2.0 -> "quadratic", 3.0 -> "cubic" (within 0.2); else "exponent 1.7".
std::string GrowthWords(double exponent);

// The finding's sentence (Markdown: code names in backticks). `mu` is the report's n at the
// largest size (PerfReport::mu).
std::string FindingSentence(const RankedFinding& r, int mu);

}  // namespace jtg::perf
