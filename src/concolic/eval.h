// Concrete evaluation of symbolic expressions with the JVM's semantics (JVMS 6.5: the
// integer family wraps in two's complement, division truncates, shift distances are masked;
// float and double are IEEE 754 with round-to-nearest; floating-to-integer conversion maps
// NaN to 0 and saturates, JVMS 2.8.3). It is the oracle the Z3 translation and the
// symbolic interpreter are tested against, and the constant folder of expr.h.
// Thread safety: pure functions.
#pragma once

#include <span>

#include "absl/status/statusor.h"
#include "concolic/expr.h"

namespace jtg::concolic {

// The value of `op` on `args` (one or two, of the sorts Op documents). Errors:
// InvalidArgument("division by zero") for kDiv/kRem of int or long by 0 (the JVM throws
// ArithmeticException there).
absl::StatusOr<Value> Apply(Op op, std::span<const Value> args);

// The value of `e` with input i = inputs[i]. Errors: those of Apply, and
// InvalidArgument for a variable without an input or of another sort.
absl::StatusOr<Value> Eval(const Expr& e, std::span<const Value> inputs);

}  // namespace jtg::concolic
