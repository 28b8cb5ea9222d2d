// The embedded JVM: created once per process through the JNI invocation API, with JVMTI
// wired in one place (capabilities + ClassFileLoadHook), and jtestgen's runtime helper
// classes (src/runtime) defined on the bootstrap loader from bytes embedded in the binary.
//
// Only one JVM can exist per process (a HotSpot limit): Create fails the second time.
// Ownership: Jvm owns the JavaVM; destroying it detaches but does not destroy the VM (HotSpot
// cannot re-create one). Not thread-safe except where noted.
#pragma once

#include <jni.h>
#include <jvmti.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::jvm {

// Decides whether and how to rewrite a class as the JVM loads it. Called on the loading
// thread from the ClassFileLoadHook; must not throw. Return nullopt to keep the class as is.
class ClassTransformer {
 public:
  virtual ~ClassTransformer() = default;
  virtual std::optional<std::vector<uint8_t>> Transform(std::string_view internal_name,
                                                        bool boot_loader,
                                                        std::span<const uint8_t> bytes) = 0;
};

struct JvmOptions {
  std::string classpath;                 // -Djava.class.path
  std::vector<std::string> extra;        // more -X / -D options
  ClassTransformer* transformer = nullptr;  // not owned; must outlive the Jvm
};

class Jvm {
 public:
  // Creates the VM. Errors: FailedPrecondition if a VM already exists in this process,
  // Internal if JNI_CreateJavaVM fails or the runtime classes cannot be defined.
  static StatusOr<std::unique_ptr<Jvm>> Create(const JvmOptions& options);
  ~Jvm();

  JavaVM* vm() const { return vm_; }
  JNIEnv* env() const { return env_; }
  jvmtiEnv* jvmti() const { return jvmti_; }
  // Major class-file version the VM accepts (61 for Java 17).
  int max_class_version() const { return max_class_version_; }

 private:
  Jvm() = default;
  static void JNICALL OnClassFileLoad(jvmtiEnv* jvmti, JNIEnv* env, jclass being_redefined,
                                      jobject loader, const char* name,
                                      jobject protection_domain, jint len,
                                      const unsigned char* data, jint* new_len,
                                      unsigned char** new_data);
  Status DefineRuntimeClasses();

  JavaVM* vm_ = nullptr;
  JNIEnv* env_ = nullptr;
  jvmtiEnv* jvmti_ = nullptr;
  ClassTransformer* transformer_ = nullptr;
  int max_class_version_ = 61;
};

}  // namespace jtg::jvm
