// The findings of a perf report as its writers show them (perf/report.h): ranked and merged
// (perf/ranking.h), each with its sentence, fix hint and plot path. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "perf/finding.h"
#include "perf/ranking.h"

namespace jtg::perf {

struct ReportEntry {
  RankedFinding ranked;
  std::string sentence;                 // report_wording.h FindingSentence
  std::optional<std::string> fix_hint;  // fix_hints.h FixHint
  std::string plot;   // "perf-plots/1-Foo.bar.svg" relative to the report; empty: no plot
  std::string title;  // "1. Foo.bar(List, List): likely bug, confirmed" (plot titles, headings)
};

std::vector<ReportEntry> ReportEntries(const PerfReport& r);

// How many entries are likely bugs (and of those, confirmed) and how many stress tests.
struct EntryCounts {
  int likely_bugs = 0, confirmed = 0, stress_tests = 0;
};
EntryCounts CountEntries(const std::vector<ReportEntry>& entries);

}  // namespace jtg::perf
