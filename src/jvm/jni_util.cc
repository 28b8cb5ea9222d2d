#include "jvm/jni_util.h"

#include "classfile/names.h"

namespace jtg::jvm {

std::string JavaException::Describe() const {
  if (!present) return "no exception";
  if (message_null || message.empty()) return class_name;
  return class_name + ": " + message;
}

std::string ClassName(JNIEnv* env, jclass cls) {
  if (cls == nullptr) return "";
  jclass class_class = env->FindClass("java/lang/Class");
  jmethodID get_name = env->GetMethodID(class_class, "getName", "()Ljava/lang/String;");
  env->DeleteLocalRef(class_class);
  auto name = static_cast<jstring>(env->CallObjectMethod(cls, get_name));
  if (env->ExceptionCheck() || name == nullptr) {
    env->ExceptionClear();
    return "";
  }
  std::string out = U16ToUtf8(ToU16(env, name));
  env->DeleteLocalRef(name);
  return out;
}

std::string ObjectClassName(JNIEnv* env, jobject obj) {
  if (obj == nullptr) return "";
  jclass cls = env->GetObjectClass(obj);
  std::string out = ClassName(env, cls);
  env->DeleteLocalRef(cls);
  return out;
}

namespace {

// getStackTrace()[0].getClassName() of `t`; "" if none or on any error (cleared).
std::string TopFrameClass(JNIEnv* env, jthrowable t) {
  std::string out;
  jclass throwable = env->FindClass("java/lang/Throwable");
  jclass element = env->FindClass("java/lang/StackTraceElement");
  jmethodID trace = throwable != nullptr ? env->GetMethodID(throwable, "getStackTrace",
                                                            "()[Ljava/lang/StackTraceElement;")
                                         : nullptr;
  jmethodID cls = element != nullptr
                      ? env->GetMethodID(element, "getClassName", "()Ljava/lang/String;")
                      : nullptr;
  if (trace != nullptr && cls != nullptr) {
    auto frames = static_cast<jobjectArray>(env->CallObjectMethod(t, trace));
    if (!env->ExceptionCheck() && frames != nullptr && env->GetArrayLength(frames) > 0) {
      jobject top = env->GetObjectArrayElement(frames, 0);
      auto name = top != nullptr ? static_cast<jstring>(env->CallObjectMethod(top, cls)) : nullptr;
      if (!env->ExceptionCheck() && name != nullptr) out = U16ToUtf8(ToU16(env, name));
      if (name != nullptr) env->DeleteLocalRef(name);
      if (top != nullptr) env->DeleteLocalRef(top);
    }
    if (frames != nullptr) env->DeleteLocalRef(frames);
  }
  if (env->ExceptionCheck()) env->ExceptionClear();
  if (throwable != nullptr) env->DeleteLocalRef(throwable);
  if (element != nullptr) env->DeleteLocalRef(element);
  return out;
}

}  // namespace

JavaException TakeException(JNIEnv* env, bool with_origin) {
  JavaException ex;
  jthrowable t = env->ExceptionOccurred();
  if (t == nullptr) return ex;
  env->ExceptionClear();
  ex.present = true;
  ex.class_name = ObjectClassName(env, t);
  jclass throwable = env->FindClass("java/lang/Throwable");
  jmethodID get_message = env->GetMethodID(throwable, "getMessage", "()Ljava/lang/String;");
  env->DeleteLocalRef(throwable);
  auto msg = static_cast<jstring>(env->CallObjectMethod(t, get_message));
  if (env->ExceptionCheck()) {
    env->ExceptionClear();
  } else if (msg != nullptr) {
    ex.message = U16ToUtf8(ToU16(env, msg));
    ex.message_null = false;
    env->DeleteLocalRef(msg);
  }
  if (with_origin && classfile::IsJdkClassName(ex.class_name)) ex.origin = TopFrameClass(env, t);
  env->DeleteLocalRef(t);
  return ex;
}

Status CheckException(JNIEnv* env, std::string_view context) {
  if (!env->ExceptionCheck()) return absl::OkStatus();
  JavaException ex = TakeException(env);
  return absl::InternalError(absl::StrCat(std::string(context), ": ", ex.Describe()));
}

std::u16string ToU16(JNIEnv* env, jstring s) {
  if (s == nullptr) return u"";
  jsize n = env->GetStringLength(s);
  std::u16string out(static_cast<size_t>(n), u'\0');
  env->GetStringRegion(s, 0, n, reinterpret_cast<jchar*>(out.data()));
  return out;
}

std::string U16ToUtf8(const std::u16string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 &&
        s[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
      ++i;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace jtg::jvm

namespace jtg::jvm {

namespace {

// The String result of `target.name()` (an instance method of `cls`), or "".
std::string CallStringMethod(JNIEnv* env, jclass cls, jobject target, const char* name) {
  jmethodID m = env->GetMethodID(cls, name, "()Ljava/lang/String;");
  auto s = m != nullptr ? static_cast<jstring>(env->CallObjectMethod(target, m)) : nullptr;
  if (s == nullptr) return "";
  std::string out = U16ToUtf8(ToU16(env, s));
  env->DeleteLocalRef(s);
  return out;
}

// `Owner.getDefault()` then its `getter()` as a String.
std::string DefaultOf(JNIEnv* env, const char* owner, const char* sig, const char* getter) {
  jclass cls = env->FindClass(owner);
  if (cls == nullptr) return "";
  std::string out;
  jmethodID get = env->GetStaticMethodID(cls, "getDefault", sig);
  jobject def = get != nullptr ? env->CallStaticObjectMethod(cls, get) : nullptr;
  if (def != nullptr) {
    out = CallStringMethod(env, cls, def, getter);
    env->DeleteLocalRef(def);
  }
  env->DeleteLocalRef(cls);
  return out;
}

}  // namespace

StatusOr<std::pair<std::string, std::string>> DefaultZoneAndLocale(JNIEnv* env) {
  std::string zone = DefaultOf(env, "java/util/TimeZone", "()Ljava/util/TimeZone;", "getID");
  JTG_RETURN_IF_ERROR(CheckException(env, "TimeZone.getDefault"));
  std::string locale = DefaultOf(env, "java/util/Locale", "()Ljava/util/Locale;", "toLanguageTag");
  JTG_RETURN_IF_ERROR(CheckException(env, "Locale.getDefault"));
  if (zone.empty() || locale.empty()) {
    return absl::InternalError("the JVM's default time zone or locale could not be read");
  }
  return std::make_pair(zone, locale);
}

}  // namespace jtg::jvm

namespace jtg::jvm {

Status SetDefaultZoneAndLocale(JNIEnv* env, const std::string& zone, const std::string& locale) {
  // Owner, factory (String -> instance) and setter of each default.
  struct Default {
    const char* owner;
    const char* factory;
    const char* factory_sig;
    const char* setter_sig;
    const std::string& value;
  };
  for (const Default& d :
       {Default{"java/util/TimeZone", "getTimeZone", "(Ljava/lang/String;)Ljava/util/TimeZone;",
                "(Ljava/util/TimeZone;)V", zone},
        Default{"java/util/Locale", "forLanguageTag", "(Ljava/lang/String;)Ljava/util/Locale;",
                "(Ljava/util/Locale;)V", locale}}) {
    jclass cls = env->FindClass(d.owner);
    if (cls == nullptr) return CheckException(env, d.owner);
    jmethodID make = env->GetStaticMethodID(cls, d.factory, d.factory_sig);
    jmethodID set = env->GetStaticMethodID(cls, "setDefault", d.setter_sig);
    jstring text = env->NewStringUTF(d.value.c_str());
    jobject value = make != nullptr && set != nullptr && text != nullptr
                        ? env->CallStaticObjectMethod(cls, make, text)
                        : nullptr;
    if (value != nullptr) env->CallStaticVoidMethod(cls, set, value);
    if (text != nullptr) env->DeleteLocalRef(text);
    if (value != nullptr) env->DeleteLocalRef(value);
    env->DeleteLocalRef(cls);
    JTG_RETURN_IF_ERROR(CheckException(env, std::string(d.owner) + ".setDefault"));
    if (value == nullptr) {
      return absl::InternalError(std::string("cannot set the default of ") + d.owner);
    }
  }
  return absl::OkStatus();
}

}  // namespace jtg::jvm

namespace jtg::jvm {

StatusOr<std::string> SwapDefaultCharset(JNIEnv* env, const std::string& name) {
  jclass cls = env->FindClass("java/nio/charset/Charset");
  if (cls == nullptr) return CheckException(env, "java.nio.charset.Charset");
  jfieldID field = env->GetStaticFieldID(cls, "defaultCharset", "Ljava/nio/charset/Charset;");
  jmethodID for_name =
      env->GetStaticMethodID(cls, "forName", "(Ljava/lang/String;)Ljava/nio/charset/Charset;");
  jmethodID get_default =
      env->GetStaticMethodID(cls, "defaultCharset", "()Ljava/nio/charset/Charset;");
  jmethodID get_name = env->GetMethodID(cls, "name", "()Ljava/lang/String;");
  if (field == nullptr || for_name == nullptr || get_default == nullptr || get_name == nullptr) {
    env->ExceptionClear();
    env->DeleteLocalRef(cls);
    return absl::InternalError("this JDK's Charset has no defaultCharset field");
  }
  jobject old = env->CallStaticObjectMethod(cls, get_default);  // fills the field if unset
  jobject old_name = old != nullptr ? env->CallObjectMethod(old, get_name) : nullptr;
  std::string was;
  if (old_name != nullptr && !env->ExceptionCheck()) {
    const char* chars = env->GetStringUTFChars(static_cast<jstring>(old_name), nullptr);
    if (chars != nullptr) {
      was = chars;
      env->ReleaseStringUTFChars(static_cast<jstring>(old_name), chars);
    }
  }
  // Only then the new one: Charset.forName may throw, and no JNI call but the clean-up may
  // follow a pending exception.
  jstring text = was.empty() ? nullptr : env->NewStringUTF(name.c_str());
  jobject value = text != nullptr ? env->CallStaticObjectMethod(cls, for_name, text) : nullptr;
  if (value != nullptr && !env->ExceptionCheck()) env->SetStaticObjectField(cls, field, value);
  for (jobject ref : {old, old_name, static_cast<jobject>(text), value}) {
    if (ref != nullptr) env->DeleteLocalRef(ref);
  }
  env->DeleteLocalRef(cls);
  JTG_RETURN_IF_ERROR(CheckException(env, "Charset.forName(" + name + ")"));
  if (was.empty() || value == nullptr) {
    return absl::InternalError("cannot set the default charset to " + name);
  }
  return was;
}

}  // namespace jtg::jvm
