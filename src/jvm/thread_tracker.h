// Threads that a test execution starts (issue 19): a test may start threads that outlive
// it, spinning forever inside the JDK or waiting on a lock. Left alone they pile up over
// thousands of executions and eat the search's CPU; in a written test they keep running
// after the test. EvoSuite stops them at the end of every test (its thread stopper); so does
// this tracker.
//
// Mechanism: the JDK guards hook Thread.start() (jdk_guards.h), so jtestgen.rt.Sandbox holds
// every thread started while the search JVM is armed (except the JDK's own service threads,
// InnocuousThread, which the JDK starts lazily in whichever test first needs one), synchronously (a
// JVMTI ThreadStart event would come from the new thread, possibly after the test ended). BeginTest
// drops what was started between tests (by the engine or the JVM); at EndTest each thread the test
// started that is still alive is
// interrupted (JVMTI InterruptThread); one still alive 50 ms later is stopped with an
// asynchronous ThreadDeath (StopThread); one alive 50 ms after that is left behind (blocked
// where an asynchronous exception cannot reach it, e.g. a deadlock) and counted.
// The cost is one static call per test, and nothing more for a test that starts no thread.
//
// Thread-safety: use on the executing thread only. Ownership: a JVMTI environment of its
// own and global references to Sandbox and a ThreadDeath, released by the destructor.
#pragma once

#include <jni.h>
#include <jvmti.h>

#include <memory>
#include <vector>

#include "common/status.h"

namespace jtg::jvm {

struct ThreadsLeft {
  int started = 0;      // threads the test started
  int alive = 0;        // of those, still alive when it ended
  int busy = 0;         // of those, runnable (computing, not waiting) when it ended
  int unstoppable = 0;  // still alive after interrupt and stop: left behind
};

class ThreadTracker {
 public:
  // Errors: Internal when a JVMTI environment, the can_signal_thread capability or
  // jtestgen.rt.Sandbox cannot be had. Call on the executing thread.
  static StatusOr<std::unique_ptr<ThreadTracker>> Create(JavaVM* vm, JNIEnv* env);
  ~ThreadTracker();
  ThreadTracker(const ThreadTracker&) = delete;
  ThreadTracker& operator=(const ThreadTracker&) = delete;

  void BeginTest(JNIEnv* env);
  // Stops what the test left running (see above). `env` is the executing thread's.
  ThreadsLeft EndTest(JNIEnv* env);
  // Threads left behind so far (all tests).
  int left_behind() const { return left_behind_; }

 private:
  ThreadTracker() = default;
  bool Alive(jthread t, jint* state) const;

  JavaVM* vm_ = nullptr;
  jvmtiEnv* jvmti_ = nullptr;
  jobject death_ = nullptr;   // global ref to a ThreadDeath
  jclass sandbox_ = nullptr;  // global ref
  jmethodID take_started_ = nullptr;
  jfieldID started_count_ = nullptr;  // Sandbox.startedCount: read first, cheap
  int left_behind_ = 0;
};

}  // namespace jtg::jvm
