#include "report/report_site.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "common/version.h"
#include "project/summary_html.h"
#include "report/json_fields.h"
#include "report/perf_page.h"
#include "report/source_page.h"

namespace jtg::report {
namespace {

namespace fs = std::filesystem;
namespace jf = json_fields;
using nlohmann::json;

constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;margin:2em;color:#222}li{margin:.4em 0}"
    "small{color:#555}</style>";

Status Write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.good()) return absl::InternalError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

StatusOr<json> ReadWith(const std::string& path, const char* array, const char* what) {
  JTG_ASSIGN_OR_RETURN(json j, ReadJsonFile(path));
  const json* a = jf::Field(j, array);
  if (a == nullptr || !a->is_array()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not ", what, " (no \"", array, "\" array)"));
  }
  return j;
}

// The directory of `file` as seen from `out`, with a trailing '/' ("" when the same).
std::string LinkBase(const std::string& file, const std::string& out) {
  std::error_code ec;
  const fs::path dir = fs::absolute(fs::path(file), ec).parent_path();
  const fs::path rel = fs::relative(dir, fs::absolute(out, ec), ec);
  if (ec || rel.empty()) return dir.string() + "/";
  return rel == "." ? "" : rel.string() + "/";
}

struct Entry {
  std::string href, title, detail;  // detail: HTML
};

std::string Index(const std::vector<Entry>& entries) {
  std::string o =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>jtestgen report</title>" +
      std::string(kStyle) + "</head><body>\n<h1>jtestgen report</h1>\n<p>" +
      HtmlEscape(std::string(Version())) + "</p>\n<ul id=\"pages\">\n";
  for (const Entry& e : entries) {
    o += "<li><a href=\"" + HtmlEscape(e.href) + "\">" + HtmlEscape(e.title) + "</a><br><small>" +
         e.detail + "</small></li>\n";
  }
  return o + "</ul>\n</body></html>\n";
}

std::string Count(const json& o, const char* key) {
  const std::optional<double> v = jf::Number(o, key);
  return v ? std::to_string(static_cast<long long>(*v)) : "\u2013";
}

}  // namespace

StatusOr<json> ReadJsonFile(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec))
    return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in.good() && !in.eof()) return absl::InternalError(absl::StrCat(path, ": cannot read"));
  json j = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return absl::InvalidArgumentError(absl::StrCat(path, ": not valid JSON"));
  if (!j.is_object()) return absl::InvalidArgumentError(absl::StrCat(path, ": not a JSON object"));
  return j;
}

Status CheckSiteInputs(const SiteOptions& o) {
  for (const std::string& s : o.suite_summaries) {
    JTG_RETURN_IF_ERROR(ReadWith(s, "classes", "a jtestgen summary").status());
  }
  for (const std::string& p : o.perf_reports) {
    JTG_RETURN_IF_ERROR(ReadWith(p, "findings", "a perf report").status());
  }
  return absl::OkStatus();
}

Status WriteSite(const SiteOptions& o) {
  std::error_code ec;
  fs::create_directories(o.out, ec);
  if (ec) return absl::InternalError(absl::StrCat("cannot create ", o.out, ": ", ec.message()));
  std::vector<Entry> entries;
  if (!o.coverage_index.empty()) {
    entries.push_back({o.coverage_index, "Coverage", HtmlEscape(o.coverage_summary)});
  }
  for (size_t i = 0; i < o.suite_summaries.size(); ++i) {
    const std::string& path = o.suite_summaries[i];
    JTG_ASSIGN_OR_RETURN(json s, ReadWith(path, "classes", "a jtestgen summary"));
    const std::string page = absl::StrCat("suite-", i + 1, ".html");
    JTG_RETURN_IF_ERROR(
        Write(absl::StrCat(o.out, "/", page), project::SummaryHtml(s, LinkBase(path, o.out))));
    const json* totals = jf::Field(s, "totals");
    const json t = totals != nullptr ? *totals : json::object();
    const std::string command =
        jf::String(s, "command").empty() ? "suite" : jf::String(s, "command");
    entries.push_back(
        {page, absl::StrCat("Project summary (", command, ")"),
         absl::StrCat(HtmlEscape(path), ": ", Count(t, "classes"), " classes, ", Count(t, "failed"),
                      " failed, started ", HtmlEscape(jf::String(s, "started")))});
  }
  for (size_t i = 0; i < o.perf_reports.size(); ++i) {
    const std::string& path = o.perf_reports[i];
    JTG_ASSIGN_OR_RETURN(json r, ReadWith(path, "findings", "a perf report"));
    const std::string page = absl::StrCat("perf-", i + 1, ".html");
    JTG_ASSIGN_OR_RETURN(std::string html, PerfPageHtml(r, o.source_roots));
    JTG_RETURN_IF_ERROR(Write(absl::StrCat(o.out, "/", page), html));
    entries.push_back(
        {page, "Performance: " + jf::String(r, "class"),
         absl::StrCat(HtmlEscape(path), ": ", jf::Array(r, "findings").size(), " finding(s)")});
  }
  return Write(o.out + "/index.html", Index(entries));
}

}  // namespace jtg::report
