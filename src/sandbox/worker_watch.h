// Watching a sandboxed worker (sandboxed_process.h) until it ends: the supervisor's wait
// loop, with the three reasons to stop it early: a signal to jtestgen (SIGTERM, SIGINT,
// SIGHUP), a call of the code under test that does not return long after the executor's
// watchdog should have stopped it (a stall), and the run's hard wall-clock bound.
//
// The worker reports through a WorkerPage in shared memory (MAP_SHARED | MAP_ANONYMOUS,
// inherited across fork), so nothing is lost when it dies: what it runs, and its error.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "sandbox/sandboxed_process.h"

namespace jtg::sandbox {

struct WorkerPage {
  char method[1024];  // "name" + descriptor of the running method of the class under test
  char call[1024];    // "owner.name" + descriptor of any running call, "" between calls
  char error[2048];   // the worker's error message, when it returns one
  int error_code;     // its absl::StatusCode
  int finished;       // 1 once the work returned (an exit without it: the JVM was ended)
  std::atomic<int64_t> call_started_ms;  // steady-clock ms when `call` began; 0 = no call
};
static_assert(std::atomic<int64_t>::is_always_lock_free);

// Maps a zeroed page shared with future children. Errors: Internal with errno text.
StatusOr<WorkerPage*> MapWorkerPage();
void UnmapWorkerPage(WorkerPage* page);
// Milliseconds of the steady clock (the page's time base).
int64_t SteadyMillis();

enum class WorkerEnd : uint8_t {
  kExited,      // the body returned; `exit_code` is its value
  kCrashed,     // the body died of a signal (`signal`), e.g. a JVM crash
  kSetupError,  // the sandbox could not be set up; `setup_error` says why
  kLost,        // the tree ended without reporting the body's status
  kStalled,     // a call ran longer than `stall_ms`; the tree was killed
  kDeadline,    // the hard bound passed; the tree was killed
  kInterrupted  // jtestgen got `signal`; the tree was killed
};

struct WatchResult {
  WorkerEnd end = WorkerEnd::kLost;
  int exit_code = 0;
  int signal = 0;
  std::string setup_error;
  std::string stalled_call;  // kStalled: the page's `call` at the time
  int64_t stalled_ms = 0;
};

struct WatchLimits {
  std::chrono::steady_clock::time_point deadline;  // hard bound of this worker
  int64_t stall_ms = 0;                            // 0: no stall detection
};

// Blocks SIGTERM, SIGINT, SIGHUP and SIGCHLD in the calling thread for its lifetime, so the
// watch loop receives them with sigtimedwait (no handler, no global state); restores the
// previous mask on destruction. Create it before starting the worker.
class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  sigset_t old_;
};

// Waits until the worker ends or must be stopped; in the latter cases kills the whole tree
// and reaps it before returning. REQUIRES: a live SignalGuard in this thread.
WatchResult WatchWorker(SandboxedProcess& worker, const WorkerPage& page,
                        const WatchLimits& limits);

}  // namespace jtg::sandbox
