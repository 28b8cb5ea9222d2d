// JDK guards (issue 19): entry hooks (instrument/entry_hooks.h) in the JDK methods through
// which Java code exits the JVM, changes files, opens sockets and starts processes, calling
// jtestgen.rt.Sandbox. In the search JVM they
//   - refuse Runtime.exit/halt (every path: direct calls, reflection, method handles, other
//     threads) with jtestgen.rt.ExitAttempt, and ProcessBuilder.start with an IOException;
//   - record file mutations (java.io.File's mutators, FileOutputStream and read-write
//     RandomAccessFile opens, File.createTempFile, sun.nio.fs.UnixNativeDispatcher's
//     mutating calls and opens with write/create/truncate/append flags), connects and binds
//     to non-loopback addresses (sun.nio.ch.Net), and System.setSecurityManager,
//     so that the executor can mark the execution (testcase::ExecResult::sandbox_events)
//     and such tests are never written;
//   - except below the test folder (sandbox/test_folder.h): a write there is no event, so
//     tests of file-handling code can be written against JUnit's temporary folder. A path
//     counts as below it only literally (absolute, no ".." segment); link creation and
//     renames out of it count wherever they are.
// The kernel sandbox (sandbox/namespaces.h) is what keeps the machine safe; these hooks
// keep the written tests safe. The table is for the internals (java.base) of JDK 17 to 25:
// hooks match on parameters, not return types, and methods only some of them have are
// optional; any other listed method missing from the running JDK is an error naming it
// (tests/unit/jdk_guards_test.cc applies the table to each JDK's own classes).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/status.h"
#include "instrument/entry_hooks.h"
#include "jvm/coverage_transformer.h"
#include "jvm/jvm.h"
#include "jvm/thread_tracker.h"

namespace jtg::jvm {

// Bits of ExecResult::sandbox_events, as jtestgen.rt.Sandbox records them.
inline constexpr int kSandboxExit = 1, kSandboxFiles = 2, kSandboxNetwork = 4, kSandboxProcess = 8,
                     kSandboxSecurityManager = 16, kSandboxUserDirs = 32;

// Reads and resets jtestgen.rt.Sandbox's record of one execution (two static field
// accesses per execution; the description only when something happened). Use on the
// executing thread. Ownership: holds a global reference to the Sandbox class.
class SandboxEvents {
 public:
  // Errors: Internal when the runtime class or its fields are missing.
  static StatusOr<std::unique_ptr<SandboxEvents>> Create(JNIEnv* env);
  ~SandboxEvents();
  void Reset(JNIEnv* env);
  // Whether anything happened since Reset (one static field read).
  bool Any(JNIEnv* env) const { return env->GetStaticIntField(cls_, events_) != 0; }
  // The events since Reset (kSandbox* bits) and the first one's description ("" if none).
  int Take(JNIEnv* env, std::string* first);

 private:
  SandboxEvents() = default;
  JNIEnv* env_ = nullptr;
  jclass cls_ = nullptr;
  jfieldID events_ = nullptr, first_ = nullptr;
};

// Internal class name -> the hooks of its methods.
std::map<std::string, std::vector<instrument::EntryHook>> JdkGuardTable();

// What an executor needs to read the guards after each run (Executor::SetSandboxEvents,
// SetThreadTracker). Owns both; keep it alive as long as the executor runs tests.
struct JdkGuards {
  std::unique_ptr<SandboxEvents> events;
  std::unique_ptr<ThreadTracker> threads;
  int retransformed = 0;  // guard classes that were already loaded
};

// Hooks the classes of JdkGuardTable (the transformer hooks them as they load, loaded ones
// are retransformed), starts the thread tracker, then arms Sandbox with `test_folder` (an
// absolute path without trailing '/', or "" for none).
// REQUIRES: `jvm` created with JvmOptions::retransform and `transformer`; call on the
// creating thread before any test runs. Errors: Internal naming the class that could not
// be hooked, or the JVMTI error.
StatusOr<JdkGuards> StartJdkGuards(Jvm& jvm, CoverageTransformer& transformer,
                                   const std::string& test_folder = "");

}  // namespace jtg::jvm
