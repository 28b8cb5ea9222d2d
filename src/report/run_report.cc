#include "report/run_report.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "classpath/classpath.h"
#include "coverage/coverage_file.h"
#include "report/report_model.h"
#include "report/report_site.h"
#include "report/report_writers.h"

namespace jtg::report {
namespace {

Status WriteText(const std::string& path, const std::string& text) {
  const std::filesystem::path p(path);
  std::error_code ec;
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.good()) return absl::InternalError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

std::string Pct(const report::Counter& c) {
  if (c.total() == 0) return "-";
  return absl::StrFormat("%d/%d (%.1f%%)", c.covered, c.total(),
                         100.0 * static_cast<double>(c.covered) / static_cast<double>(c.total()));
}

Status CheckOptions(const ReportOptions& o) {
  const bool pages = !o.suite_summaries.empty() || !o.perf_reports.empty();
  if (o.dir.empty() != o.classpath.empty()) {
    return absl::InvalidArgumentError(
        "the coverage directory and --classpath go together: give both or neither");
  }
  if (o.dir.empty() && !pages) {
    return absl::InvalidArgumentError(
        "nothing to report: give a coverage directory with --classpath, --suite-summary or "
        "--perf-report");
  }
  if (o.dir.empty() && (!o.xml.empty() || !o.json.empty())) {
    return absl::InvalidArgumentError(
        "--xml and --json report coverage: give the coverage directory and --classpath");
  }
  if (pages && o.html.empty()) {
    return absl::InvalidArgumentError(
        "--suite-summary and --perf-report are rendered as HTML: give --html DIR");
  }
  if (!o.sources.empty() && o.html.empty()) {
    return absl::InvalidArgumentError("--sources is for the HTML report: give --html too");
  }
  return absl::OkStatus();
}

StatusOr<std::vector<std::string>> SourceRoots(const std::string& sources) {
  const std::vector<std::string> roots = absl::StrSplit(sources, ':', absl::SkipEmpty());
  for (const std::string& root : roots) {
    std::error_code ec;
    if (!std::filesystem::is_directory(root, ec)) {
      return absl::NotFoundError(absl::StrCat("--sources: ", root, " is not a directory"));
    }
  }
  return roots;
}

// The coverage report; its one-line summary in `*line`.
Status Coverage(const ReportOptions& o, const std::string& html_dir,
                const std::vector<std::string>& roots, std::string* line) {
  JTG_ASSIGN_OR_RETURN(std::vector<coverage::CoverageFile> runs, coverage::ReadCoverageDir(o.dir));
  JTG_ASSIGN_OR_RETURN(classpath::Classpath cp, classpath::Classpath::Open(o.classpath));
  JTG_ASSIGN_OR_RETURN(report::Report r, report::BuildReport(runs, o.dir, cp));
  for (const std::string& w : r.warnings) std::fprintf(stderr, "jtestgen report: %s\n", w.c_str());
  if (!o.xml.empty()) JTG_RETURN_IF_ERROR(WriteText(o.xml, report::JacocoXml(r, o.name)));
  if (!o.json.empty()) JTG_RETURN_IF_ERROR(WriteText(o.json, report::ReportJson(r)));
  if (!html_dir.empty()) JTG_RETURN_IF_ERROR(report::WriteHtml(r, html_dir, roots));
  size_t classes = 0;
  for (const auto& p : r.packages) classes += p.classes.size();
  *line = absl::StrFormat(
      "coverage of %zu classes from %zu runs: lines %s, branches %s, "
      "instructions %s",
      classes, runs.size(), Pct(r.counters.line), Pct(r.counters.branch),
      Pct(r.counters.instruction));
  return absl::OkStatus();
}

}  // namespace

Status RunReport(const ReportOptions& o) {
  JTG_RETURN_IF_ERROR(CheckOptions(o));
  JTG_ASSIGN_OR_RETURN(std::vector<std::string> roots, SourceRoots(o.sources));
  const bool pages = !o.suite_summaries.empty() || !o.perf_reports.empty();
  SiteOptions site{.out = o.html,
                   .coverage_index = "",
                   .coverage_summary = "",
                   .suite_summaries = o.suite_summaries,
                   .perf_reports = o.perf_reports,
                   .source_roots = roots};
  if (pages) JTG_RETURN_IF_ERROR(CheckSiteInputs(site));
  if (!o.dir.empty()) {
    std::string line;
    const std::string html_dir = pages ? o.html + "/coverage" : o.html;
    JTG_RETURN_IF_ERROR(Coverage(o, html_dir, roots, &line));
    std::printf("%s\n", line.c_str());
    if (pages) {
      site.coverage_index = "coverage/index.html";
      site.coverage_summary = line;
    }
  }
  if (pages) {
    JTG_RETURN_IF_ERROR(WriteSite(site));
    std::printf("report pages: %s/index.html (%zu project summaries, %zu perf reports)\n",
                o.html.c_str(), o.suite_summaries.size(), o.perf_reports.size());
  }
  return absl::OkStatus();
}

}  // namespace jtg::report
