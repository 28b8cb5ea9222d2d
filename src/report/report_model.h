// The coverage report of `jtestgen report`: the classes of a classpath that the agent's
// include/exclude patterns select, with the coverage of every coverage file of a
// directory merged (a slot counts as covered when any run saw it set), grouped per package
// and source file as in JaCoCo (counters: class_coverage.h).
//
// A class is matched to its coverage by internal name and by the hash of the bytes it was
// defined from (coverage/class_hash.h): coverage recorded for other bytes of that class is
// an error naming the class, since the probe plan would not match. When the agent planned
// on bytes another agent had transformed, the plan and lines come from those bytes, saved
// in the coverage directory (coverage_file.h PlannedClassPath).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "classpath/classpath.h"
#include "coverage/coverage_file.h"
#include "report/class_coverage.h"

namespace jtg::report {

struct SourceFileReport {
  std::string name;
  std::map<int, LineCounts> lines;
  Counters counters;
};

struct PackageReport {
  std::string name;                                      // internal form a/b ("" = default package)
  std::vector<ClassCoverageReport> classes;              // by name
  std::map<std::string, SourceFileReport> source_files;  // by file name
  Counters counters;
};

struct Report {
  std::vector<PackageReport> packages;  // by name
  Counters counters;
  int64_t start_ms = 0, dump_ms = 0;  // earliest start, latest dump of the runs
  std::vector<std::string> warnings;  // coverage of classes not on the classpath, ...
};

// Errors: FailedPrecondition naming the class whose bytes differ from the recorded ones
// (or whose plan does not match); NotFound/DataLoss from the classpath.
// `dir`: the coverage directory the runs were read from.
StatusOr<Report> BuildReport(const std::vector<coverage::CoverageFile>& runs,
                             const std::string& dir, const classpath::Classpath& cp);

}  // namespace jtg::report
