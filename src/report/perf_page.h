// A `jtestgen perf` report's HTML page re-rendered from its perf-report.json (perf/report.h
// gives the keys), for `jtestgen report --perf-report FILE --html OUT`: a header (class,
// budget, mu, counts, phases, version and JDK), a findings table (id "findings", one row per
// finding with data-rank; numbers in data-value), then one section per finding
// (id "finding-<rank>"): its sentence, loops, reason, fix hint, test, the growth plot as
// inline SVG (perf/plot_svg.h: iterations and time against input size, log-log, the fitted
// line and its exponent; none when fewer than 2 positive points), the measurements table,
// and for each loop whose source file is found under `source_roots` (<root>/<package
// path>/<Outer>.java, else <root>/<Outer>.java) the loop header's lines with the header
// marked (class "loop-line"). Skipped methods last. Missing fields are shown as "–"; text
// is HTML-escaped. Thread-safe; reads the source files only.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/status.h"
#include "nlohmann/json.hpp"

namespace jtg::report {

// Errors: Internal naming a source file found but unreadable (report/source_page.h
// ReadSource).
StatusOr<std::string> PerfPageHtml(const nlohmann::json& perf_report,
                                   const std::vector<std::string>& source_roots);

// Where the source of the class of `loop_method` ("a.b.Outer$In.m(int)") is under `roots`:
// <root>/a/b/Outer.java, else <root>/Outer.java (fixtures kept flat). nullopt when none.
std::optional<std::string> FindLoopSource(const std::vector<std::string>& roots,
                                          const std::string& loop_method);

}  // namespace jtg::report
