#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "common/version.h"
#include "report/report_writers.h"
#include "report/source_page.h"

namespace jtg::report {
namespace {

constexpr char kStyle[] =
    "<style>body{font-family:sans-serif}table{border-collapse:collapse}"
    "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td.n{text-align:left}"
    ".fc{background:#cfc}.pc{background:#ffc}.nc{background:#fcc}</style>";

std::string Esc(const std::string& s) { return HtmlEscape(s); }

std::string Cell(const Counter& c) {
  if (c.total() == 0) return "<td>-</td>";
  return absl::StrFormat("<td>%d/%d (%.1f%%)</td>", c.covered, c.total(),
                         100.0 * static_cast<double>(c.covered) / static_cast<double>(c.total()));
}

std::string Row(const std::string& name, const Counters& c) {
  return absl::StrCat("<tr><td class=\"n\">", name, "</td>", Cell(c.line), Cell(c.branch),
                      Cell(c.instruction), Cell(c.method), "</tr>\n");
}

constexpr char kHead[] =
    "<tr><th>element</th><th>lines</th><th>branches</th><th>instructions</th>"
    "<th>methods</th></tr>\n";

Status Write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.good()) return absl::InternalError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

std::string PageName(const ClassCoverageReport& c) {
  std::string n = classfile::ToBinary(c.name);
  return absl::StrReplaceAll(n, {{"$", "_"}}) + ".html";
}

// `source_page`: the source-line page of the class's source file ("" when there is none).
std::string ClassPage(const ClassCoverageReport& c, const std::string& source_page) {
  const std::string name = classfile::ToBinary(c.name);
  std::string source;
  if (!source_page.empty()) {
    source = absl::StrCat(" &middot; source <a href=\"", Esc(source_page), "\">",
                          Esc(c.source_file), "</a>");
  } else if (!c.source_file.empty()) {
    source = " &middot; source " + Esc(c.source_file);
  }
  std::string o =
      absl::StrCat("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>", Esc(name),
                   "</title>", kStyle, "</head><body><h1>", Esc(name),
                   "</h1><p><a href=\"index.html\">all classes</a>", source, "</p><table>", kHead);
  for (const MethodCoverage& m : c.methods) o += Row(Esc(m.name + m.descriptor), m.counters);
  o += Row("<b>total</b>", c.counters);
  o += "</table><h2>Lines</h2><table><tr><th>line</th><th>status</th><th>instructions</th>"
       "<th>branches</th></tr>\n";
  for (const auto& [nr, l] : c.lines) {
    const char* cls = l.ci == 0 ? "nc" : (l.mi > 0 || l.mb > 0) ? "pc" : "fc";
    const char* status = l.ci == 0 ? "missed" : (l.mi > 0 || l.mb > 0) ? "partly" : "covered";
    const std::string number = source_page.empty() ? absl::StrCat(nr)
                                                   : absl::StrCat("<a href=\"", Esc(source_page),
                                                                  "#L", nr, "\">", nr, "</a>");
    absl::StrAppend(&o, "<tr class=\"", cls, "\"><td>", number, "</td><td class=\"n\">", status,
                    "</td><td>", l.ci, "/", l.ci + l.mi, "</td><td>");
    if (l.mb + l.cb > 0) absl::StrAppend(&o, l.cb, "/", l.cb + l.mb);
    o += "</td></tr>\n";
  }
  for (const std::string& s : c.not_instrumented) {
    absl::StrAppend(&o, "<p>not instrumented: ", Esc(s), "</p>");
  }
  return o + "</table></body></html>\n";
}

}  // namespace

Status WriteHtml(const Report& r, const std::string& dir,
                 const std::vector<std::string>& source_roots) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return absl::InternalError(absl::StrCat("cannot create ", dir, ": ", ec.message()));
  std::string index = absl::StrCat(
      "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>jtestgen coverage</title>", kStyle,
      "</head><body><h1>jtestgen coverage</h1><p>", Esc(std::string(Version())), "</p><table>",
      kHead);
  index += Row("<b>total</b>", r.counters);
  for (const PackageReport& p : r.packages) {
    const std::string pkg = p.name.empty() ? "(default package)" : classfile::ToBinary(p.name);
    index += Row(absl::StrCat("<b>", Esc(pkg), "</b>"), p.counters);
    std::map<std::string, std::string> source_pages;  // source file -> page written
    for (const auto& [file, sf] : p.source_files) {
      const std::optional<std::string> path = FindSource(source_roots, p.name, file);
      if (!path) continue;
      JTG_ASSIGN_OR_RETURN(std::string text, ReadSource(*path));
      const std::string page = SourcePageName(p.name, file);
      JTG_RETURN_IF_ERROR(
          Write(absl::StrCat(dir, "/", page),
                SourcePage(p.name.empty() ? file : p.name + "/" + file, text, sf.lines)));
      source_pages[file] = page;
    }
    for (const ClassCoverageReport& c : p.classes) {
      const std::string page = PageName(c);
      auto src = source_pages.find(c.source_file);
      index += Row(absl::StrCat("&nbsp;&nbsp;<a href=\"", Esc(page), "\">",
                                Esc(classfile::ToBinary(c.name)), "</a>"),
                   c.counters);
      JTG_RETURN_IF_ERROR(Write(absl::StrCat(dir, "/", page),
                                ClassPage(c, src == source_pages.end() ? "" : src->second)));
    }
  }
  index += "</table>";
  for (const std::string& w : r.warnings) absl::StrAppend(&index, "<p>", Esc(w), "</p>");
  index += "</body></html>\n";
  return Write(dir + "/index.html", index);
}

}  // namespace jtg::report
