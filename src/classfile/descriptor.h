// Field and method descriptors (JVMS 17 §4.3) and conversion to Java source names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::classfile {

// A parsed field type. `dims` array dimensions; `base` is one of B C D F I J S Z V or L.
// For L, `class_name` is the internal name (java/lang/String).
struct TypeDesc {
  char base = 'V';
  int dims = 0;
  std::string class_name;

  bool IsPrimitive() const { return dims == 0 && base != 'L'; }
  bool IsReference() const { return dims > 0 || base == 'L'; }
  bool IsWide() const { return dims == 0 && (base == 'J' || base == 'D'); }
  std::string Descriptor() const;  // back to the descriptor: [Ljava/lang/String;
  std::string JavaName() const;    // source form: java.lang.String[], int
  TypeDesc Component() const;      // for arrays: one dimension less
};

struct MethodDesc {
  std::vector<TypeDesc> params;
  TypeDesc ret;
};

StatusOr<TypeDesc> ParseFieldDescriptor(std::string_view d);
StatusOr<MethodDesc> ParseMethodDescriptor(std::string_view d);

// A guess at the source name from the string alone: java/util/Map$Entry ->
// java.util.Map.Entry. A '$' that starts or ends a name or touches another '$' is kept
// (a/$Top, a/Gen$$Made); every other '$' is read as a nesting separator, which is wrong for
// a top-level name such as $Gson$Types: classfile/source_names.h reads the class file's
// InnerClasses attribute instead, and the written tests use that.
std::string JavaSourceName(std::string_view internal_name);

// Java keyword of a primitive descriptor character (B C D F I J S Z); "void" otherwise.
std::string_view PrimitiveName(char base);

}  // namespace jtg::classfile
