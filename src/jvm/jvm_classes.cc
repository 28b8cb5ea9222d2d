// Jvm members that reach into classes the JVM already has: reading JDK class files,
// letting java.base read the runtime helper's module, retransforming loaded classes
// (jvm.h). All run on the creating thread's JNIEnv.
#include <algorithm>

#include "classfile/names.h"
#include "jvm/jni_util.h"
#include "jvm/jvm.h"

namespace jtg::jvm {
namespace {

std::string JvmtiErrorName(jvmtiEnv* jvmti, jvmtiError err) {
  char* name = nullptr;
  std::string out = absl::StrCat("JVMTI error ", static_cast<int>(err));
  if (jvmti->GetErrorName(err, &name) == JVMTI_ERROR_NONE && name != nullptr) {
    out = name;
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
  }
  return out;
}

// Pops a JNI local frame on every return path.
class LocalFrame {
 public:
  explicit LocalFrame(JNIEnv* env, jint capacity) : env_(env) {
    pushed_ = env_->PushLocalFrame(capacity) == 0;
  }
  ~LocalFrame() {
    if (pushed_) env_->PopLocalFrame(nullptr);
  }
  bool ok() const { return pushed_; }

 private:
  JNIEnv* env_;
  bool pushed_ = false;
};

// The system class loader (a local reference in the caller's frame).
StatusOr<jobject> SystemLoader(JNIEnv* env) {
  jclass loader = env->FindClass("java/lang/ClassLoader");
  jmethodID system = loader == nullptr ? nullptr
                                       : env->GetStaticMethodID(loader, "getSystemClassLoader",
                                                                "()Ljava/lang/ClassLoader;");
  JTG_RETURN_IF_ERROR(CheckException(env, "ClassLoader.getSystemClassLoader"));
  jobject app = env->CallStaticObjectMethod(loader, system);
  JTG_RETURN_IF_ERROR(CheckException(env, "the system class loader"));
  return app;
}

}  // namespace

StatusOr<std::vector<uint8_t>> Jvm::ReadSystemClassBytes(const std::string& internal_name) {
  JNIEnv* env = env_;
  LocalFrame frame(env, 16);
  if (!frame.ok()) {
    env->ExceptionClear();
    return absl::InternalError("ReadSystemClassBytes: no JNI local frame");
  }
  jclass loader = env->FindClass("java/lang/ClassLoader");
  jmethodID get = loader == nullptr
                      ? nullptr
                      : env->GetStaticMethodID(loader, "getSystemResourceAsStream",
                                               "(Ljava/lang/String;)Ljava/io/InputStream;");
  JTG_RETURN_IF_ERROR(CheckException(env, "ReadSystemClassBytes: ClassLoader"));
  jstring resource = env->NewStringUTF((internal_name + ".class").c_str());
  JTG_RETURN_IF_ERROR(CheckException(env, "ReadSystemClassBytes: resource name"));
  jobject in = env->CallStaticObjectMethod(loader, get, resource);
  JTG_RETURN_IF_ERROR(CheckException(env, "ReadSystemClassBytes: " + internal_name));
  if (in == nullptr) {
    return absl::NotFoundError(absl::StrCat("no class file for ", internal_name));
  }
  jclass stream = env->GetObjectClass(in);
  jmethodID read_all = env->GetMethodID(stream, "readAllBytes", "()[B");
  jmethodID close = env->GetMethodID(stream, "close", "()V");
  JTG_RETURN_IF_ERROR(CheckException(env, "ReadSystemClassBytes: InputStream"));
  auto bytes = static_cast<jbyteArray>(env->CallObjectMethod(in, read_all));
  Status read = CheckException(env, "ReadSystemClassBytes: reading " + internal_name);
  env->CallVoidMethod(in, close);
  Status closed = CheckException(env, "ReadSystemClassBytes: closing " + internal_name);
  JTG_RETURN_IF_ERROR(read);
  JTG_RETURN_IF_ERROR(closed);
  if (bytes == nullptr) return absl::InternalError("readAllBytes returned null");
  std::vector<uint8_t> out(static_cast<size_t>(env->GetArrayLength(bytes)));
  env->GetByteArrayRegion(bytes, 0, static_cast<jsize>(out.size()),
                          reinterpret_cast<jbyte*>(out.data()));
  return out;
}

Status Jvm::LoadClassWithoutInit(const std::string& internal_name) {
  JNIEnv* env = env_;
  LocalFrame frame(env, 8);
  if (!frame.ok()) {
    env->ExceptionClear();
    return absl::InternalError("LoadClassWithoutInit: no JNI local frame");
  }
  JTG_ASSIGN_OR_RETURN(jobject app, SystemLoader(env));
  jclass loader = env->FindClass("java/lang/ClassLoader");
  jmethodID load = loader == nullptr ? nullptr
                                     : env->GetMethodID(loader, "loadClass",
                                                        "(Ljava/lang/String;)Ljava/lang/Class;");
  JTG_RETURN_IF_ERROR(CheckException(env, "LoadClassWithoutInit: ClassLoader.loadClass"));
  const std::string binary = classfile::ToBinary(internal_name);
  jstring name = env->NewStringUTF(binary.c_str());
  JTG_RETURN_IF_ERROR(CheckException(env, "LoadClassWithoutInit: class name"));
  env->CallObjectMethod(app, load, name);
  if (env->ExceptionCheck()) {
    return absl::NotFoundError(
        absl::StrCat("class ", binary, " cannot be loaded: ", TakeException(env).Describe()));
  }
  return absl::OkStatus();
}

Status Jvm::DefineClass(const std::string& internal_name, const std::vector<uint8_t>& bytes) {
  JNIEnv* env = env_;
  LocalFrame frame(env, 8);
  if (!frame.ok()) {
    env->ExceptionClear();
    return absl::InternalError("DefineClass: no JNI local frame");
  }
  JTG_ASSIGN_OR_RETURN(jobject app, SystemLoader(env));
  jclass c =
      env->DefineClass(internal_name.c_str(), app, reinterpret_cast<const jbyte*>(bytes.data()),
                       static_cast<jsize>(bytes.size()));
  if (c == nullptr || env->ExceptionCheck()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "class ", internal_name, " cannot be defined: ", TakeException(env).Describe()));
  }
  return absl::OkStatus();
}

Status Jvm::LetJavaBaseReadRuntime() {
  JNIEnv* env = env_;
  LocalFrame frame(env, 8);
  if (!frame.ok()) {
    env->ExceptionClear();
    return absl::InternalError("LetJavaBaseReadRuntime: no JNI local frame");
  }
  jclass object = env->FindClass("java/lang/Object");
  jclass probes = env->FindClass("jtestgen/rt/Probes");
  JTG_RETURN_IF_ERROR(CheckException(env, "LetJavaBaseReadRuntime: classes"));
  if (object == nullptr || probes == nullptr) {
    return absl::InternalError("LetJavaBaseReadRuntime: java.lang.Object or Probes missing");
  }
  jobject java_base = env->GetModule(object);
  jobject runtime = env->GetModule(probes);  // the bootstrap loader's unnamed module
  JTG_RETURN_IF_ERROR(CheckException(env, "LetJavaBaseReadRuntime: modules"));
  jvmtiError err = jvmti_->AddModuleReads(java_base, runtime);
  if (err != JVMTI_ERROR_NONE) {
    return absl::InternalError(
        absl::StrCat("JVMTI AddModuleReads(java.base, unnamed): ", JvmtiErrorName(jvmti_, err)));
  }
  return absl::OkStatus();
}

StatusOr<int> Jvm::RetransformLoadedClasses(const std::vector<std::string>& internal_names) {
  if (!retransform_) {
    return absl::FailedPreconditionError(
        "RetransformLoadedClasses needs a Jvm created with JvmOptions::retransform");
  }
  std::vector<std::string> wanted;  // as class signatures, "Ljava/util/ArrayList;"
  wanted.reserve(internal_names.size());
  for (const auto& n : internal_names) wanted.push_back("L" + n + ";");
  std::sort(wanted.begin(), wanted.end());

  jint count = 0;
  jclass* loaded = nullptr;
  jvmtiError err = jvmti_->GetLoadedClasses(&count, &loaded);
  if (err != JVMTI_ERROR_NONE) {
    return absl::InternalError(
        absl::StrCat("JVMTI GetLoadedClasses: ", JvmtiErrorName(jvmti_, err)));
  }
  std::vector<jclass> chosen;
  for (jint i = 0; i < count; ++i) {
    char* sig = nullptr;
    bool keep = false;
    if (jvmti_->GetClassSignature(loaded[i], &sig, nullptr) == JVMTI_ERROR_NONE && sig != nullptr) {
      keep = std::binary_search(wanted.begin(), wanted.end(), std::string(sig));
      jvmti_->Deallocate(reinterpret_cast<unsigned char*>(sig));
    }
    if (keep) {
      chosen.push_back(loaded[i]);
    } else {
      env_->DeleteLocalRef(loaded[i]);
    }
  }
  jvmti_->Deallocate(reinterpret_cast<unsigned char*>(loaded));
  err = chosen.empty()
            ? JVMTI_ERROR_NONE
            : jvmti_->RetransformClasses(static_cast<jint>(chosen.size()), chosen.data());
  for (jclass c : chosen) env_->DeleteLocalRef(c);
  if (err != JVMTI_ERROR_NONE) {
    return absl::InternalError(
        absl::StrCat("JVMTI RetransformClasses: ", JvmtiErrorName(jvmti_, err)));
  }
  return static_cast<int>(chosen.size());
}

}  // namespace jtg::jvm
