// The JDK methods the concolic interpreter models (interpreter.h): java.lang.Object.<init>,
// the no-argument constructors of java.util's abstract collections called as a superclass's,
// the constructors of java.lang and java.util exceptions and errors, StringBuilder
// (constructors, append of char, String, CharSequence, int, long and boolean — appended
// numbers are concretized —, toString, length, charAt) and String (equals, length, isEmpty,
// charAt, startsWith, endsWith, contains, indexOf of a String or a char, substring,
// hashCode, concat, toString) and Integer.parseInt of ASCII digits (whether it parses is a
// decision), with texts as strings.h and z3_text.cc model them. Internal to concolic/.
// Thread safety: as the interpreter.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "concolic/interpreter.h"

namespace jtg::concolic {

// A call site: the method and instruction offset its decisions are recorded at.
struct CallSite {
  int32_t method = 0;
  uint32_t offset = 0;
};

// Calls `owner.name desc` on `args` (the receiver first for an instance method). The result
// for a non-void method, nullopt for void or when it threw (the run names the exception).
// Errors: Unimplemented when the method is not modelled.
absl::StatusOr<std::optional<Slot>> CallNative(Interpreter& in, CallSite site,
                                               std::string_view owner, std::string_view name,
                                               std::string_view desc, std::vector<Slot>& args);

}  // namespace jtg::concolic
