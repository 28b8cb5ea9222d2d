// One class's job in a whole-project run (project_run.h): where its state lives and whether
// its last run is still valid (the resume rule).
//
// Layout, under the run's report directory R:
//   R/.jtestgen/<binary name>/stamp      the job's key, written only after the job succeeded
//   R/.jtestgen/<binary name>/failed     the job's key and its failure's reason, written when
//                                        the job failed (not when it was stopped)
//   R/.jtestgen/<binary name>/log.txt    the child jtestgen's stdout and stderr
//   R/.jtestgen/<binary name>/step       the step the child is in (common/step_note.h)
//   R/.jtestgen/<binary name>/...        its report (jtestgen-report.json / perf-report.*)
// A job is unchanged, and skipped, when its stamp file holds the key computed now: a hash
// (64-bit FNV-1a, coverage/class_hash.h) of jtestgen's version, the options that shape the
// output (child arguments without paths) and the bytes of the class and of its nested
// classes as the classpath holds them.
//
// Thread safety: plain functions over their arguments.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "classpath/classpath.h"
#include "common/status.h"

namespace jtg::project {

struct ClassJob {
  std::string cls;        // binary name
  std::string state_dir;  // R/.jtestgen/<cls>, absolute
  std::string key;        // 16 hex digits; "" when the class bytes could not be read
};

// The job of `cls` under report dir `report_dir`; `options_key` is any text that changes
// when the output would (the child's arguments without paths).
ClassJob MakeJob(const classpath::Classpath& cp, const std::string& cls,
                 const std::string& report_dir, const std::string& options_key);

// The wall time of the job's last successful run when its stamp holds its key (and the key is
// known), else nullopt: the job must run.
std::optional<double> Unchanged(const ClassJob& job);

// Records that the job succeeded for its key, in `seconds`. Errors: Internal naming the file.
Status WriteStamp(const ClassJob& job, double seconds);

// Records that the job failed for its key, with `reason` (one line): a later run leaves it
// alone while its key is the same (FailedBefore), unless told to retry failed classes.
// Errors: Internal naming the file.
Status WriteFailedStamp(const ClassJob& job, const std::string& reason);

// The reason of the job's last failure when its failed stamp holds its key (and the key is
// known), else nullopt.
std::optional<std::string> FailedBefore(const ClassJob& job);

// Removes stale stamps (success and failure) before the job runs again, so an interrupted run
// never leaves a stamp beside a partial result.
void ClearStamp(const ClassJob& job);

}  // namespace jtg::project
