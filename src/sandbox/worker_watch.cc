#include "sandbox/worker_watch.h"

#include <sys/mman.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <cstring>

namespace jtg::sandbox {

StatusOr<WorkerPage*> MapWorkerPage() {
  void* mem =
      mmap(nullptr, sizeof(WorkerPage), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) {
    return absl::InternalError(absl::StrCat("cannot map a shared page: ", std::strerror(errno)));
  }
  std::memset(mem, 0, sizeof(WorkerPage));
  return static_cast<WorkerPage*>(mem);
}

void UnmapWorkerPage(WorkerPage* page) {
  if (page != nullptr) munmap(page, sizeof(WorkerPage));
}

int64_t SteadyMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

namespace {

sigset_t WatchedSignals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&set, sig);
  return set;
}

WatchResult KillAndReap(SandboxedProcess& worker, WatchResult r) {
  worker.Kill();
  while (!worker.Poll().has_value()) {
    struct timespec ts {
      0, 10'000'000
    };
    nanosleep(&ts, nullptr);
  }
  return r;
}

}  // namespace

SignalGuard::SignalGuard() {
  sigset_t set = WatchedSignals();
  pthread_sigmask(SIG_BLOCK, &set, &old_);
}

SignalGuard::~SignalGuard() {
  // Drop pending SIGCHLDs of reaped workers, then restore the caller's mask.
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  struct timespec zero {
    0, 0
  };
  while (sigtimedwait(&chld, nullptr, &zero) > 0) {
  }
  pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

WatchResult WatchWorker(SandboxedProcess& worker, const WorkerPage& page,
                        const WatchLimits& limits) {
  const sigset_t set = WatchedSignals();
  for (;;) {
    if (auto out = worker.Poll()) {
      WatchResult r;
      if (!out->setup_error.empty()) {
        r.end = WorkerEnd::kSetupError;
        r.setup_error = out->setup_error;
      } else if (!out->known) {
        r.end = WorkerEnd::kLost;
      } else if (WIFEXITED(out->wait_status)) {
        r.end = WorkerEnd::kExited;
        r.exit_code = WEXITSTATUS(out->wait_status);
      } else {
        r.end = WorkerEnd::kCrashed;
        r.signal = WIFSIGNALED(out->wait_status) ? WTERMSIG(out->wait_status) : 0;
      }
      return r;
    }
    struct timespec ts {
      0, 100'000'000
    };  // wake at least every 100 ms
    siginfo_t info;
    int sig = sigtimedwait(&set, &info, &ts);
    if (sig == SIGTERM || sig == SIGINT || sig == SIGHUP) {
      WatchResult r;
      r.end = WorkerEnd::kInterrupted;
      r.signal = sig;
      return KillAndReap(worker, r);
    }
    const auto now = std::chrono::steady_clock::now();
    if (now >= limits.deadline) {
      WatchResult r;
      r.end = WorkerEnd::kDeadline;
      return KillAndReap(worker, r);
    }
    const int64_t started = page.call_started_ms.load(std::memory_order_relaxed);
    if (limits.stall_ms > 0 && started > 0 && SteadyMillis() - started > limits.stall_ms) {
      WatchResult r;
      r.end = WorkerEnd::kStalled;
      r.stalled_ms = SteadyMillis() - started;
      r.stalled_call = std::string(page.call, strnlen(page.call, sizeof page.call));
      return KillAndReap(worker, r);
    }
  }
}

}  // namespace jtg::sandbox
