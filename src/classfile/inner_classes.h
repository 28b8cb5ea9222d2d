// Decoder for the class-level InnerClasses attribute (JVMS 17 §4.7.6): which classes are
// nested, in what, under which simple name and with which source-level access flags. The
// generator needs it to tell a non-static inner class (its constructors take the enclosing
// instance as their first parameter and Java spells the call `outer.new Inner(...)`) from a
// static nested one, and to skip local and anonymous classes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "classfile/class_file.h"
#include "common/status.h"

namespace jtg::classfile {

// One InnerClasses entry, with its constant-pool indexes resolved.
struct InnerClassEntry {
  std::string inner;    // internal name, e.g. a/b/Outer$Inner
  std::string outer;    // internal name of the declaring class; "" for local/anonymous
  std::string simple;   // source simple name ("Inner"); "" for anonymous classes
  uint16_t access = 0;  // inner_class_access_flags (kAccStatic, kAccPublic, ...)

  // A member class (declared directly in `outer`) that needs an enclosing instance.
  bool IsInnerMember() const {
    return !outer.empty() && !simple.empty() && (access & kAccStatic) == 0 &&
           (access & kAccInterface) == 0;
  }
};

// All entries of `cls`'s InnerClasses attributes, in file order; empty when it has none.
// Errors: DataLoss for a truncated or over-long attribute or an index that is not a Class
// (inner, outer) or Utf8 (name) constant.
StatusOr<std::vector<InnerClassEntry>> DecodeInnerClasses(const ClassFile& cls);

// The entry describing `cls` itself (inner == cls.Name()), if `cls` is nested; nullopt for a
// top-level class or when the attribute cannot be decoded.
std::optional<InnerClassEntry> SelfEntry(const ClassFile& cls);

}  // namespace jtg::classfile
