// ReadOwnClassBytes (own_bytes.h).
#include "agent/own_bytes.h"

#include <string>

namespace jtg::agent {

std::optional<std::vector<uint8_t>> ReadOwnClassBytes(jvmtiEnv* env, JNIEnv* jni, jobject loader,
                                                      std::string_view internal_name) {
  jvmtiPhase phase{};
  if (loader == nullptr || env->GetPhase(&phase) != JVMTI_ERROR_NONE || phase != JVMTI_PHASE_LIVE) {
    return std::nullopt;
  }
  if (jni->PushLocalFrame(8) != JNI_OK) {
    jni->ExceptionClear();
    return std::nullopt;
  }
  std::optional<std::vector<uint8_t>> out;
  auto failed = [&] {
    if (jni->ExceptionCheck() == JNI_TRUE) {
      jni->ExceptionClear();
      return true;
    }
    return false;
  };
  const std::string resource = std::string(internal_name) + ".class";  // modified UTF-8 already
  jclass loader_class = jni->FindClass("java/lang/ClassLoader");
  jclass stream_class = failed() ? nullptr : jni->FindClass("java/io/InputStream");
  jmethodID get = nullptr, read_all = nullptr, close = nullptr;
  if (!failed() && loader_class != nullptr && stream_class != nullptr) {
    get = jni->GetMethodID(loader_class, "getResourceAsStream",
                           "(Ljava/lang/String;)Ljava/io/InputStream;");
    read_all = failed() ? nullptr : jni->GetMethodID(stream_class, "readAllBytes", "()[B");
    close = failed() ? nullptr : jni->GetMethodID(stream_class, "close", "()V");
  }
  jstring name = (failed() || close == nullptr) ? nullptr : jni->NewStringUTF(resource.c_str());
  jobject stream = name == nullptr || failed() ? nullptr : jni->CallObjectMethod(loader, get, name);
  if (stream != nullptr && !failed()) {
    auto array = static_cast<jbyteArray>(jni->CallObjectMethod(stream, read_all));
    if (array != nullptr && !failed()) {
      std::vector<uint8_t> bytes(static_cast<size_t>(jni->GetArrayLength(array)));
      jni->GetByteArrayRegion(array, 0, static_cast<jsize>(bytes.size()),
                              reinterpret_cast<jbyte*>(bytes.data()));
      if (!failed()) out = std::move(bytes);
    }
    failed();
    jni->CallVoidMethod(stream, close);
  }
  failed();
  jni->PopLocalFrame(nullptr);
  return out;
}

}  // namespace jtg::agent
