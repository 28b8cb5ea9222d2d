// Class reading and method selection for the perf analyses' static dispatch (used by
// loop_index.h): which method an invoke instruction may run.
//   - Lookup (invokestatic, invokespecial): the declaration seen from the named class up
//     its superclasses, then in its superinterfaces.
//   - Select (invokevirtual, invokeinterface on one receiver class): the first declaration
//     up the receiver's superclasses (none if that one is abstract), else the first
//     non-abstract default method breadth first over the interfaces.
//   - Receivers: the receiver classes of a virtual call on a named type: the type itself
//     if it is a concrete class, plus for a JDK type the implementations of jdk_dispatch.h,
//     and for any other type the concrete subtypes the SubtypesFn reports.
//
// Ownership: owns the parsed classes (cached, also failures) and copies the callbacks.
// Not thread-safe.
#pragma once

#include <compare>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_file.h"
#include "common/status.h"

namespace jtg::perf {

// Bytes of a class by internal name (a/b/C), from the classpath or the JDK. NotFound (or any
// error) makes the class opaque.
using ClassBytesFn =
    std::function<StatusOr<std::vector<uint8_t>>(const std::string& internal_name)>;
// Concrete classes on the classpath that are `internal_name` or extend/implement it,
// directly or not. Asked only for non-JDK types.
using SubtypesFn = std::function<std::vector<std::string>(const std::string& internal_name)>;

struct MethodKey {
  std::string owner;  // internal name of the declaring class
  std::string name, desc;
  // "java/util/ArrayList.indexOfRange(Ljava/lang/Object;II)I"
  std::string ToString() const;
  // "java.util.ArrayList.indexOfRange(java.lang.Object,int,int)" (binary class names)
  std::string JavaName() const;
  auto operator<=>(const MethodKey&) const = default;
};

class MethodResolver {
 public:
  MethodResolver(ClassBytesFn bytes, SubtypesFn subtypes)
      : bytes_(std::move(bytes)), subtypes_(std::move(subtypes)) {}

  // The parsed class, or null if its bytes cannot be read or parsed (then it is listed in
  // unreadable()).
  const classfile::ClassFile* Class(std::string_view internal_name);

  std::optional<MethodKey> Lookup(const std::string& owner, const std::string& name,
                                  const std::string& desc);
  std::optional<MethodKey> Select(const std::string& receiver, const std::string& name,
                                  const std::string& desc);
  // Memoized; uncapped, in order: the type, then the table's or the SubtypesFn's classes.
  const std::vector<std::string>& Receivers(const std::string& owner);

  const std::set<std::string>& unreadable() const { return unreadable_; }

 private:
  std::optional<MethodKey> Default(std::vector<std::string> queue, const std::string& name,
                                   const std::string& desc);

  ClassBytesFn bytes_;
  SubtypesFn subtypes_;
  std::map<std::string, std::unique_ptr<classfile::ClassFile>, std::less<>> classes_;
  std::set<std::string> unreadable_;
  std::map<std::string, std::vector<std::string>, std::less<>> receivers_;
};

// The method `name` `desc` declared in `cls`, or null.
const classfile::MethodInfo* FindMethod(const classfile::ClassFile& cls, std::string_view name,
                                        std::string_view desc);

}  // namespace jtg::perf
