// perf-report.md (perf/report.h): header, likely bugs (summary table, then a section per
// finding with its plot), stress tests compactly, terms, skipped methods.
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "common/version.h"
#include "jvm/java_home.h"
#include "perf/report.h"
#include "perf/report_entries.h"
#include "perf/report_wording.h"

namespace jtg::perf {

namespace {

std::string Num(double v) {
  char buf[64];
  if (v == static_cast<double>(static_cast<long long>(v)) && v < 1e15) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  }
  return buf;
}

std::string Fixed(double v, const char* fmt = "%.2f") {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// Prose from the data (reasons, input patterns): Markdown's special characters escaped.
std::string Text(const std::string& s) {
  return absl::StrReplaceAll(s, {{"\\", "\\\\"},
                                 {"<", "\\<"},
                                 {">", "\\>"},
                                 {"|", "\\|"},
                                 {"*", "\\*"},
                                 {"[", "\\["},
                                 {"]", "\\]"},
                                 {"`", "\\`"}});
}
// A Markdown fragment in a table cell.
std::string Cell(const std::string& md) { return absl::StrReplaceAll(md, {{"|", "\\|"}}); }
// A name as code (names never hold a backtick).
std::string Code(const std::string& s) { return "`" + s + "`"; }

// "java.util.ArrayList.remove(java.lang.Object)" -> "ArrayList.remove(Object)".
std::string MethodName(const std::string& m) {
  const size_t dot = m.rfind('.', m.find('('));
  return dot == std::string::npos ? m : DisplayMethod(m.substr(0, dot), m.substr(dot + 1));
}

std::string Exponents(const ReportEntry& e) {
  const RankedFinding& r = e.ranked;
  std::string s = r.finding.exponent ? Fixed(*r.finding.exponent) : "-";
  if (r.time_exponent) s += " (time " + Fixed(*r.time_exponent) + ")";
  return s;
}

std::string Header(const PerfReport& r, const std::vector<ReportEntry>& entries) {
  const EntryCounts counts = CountEntries(entries);
  const int bugs = counts.likely_bugs, confirmed = counts.confirmed, stress = counts.stress_tests;
  std::string md = "# jtestgen perf: " + Text(r.cls) + "\n\n";
  md += "Made by " + std::string(Version()) + " on " + jvm::JdkInUse() + ".\n\n";
  md += absl::StrCat("**", bugs, " likely bug(s)** (", confirmed, " confirmed), ", stress,
                     " stress test(s), ", r.skipped.size(), " method(s) skipped. Search budget ",
                     Num(r.budget_s), " s; inputs measured up to ", FormatCount(r.mu),
                     " elements each (`--mu`). Words in bold are defined under [Terms](#terms).\n");
  if (r.dropped_not_involving > 0) {
    md += absl::StrCat("\n", r.dropped_not_involving,
                       " candidate(s) dropped: their loop is the JDK's own and the class's code "
                       "does not call it, or their test does not call the class.\n");
  }
  if (!r.phases_s.empty()) {
    md += "\nSeconds per phase:";
    for (const auto& [name, seconds] : r.phases_s)
      md += " " + name + " " + Fixed(seconds, "%.1f") + ";";
    md.back() = '.';
    md += "\n";
  }
  if (r.max_heap_mb > 0 || r.peak_rss_mb > 0) {
    md += "\n";
    if (r.max_heap_mb > 0) md += absl::StrCat("Heap limit ", r.max_heap_mb, " MiB");
    if (r.peak_rss_mb > 0) {
      md += (r.max_heap_mb > 0 ? ", peak" : "Peak") + std::string(" resident memory ") +
            Fixed(r.peak_rss_mb, "%.0f") + " MiB";
    }
    md += ".\n";
  }
  return md;
}

std::string Measurements(const Finding& f) {
  std::string md = "| input size (elements) | loop iterations | time (ms) |\n|---:|---:|---:|\n";
  for (size_t i = 0; i < f.sizes.size(); ++i) {
    md += "| " + Num(f.sizes[i]) + " | " + (i < f.iterations.size() ? Num(f.iterations[i]) : "-") +
          " | " + (i < f.times_ms.size() ? Num(f.times_ms[i]) : "-") + " |\n";
  }
  return md;
}

std::string Section(const ReportEntry& e) {
  const RankedFinding& r = e.ranked;
  const Finding& f = r.finding;
  std::string md = "\n### " + Text(e.title) + "\n\n" + e.sentence + ".\n\n";
  md += "- Loops:";
  for (size_t i = 0; i < f.loops.size(); ++i) {
    const LoopRefOut& l = f.loops[i];
    const std::string role = f.loops.size() == 1       ? "the loop"
                             : i == 0                  ? "outer"
                             : i + 1 == f.loops.size() ? "inner"
                                                       : "middle";
    md += std::string(i == 0 ? " " : "; ") + role + " " + Code(MethodName(l.method)) + " at " +
          LoopPlace(l) + " (nesting depth " + std::to_string(l.depth) + ")";
  }
  md += "\n";
  if (e.fix_hint) md += "- Fix hint: " + *e.fix_hint + ".\n";
  if (!r.also.empty()) {
    md += "- Also reached from:";
    for (size_t i = 0; i < r.also.size(); ++i) {
      const AlsoReached& a = r.also[i];
      md += (i == 0 ? " " : ", ") + Code(MethodName(a.entry));
      if (a.test) md += " (test " + Code(*a.test) + ")";
    }
    md += "\n";
  }
  if (!f.input_pattern.empty()) md += "- Inputs: " + Text(f.input_pattern) + "\n";
  if (!f.loop_inputs.empty()) md += "- Which input each loop walks: " + Text(f.loop_inputs) + "\n";
  md += "- Why " + std::string(StatusName(f.status)) + ": " + Text(f.reason) + "\n";
  md += "- Growth **exponent**: iterations " + Exponents(e) +
        "; most **iterations** of one loop run: " + FormatCount(f.max_iterations) + "\n";
  if (f.reads) {
    md += "- Repeated reads: " +
          std::string(!f.reads->applicable ? "not judged"
                      : f.reads->similar   ? "the inner loop reads the same values again"
                                           : "the inner loop's reads do not repeat") +
          // The pipeline appends the summary to the reason; say it once.
          (f.reason.find(f.reads->summary) == std::string::npos ? "; " + Text(f.reads->summary)
                                                                : std::string()) +
          "\n";
  }
  md += "- Test: " + (f.test ? Code(*f.test) : std::string("not written")) + "\n";
  if (!f.test_check.empty()) {
    md += "- The test's growth check on this code " + f.test_check + "\n";
  }
  md += "\n";
  if (!e.plot.empty()) md += "![Iterations and time against input size](" + e.plot + ")\n\n";
  return md + Measurements(f);
}

constexpr const char* kTerms =
    "\n## Terms\n\n"
    "- **Likely bug**: the work grows faster than the input: a growth exponent of at least 1.3 "
    "in iterations or in time, typically a loop that scans one input once per element of "
    "another. A nested loop whose growth could not be fitted is listed here too.\n"
    "- **Stress test**: a loop that runs once per element (linear): expected work, listed as "
    "information; its test is a ready-made stress test.\n"
    "- **Confirmed** / **suspected**: confirmed when the measured growth shows it (nested "
    "loops: iterations exponent >= 1.6 and time exponent >= 1.3; long loops: one run of the "
    "loop reached the `--mu` iterations), suspected otherwise, with the reason.\n"
    "- **Input size**: the number of elements of all inputs a test builds (collection, map "
    "and array elements, string characters, copies included); tests run at 4 sizes, each "
    "input holding up to about `--mu` elements.\n"
    "- **Iterations**: how often the loops' bodies ran during the call under test, counted "
    "by probes.\n"
    "- **Exponent**: b in iterations (or time) = c * size^b, fitted by least squares on "
    "log-log axes: 1 is linear, 2 quadratic. r2 in the reasons says how well the line fits "
    "(1 = exactly). Estimates at 100,000 elements per input extend that line from the "
    "largest measured size.\n";

}  // namespace

std::string ReportMarkdown(const PerfReport& r) {
  const std::vector<ReportEntry> entries = ReportEntries(r);
  std::string md = Header(r, entries);
  std::string bugs_table, bug_sections, stress_table;
  for (const ReportEntry& e : entries) {
    const Finding& f = e.ranked.finding;
    const std::string plot = e.plot.empty() ? "-" : "[plot](" + e.plot + ")";
    if (e.ranked.category == Category::kLikelyBug) {
      bugs_table +=
          absl::StrCat("| ", e.ranked.rank, " | ", Cell(e.sentence), " | ",
                       std::string(StatusName(f.status)), " | ", Exponents(e), " | ", plot, " |\n");
      bug_sections += Section(e);
    } else {
      std::string also;
      for (const AlsoReached& a : e.ranked.also) {
        also += (also.empty() ? "; also reached from " : ", ") + Code(MethodName(a.entry));
      }
      stress_table += absl::StrCat("| ", e.ranked.rank, " | ", Cell(e.sentence + also), " | ",
                                   std::string(StatusName(f.status)), " | ",
                                   f.test ? Code(*f.test) : std::string("-"), " | ", plot, " |\n");
    }
  }
  md += "\n## Likely bugs\n\n";
  if (bugs_table.empty()) {
    md += "None found.\n";
  } else {
    md += "| # | finding | status | growth exponent | plot |\n|---:|---|---|---:|---|\n" +
          bugs_table + bug_sections;
  }
  if (!stress_table.empty()) {
    md +=
        "\n## Stress tests (long loops, information)\n\n"
        "Loops that run once per element: expected work, not bugs. Their tests are stress "
        "tests of the methods.\n\n"
        "| # | finding | status | test | plot |\n|---:|---|---|---|---|\n" +
        stress_table;
  }
  md += kTerms;
  if (!r.skipped.empty()) {
    md += "\n## Skipped\n\n";
    for (const Skipped& s : r.skipped) md += "- " + Code(s.method) + ": " + Text(s.reason) + "\n";
  }
  return md;
}

}  // namespace jtg::perf
