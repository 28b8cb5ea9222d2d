// A child process that runs a function inside the sandbox (namespaces.h), such that every
// process it or the code under test starts can be killed at once and none outlives it.
//
// Process tree (pids as the parent sees them):
//   caller ── relay ── init ── body
// relay: enters the namespaces (mount, network, IPC, user when not root; PID for its
//        children), then forks init and waits for it.
// init:  PID 1 of the new PID namespace; forks `body`, reaps every orphan, and when `body`
//        ends reports its wait status to the caller through a pipe and exits. The kernel
//        then kills every process left in the namespace (threads the code under test
//        started, child JVMs, `sleep`s), whatever they do.
// body:  runs the function with stdin on /dev/null, in its own process group, and
//        _exit()s with its return value.
// Each of relay, init and body dies with its parent (PR_SET_PDEATHSIG = SIGKILL), so a
// killed jtestgen leaves nothing running either.
//
// Thread safety: one SandboxedProcess is used by one thread. Start forks: call it while the
// caller has no other threads that hold locks the child needs (jtestgen's supervisor is
// single-threaded and creates no JVM).
#pragma once

#include <sys/types.h>

#include <functional>
#include <optional>
#include <string>

#include "common/status.h"
#include "sandbox/namespaces.h"

namespace jtg::sandbox {

struct ChildOutcome {
  // The sandbox could not be set up (the body never ran): the reason, one line.
  std::string setup_error;
  // Wait status of the body (see waitpid(2): WIFEXITED/WIFSIGNALED); valid when
  // setup_error is empty and `known` is true.
  int wait_status = 0;
  // False when the body's status was lost (the relay or init died first, e.g. killed).
  bool known = false;
};

class SandboxedProcess {
 public:
  // Forks the relay and returns at once. `body` runs in the grandchild of the relay; its
  // return value is the exit status (0..255). With `sandboxed` false the tree is the same
  // but no namespace is entered (for systems where namespaces cannot be had and the user
  // opted out explicitly). Errors: Internal when fork or pipe fails.
  static StatusOr<SandboxedProcess> Start(const SandboxSpec& spec, bool sandboxed,
                                          const std::function<int()>& body);

  SandboxedProcess(SandboxedProcess&& o) noexcept;
  SandboxedProcess& operator=(SandboxedProcess&&) = delete;
  ~SandboxedProcess();  // kills the tree if it still runs, and reaps the relay

  // Non-blocking: the outcome once the relay has exited, else nullopt.
  std::optional<ChildOutcome> Poll();
  // SIGKILL to the relay and the namespace's init: every process of the tree dies.
  void Kill();
  pid_t relay_pid() const { return relay_; }

 private:
  SandboxedProcess(pid_t relay, int status_fd) : relay_(relay), status_fd_(status_fd) {}
  ChildOutcome ReadOutcome();

  pid_t relay_ = -1;
  int status_fd_ = -1;
  pid_t init_ = -1;  // as the caller sees it, once reported
  bool reaped_ = false;
};

}  // namespace jtg::sandbox
