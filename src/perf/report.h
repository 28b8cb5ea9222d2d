// perf-report.json and perf-report.md (issue 5, part 8). The JSON form is a contract read by
// other tools: keys and their order exactly as the issue gives them:
//   {"class", "budget_s", "mu", "findings": [{"class", "method", "kind", "status", "reason",
//    "loops": [{"method", "line", "depth"}], "input_pattern", "sizes", "iterations",
//    "times_ms", "exponent", "max_iterations", "test"}], "skipped": [{"method", "reason"}]}
// "exponent" and "test" are null when there is no fit or no written test. After these keys,
// "phases_s" gives the wall-clock seconds per phase when the run recorded them. After its
// contract keys a finding may have "loop_inputs" (which sized input each loop walks,
// loop_inputs.h) and, with a read-oracle judgement (Finding::reads), "repeated_reads":
// {"applicable", "similar", "n", "executions", "analysed", "iterations_per_execution",
// "repeated", "repeated_fraction", "site", "summary"}.
#pragma once

#include <string>

#include "common/status.h"
#include "perf/finding.h"

namespace jtg::perf {

std::string ReportJson(const PerfReport& r);
std::string ReportMarkdown(const PerfReport& r);
// Writes <dir>/perf-report.json and <dir>/perf-report.md. Errors: InternalError naming the
// file that cannot be written.
Status WriteReport(const PerfReport& r, const std::string& dir);

}  // namespace jtg::perf
