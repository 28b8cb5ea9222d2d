// JNI helpers: pending Java exceptions as values, string conversion, class names.
// All functions take the calling thread's JNIEnv and leave no exception pending.
#pragma once

#include <jni.h>

#include <string>
#include <string_view>
#include <utility>

#include "common/status.h"

namespace jtg::jvm {

// A Java exception taken off the JNI env (and cleared).
struct JavaException {
  bool present = false;
  std::string class_name;  // binary name, e.g. java.lang.NullPointerException
  std::string message;     // getMessage(), may be empty
  bool message_null = true;
  // Only when asked for (TakeException's `with_origin`), for an exception of a JDK class
  // (classfile::IsJdkClassName): the binary name of the class whose code created it (its
  // stack trace's top frame), empty if unknown. Empty otherwise: other exceptions only user
  // code creates. Tells a library's own `throw new IllegalArgumentException("...")` from the
  // JDK's.
  std::string origin;
  std::string Describe() const;  // "java.lang.X: message" or "no exception"
};

// Clears and describes the pending exception, if any. `with_origin` also fills
// JavaException::origin, at the cost of materializing the stack trace.
JavaException TakeException(JNIEnv* env, bool with_origin = false);

// Status from a pending exception: OK if none, Internal("<context>: <exception>") otherwise.
Status CheckException(JNIEnv* env, std::string_view context);

// java.lang.Class#getName of `cls` ("java.util.ArrayList", "[I"). Empty on failure.
std::string ClassName(JNIEnv* env, jclass cls);
// Runtime class name of a non-null object.
std::string ObjectClassName(JNIEnv* env, jobject obj);

// UTF-16 contents of a Java string.
std::u16string ToU16(JNIEnv* env, jstring s);
// UTF-8 (lossy for unpaired surrogates) of a UTF-16 string; for messages only.
std::string U16ToUtf8(const std::u16string& s);

}  // namespace jtg::jvm

namespace jtg::jvm {

// The JVM's default time zone id (TimeZone.getDefault().getID(), "Etc/UTC") and default
// locale (Locale.getDefault().toLanguageTag(), "en-US"): the environment values recorded in
// regression assertions depend on. Errors: Internal naming the Java exception.
StatusOr<std::pair<std::string, std::string>> DefaultZoneAndLocale(JNIEnv* env);

}  // namespace jtg::jvm

namespace jtg::jvm {

// Sets the JVM's default time zone (TimeZone.setDefault(TimeZone.getTimeZone(zone))) and
// locale (Locale.setDefault(Locale.forLanguageTag(locale))). Errors: Internal naming the
// Java exception (a SecurityManager may refuse).
Status SetDefaultZoneAndLocale(JNIEnv* env, const std::string& zone, const std::string& locale);

}  // namespace jtg::jvm

namespace jtg::jvm {

// Replaces the JVM's default charset (the cached value Charset.defaultCharset() returns, its
// private static field `defaultCharset`, set through JNI) by the charset named `name`
// (Charset.forName), and returns the name of the one it replaced ("UTF-8"). Code that read
// the default before keeps what it read. Validation varies the charset in a JVM of its own
// (file.encoding); this lets a run in the search JVM vary it too. Errors: Internal naming the
// Java exception, or when this JDK's Charset has no such field.
StatusOr<std::string> SwapDefaultCharset(JNIEnv* env, const std::string& name);

}  // namespace jtg::jvm
