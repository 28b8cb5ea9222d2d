// A user classpath: directories and jars (read through libzip), searched in order.
//
// Ownership: Classpath owns open jar handles; it is movable, not copyable, and not
// thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::classpath {

class Classpath {
 public:
  // `spec` is a ':'-separated list of directories and .jar/.zip files. Errors:
  // InvalidArgument for an empty spec, NotFound naming an entry that does not exist,
  // DataLoss naming a jar that libzip cannot open.
  static StatusOr<Classpath> Open(std::string_view spec);

  Classpath(Classpath&&) noexcept;
  Classpath& operator=(Classpath&&) noexcept;
  ~Classpath();

  // Bytes of the class with internal name `name` (a/b/C). NotFound if absent.
  StatusOr<std::vector<uint8_t>> ReadClass(std::string_view internal_name) const;
  // Internal names of every class on the classpath (first occurrence wins), sorted.
  std::vector<std::string> ListClasses() const;
  // The nested classes of `outer` (internal name) as JaCoCo groups them with it: every class
  // named `outer$...` (member, inner, local and anonymous classes, and theirs), sorted.
  std::vector<std::string> NestedClassesOf(std::string_view outer) const;
  // The original spec, for messages and for -Djava.class.path.
  const std::string& spec() const { return spec_; }

 private:
  struct Entry;
  Classpath() = default;
  std::string spec_;
  std::vector<std::unique_ptr<Entry>> entries_;
};

}  // namespace jtg::classpath
