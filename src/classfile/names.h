// Conversions between a class's binary name (JLS 13.1: "a.b.C$D", as Class.getName and
// the command line spell it) and its internal form (JVMS 4.2.1: "a/b/C$D", as class files
// spell it). Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace jtg::classfile {

// "a.b.C$D" -> "a/b/C$D". Any other character is kept.
inline std::string ToInternal(std::string_view binary) {
  std::string s(binary);
  for (char& c : s) {
    if (c == '.') c = '/';
  }
  return s;
}

// "a/b/C$D" -> "a.b.C$D". Any other character is kept.
inline std::string ToBinary(std::string_view internal) {
  std::string s(internal);
  for (char& c : s) {
    if (c == '/') c = '.';
  }
  return s;
}

// Whether class `name` (binary or internal form) is in a JDK package: java, javax, jdk, sun,
// com.sun.
inline bool IsJdkClassName(std::string_view name) {
  for (std::string_view p : {"java", "javax", "jdk", "sun", "com.sun", "com/sun"}) {
    if (name.size() > p.size() && name.starts_with(p) &&
        (name[p.size()] == '.' || name[p.size()] == '/')) {
      return true;
    }
  }
  return false;
}

}  // namespace jtg::classfile
