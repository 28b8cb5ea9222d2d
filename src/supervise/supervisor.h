// Supervision of `jtestgen suite` and `jtestgen perf` (ARCHITECTURE.md, process model): the
// work runs in a worker process inside the sandbox (sandbox/sandboxed_process.h: read-only
// file system except the output directory and a private scratch tmpfs, loopback-only
// network, its own PID namespace, stdin on /dev/null). The supervisor
//   - checks the output directory before anything runs;
//   - restarts the worker without a method of the class under test when the JVM crashed in
//     it, or when one of its calls did not return long after the watchdog should have
//     stopped it (suite only), on the remaining budget;
//   - kills the whole process tree at the run's hard wall-clock bound, or when jtestgen gets
//     SIGTERM, SIGINT or SIGHUP, so nothing it started outlives it.
// The worker reports through a page of shared memory (no pipes to drain, nothing lost when
// it dies). Single-threaded; forks.
#pragma once

#include "common/status.h"
#include "perf/pipeline.h"
#include "suite/run_suite.h"

namespace jtg::supervise {

struct SupervisorOptions {
  bool sandbox = true;  // false: --no-sandbox (same process tree, no namespaces)
  int max_restarts = 3;
  double stall_seconds = 15;  // a call running this long is stuck (suite)
};

// Runs RunSuite in sandboxed workers. Errors: the worker's own error (its code kept), Internal
// when the JVM crashed outside any method or kept crashing, DeadlineExceeded at the hard
// bound (suite/time_plan.h: SuiteOptions::time_bound_seconds, or the default), Cancelled when a
// signal stopped the run (`*signal` is set to it), FailedPrecondition when the sandbox cannot be
// set up, InvalidArgument for an unusable --out.
Status SuperviseSuite(suite::SuiteOptions opts, const SupervisorOptions& sup, int* signal);

// Runs perf::RunPerf in one sandboxed worker (which prints its summary unless quiet), with the same
// signal and bound handling (the bound is budget + max(300 s, 2 x budget), perf's growth and timing
// runs being long).
Status SupervisePerf(perf::PerfOptions opts, const SupervisorOptions& sup, int* signal);

}  // namespace jtg::supervise
