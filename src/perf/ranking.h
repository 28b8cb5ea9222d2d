// Ranking and merging of the findings of `jtestgen perf` for the report (issue 25): what a
// user reads first is the likely bugs (work growing faster than the input), then the long
// loops as stress-test information; findings that describe the same loops are one entry.
//
// Shapes and units: sizes are input elements (Finding::sizes), times milliseconds, the
// realistic size kRealisticPerInput elements per sized input. Pure functions over their
// arguments; no state; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perf/finding.h"

namespace jtg::perf {

// A finding is super-linear (a likely bug) from this growth exponent on, in iterations or in
// time (the time fit must reach GrowthThresholds::time_r2).
inline constexpr double kSuperLinearExponent = 1.3;
// The size the report extrapolates to: elements per sized input.
inline constexpr double kRealisticPerInput = 100000;

enum class Category { kLikelyBug, kStressTest };
// The report's spelling: "likely-bug", "stress-test".
constexpr std::string_view CategoryName(Category c) {
  return c == Category::kLikelyBug ? "likely-bug" : "stress-test";
}

// What a finding costs at the realistic size, extrapolated along its fitted growth from the
// largest measured size: of time when the finding was timed, else of loop iterations.
struct Extrapolation {
  bool time = false;         // true: `measured` and `estimate` are ms; false: iterations
  double exponent = 0;       // the larger of the time and iteration exponents
  double measured_size = 0;  // elements, the largest size measured
  double measured = 0;       // ms or iterations at measured_size
  double units = 1;          // measured_size / mu rounded, >= 1: inputs of about mu elements
  double target_size = 0;    // units * kRealisticPerInput
  double estimate = 0;       // measured * (target_size / measured_size)^exponent
};

// Another finding merged into a ranked one (same loops, same kind).
struct AlsoReached {
  std::string entry;                // "org.x.ListUtils.sum(java.util.List,java.util.List)"
  std::optional<std::string> test;  // its written test, if any
  FindingStatus status = FindingStatus::kSuspected;
};

struct RankedFinding {
  Finding finding;  // the strongest finding of its group (a copy)
  Category category = Category::kStressTest;
  int rank = 0;  // 1-based position in the ranked list
  // Finding::time_exponent and time_r2, else fitted here from sizes and times_ms (>= 3
  // timed sizes); none without a fit.
  std::optional<double> time_exponent;
  double time_r2 = 0;
  std::optional<Extrapolation> estimate;  // none without sizes or without any exponent
  std::vector<AlsoReached> also;          // the merged findings, strongest first
};

// The findings of `r` merged (same MergeKey: the strongest kept, the others in `also`;
// strongest = confirmed, then with its outermost loop in the entry method itself rather than
// reached through a wrapper, then the higher iteration exponent, a written test, the longer
// time) and
// ranked: likely bugs first (confirmed first, then by iteration exponent rounded to 0.1,
// then by estimated cost), then stress tests (confirmed first, then most iterations).
// Ties keep the report's order. `mu` for the extrapolation is r.mu (1024 when 0).
std::vector<RankedFinding> RankAndMerge(const PerfReport& r);

// Same key = same finding: the kind and the set of loops (method and line), in any order.
std::string MergeKey(const Finding& f);

// kLikelyBug when a redundant traversal's iteration exponent, or a time exponent with
// r2 >= the growth threshold, reaches kSuperLinearExponent, or for a redundant traversal
// without an iteration fit; kStressTest otherwise (a long loop's iteration exponent alone
// never makes a likely bug).
Category Categorize(const Finding& f, std::optional<double> time_exponent, double time_r2);

// The extrapolation of `f` to kRealisticPerInput elements per input (see Extrapolation);
// none when `f` has no size, no positive measurement at its largest size or no exponent.
std::optional<Extrapolation> Extrapolate(const Finding& f, std::optional<double> time_exponent,
                                         int mu);

}  // namespace jtg::perf
