// perf-report.json, perf-report.md, perf-report.html and the plots (issue 5, part 8; issue
// 25). The JSON form is a contract read by other tools: keys and their order exactly as the
// issue gives them:
//   {"class", "budget_s", "mu", "findings": [{"class", "method", "kind", "status", "reason",
//    "loops": [{"method", "line", "depth"}], "input_pattern", "sizes", "iterations",
//    "times_ms", "exponent", "max_iterations", "test"}], "skipped": [{"method", "reason"}]}
// "exponent" and "test" are null when there is no fit or no written test. After these keys,
// "phases_s" gives the wall-clock seconds per phase when the run recorded them, then
// "version" and "jdk", then "max_heap_mb" and "peak_rss_mb" when known. After its
// contract keys a finding may have "loop_inputs" (which sized input each loop walks,
// loop_inputs.h) and, with a read-oracle judgement (Finding::reads), "repeated_reads":
// {"applicable", "similar", "n", "executions", "analysed", "iterations_per_execution",
// "repeated", "repeated_fraction", "site", "summary"}; then always the ranking's keys
// (perf/ranking.h): "rank", "category" ("likely-bug" or "stress-test"), "sentence",
// "fix_hint" (null when none), "time_exponent" (null without a time fit), "estimate"
// ({"elements", "ms"} or {"elements", "iterations"} at the realistic size; null),
// "also_reached_from" ([{"method", "test", "status"}]: the findings merged into this one)
// and "plot" (path relative to the report, null without a plot).
//
// The findings are merged and ranked (RankAndMerge) in all forms: the JSON array is in rank
// order. Pure functions except WriteReport; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/status.h"
#include "perf/finding.h"

namespace jtg::perf {

// The plots' directory beside the report.
inline constexpr std::string_view kPlotDir = "perf-plots";

std::string ReportJson(const PerfReport& r);
std::string ReportMarkdown(const PerfReport& r);
// The Markdown report's content as one self-contained HTML page (plots inlined as <svg>).
std::string ReportHtml(const PerfReport& r);
// The plots: (path relative to the report directory, "perf-plots/1-Foo.bar.svg"; SVG text),
// in rank order, one per finding that HasPlot (perf/plot_svg.h).
std::vector<std::pair<std::string, std::string>> ReportPlots(const PerfReport& r);

// Writes <dir>/perf-report.json, .md and .html and <dir>/perf-plots/*.svg (removing other
// .svg files there: plots of an earlier write). Errors: InternalError naming the file or
// directory that cannot be written.
Status WriteReport(const PerfReport& r, const std::string& dir);

}  // namespace jtg::perf
