#include "jvm/watchdog.h"

#include "jvm/jni_util.h"

namespace jtg::jvm {

StatusOr<std::unique_ptr<Watchdog>> Watchdog::Create(JavaVM* vm, jvmtiEnv* jvmti, JNIEnv* env) {
  jvmtiCapabilities caps{};
  caps.can_signal_thread = 1;
  if (jvmti->AddCapabilities(&caps) != JVMTI_ERROR_NONE) {
    return absl::InternalError("JVMTI: cannot add can_signal_thread");
  }
  std::unique_ptr<Watchdog> w(new Watchdog());
  w->vm_ = vm;
  w->jvmti_ = jvmti;
  jthread current = nullptr;
  if (jvmti->GetCurrentThread(&current) != JVMTI_ERROR_NONE || current == nullptr) {
    return absl::InternalError("JVMTI: cannot get the current thread");
  }
  w->target_ = static_cast<jthread>(env->NewGlobalRef(current));
  env->DeleteLocalRef(current);
  jclass cls = env->FindClass("jtestgen/rt/BudgetExceeded");
  if (cls == nullptr) return CheckException(env, "watchdog: BudgetExceeded missing");
  jmethodID ctor = env->GetMethodID(cls, "<init>", "(Ljava/lang/String;)V");
  jstring msg = env->NewStringUTF("watchdog: the test ran past its time limit");
  jobject ex = env->NewObject(cls, ctor, msg);
  if (ex == nullptr) return CheckException(env, "watchdog: cannot create BudgetExceeded");
  w->exception_ = env->NewGlobalRef(ex);
  env->DeleteLocalRef(ex);
  env->DeleteLocalRef(msg);
  env->DeleteLocalRef(cls);
  w->thread_ = std::thread([p = w.get()] { p->Loop(); });
  return w;
}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  JNIEnv* env = nullptr;
  if (vm_ != nullptr && vm_->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_10) == JNI_OK) {
    if (target_ != nullptr) env->DeleteGlobalRef(target_);
    if (exception_ != nullptr) env->DeleteGlobalRef(exception_);
  }
}

void Watchdog::Arm(std::chrono::milliseconds limit) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    armed_ = true;
    ++generation_;
    deadline_ = std::chrono::steady_clock::now() + limit;
  }
  cv_.notify_all();
}

void Watchdog::Disarm() {
  std::lock_guard<std::mutex> lock(mu_);
  armed_ = false;
  ++generation_;
}

int64_t Watchdog::fired() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fired_;
}

void Watchdog::Loop() {
  JNIEnv* env = nullptr;
  JavaVMAttachArgs args{JNI_VERSION_10, const_cast<char*>("jtestgen-watchdog"), nullptr};
  if (vm_->AttachCurrentThreadAsDaemon(reinterpret_cast<void**>(&env), &args) != JNI_OK) return;
  std::unique_lock<std::mutex> lock(mu_);
  while (!stop_) {
    if (!armed_) {
      cv_.wait(lock);
      continue;
    }
    uint64_t gen = generation_;
    if (cv_.wait_until(lock, deadline_, [&] { return stop_ || generation_ != gen; })) continue;
    // Deadline passed for this run: interrupt, then stop it if it does not return.
    ++fired_;
    jvmti_->InterruptThread(target_);
    if (cv_.wait_for(lock, std::chrono::milliseconds(200),
                     [&] { return stop_ || generation_ != gen; })) {
      continue;
    }
    jvmti_->StopThread(target_, exception_);
    // Wait for the run to end before arming again.
    cv_.wait(lock, [&] { return stop_ || generation_ != gen; });
  }
  lock.unlock();
  vm_->DetachCurrentThread();
}

}  // namespace jtg::jvm
