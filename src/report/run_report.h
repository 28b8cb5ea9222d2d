// `jtestgen report [DIR --classpath CP] [--suite-summary FILE]... [--perf-report FILE]...
// [--xml FILE] [--json FILE] [--html OUT [--sources S]]`:
//   - with the agent's coverage directory DIR (and the classpath, always together): reads
//     every coverage file of DIR (coverage/coverage_file.h), recomputes each class's probe
//     plan from the classpath (report/report_model.h) and writes the JaCoCo-compatible XML,
//     the JSON summary and the HTML report asked for; prints a one-line summary;
//   - with --suite-summary (jtestgen-summary.json) and --perf-report (perf-report.json),
//     each repeatable, --html is required: their pages and OUT/index.html linking every page
//     (report/report_site.h); the coverage report then goes to OUT/coverage/.
// Any of the three inputs may be given alone or together.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::report {

struct ReportOptions {
  std::string dir;  // coverage directory; "" = none (then classpath is "" too)
  std::string classpath;
  std::string xml, json, html;
  std::string sources;  // ':'-separated source roots for the HTML's source pages (coverage
                        // source-line pages, perf loops' lines)
  std::string name = "jtestgen";             // the XML report's name attribute
  std::vector<std::string> suite_summaries;  // jtestgen-summary.json files
  std::vector<std::string> perf_reports;     // perf-report.json files
};

// InvalidArgument for a combination of options that does not go together (one line saying
// what to give); errors from reading the coverage files, the classpath, the summaries and
// perf reports (each naming the file), and from matching the recorded coverage to the
// classes (report_model.h); Internal for an output that cannot be written. The summaries
// and perf reports are checked before anything is written.
Status RunReport(const ReportOptions& options);

}  // namespace jtg::report
