// Writers of a Report (report_model.h):
//   - JacocoXml: JaCoCo's XML report format (report.dtd, "-//JACOCO//DTD Report 1.1//EN"):
//     report > sessioninfo, package > (class > method > counter*, counter*),
//     sourcefile > (line nr/mi/ci/mb/cb, counter*), counter*; counters INSTRUCTION, BRANCH,
//     LINE, COMPLEXITY, METHOD, CLASS, each written only when its total is not 0, as JaCoCo
//     does. Names are internal names, as in JaCoCo's XML.
//   - ReportJson: {"format": "jtestgen-report", "counters": {"instruction": {"missed",
//     "covered"}, "branch", "line", "complexity", "method", "class"}, "packages": [{"name",
//     "counters", "classes": [{"name", "source_file", "counters", "lines": {"covered": [..],
//     "partly": [..], "missed": [..]}, "not_instrumented": [..]}]}], "warnings": [..]}
//     (packages and classes with dots; partly: covered lines with missed instructions).
//   - WriteHtml: DIR/index.html (packages and classes with line and branch figures), one
//     page per class (methods, then every line with its status and branches) and, for each
//     source file found under `source_roots` (<root>/<package path>/<SourceFile>), a page of
//     its lines coloured by status (source_page.h), linked from its classes' pages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/report_model.h"

namespace jtg::report {

std::string JacocoXml(const Report& report, const std::string& name);
std::string ReportJson(const Report& report);
// Internal error naming a file that cannot be written or a source file that cannot be read.
Status WriteHtml(const Report& report, const std::string& dir,
                 const std::vector<std::string>& source_roots = {});

}  // namespace jtg::report
