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

}  // namespace

Status RunReport(const ReportOptions& o) {
  if (!o.sources.empty() && o.html.empty()) {
    return absl::InvalidArgumentError("--sources is for the HTML report: give --html too");
  }
  JTG_ASSIGN_OR_RETURN(std::vector<coverage::CoverageFile> runs, coverage::ReadCoverageDir(o.dir));
  JTG_ASSIGN_OR_RETURN(classpath::Classpath cp, classpath::Classpath::Open(o.classpath));
  JTG_ASSIGN_OR_RETURN(report::Report r, report::BuildReport(runs, o.dir, cp));
  for (const std::string& w : r.warnings) std::fprintf(stderr, "jtestgen report: %s\n", w.c_str());
  if (!o.xml.empty()) JTG_RETURN_IF_ERROR(WriteText(o.xml, report::JacocoXml(r, o.name)));
  if (!o.json.empty()) JTG_RETURN_IF_ERROR(WriteText(o.json, report::ReportJson(r)));
  if (!o.html.empty()) {
    const std::vector<std::string> roots = absl::StrSplit(o.sources, ':', absl::SkipEmpty());
    for (const std::string& root : roots) {
      std::error_code ec;
      if (!std::filesystem::is_directory(root, ec)) {
        return absl::NotFoundError(absl::StrCat("--sources: ", root, " is not a directory"));
      }
    }
    JTG_RETURN_IF_ERROR(report::WriteHtml(r, o.html, roots));
  }
  size_t classes = 0;
  for (const auto& p : r.packages) classes += p.classes.size();
  std::printf("coverage of %zu classes from %zu runs: lines %s, branches %s, instructions %s\n",
              classes, runs.size(), Pct(r.counters.line).c_str(), Pct(r.counters.branch).c_str(),
              Pct(r.counters.instruction).c_str());
  return absl::OkStatus();
}

}  // namespace jtg::report
