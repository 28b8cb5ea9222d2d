// The HTML page of a whole-project run's summary (jtestgen-summary.json, issue 26): one
// self-contained page (inline style and a small inline sorting script; no network, no
// external files). It reads:
//   {"version", "command": "suite"|"perf", "started", "wall_s",
//    "options": {"budget_per_class_s", "seed", "jobs", "junit"},
//    "classes": [{"class", "status": "generated"|"unchanged"|"failed", "reason" (failed),
//                 "test_file", "report", "tests", "dropped_tests",
//                 "branches": {"covered", "total"}, "lines": {"covered", "total"},
//                 "weak_mutation": {"killed", "total"}, "blamed": [string], "time_s",
//                 "findings", "likely_bugs", "perf_report"}],
//    "not_testable": [{"class", "reason"}],
//    "totals": {"classes", "generated", "unchanged", "failed", "tests", "dropped_tests",
//               "branches", "lines", "weak_mutation", "time_s", "findings", "likely_bugs"}}
// Every field may be missing (shown as "–"). The page has a totals table (id "totals",
// one cell per figure with id "total-<key>") and a class table (id "classes", one row per
// class with data-class, one cell per column with data-key); numeric cells carry their raw
// number in data-value (percentages: 100 * covered / total). For "command": "perf" the
// class columns are the perf ones (findings, likely bugs, the class's perf-report.html).
// Clicking a column header sorts the rows (again: descending); the URL hash "#sort=KEY" or
// "#sort=-KEY" sorts on load, and the table's data-sorted attribute says the order shown.
// Text is HTML-escaped. Pure; thread-safe.
#pragma once

#include <string>

#include "nlohmann/json.hpp"

namespace jtg::project {

// `link_base` is prefixed to the relative paths of the summary (test_file, report,
// perf_report) so that the links work from where the page is written: "" when the page is
// beside the summary, "../proj/" when one directory down from it, etc. Paths with a URL
// scheme are shown as text, not linked.
std::string SummaryHtml(const nlohmann::json& summary, const std::string& link_base = "");

}  // namespace jtg::project
