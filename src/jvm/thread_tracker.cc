#include "jvm/thread_tracker.h"

#include <chrono>
#include <thread>

#include "jvm/jni_util.h"

namespace jtg::jvm {

StatusOr<std::unique_ptr<ThreadTracker>> ThreadTracker::Create(JavaVM* vm, JNIEnv* env) {
  std::unique_ptr<ThreadTracker> t(new ThreadTracker());
  t->vm_ = vm;
  if (vm->GetEnv(reinterpret_cast<void**>(&t->jvmti_), JVMTI_VERSION_11) != JNI_OK) {
    return absl::InternalError("thread tracker: cannot get a JVMTI environment");
  }
  jvmtiCapabilities caps{};
  caps.can_signal_thread = 1;
  if (t->jvmti_->AddCapabilities(&caps) != JVMTI_ERROR_NONE) {
    return absl::InternalError("thread tracker: JVMTI cannot add can_signal_thread");
  }
  jclass cls = env->FindClass("java/lang/ThreadDeath");
  jmethodID ctor = cls ? env->GetMethodID(cls, "<init>", "()V") : nullptr;
  jobject death = ctor ? env->NewObject(cls, ctor) : nullptr;
  if (death == nullptr) {
    env->ExceptionClear();
    return absl::InternalError("thread tracker: cannot create a ThreadDeath");
  }
  t->death_ = env->NewGlobalRef(death);
  env->DeleteLocalRef(death);
  env->DeleteLocalRef(cls);
  jclass sandbox = env->FindClass("jtestgen/rt/Sandbox");
  t->take_started_ =
      sandbox ? env->GetStaticMethodID(sandbox, "takeStarted", "()[Ljava/lang/Thread;") : nullptr;
  if (t->take_started_ == nullptr) {
    env->ExceptionClear();
    return absl::InternalError("thread tracker: jtestgen.rt.Sandbox.takeStarted is missing");
  }
  t->started_count_ = env->GetStaticFieldID(sandbox, "startedCount", "I");
  if (t->started_count_ == nullptr) {
    env->ExceptionClear();
    return absl::InternalError("thread tracker: jtestgen.rt.Sandbox.startedCount is missing");
  }
  t->sandbox_ = static_cast<jclass>(env->NewGlobalRef(sandbox));
  env->DeleteLocalRef(sandbox);
  return t;
}

ThreadTracker::~ThreadTracker() {
  JNIEnv* env = nullptr;
  if (vm_ != nullptr && vm_->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_10) == JNI_OK) {
    if (death_ != nullptr) env->DeleteGlobalRef(death_);
    if (sandbox_ != nullptr) env->DeleteGlobalRef(sandbox_);
  }
  if (jvmti_ != nullptr) jvmti_->DisposeEnvironment();
}

void ThreadTracker::BeginTest(JNIEnv* env) {
  // Threads started between tests (the engine's, the JVM's) are not the test's.
  if (env->GetStaticIntField(sandbox_, started_count_) == 0) return;
  jobject before = env->CallStaticObjectMethod(sandbox_, take_started_);
  if (env->ExceptionCheck()) env->ExceptionClear();
  if (before != nullptr) env->DeleteLocalRef(before);
}

bool ThreadTracker::Alive(jthread t, jint* state) const {
  jint s = 0;
  if (jvmti_->GetThreadState(t, &s) != JVMTI_ERROR_NONE) return false;
  if (state != nullptr) *state = s;
  return (s & JVMTI_THREAD_STATE_ALIVE) != 0;
}

ThreadsLeft ThreadTracker::EndTest(JNIEnv* env) {
  ThreadsLeft none;
  if (env->GetStaticIntField(sandbox_, started_count_) == 0) return none;
  std::vector<jthread> threads;
  auto array = static_cast<jobjectArray>(env->CallStaticObjectMethod(sandbox_, take_started_));
  if (env->ExceptionCheck()) env->ExceptionClear();
  if (array != nullptr) {
    const jsize n = env->GetArrayLength(array);
    for (jsize i = 0; i < n; ++i) {
      jobject t = env->GetObjectArrayElement(array, i);
      threads.push_back(static_cast<jthread>(env->NewGlobalRef(t)));
      env->DeleteLocalRef(t);
    }
    env->DeleteLocalRef(array);
  }
  ThreadsLeft left;
  left.started = static_cast<int>(threads.size());
  if (threads.empty()) return left;
  std::vector<jthread> alive;
  for (jthread t : threads) {
    jint state = 0;
    if (Alive(t, &state)) {
      ++left.alive;
      bool waiting = (state & (JVMTI_THREAD_STATE_WAITING | JVMTI_THREAD_STATE_SLEEPING |
                               JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER)) != 0;
      if ((state & JVMTI_THREAD_STATE_RUNNABLE) != 0 && !waiting) ++left.busy;
      alive.push_back(t);
    } else {
      env->DeleteGlobalRef(t);
    }
  }
  // Interrupt, then stop, each step followed by a short wait for the threads to end.
  auto settle = [&](auto&& signal) {
    for (jthread t : alive) signal(t);
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
    while (std::chrono::steady_clock::now() < until) {
      std::vector<jthread> still;
      for (jthread t : alive) {
        if (Alive(t, nullptr))
          still.push_back(t);
        else
          env->DeleteGlobalRef(t);
      }
      alive.swap(still);
      if (alive.empty()) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  };
  if (!alive.empty()) settle([&](jthread t) { jvmti_->InterruptThread(t); });
  if (!alive.empty()) settle([&](jthread t) { jvmti_->StopThread(t, death_); });
  left.unstoppable = static_cast<int>(alive.size());
  left_behind_ += left.unstoppable;
  for (jthread t : alive) env->DeleteGlobalRef(t);
  return left;
}

}  // namespace jtg::jvm
