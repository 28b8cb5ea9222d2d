// Whole-project runs: `jtestgen suite --classes P` and `jtestgen perf --classes P | --jar J
// --jobs N` (issue 26). Picks the classes (class_selection.h), skips those whose bytes and
// options did not change since their last successful run, or since their last failure unless
// asked to retry failed classes (class_job.h), runs the others as
// child jtestgen processes, up to `jobs` at once (child.h: each its own supervisor and
// sandboxed worker) or as tasks on a Ray cluster (backend.h, ray_backend.h); a job whose
// process crashed (ended by a signal, or lost with its node or driver) runs once more,
// and fails with its reason the second time; shows progress (progress.h) and keeps
// R/jtestgen-summary.json and .html up to date as classes end (summary.h; at most once a second),
// so an interrupted run loses only the classes that were running; run again, it does only those and
// the ones not started.
//
// Layout: tests under `out_dir` as one run of each class would write them (perf children
// write into the class's state folder; their tests are then moved under `out_dir`); each
// class's report, log and stamp under R/.jtestgen/<class>/, R = output::ReportDirFor(out_dir,
// report_dir). A class that fails leaves no test file of jtestgen's under `out_dir` (one
// written before the failure, or by an earlier run, is removed), so a build never compiles
// or runs tests of a failed class.
//
// Single-threaded; forks. Blocks SIGTERM, SIGINT, SIGHUP and SIGCHLD while it runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::project {

struct ProjectOptions {
  bool perf = false;      // jtestgen perf children, else jtestgen suite
  std::string classpath;  // ':'-separated, for the children
  std::string target;     // entries to pick classes from; "" = every classpath entry
  std::string includes;   // class patterns (coverage/class_filter.h); "" = **
  std::string excludes;
  int jobs = 1;  // children at once, >= 1
  std::string out_dir = "gen";
  std::string report_dir;  // "" = output::ReportDirFor(out_dir, "")
  double budget_per_class = 60;
  // > 0: the whole run's bound (perf --jar --budget): each class's search budget becomes
  // max(10 s, total_budget x jobs / classes / 3), growth, validation and timing coming on top.
  double total_budget = 0;
  uint64_t seed = 0;
  int junit = 5;
  // Options of every child (child_args.h); part of the resume key.
  std::vector<std::string> child_args;
  // Options of every child that do not change its output (--java-home, --no-sandbox).
  std::vector<std::string> extra_args;
  // "" = the local back end (`jobs` child processes); else the Ray cluster at this address
  // (ray_backend.h), as many jobs at once as it has CPUs.
  std::string ray_address;
  bool jobs_given = false;  // --jobs given: with Ray, at most `jobs` at once
  int64_t ray_memory = 0;   // Ray memory request per job in bytes; 0 = the back end's default
  bool quiet = false;       // no progress, only the summary
  // Run classes again that failed with their current bytes and options (class_job.h
  // FailedBefore); false: they are listed as failed with their earlier reason, not run.
  bool retry_failed = false;
  bool live = false;  // progress as one live line (stderr is a terminal)
};

// Errors: those of the selection (bad target, nothing matches: the run has not started);
// InvalidArgument for an unusable --out or --report-dir; Cancelled when a signal stopped the
// run (`*signal` set; the summary holds the classes done); Aborted when some classes failed
// (the message names how many and the first; the summary holds every class).
Status RunProject(const ProjectOptions& opts, int* signal);

}  // namespace jtg::project
