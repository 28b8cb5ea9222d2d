// The pages `jtestgen report --html OUT` writes beside (or instead of) the coverage report
// when it is given whole-project summaries and perf reports (issue 26): each
// jtestgen-summary.json as OUT/suite-<N>.html (project/summary_html.h), each
// perf-report.json as OUT/perf-<N>.html (report/perf_page.h; N counts from 1 in the order
// given), and OUT/index.html linking them and the coverage report's index when there is one.
// Not thread-safe for one OUT directory (it writes files there).
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "nlohmann/json.hpp"

namespace jtg::report {

struct SiteOptions {
  std::string out;               // the HTML directory (created)
  std::string coverage_index;    // relative to `out` ("coverage/index.html"); "" = none
  std::string coverage_summary;  // one line on the coverage shown in the index; "" = none
  std::vector<std::string> suite_summaries;  // jtestgen-summary.json files
  std::vector<std::string> perf_reports;     // perf-report.json files
  std::vector<std::string> source_roots;     // for the perf pages' loop sources
};

// Reads the JSON object in `path`. Errors: NotFound (no such file), InvalidArgument (not a
// JSON object, with the parser's reason), each one line naming the file.
StatusOr<nlohmann::json> ReadJsonFile(const std::string& path);

// Checks that every summary and perf report reads as one (a "classes" / "findings" array);
// run before anything is written. Errors as ReadJsonFile, or InvalidArgument naming the
// file and the missing array.
Status CheckSiteInputs(const SiteOptions& options);

// Writes the pages. Errors: those of CheckSiteInputs and PerfPageHtml; Internal naming a
// file or directory that cannot be written.
Status WriteSite(const SiteOptions& options);

}  // namespace jtg::report
