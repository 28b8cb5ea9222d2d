// Parsed class files of the user classpath, read once each, for the analyses that follow
// calls across classes (field_effects.h, purity.h). JDK classes (java/, javax/, jdk/, sun/,
// com/sun/) and array types are never read: the user classpath does not hold them.
//
// Ownership: borrows the Classpath (must outlive the cache); owns the parsed classes, whose
// addresses stay valid for the cache's life. Not thread-safe.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "classfile/class_file.h"
#include "classpath/classpath.h"

namespace jtg::analysis {

// Whether `cls` (internal name) is a JDK class (java/, javax/, jdk/, sun/, com/sun/).
bool IsJdkClassName(std::string_view cls);

class ClassCache {
 public:
  explicit ClassCache(const classpath::Classpath& cp) : cp_(cp) {}
  // The class file of `cls` (internal name), or nullptr when it is a JDK class, an array, not
  // on the classpath, or does not parse. Cached, misses included.
  const classfile::ClassFile* Load(const std::string& cls);

 private:
  const classpath::Classpath& cp_;
  std::map<std::string, std::unique_ptr<classfile::ParseResult>> classes_;  // null: absent
};

}  // namespace jtg::analysis
