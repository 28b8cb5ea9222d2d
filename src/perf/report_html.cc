// perf-report.html (perf/report.h): the Markdown report's content as one page, the plots
// inlined.
#include <map>

#include "perf/markdown_html.h"
#include "perf/report.h"
#include "report/source_page.h"

namespace jtg::perf {

namespace {

constexpr const char* kStyle =
    "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;"
    "line-height:1.45;color:#222}table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #ccc;padding:3px 8px;vertical-align:top}th{background:#f3f3f3}"
    "td:first-child{text-align:right}code{background:#f4f4f4;padding:0 3px}"
    "figure{margin:1em 0}h3{margin-top:2em;border-top:1px solid #ddd;padding-top:1em}</style>";

}  // namespace

std::string ReportHtml(const PerfReport& r) {
  std::map<std::string, std::string> svgs;
  for (auto& [path, svg] : ReportPlots(r)) svgs.emplace(path, std::move(svg));
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>jtestgen perf: " +
         report::HtmlEscape(r.cls) + "</title>" + kStyle + "</head><body>\n" +
         MarkdownToHtml(ReportMarkdown(r), svgs) + "</body></html>\n";
}

}  // namespace jtg::perf
