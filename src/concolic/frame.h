// One activation of a method in the concolic interpreter (interpreter.h): its locals,
// operand stack and the loop over its instructions. Internal to concolic/.
// Ownership: borrows the interpreter, the method and its decoded code. Not thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_file.h"
#include "concolic/interpreter.h"

namespace jtg::concolic {

class Frame {
 public:
  Frame(Interpreter& in, const classfile::MethodInfo& m, int32_t method,
        const Interpreter::Decoded& code);

  // Runs from the first instruction with `args` in the first locals; the returned value,
  // nullopt for void or a throw (the interpreter's run names the exception).
  absl::StatusOr<std::optional<Slot>> Run(std::vector<Slot> args);

 private:
  static constexpr int64_t kNext = -1, kDone = -2;

  uint8_t U1(uint32_t at) const { return code_[at]; }
  uint16_t U2(uint32_t at) const { return static_cast<uint16_t>((code_[at] << 8) | code_[at + 1]); }
  Slot Pop();
  void Push(Slot s) { stack_.push_back(std::move(s)); }
  absl::Status Unmodelled(const classfile::Insn& in, std::string_view what = {}) const;
  // Ends the run with exception `cls` thrown at `in`; Unimplemented when a handler of this
  // method covers `in` (handlers are not modelled).
  absl::StatusOr<int64_t> Throw(const classfile::Insn& in, std::string cls);

  void Apply2(Op op);
  void Apply1(Op op);
  absl::StatusOr<int64_t> Step(const classfile::Insn& in);
  absl::StatusOr<int64_t> Conditional(const classfile::Insn& in);
  absl::StatusOr<int64_t> Switch(const classfile::Insn& in);
  absl::StatusOr<int64_t> Divide(const classfile::Insn& in, Op op);
  absl::StatusOr<int64_t> Ldc(const classfile::Insn& in, uint16_t index);
  absl::StatusOr<int64_t> Wide(const classfile::Insn& in);
  absl::StatusOr<int64_t> Arithmetic(const classfile::Insn& in);
  absl::StatusOr<int64_t> Objects(const classfile::Insn& in);
  absl::StatusOr<int64_t> Field(const classfile::Insn& in);
  absl::StatusOr<int64_t> Invoke(const classfile::Insn& in);
  absl::StatusOr<int64_t> ArrayLoad(const classfile::Insn& in);
  absl::StatusOr<int64_t> ArrayStore(const classfile::Insn& in);
  // The checks of an array access (JVMS 6.5 *aload/*astore): Unimplemented for an opaque
  // array; kDone after throwing NullPointerException or ArrayIndexOutOfBoundsException;
  // else kNext with the element's index in `at`. The bounds checks are decisions (arms -1
  // and -2 at the instruction) when the index depends on an input.
  absl::StatusOr<int64_t> Access(const classfile::Insn& in, const Slot& array, const Slot& index,
                                 size_t& at);
  // Unimplemented when `ref` is opaque (HeapObject::opaque): its use is not modelled.
  absl::Status Use(const classfile::Insn& in, const Slot& ref) const;
  void Load(uint32_t local) { Push(locals_[local]); }
  void Store(uint32_t local) { locals_[local] = Pop(); }

  Interpreter& in_;
  const classfile::MethodInfo& m_;
  int32_t method_;
  const std::vector<uint8_t>& code_;
  const Interpreter::Decoded& decoded_;
  std::vector<Slot> locals_;
  std::vector<Slot> stack_;
  std::optional<Slot> result_;
};

// A slot's expression as a number: a kBool expression (a modelled boolean method's result)
// becomes the int constant of its concrete value.
Expr Numeric(const Slot& s);

// The default value of a field or array element of descriptor `desc` (0, 0L, 0.0f, 0.0,
// null).
Slot DefaultOf(std::string_view desc);

}  // namespace jtg::concolic
