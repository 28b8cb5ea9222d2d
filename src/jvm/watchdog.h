// Watchdog for runaway test executions that the probes' budgets cannot stop (code blocked
// in the JDK: sleep, wait, I/O, or looping in classes that are not instrumented).
//
// A background thread, attached to the JVM as a daemon, waits for the armed deadline; when a
// run passes it, the watchdog interrupts the executing thread and, if it is still running
// after a grace period, stops it with an asynchronous jtestgen.rt.BudgetExceeded (JVMTI
// InterruptThread / StopThread), which the executor then reports as a budget overrun.
//
// Thread-safety: Arm/Disarm are called by the executing thread; all shared state is behind a
// mutex. Ownership: holds global references to the target thread and the exception, released
// in the destructor (which joins the watchdog thread).
#pragma once

#include <jni.h>
#include <jvmti.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

#include "common/status.h"

namespace jtg::jvm {

class Watchdog {
 public:
  // `env` must belong to the thread that runs the tests (the one being watched). Errors:
  // Internal if the capability to signal threads is missing or the thread cannot start.
  static StatusOr<std::unique_ptr<Watchdog>> Create(JavaVM* vm, jvmtiEnv* jvmti, JNIEnv* env);
  ~Watchdog();

  void Arm(std::chrono::milliseconds limit);
  void Disarm();
  int64_t fired() const;  // how many runs were stopped

 private:
  Watchdog() = default;
  void Loop();

  JavaVM* vm_ = nullptr;
  jvmtiEnv* jvmti_ = nullptr;
  jthread target_ = nullptr;     // global ref
  jobject exception_ = nullptr;  // global ref to a BudgetExceeded
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool armed_ = false, stop_ = false;
  uint64_t generation_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  int64_t fired_ = 0;
  std::thread thread_;
};

}  // namespace jtg::jvm
