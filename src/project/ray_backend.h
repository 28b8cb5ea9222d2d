// The Ray back end of whole-project runs (backend.h): `jtestgen suite|perf ... --ray ADDRESS`.
// A small Python driver (python/jtestgen_ray_driver.py, package `ray` pinned in
// python/requirements-ray.txt) connects to the cluster at ADDRESS and runs each class job as
// one Ray task on some node: the task runs this same jtestgen binary (same path on every
// node) with the job's command line, its classpath entries materialized once per node from
// Ray's object store, and returns the job's files; the driver writes them under --out and the
// class's state folder (each file to a temporary name, then renamed) before it reports the
// end, so a job cut short writes nothing.
//
// Protocol (JSON lines): jtestgen writes the setting, then one line per job
//   {"jtestgen", "classpath": [...], "memory": bytes, "cpus": 1, "max_retries": n}
//   {"cls", "argv": [...], "state_dir", "out_dir"}   argv with @CLASSPATH@, @OUT@, @STATE@
// and the driver answers
//   {"event": "ready", "slots": CPUs of the cluster / cpus per job, "nodes": n}
//   {"event": "end", "cls", "exit_code", "signal", "seconds", "node"}
// The driver logs to R/.jtestgen/ray-driver.log; its one-line errors start with "jtestgen: ".
//
// Faults: Ray retries a task whose node or worker died (`max_retries`); the run retries a job
// whose process crashed once more (project_run.h); a driver that ends ends its jobs as lost.
// Ownership: the back end owns the driver process and stops it in its destructor.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "project/backend.h"

namespace jtg::project {

struct RayOptions {
  std::string address;       // as ray.init takes it: "HOST:PORT", "auto", "ray://HOST:PORT"
  int64_t memory_bytes = 0;  // Ray memory request per job; 0 = 2 GiB (suite) or 6 GiB (perf)
  int max_retries = 2;       // Ray retries of a task whose node or worker died
  std::string log_path;      // the driver's log
  int max_jobs = 0;          // > 0: at most this many jobs at once (--jobs), else every CPU
};

// The driver and the Python that runs it: $JTG_RAY_DRIVER, else jtestgen_ray_driver.py beside
// this binary or in ../../share/jtestgen/; $JTG_RAY_PYTHON, else ray-venv/bin/python3 beside
// the binary, else python3 on PATH.
struct DriverFiles {
  std::string python, driver;
};
StatusOr<DriverFiles> FindDriver(const std::string& self);

// Starts the driver and waits (up to 180 s) until it is connected. Errors: FailedPrecondition
// with the driver's own one-line reason (no `ray` package, no cluster at the address, ...).
StatusOr<std::unique_ptr<Backend>> RayBackend(const JobSetting& setting, const RayOptions& opts);

}  // namespace jtg::project
