// A class job of a whole-project run dies with the project run (issue 41: SIGKILL of a
// `--jobs 2` run's parent left nine jtestgen processes running). The project run's local
// back end names itself in the child's environment (common/parent_pid.h); the child asks the
// kernel for SIGTERM when that parent dies (prctl PR_SET_PDEATHSIG), which its supervisor
// handles as any SIGTERM: the worker tree is killed and the run ends (128 + 15). Its own
// workers already die with it (sandbox/sandboxed_process.h). Linux only; process-wide.
#pragma once

#include "common/parent_pid.h"
#include "common/status.h"

namespace jtg::supervise {

// Without kParentPidVariable (a run from the command line): does nothing. With it: arranges
// SIGTERM at the parent's death, and removes the variable from the environment (the
// processes this one starts are not the parent's). Call while single-threaded. Errors: Cancelled
// when the parent it names is gone already (this process has another parent); Internal when prctl
// fails.
Status FollowParent();

}  // namespace jtg::supervise
