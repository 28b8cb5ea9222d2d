// SummaryText (perf/pipeline.h): what `jtestgen perf` prints after a run. The likely bugs
// come first, one sentence each; long loops are only counted (they are in the report).
#include "absl/strings/str_format.h"
#include "perf/pipeline.h"
#include "perf/report_entries.h"

namespace jtg::perf {

std::string SummaryText(const PerfReport& report, const std::string& out_dir) {
  const std::vector<ReportEntry> entries = ReportEntries(report);
  const EntryCounts counts = CountEntries(entries);
  const int bugs = counts.likely_bugs, confirmed = counts.confirmed, stress = counts.stress_tests;
  double seconds = 0;
  for (const auto& [phase, s] : report.phases_s) {
    if (phase == "total") seconds = s;
  }
  std::string out = absl::StrFormat(
      "jtestgen perf %s: %d likely bug(s) (%d confirmed), %d stress test(s), %zu skipped, %.1f s\n",
      report.cls, bugs, confirmed, stress, report.skipped.size(), seconds);
  if (report.dropped_not_involving > 0) {
    out += absl::StrFormat("  %d candidate(s) not involving the class dropped\n",
                           report.dropped_not_involving);
  }
  for (const ReportEntry& e : entries) {
    if (e.ranked.category != Category::kLikelyBug) continue;
    out += absl::StrFormat("  %d. [%s] %s\n", e.ranked.rank, StatusName(e.ranked.finding.status),
                           e.sentence);
  }
  if (stress > 0) {
    out += absl::StrFormat("  %d long loop(s) (stress-test information) in the report\n", stress);
  }
  out += absl::StrFormat("  report: %s/perf-report.md (and .html, .json; plots in %s/perf-plots)\n",
                         out_dir, out_dir);
  return out;
}

}  // namespace jtg::perf
