// The summary of a whole-project run (project_run.h): `R/jtestgen-summary.json`, one row per
// class read back from the class's own report, and totals. Shape:
//   {"version", "command": "suite"|"perf", "started": ISO-8601 UTC, "wall_s",
//    "options": {"budget_per_class_s", "seed", "jobs", "junit", "backend"},
//    "classes": [{"class", "status": "generated"|"unchanged"|"failed", "reason" (failed),
//                 "time_s", "log", "attempts" (when run twice), "node" (Ray), and from the class's
//                 report when there is one: suite: "test_file", "report", "tests", "dropped_tests",
//                 "branches",
//                        "lines" ({"covered","total"}), "weak_mutation" ({"killed","total"}),
//                        "blamed" (causes of uncovered code: types not built, code that
//                        exits or reaches outside the JVM)
//                 perf:  "perf_report", "tests", "findings", "likely_bugs"}],
//    "not_testable": [{"class", "reason"}],
//    "totals": {"classes", "generated", "unchanged", "failed", "tests", "dropped_tests",
//               "branches", "lines", "weak_mutation", "time_s", "findings", "likely_bugs"}}
// Paths ("test_file", "report", "perf_report", "log") are relative to R.
//
// Thread safety: plain functions over their arguments.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "nlohmann/json.hpp"
#include "project/class_selection.h"

namespace jtg::project {

enum class ClassStatus { kGenerated, kUnchanged, kFailed };

struct ClassOutcome {
  std::string cls;  // binary name
  ClassStatus status = ClassStatus::kFailed;
  std::string reason;     // kFailed: the child's one-line error
  double time_s = 0;      // wall time of this run's job (the earlier run's for kUnchanged)
  std::string state_dir;  // R/.jtestgen/<cls>
  int attempts = 1;       // > 1: run again after a crash (project_run.h)
  std::string node{};     // the Ray node that ran it; "" locally
};

// One "classes" row: the outcome plus what the class's report in state_dir says (`perf`:
// perf-report.json, else jtestgen-report.json), paths relative to `report_dir`.
nlohmann::json ClassRow(const ClassOutcome& o, bool perf, const std::string& report_dir);

struct SummaryHeader {
  bool perf = false;
  std::string started;  // ISO-8601 UTC
  double wall_s = 0;
  double budget_per_class_s = 0;
  uint64_t seed = 0;
  int jobs = 1;
  int junit = 5;
  std::string backend = "local";  // "local" or "ray ADDRESS"
};

// The whole summary from its rows (in class order) and the classes not tested.
nlohmann::json BuildSummary(const SummaryHeader& h, const std::vector<nlohmann::json>& rows,
                            const std::vector<NotTestable>& not_testable);

// Writes R/jtestgen-summary.json and R/jtestgen-summary.html (atomically: temp file and
// rename). Errors: Internal naming the file.
Status WriteSummary(const nlohmann::json& summary, const std::string& report_dir);

// "generated", "unchanged", "failed".
const char* StatusName(ClassStatus s);

}  // namespace jtg::project
