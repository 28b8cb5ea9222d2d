#include "report/perf_page.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>

#include "absl/strings/str_split.h"
#include "perf/markdown_html.h"
#include "perf/plot_svg.h"
#include "report/json_fields.h"
#include "report/source_page.h"

namespace jtg::report {
namespace {

using nlohmann::json;
namespace jf = json_fields;

constexpr const char* kDash = "\u2013";
constexpr int kBefore = 2, kAfter = 6;  // source lines shown around a loop header

constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;max-width:1150px;margin:2em auto;padding:0 1em;"
    "line-height:1.45;color:#222}table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #ccc;padding:3px 8px;vertical-align:top}th{background:#f3f3f3}"
    "td.num{text-align:right}code{background:#f4f4f4;padding:0 3px}"
    "section.finding{border-top:1px solid #ddd;margin-top:2em}"
    "pre.src{background:#fafafa;border:1px solid #ddd;padding:4px 0}"
    "pre.src span{display:block;padding:0 8px}pre.src .ln{display:inline-block;width:4em;"
    "color:#888}pre.src .loop-line{background:#fff1a8;font-weight:bold}</style>";

std::string Esc(const std::string& s) { return HtmlEscape(s); }
std::string Fmt(double v, const char* fmt) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}
std::string Raw(double v) {  // shortest round trip, integers without ".0"
  char buf[32];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}
std::string Or(const std::string& html) { return html.empty() ? kDash : html; }
std::string NumCell(std::optional<double> v, const char* fmt) {
  if (!v) return std::string("<td class=\"num\">") + kDash + "</td>";
  return "<td class=\"num\" data-value=\"" + Raw(*v) + "\">" + Fmt(*v, fmt) + "</td>";
}

// "a.b.Outer$In.m(int)" -> "a.b.Outer$In".
std::string LoopClass(const std::string& method) {
  const size_t dot = method.rfind('.', method.find('('));
  return dot == std::string::npos ? "" : method.substr(0, dot);
}

// "a.b.Utils" + "subtract(java.util.List)" -> "Utils.subtract(java.util.List)".
std::string ShortName(const json& f) {
  const std::string cls = jf::String(f, "class");
  return cls.substr(cls.rfind('.') + 1) + "." + jf::String(f, "method");
}

// The source lines around `line` of `text`, the header marked.
std::string Excerpt(const std::string& text, int line, const std::string& title) {
  const std::vector<std::string> lines = absl::StrSplit(text, '\n');
  const int first = std::max(1, line - kBefore);
  const int last = std::min(static_cast<int>(lines.size()), line + kAfter);
  if (line < 1 || line > static_cast<int>(lines.size())) return "";
  std::string o = "<p>" + Esc(title) + "</p><pre class=\"src\">";
  for (int n = first; n <= last; ++n) {
    o += "<span" + std::string(n == line ? " class=\"loop-line\"" : "") + "><span class=\"ln\">" +
         std::to_string(n) + "</span>" + Esc(lines[static_cast<size_t>(n - 1)]) + "</span>";
  }
  return o + "</pre>\n";
}

// The finding's plot, from the JSON's measurements (no plot: "").
std::string Plot(const json& f, int rank) {
  perf::Finding finding;
  finding.cls = jf::String(f, "class");
  finding.method = jf::String(f, "method");
  finding.sizes = jf::Numbers(f, "sizes");
  finding.iterations = jf::Numbers(f, "iterations");
  finding.times_ms = jf::Numbers(f, "times_ms");
  finding.exponent = jf::Number(f, "exponent");
  if (!perf::HasPlot(finding)) return "<p>No plot: fewer than 2 measured sizes.</p>\n";
  return "<figure class=\"plot\" id=\"plot-" + std::to_string(rank) + "\">" +
         perf::FindingPlotSvg(std::to_string(rank) + ". " + finding.cls + "." + finding.method,
                              finding, jf::Number(f, "time_exponent")) +
         "</figure>\n";
}

std::string Measurements(const json& f) {
  const std::vector<double> n = jf::Numbers(f, "sizes"), it = jf::Numbers(f, "iterations"),
                            ms = jf::Numbers(f, "times_ms");
  std::string o =
      "<table class=\"measurements\"><tr><th>input size (elements)</th><th>loop iterations</th>"
      "<th>time (ms)</th></tr>\n";
  auto at = [](const std::vector<double>& v, size_t i) {
    return i < v.size() ? std::optional<double>(v[i]) : std::nullopt;
  };
  for (size_t i = 0; i < n.size(); ++i) {
    o += "<tr>" + NumCell(n[i], "%.0f") + NumCell(at(it, i), "%.0f") + NumCell(at(ms, i), "%.4g") +
         "</tr>\n";
  }
  return o + "</table>\n";
}

StatusOr<std::string> Section(const json& f, int rank, const std::vector<std::string>& roots) {
  const std::string cls = jf::String(f, "class"), method = jf::String(f, "method");
  std::string o = "<section class=\"finding\" id=\"finding-" + std::to_string(rank) + "\">\n";
  o += "<h3>" + std::to_string(rank) + ". <code>" + Esc(cls + "." + method) + "</code></h3>\n";
  const std::string sentence = jf::String(f, "sentence");
  if (!sentence.empty()) o += "<p>" + perf::InlineHtml(sentence) + ".</p>\n";
  auto item = [&](const std::string& label, const std::string& html) {
    o += "<li>" + label + ": " + Or(html) + "</li>\n";
  };
  o += "<ul>\n";
  item("Kind", Esc(jf::String(f, "kind")) + ", " + Esc(jf::String(f, "status")) + ", " +
                   Esc(jf::String(f, "category")));
  item("Why", Esc(jf::String(f, "reason")));
  const std::optional<double> b = jf::Number(f, "exponent"), tb = jf::Number(f, "time_exponent");
  item("Growth exponent", (b ? "iterations " + Fmt(*b, "%.2f") : "iterations " + Or("")) +
                              (tb ? "; time " + Fmt(*tb, "%.2f") : ""));
  item("Inputs", Esc(jf::String(f, "input_pattern")));
  item("Which input each loop walks", Esc(jf::String(f, "loop_inputs")));
  const std::string hint = jf::String(f, "fix_hint");
  if (!hint.empty()) item("Fix hint", perf::InlineHtml(hint));
  item("Test", jf::String(f, "test").empty() ? "not written"
                                             : "<code>" + Esc(jf::String(f, "test")) + "</code>");
  std::string loops, sources;
  for (const json& l : jf::Array(f, "loops")) {
    const std::string m = jf::String(l, "method");
    const int line = static_cast<int>(jf::Number(l, "line").value_or(0));
    loops += "<li><code>" + Esc(m) + "</code>" +
             (line > 0 ? ", line " + std::to_string(line) : "") + ", nesting depth " +
             Fmt(jf::Number(l, "depth").value_or(1), "%.0f") + "</li>";
    const std::optional<std::string> path = line > 0 ? FindLoopSource(roots, m) : std::nullopt;
    if (!path) continue;
    JTG_ASSIGN_OR_RETURN(std::string text, ReadSource(*path));
    sources += Excerpt(text, line,
                       "Loop of " + m + " in " + *path + ", line " + std::to_string(line) + ":");
  }
  item("Loops", loops.empty() ? "" : "<ul>" + loops + "</ul>");
  o += "</ul>\n" + sources + Plot(f, rank) + Measurements(f);
  return o + "</section>\n";
}

}  // namespace

std::optional<std::string> FindLoopSource(const std::vector<std::string>& roots,
                                          const std::string& loop_method) {
  std::string cls = LoopClass(loop_method);
  cls = cls.substr(0, cls.find('$'));
  if (cls.empty()) return std::nullopt;
  const size_t dot = cls.rfind('.');
  std::string pkg = dot == std::string::npos ? "" : cls.substr(0, dot);
  std::replace(pkg.begin(), pkg.end(), '.', '/');
  const std::string file = cls.substr(dot == std::string::npos ? 0 : dot + 1) + ".java";
  if (std::optional<std::string> p = FindSource(roots, pkg, file)) return p;
  for (const std::string& root : roots) {
    std::error_code ec;
    const std::string flat = (std::filesystem::path(root) / file).string();
    if (std::filesystem::is_regular_file(flat, ec)) return flat;
  }
  return std::nullopt;
}

StatusOr<std::string> PerfPageHtml(const json& r, const std::vector<std::string>& roots) {
  const std::string cls = jf::String(r, "class");
  std::string o =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>jtestgen perf: " + Esc(cls) +
      "</title>" + kStyle + "</head><body>\n<h1>jtestgen perf: <code>" + Esc(cls) +
      "</code></h1>\n";
  const std::vector<json> findings = jf::Array(r, "findings"), skipped = jf::Array(r, "skipped");
  int bugs = 0;
  for (const json& f : findings) bugs += jf::String(f, "category") == "likely-bug";
  const std::optional<double> budget = jf::Number(r, "budget_s"), mu = jf::Number(r, "mu");
  o += "<p id=\"counts\" data-findings=\"" + std::to_string(findings.size()) +
       "\" data-likely-bugs=\"" + std::to_string(bugs) + "\">" + std::to_string(findings.size()) +
       " finding(s), " + std::to_string(bugs) + " likely bug(s), " +
       std::to_string(skipped.size()) + " method(s) skipped. Search budget " +
       (budget ? Fmt(*budget, "%g") : kDash) + " s; inputs up to " +
       (mu ? Fmt(*mu, "%.0f") : kDash) + " elements each. Made by " +
       Or(Esc(jf::String(r, "version"))) + " on " + Or(Esc(jf::String(r, "jdk"))) + ".</p>\n";
  if (const json* phases = jf::Field(r, "phases_s"); phases != nullptr && phases->is_object()) {
    std::string p;
    for (const auto& [k, v] : phases->items()) {
      if (v.is_number()) p += (p.empty() ? "" : "; ") + Esc(k) + " " + Fmt(v.get<double>(), "%.1f");
    }
    if (!p.empty()) o += "<p>Seconds per phase: " + p + ".</p>\n";
  }
  o += "<table id=\"findings\"><tr><th>#</th><th>finding</th><th>category</th><th>status</th>"
       "<th>iterations exponent</th><th>time exponent</th></tr>\n";
  std::string sections;
  for (size_t i = 0; i < findings.size(); ++i) {
    const json& f = findings[i];
    const int rank = static_cast<int>(jf::Number(f, "rank").value_or(static_cast<double>(i + 1)));
    const std::string sentence = jf::String(f, "sentence");
    o +=
        "<tr data-rank=\"" + std::to_string(rank) + "\"><td class=\"num\">" + std::to_string(rank) +
        "</td><td><a href=\"#finding-" + std::to_string(rank) + "\">" +
        (sentence.empty() ? "<code>" + Esc(ShortName(f)) + "</code>" : perf::InlineHtml(sentence)) +
        "</a></td><td>" + Or(Esc(jf::String(f, "category"))) + "</td><td>" +
        Or(Esc(jf::String(f, "status"))) + "</td>" + NumCell(jf::Number(f, "exponent"), "%.2f") +
        NumCell(jf::Number(f, "time_exponent"), "%.2f") + "</tr>\n";
    JTG_ASSIGN_OR_RETURN(std::string section, Section(f, rank, roots));
    sections += section;
  }
  o += "</table>\n" + sections;
  if (!skipped.empty()) {
    o += "<h2>Skipped methods</h2>\n<ul id=\"skipped\">\n";
    for (const json& s : skipped) {
      o += "<li><code>" + Esc(jf::String(s, "method")) +
           "</code>: " + Or(Esc(jf::String(s, "reason"))) + "</li>\n";
    }
    o += "</ul>\n";
  }
  return o + "</body></html>\n";
}

}  // namespace jtg::report
