#include "jvm/jvm.h"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>

#include "jvm/java_home.h"
#include "jvm/jni_util.h"
#include "runtime/embedded_classes.h"

namespace jtg::jvm {

namespace {

using CreateJavaVmFn = jint(JNICALL*)(JavaVM**, void**, void*);
using GetCreatedJavaVmsFn = jint(JNICALL*)(JavaVM**, jsize, jsize*);

// The invocation API of the JDK's libjvm. The library stays loaded for the process's life
// (HotSpot cannot be unloaded); dlopen of a library already loaded returns the same handle.
struct Invocation {
  CreateJavaVmFn create = nullptr;
  GetCreatedJavaVmsFn created = nullptr;
};

StatusOr<Invocation> LoadLibJvm(const Jdk& jdk) {
  const std::string lib = jdk.LibJvm();
  void* handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    return absl::FailedPreconditionError(
        absl::StrCat("cannot load ", lib, ": ", why != nullptr ? why : "dlopen failed"));
  }
  Invocation inv;
  inv.create = reinterpret_cast<CreateJavaVmFn>(dlsym(handle, "JNI_CreateJavaVM"));
  inv.created = reinterpret_cast<GetCreatedJavaVmsFn>(dlsym(handle, "JNI_GetCreatedJavaVMs"));
  if (inv.create == nullptr || inv.created == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(lib, " has no JNI invocation API (JNI_CreateJavaVM): not a JVM library"));
  }
  return inv;
}

}  // namespace

StatusOr<std::unique_ptr<Jvm>> Jvm::Create(const JvmOptions& options) {
  JTG_ASSIGN_OR_RETURN(const Jdk jdk, FindJdk(options.java_home));
  JTG_ASSIGN_OR_RETURN(const Invocation inv, LoadLibJvm(jdk));
  JavaVM* existing = nullptr;
  jsize count = 0;
  if (inv.created(&existing, 1, &count) == JNI_OK && count > 0) {
    return absl::FailedPreconditionError("a JVM already exists in this process");
  }
  std::vector<std::string> opts;
  opts.push_back("-Djava.class.path=" + options.classpath);
  opts.push_back("-Djava.awt.headless=true");
  opts.push_back("-Xss8m");
  opts.push_back("-XX:+UseSerialGC");
  opts.push_back("-XX:TieredStopAtLevel=1");
  // Java ignores TMPDIR. In the sandbox the code under test gets a read-only temporary
  // directory with content (sandbox/namespaces.h), elsewhere TMPDIR when set.
  if (const char* bait = std::getenv("JTG_BAIT_DIR"); bait != nullptr && *bait != '\0') {
    opts.push_back(std::string("-Djava.io.tmpdir=") + bait + "/tmp");
    opts.push_back(std::string("-Duser.home=") + bait + "/home");
  } else if (const char* tmp = std::getenv("TMPDIR"); tmp != nullptr && *tmp != '\0') {
    opts.push_back(std::string("-Djava.io.tmpdir=") + tmp);
  }
  // JDK 18's default: System.setSecurityManager throws instead of installing a manager
  // that could keep the engine's own calls (and exit) from working.
  opts.push_back("-Djava.security.manager=disallow");
  for (const auto& e : options.extra) opts.push_back(e);
  std::vector<JavaVMOption> jopts(opts.size());
  for (size_t i = 0; i < opts.size(); ++i) {
    jopts[i].optionString = const_cast<char*>(opts[i].c_str());
    jopts[i].extraInfo = nullptr;
  }
  JavaVMInitArgs args{};
  args.version = JNI_VERSION_10;
  args.nOptions = static_cast<jint>(jopts.size());
  args.options = jopts.data();
  args.ignoreUnrecognized = JNI_FALSE;

  std::unique_ptr<Jvm> jvm(new Jvm());
  void* env = nullptr;
  jint rc = inv.create(&jvm->vm_, &env, &args);
  if (rc != JNI_OK) {
    return absl::InternalError(
        absl::StrCat("JNI_CreateJavaVM of ", jdk.Describe(), " failed with code ", rc));
  }
  jvm->max_class_version_ = jdk.MaxClassMajor();
  jvm->jdk_ = jdk.Describe();
  jvm->env_ = static_cast<JNIEnv*>(env);
  jvm->transformer_ = options.transformer;
  jvm->retransform_ = options.retransform;

  if (jvm->vm_->GetEnv(reinterpret_cast<void**>(&jvm->jvmti_), JVMTI_VERSION_11) != JNI_OK) {
    return absl::InternalError("cannot get a JVMTI environment");
  }
  JTG_RETURN_IF_ERROR(jvm->DefineRuntimeClasses());

  if (jvm->transformer_ != nullptr || jvm->retransform_) {
    // One call, before the hook is first enabled: see JvmOptions::retransform.
    jvmtiCapabilities caps{};
    caps.can_generate_all_class_hook_events = jvm->transformer_ != nullptr ? 1 : 0;
    caps.can_retransform_classes = jvm->retransform_ ? 1 : 0;
    caps.can_retransform_any_class = jvm->retransform_ ? 1 : 0;
    if (jvm->jvmti_->AddCapabilities(&caps) != JVMTI_ERROR_NONE) {
      return absl::InternalError("JVMTI: cannot add class-hook capabilities");
    }
  }
  if (jvm->transformer_ != nullptr) {
    jvmtiEventCallbacks callbacks{};
    callbacks.ClassFileLoadHook = &Jvm::OnClassFileLoad;
    jvm->jvmti_->SetEventCallbacks(&callbacks, sizeof(callbacks));
    jvm->jvmti_->SetEnvironmentLocalStorage(jvm.get());
    if (jvm->jvmti_->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK,
                                              nullptr) != JVMTI_ERROR_NONE) {
      return absl::InternalError("JVMTI: cannot enable ClassFileLoadHook");
    }
  }
  return jvm;
}

Jvm::~Jvm() {
  if (jvmti_ != nullptr) {
    jvmti_->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, nullptr);
    jvmti_->SetEnvironmentLocalStorage(nullptr);
  }
}

Status Jvm::DefineRuntimeClasses() {
  for (int i = 0; i < runtime::kEmbeddedClassCount; ++i) {
    const auto& c = runtime::kEmbeddedClasses[i];
    jclass cls = env_->DefineClass(c.name, nullptr, reinterpret_cast<const jbyte*>(c.bytes),
                                   static_cast<jsize>(c.size));
    if (cls == nullptr) {
      return absl::InternalError(absl::StrCat("cannot define runtime class ", c.name, ": ",
                                              TakeException(env_).Describe()));
    }
    env_->DeleteLocalRef(cls);
  }
  return absl::OkStatus();
}

void JNICALL Jvm::OnClassFileLoad(jvmtiEnv* jvmti, JNIEnv* env, jclass being_redefined,
                                  jobject loader, const char* name, jobject protection_domain,
                                  jint len, const unsigned char* data, jint* new_len,
                                  unsigned char** new_data) {
  void* storage = nullptr;
  if (name == nullptr || jvmti->GetEnvironmentLocalStorage(&storage) != JVMTI_ERROR_NONE ||
      storage == nullptr) {
    return;
  }
  auto* self = static_cast<Jvm*>(storage);
  if (self->transformer_ == nullptr) return;
  auto out = self->transformer_->Transform(
      name, loader == nullptr, std::span<const uint8_t>(data, static_cast<size_t>(len)));
  if (!out.has_value()) return;
  unsigned char* buf = nullptr;
  if (jvmti->Allocate(static_cast<jlong>(out->size()), &buf) != JVMTI_ERROR_NONE) return;
  std::memcpy(buf, out->data(), out->size());
  *new_len = static_cast<jint>(out->size());
  *new_data = buf;
}

}  // namespace jtg::jvm
