// The command line of one class job of a whole-project run (project_run.h): the options of
// `jtestgen suite` / `jtestgen perf` that shape a class's output, spelled as the command line
// spells them (cli/main.cc), so a child given them does what one run of that class would.
// Paths (--classpath, --out, --report-dir, --java-home) are not in these lists: the runner
// adds them, and they are not part of a job's resume key.
//
// Thread safety: plain functions.
#pragma once

#include <string>
#include <vector>

#include "perf/pipeline.h"
#include "suite/run_suite.h"

namespace jtg::project {

// Every option of `opts` but the class, the paths, --quiet and --solver-log.
std::vector<std::string> SuiteChildArgs(const suite::SuiteOptions& opts);
std::vector<std::string> PerfChildArgs(const perf::PerfOptions& opts);

}  // namespace jtg::project
