// `jtestgen report DIR --classpath CP [--xml FILE] [--json FILE] [--html DIR [--sources S]]`: reads
// every coverage file of DIR (coverage/coverage_file.h), recomputes each class's probe plan from
// the classpath (report/report_model.h) and writes the JaCoCo-compatible XML, the JSON
// summary and the HTML report asked for; prints a one-line summary.
#pragma once

#include <string>

#include "common/status.h"

namespace jtg::report {

struct ReportOptions {
  std::string dir;
  std::string classpath;
  std::string xml, json, html;
  std::string sources;            // ':'-separated source roots for the HTML's source-line pages
  std::string name = "jtestgen";  // the XML report's name attribute
};

// Errors from reading the coverage files, the classpath, and from matching the recorded
// coverage to the classes (report_model.h); Internal for an output that cannot be written.
Status RunReport(const ReportOptions& options);

}  // namespace jtg::report
