// Concolic interpretation of a method's bytecode: runs it on concrete inputs while keeping,
// for every local and operand-stack slot, the symbolic expression of its value in terms of
// the inputs, and records the path condition, one condition per branch whose outcome
// depends on an input (JTestCraft's symbolic virtual machine, den Hollander 2010, section 8;
// deterministic-branch elimination, section 9).
//
// This first part models what the path conditions of the integer and floating-point
// families need, on static methods whose parameters are primitive: loads and stores of
// locals, constants (including ldc), arithmetic, bitwise operations, shifts, conversions,
// comparisons, conditional jumps, goto, tableswitch and lookupswitch, and returns. The
// implicit check of integer division becomes a branch on the divisor (a zero divisor ends
// the path with ArithmeticException, as the JVM does). Other instructions (calls, fields,
// arrays, objects) are not modelled yet: the run stops with Unimplemented naming the opcode
// and offset.
// Thread safety: pure function of its arguments.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_file.h"
#include "concolic/expr.h"

namespace jtg::concolic {

// One binary decision on the path whose outcome depends on an input. A conditional jump
// is one decision (arm 0, taken = jumped); the implicit divisor check of idiv/irem/ldiv/
// lrem is one (arm 0, taken = the divisor is zero); a switch is a chain of decisions, one
// per case in table order until the key matches (arm i for the i-th case, 1-based,
// taken = the key equals it), so every branch of the path has exactly two sides.
struct PathBranch {
  uint32_t offset = 0;  // of the branching instruction
  int32_t arm = 0;
  bool taken = false;
  Expr condition;  // kBool, true on this run: the condition of the side taken
};

struct ConcolicRun {
  std::vector<Sort> input_sorts;  // by input index: the parameters, in order
  std::vector<Expr> domain;       // conditions the inputs always meet (byte, char, ... ranges)
  std::vector<PathBranch> path;   // in execution order
  std::optional<Value> result;    // the returned value (absent for void or a throw)
  Expr result_expr;               // its expression (null when absent)
  std::string thrown;             // "java/lang/ArithmeticException" when the path throws
  int64_t steps = 0;              // instructions executed
};

// Runs static method `m` of `cls` on `inputs` (one per parameter: int for boolean, byte,
// char, short and int, then long, float, double). Errors: InvalidArgument for a method
// that is not static, has a non-primitive parameter or inputs that do not match;
// Unimplemented for an instruction not modelled; ResourceExhausted after `max_steps`
// instructions (a loop that does not end on these inputs).
absl::StatusOr<ConcolicRun> RunConcolic(const classfile::ClassFile& cls,
                                        const classfile::MethodInfo& m,
                                        std::span<const Value> inputs,
                                        int64_t max_steps = 1'000'000);

// The sort of an input for parameter descriptor character `c` (I, Z, B, C, S, J, F, D);
// nullopt for other types.
std::optional<Sort> InputSort(char c);

}  // namespace jtg::concolic
