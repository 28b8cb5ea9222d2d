// The subset of Markdown that perf-report.md uses, as HTML (perf/report.h ReportHtml): ATX
// headings (#, ##, ###; h3 gets an id), paragraphs, "- " lists, pipe tables (first row the
// header, second the alignment row), images alone on a line, and inline `code`, **bold**,
// [links](url) and backslash escapes. Text is HTML-escaped. Pure; thread-safe.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace jtg::perf {

// The HTML body for `md`. An image whose path is a key of `inline_svg` is replaced by that
// SVG text (inlined as is); other images become <img>.
std::string MarkdownToHtml(std::string_view md,
                           const std::map<std::string, std::string>& inline_svg);

// One line of inline Markdown as HTML.
std::string InlineHtml(std::string_view text);

}  // namespace jtg::perf
