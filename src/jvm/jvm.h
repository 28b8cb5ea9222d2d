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
  // The JDK whose libjvm is loaded (dlopen, once per process); empty: FindJdk()'s
  // (jvm/java_home.h).
  std::string java_home;
  std::string classpath;                    // -Djava.class.path
  std::vector<std::string> extra;           // more -X / -D options
  ClassTransformer* transformer = nullptr;  // not owned; must outlive the Jvm
  // Adds JVMTI can_retransform_classes and can_retransform_any_class, in the same call as the
  // class-hook capability and before ClassFileLoadHook is first enabled (JVMTI makes an env
  // retransformation-capable only then), so that RetransformLoadedClasses works and the
  // transformer also sees retransforms. Off (the default): no retransform capability.
  bool retransform = false;
};

class Jvm {
 public:
  // Loads the JDK's libjvm (JvmOptions::java_home) and creates the VM. Errors:
  // FailedPrecondition if a VM already exists in this process, when no JDK is found, or when
  // its libjvm cannot be loaded (naming the file and dlerror); Internal if JNI_CreateJavaVM
  // fails or the runtime classes cannot be defined.
  static StatusOr<std::unique_ptr<Jvm>> Create(const JvmOptions& options);
  ~Jvm();

  JavaVM* vm() const { return vm_; }
  JNIEnv* env() const { return env_; }
  jvmtiEnv* jvmti() const { return jvmti_; }
  // Major class-file version the VM accepts (61 for Java 17, 69 for Java 25).
  int max_class_version() const { return max_class_version_; }
  // The JDK the VM runs on, for messages: "JDK 25.0.3 (/usr/lib/jvm/temurin-25-jdk-amd64)".
  const std::string& jdk() const { return jdk_; }

  // The class file of a class the system class loader can see (JDK classes included, e.g.
  // "java/util/ArrayList"), read with ClassLoader.getSystemResourceAsStream: the bytes as
  // stored (jimage or classpath), never an instrumented version. Usable as a class-bytes
  // source. Call on the creating thread (uses env()). Errors: NotFound when there is no such
  // resource, Internal naming the Java exception otherwise.
  StatusOr<std::vector<uint8_t>> ReadSystemClassBytes(const std::string& internal_name);

  // Loads (defines and links, never initializes) the class `internal_name` through the
  // system class loader, ClassLoader.loadClass: the transformer sees it as it is defined,
  // and its static initializer does not run. Call on the creating thread. Errors: NotFound
  // naming the Java exception (ClassNotFoundException, NoClassDefFoundError, a
  // VerifyError...).
  Status LoadClassWithoutInit(const std::string& internal_name);

  // Defines the class `internal_name` from `bytes` in the system class loader (JNI
  // DefineClass), e.g. a stub subclass of the search. Call on the creating thread. Errors:
  // InvalidArgument naming the Java exception (ClassFormatError, VerifyError,
  // LinkageError for a name already defined...).
  Status DefineClass(const std::string& internal_name, const std::vector<uint8_t>& bytes);

  // Lets module java.base read the unnamed module of the bootstrap loader, where the runtime
  // helper (jtestgen.rt.Probes) lives, with JVMTI AddModuleReads. Needed before any
  // instrumented java.base class runs a probe (otherwise IllegalAccessError). Idempotent.
  // Errors: Internal with the JVMTI error.
  Status LetJavaBaseReadRuntime();

  // Retransforms the loaded classes among `internal_names` (JVMTI RetransformClasses, one
  // call): the transformer sees each again, with the class's original bytes. Names not
  // loaded yet are skipped (the transformer sees them when they load). Returns how many
  // classes were retransformed. REQUIRES: JvmOptions::retransform. Call on the creating
  // thread. Errors: FailedPrecondition without the capability, Internal with the JVMTI
  // error (e.g. a class the transformer made invalid).
  StatusOr<int> RetransformLoadedClasses(const std::vector<std::string>& internal_names);

 private:
  Jvm() = default;
  static void JNICALL OnClassFileLoad(jvmtiEnv* jvmti, JNIEnv* env, jclass being_redefined,
                                      jobject loader, const char* name, jobject protection_domain,
                                      jint len, const unsigned char* data, jint* new_len,
                                      unsigned char** new_data);
  Status DefineRuntimeClasses();

  JavaVM* vm_ = nullptr;
  JNIEnv* env_ = nullptr;
  jvmtiEnv* jvmti_ = nullptr;
  ClassTransformer* transformer_ = nullptr;
  bool retransform_ = false;
  int max_class_version_ = 61;
  std::string jdk_;
};

}  // namespace jtg::jvm
