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

}  // namespace jtg::perf
