// Concrete subtypes of a class or interface among the classes of a classpath: the
// SubtypesFn of loop_index.h for a plain classpath (e.g. an interface whose only
// implementation is in another jar of the classpath).
//
// Ownership: keeps a pointer to the Classpath, which must outlive it. The hierarchy is
// indexed on the first query (every class header on the classpath is parsed once).
// Not thread-safe.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "classpath/classpath.h"

namespace jtg::perf {

class ClasspathSubtypes {
 public:
  explicit ClasspathSubtypes(const classpath::Classpath* cp) : cp_(cp) {}

  // Concrete (neither abstract nor interface) classes of the classpath that are
  // `internal_name` or extend/implement it, directly or through other classpath classes.
  // Sorted. Classes that do not parse are left out.
  std::vector<std::string> Of(const std::string& internal_name);

 private:
  struct Info {
    std::vector<std::string> supers;  // superclass and interfaces
    bool concrete = false;
  };
  bool IsSubtype(const std::string& sub, const std::string& super, int depth);

  const classpath::Classpath* cp_;
  bool indexed_ = false;
  std::map<std::string, Info> classes_;
  std::map<std::string, std::vector<std::string>> memo_;
};

}  // namespace jtg::perf
