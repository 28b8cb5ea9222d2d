// The kernel half of the sandbox in which jtestgen runs the code under test (issue 19): Linux
// namespaces that make the whole file system read-only except a scratch root and the
// directories the run must write (its output), and give the process a network of its own
// with only the loopback interface.
//
// This layer does not depend on seeing every Java API: whatever the code under test calls
// (java.io, NIO, JNI, a child process), a write outside the writable directories fails with
// EROFS and a connection to another host fails with ENETUNREACH. The Java half
// (jvm/jdk_guards.h) records which tests tried, so that they are not written.
//
// Requirements: Linux >= 5.12 (mount_setattr), and either root or unprivileged user
// namespaces. Errors are returned, never ignored: a process that could not be confined must
// not run the user's code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::sandbox {

struct SandboxSpec {
  // Directory (existing, empty) that becomes the process's working directory. A private
  // tmpfs of `scratch_bytes` is mounted on it, so what the code under test writes there
  // lives in memory and disappears with the namespace.
  std::string scratch;
  uint64_t scratch_bytes = uint64_t{1} << 30;
  // Existing directories that stay writable (e.g. --out), with everything below them.
  std::vector<std::string> writable;
};

// Unshares the calling process's mount, network, IPC and (for its future children) PID
// namespaces (and its user namespace when not root), then:
//   - makes every mount private and read-only (recursively, mount_setattr AT_RECURSIVE),
//     except bind mounts of `spec.writable`;
//   - mounts the scratch tmpfs, makes `<scratch>/bait/{cwd,tmp,home}` (read-only
//     directories with a few files, for the working directory, java.io.tmpdir and
//     user.home of the code under test), changes directory to `<scratch>/bait/cwd`, sets
//     JTG_BAIT_DIR to `<scratch>/bait` and HOME to `<scratch>/bait/home`;
//   - makes the writable test folder `<scratch>/test` and names it in JTG_TEST_DIR
//     (test_folder.h);
//   - brings up the loopback interface of the new network namespace.
// The caller's next fork() creates the PID namespace's init. Call in a single-threaded
// process (after fork, before any JVM exists). Errors: FailedPrecondition naming the step
// and errno text (e.g. "cannot make / read-only: Invalid argument"), or naming the
// writable directory that could not be kept writable (e.g. it is on a read-only mount).
Status EnterSandbox(const SandboxSpec& spec);

// Brings up the loopback interface of the calling process's network namespace (a new one
// has it down). Errors: FailedPrecondition with errno text (e.g. without CAP_NET_ADMIN).
Status BringLoopbackUp();

}  // namespace jtg::sandbox
