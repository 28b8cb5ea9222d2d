// Where the class jobs of a whole-project run (project_run.h) run. One job model for every
// back end: a job is (command, class, options, seed, hash of its inputs) -> its output folders
// (the test sources under --out, the report and log in R/.jtestgen/<class>/); the back end
// only decides where the child `jtestgen suite|perf --class C` runs. The local back end runs
// it as a process on this machine (child.h), the Ray back end (ray_backend.h) as a Ray task
// on a node of a cluster, whose files it then writes in the same places. The same job gives
// the same outputs on either.
//
// Ownership: the caller owns the back end; a back end owns the processes it started.
// Not thread-safe: one owner.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/status.h"
#include "project/child.h"
#include "project/class_job.h"
#include "project/progress.h"

namespace jtg::project {

// What every job of one run shares.
struct JobSetting {
  bool perf = false;              // jtestgen perf, else jtestgen suite
  std::string classpath;          // ':'-separated absolute entries, as this machine has them
  std::string out_dir;            // absolute; a suite child writes its test sources here
  std::vector<std::string> args;  // the child's options (child_args.h, then the extra ones)
};

// How one job ended.
struct JobEnd {
  std::string cls;
  ChildEnd end;        // exit code 0 and no signal: succeeded; exit code -1: the back end lost it
  double seconds = 0;  // wall time of the job where it ran
  std::string where;   // "" locally, the Ray node's address
};

class Backend {
 public:
  virtual ~Backend() = default;
  // How many jobs to keep started at once.
  virtual int Slots() const = 0;
  // Starts `job` (its state folder exists and holds no stamp). Errors: Internal naming what
  // could not be started; the job is then not running.
  virtual Status Start(const ClassJob& job) = 0;
  // The jobs that ended since the last call, without waiting; their files are in place (the
  // test sources under out_dir, report and log.txt in the state folder).
  virtual std::vector<JobEnd> Poll() = 0;
  // The jobs started and not yet ended, with their step or node.
  virtual std::vector<Running> RunningNow() const = 0;
  // Stops every running job (after SIGINT/SIGTERM); Poll then reports their ends.
  virtual void StopAll() = 0;
};

// Child processes of this binary, up to `jobs` at once; each logs to its state folder's
// log.txt and notes its step there (common/step_note.h). Errors: Internal when the path of
// this binary cannot be read.
StatusOr<std::unique_ptr<Backend>> LocalBackend(const JobSetting& setting, int jobs);

// The command line of `job`'s child given its paths on the machine that runs it: `classpath`,
// `out_dir` (suite) and `state_dir` (its report, or a perf child's whole output).
std::vector<std::string> ChildArgv(const std::string& jtestgen, const JobSetting& s,
                                   const std::string& cls, const std::string& classpath,
                                   const std::string& out_dir, const std::string& state_dir);

}  // namespace jtg::project
