// Java source spelling of class names from the class files themselves. A '$' in a binary
// name is not always a nesting separator (JLS 13.1): gson's top-level class
// com.google.gson.internal.$Gson$Types, generated classes such as Dagger's Foo_Factory$1 or
// AutoValue's $AutoValue_Foo, and nested classes whose simple name holds a '$'. The
// InnerClasses attribute (JVMS 17 §4.7.6) of a nested class names its declaring class and
// simple name; a class without such an entry for itself is top-level and keeps every '$'.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::classfile {

// Memoizing resolver of canonical names (JLS 6.7). Not thread-safe; one per writer or JVM.
class SourceNames {
 public:
  // Reads a class file by internal name (a/b/C$D); an error means "unknown class".
  using ReadClass = std::function<StatusOr<std::vector<uint8_t>>(const std::string& internal)>;
  explicit SourceNames(ReadClass read) : read_(std::move(read)) {}

  // The source name of the class `internal` (a/b/C$D): for a member class the source name
  // of its declaring class, '.', and its simple name from the InnerClasses entry
  // (a/b/Outer$In$ner -> a.b.Outer.In$ner); for a top-level class its binary name
  // (a/b/$Gson$Types -> a.b.$Gson$Types). A class that cannot be read or parsed, and a local
  // or anonymous class (no canonical name), get JavaSourceName's guess from the string.
  const std::string& Of(const std::string& internal);

 private:
  std::string Resolve(const std::string& internal, int depth);

  ReadClass read_;
  std::map<std::string, std::string> cache_;
};

}  // namespace jtg::classfile
