// Crash supervision for `jtestgen suite` (ARCHITECTURE.md, process model): the work runs in
// a forked worker process that owns the embedded JVM. If the code under test crashes the
// JVM (a native fault, a HotSpot abort), the supervisor names the method that was running,
// and starts a new worker without that method on the remaining budget, so one bad method
// does not cost the whole class. The worker reports the running method through a page of
// shared memory (no pipes to drain, nothing lost when it dies).
#pragma once

#include "cli/suite_command.h"
#include "common/status.h"

namespace jtg::cli {

// Runs RunSuite in worker processes, restarting after crashes (at most `max_restarts`).
// Errors: the worker's own error, or Internal when the JVM crashed outside any method or
// kept crashing.
Status SuperviseSuite(SuiteOptions opts, int max_restarts = 3);

}  // namespace jtg::cli
