// The abstract machine behind StatesBefore (type_states.h): one method's linear pass over its
// instructions, applying each one's effect on the verification types of the locals and the
// operand stack (JVMS 4.10.1.9, "Type Checking Instructions"). Internal to instrument/; use
// StatesBefore. Not thread-safe (one Machine per pass); it adds class entries to `cp`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "classfile/descriptor.h"
#include "common/status.h"
#include "instrument/frame_state.h"

namespace jtg::instrument::detail {

using classfile::Insn;
using classfile::VerificationType;

inline VerificationType Prim(uint8_t tag) {
  VerificationType v;
  v.tag = tag;
  return v;
}

inline bool Wide(const VerificationType& v) {
  return v.tag == VerificationType::kLong || v.tag == VerificationType::kDouble;
}

// One method's linear pass: the state in slot form (locals indexed by local variable, a long
// or double followed by Top), converted from and to the frame form at the ends.
class Machine {
 public:
  Machine(const classfile::CodeAttribute& code, classfile::ConstantPool& cp, std::string class_name)
      : code_(code), cp_(cp), class_name_(std::move(class_name)) {}

  void Load(const FrameState& s) {
    locals_.clear();
    for (const VerificationType& v : s.locals) {
      locals_.push_back(v);
      if (Wide(v)) locals_.push_back(Prim(VerificationType::kTop));
    }
    stack_ = s.stack;
  }

  FrameState Save() const {
    FrameState s;
    size_t end = locals_.size();
    while (end > 0 && locals_[end - 1].tag == VerificationType::kTop &&
           !(end >= 2 && Wide(locals_[end - 2]))) {
      --end;  // trailing Top: the verifier pads the locals with Top anyway
    }
    for (size_t i = 0; i < end; ++i) {
      s.locals.push_back(locals_[i]);
      if (Wide(locals_[i])) ++i;
    }
    s.stack = stack_;
    return s;
  }

  // Applies the instruction's effect on its fall-through path. Returns false when the
  // instruction does not fall through or its effect is not modeled (jsr, ret).
  StatusOr<bool> Step(const Insn& in);

 private:
  Status Underflow(const Insn& in) const {
    return absl::InvalidArgumentError(absl::StrCat("offset ", in.offset, ": stack underflow"));
  }
  StatusOr<VerificationType> Pop(const Insn& in) {
    if (stack_.empty()) return Underflow(in);
    VerificationType v = stack_.back();
    stack_.pop_back();
    return v;
  }
  Status PopN(const Insn& in, size_t n) {
    for (size_t k = 0; k < n; ++k) JTG_RETURN_IF_ERROR(Pop(in).status());
    return absl::OkStatus();
  }
  void Push(VerificationType v) { stack_.push_back(v); }
  void PushPrim(uint8_t tag) { Push(Prim(tag)); }
  StatusOr<VerificationType> ObjectOf(std::string_view internal_name) {
    VerificationType v;
    v.tag = VerificationType::kObject;
    JTG_ASSIGN_OR_RETURN(v.data, cp_.AddClass(internal_name));
    return v;
  }
  // The verification type of a field descriptor's value; Top for V (nothing pushed).
  StatusOr<VerificationType> OfDescriptor(const classfile::TypeDesc& t) {
    if (t.IsReference()) return ObjectOf(t.dims > 0 ? t.Descriptor() : t.class_name);
    switch (t.base) {
      case 'V': return Prim(VerificationType::kTop);
      case 'J': return Prim(VerificationType::kLong);
      case 'D': return Prim(VerificationType::kDouble);
      case 'F': return Prim(VerificationType::kFloat);
      default: return Prim(VerificationType::kInteger);
    }
  }
  Status PushDescriptor(const classfile::TypeDesc& t) {
    JTG_ASSIGN_OR_RETURN(VerificationType v, OfDescriptor(t));
    if (v.tag != VerificationType::kTop) Push(v);
    return absl::OkStatus();
  }
  VerificationType Local(uint32_t n) const {
    return n < locals_.size() ? locals_[n] : Prim(VerificationType::kTop);
  }
  void Store(uint32_t n, VerificationType v) {
    const size_t need = n + (Wide(v) ? 2 : 1);
    if (locals_.size() < need) locals_.resize(need, Prim(VerificationType::kTop));
    if (n > 0 && Wide(locals_[n - 1])) locals_[n - 1] = Prim(VerificationType::kTop);
    locals_[n] = v;
    if (Wide(v)) locals_[n + 1] = Prim(VerificationType::kTop);
  }
  uint16_t U16At(uint32_t at) const {
    return static_cast<uint16_t>((code_.code[at] << 8) | code_.code[at + 1]);
  }
  Status Ldc(const Insn& in, uint16_t index);
  Status Invoke(const Insn& in, uint16_t index);
  Status Dup(const Insn& in, uint8_t opcode);

  const classfile::CodeAttribute& code_;
  classfile::ConstantPool& cp_;
  std::string class_name_;
  std::vector<VerificationType> locals_, stack_;
};

}  // namespace jtg::instrument::detail
