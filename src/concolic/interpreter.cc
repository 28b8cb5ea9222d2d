#include "concolic/interpreter.h"

#include <algorithm>
#include <cmath>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "classfile/bytecode.h"
#include "concolic/eval.h"

namespace jtg::concolic {
namespace {

using classfile::Insn;

// A concrete value and its expression.
struct Slot {
  Value v;
  Expr e;
  bool Wide() const { return v.sort == Sort::kLong || v.sort == Sort::kDouble; }
};

Slot Constant(Value v) { return {v, Const(v)}; }

class Machine {
 public:
  Machine(const classfile::ClassFile& cls, const classfile::MethodInfo& m, ConcolicRun& run)
      : cls_(cls), code_(m.code->code), run_(run) {
    locals_.resize(m.code->max_locals);
  }

  absl::Status Start(std::span<const Value> inputs) {
    size_t local = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const Expr var = Var(static_cast<int32_t>(i), inputs[i].sort);
      if (local >= locals_.size()) return absl::InvalidArgumentError("too many inputs");
      locals_[local] = Slot{inputs[i], var};
      local += (inputs[i].sort == Sort::kLong || inputs[i].sort == Sort::kDouble) ? 2 : 1;
    }
    auto decoded = classfile::DecodeCode(code_);
    if (!decoded.ok()) return decoded.status();
    insns_ = std::move(*decoded);
    for (size_t i = 0; i < insns_.size(); ++i) index_[insns_[i].offset] = i;
    return absl::OkStatus();
  }

  absl::Status Run(int64_t max_steps) {
    size_t pc = 0;
    while (true) {
      if (pc >= insns_.size()) return absl::InvalidArgumentError("ran off the end of the code");
      if (++run_.steps > max_steps) {
        return absl::ResourceExhaustedError(absl::StrCat("more than ", max_steps, " instructions"));
      }
      const Insn& in = insns_[pc];
      auto next = Step(in);
      if (!next.ok()) return next.status();
      if (*next == kDone) return absl::OkStatus();
      pc = *next == kNext ? pc + 1 : index_.at(static_cast<uint32_t>(*next));
    }
  }

 private:
  static constexpr int64_t kNext = -1, kDone = -2;

  uint8_t U1(uint32_t at) const { return code_[at]; }
  uint16_t U2(uint32_t at) const { return static_cast<uint16_t>((code_[at] << 8) | code_[at + 1]); }

  Slot Pop() {
    Slot s = stack_.back();
    stack_.pop_back();
    return s;
  }
  void Push(Slot s) { stack_.push_back(std::move(s)); }

  absl::Status Unmodelled(const Insn& in) const {
    return absl::UnimplementedError(
        absl::StrFormat("opcode 0x%02x at offset %d is not modelled", in.opcode, in.offset));
  }

  void Apply2(Op op) {
    Slot b = Pop(), a = Pop();
    const Value args[] = {a.v, b.v};
    Push({*concolic::Apply(op, args), Binary(op, a.e, b.e)});
  }
  void Apply1(Op op) {
    Slot a = Pop();
    const Value args[] = {a.v};
    Push({*concolic::Apply(op, args), Unary(op, a.e)});
  }

  // Records the outcome of a branch on `cond` (true on this run) when it depends on inputs.
  void Branch(const Insn& in, int32_t arm, bool taken, const Expr& cond) {
    if (!IsGround(cond)) run_.path.push_back({in.offset, arm, taken, cond});
  }

  // if<cond> / if_icmp<cond>: the condition as a comparison op.
  static Op CompareOp(uint8_t op) {
    static constexpr Op kOps[] = {Op::kEq, Op::kNe, Op::kLt, Op::kGe, Op::kGt, Op::kLe};
    return kOps[(op >= 0x9f ? op - 0x9f : op - 0x99)];
  }

  absl::StatusOr<int64_t> Conditional(const Insn& in) {
    Slot b = in.opcode >= 0x9f ? Pop() : Constant(Value::Int(0));
    Slot a = Pop();
    const Op op = CompareOp(in.opcode);
    const Value args[] = {a.v, b.v};
    const bool jump = concolic::Apply(op, args)->AsBool();
    const Expr cond = Binary(op, a.e, b.e);
    Branch(in, 0, jump, jump ? cond : Unary(Op::kNot, cond));
    return jump ? int64_t{in.targets[0]} : kNext;
  }

  absl::StatusOr<int64_t> Switch(const Insn& in) {
    Slot key = Pop();
    const int32_t k = key.v.AsInt();
    for (size_t i = 0; i < in.keys.size(); ++i) {
      const Expr eq = Binary(Op::kEq, key.e, Const(Value::Int(in.keys[i])));
      const int32_t arm = static_cast<int32_t>(i + 1);
      if (in.keys[i] == k) {
        Branch(in, arm, true, eq);
        return int64_t{in.targets[i + 1]};
      }
      Branch(in, arm, false, Unary(Op::kNot, eq));
    }
    return int64_t{in.targets[0]};
  }

  // idiv / irem / ldiv / lrem: the JVM's implicit check of the divisor is a branch.
  absl::StatusOr<int64_t> Divide(const Insn& in, Op op) {
    const Slot& divisor = stack_.back();
    const bool is_long = divisor.v.sort == Sort::kLong;
    const Expr zero = Const(is_long ? Value::Long(0) : Value::Int(0));
    // The condition on an int: compare longs through lcmp.
    const Expr cmp = is_long ? Binary(Op::kLcmp, divisor.e, zero) : divisor.e;
    const bool is_zero = divisor.v.bits == 0;
    const Expr cond = Binary(is_zero ? Op::kEq : Op::kNe, cmp, Const(Value::Int(0)));
    Branch(in, 0, is_zero, cond);
    if (is_zero) {
      run_.thrown = "java/lang/ArithmeticException";
      return kDone;
    }
    Apply2(op);
    return kNext;
  }

  absl::StatusOr<int64_t> Ldc(const Insn& in, uint16_t index) {
    if (index >= cls_.cp.size()) return absl::InvalidArgumentError("bad constant index");
    const classfile::CpEntry& c = cls_.cp.entries()[index];
    switch (c.tag) {
      case classfile::kCpInteger: Push(Constant(Value::Int(static_cast<int32_t>(c.value)))); break;
      case classfile::kCpFloat: Push(Constant(Value{Sort::kFloat, c.value & 0xffffffffu})); break;
      case classfile::kCpLong: Push(Constant(Value{Sort::kLong, c.value})); break;
      case classfile::kCpDouble: Push(Constant(Value{Sort::kDouble, c.value})); break;
      default: return Unmodelled(in);
    }
    return kNext;
  }

  void Load(uint32_t local) { Push(locals_[local]); }
  void Store(uint32_t local) { locals_[local] = Pop(); }

  absl::StatusOr<int64_t> Step(const Insn& in) {
    const uint8_t op = in.opcode;
    if (op >= 0x02 && op <= 0x08) return Push(Constant(Value::Int(op - 0x03))), kNext;
    if (op == 0x09 || op == 0x0a) return Push(Constant(Value::Long(op - 0x09))), kNext;
    if (op >= 0x0b && op <= 0x0d)
      return Push(Constant(Value::Float(static_cast<float>(op - 0x0b)))), kNext;
    if (op == 0x0e || op == 0x0f) return Push(Constant(Value::Double(op - 0x0e))), kNext;
    if (op >= 0x15 && op <= 0x18) return Load(U1(in.offset + 1)), kNext;
    if (op >= 0x1a && op <= 0x29) return Load((op - 0x1a) % 4), kNext;
    if (op >= 0x36 && op <= 0x39) return Store(U1(in.offset + 1)), kNext;
    if (op >= 0x3b && op <= 0x4a) return Store((op - 0x3b) % 4), kNext;
    if (op >= 0x60 && op <= 0x83) return Arithmetic(in);
    if (op >= 0x85 && op <= 0x93) {
      static constexpr Op kConv[] = {Op::kI2L, Op::kI2F, Op::kI2D, Op::kL2I, Op::kL2F,
                                     Op::kL2D, Op::kF2I, Op::kF2L, Op::kF2D, Op::kD2I,
                                     Op::kD2L, Op::kD2F, Op::kI2B, Op::kI2C, Op::kI2S};
      return Apply1(kConv[op - 0x85]), kNext;
    }
    if (op >= 0x94 && op <= 0x98) {
      static constexpr Op kCmp[] = {Op::kLcmp, Op::kFcmpl, Op::kFcmpg, Op::kDcmpl, Op::kDcmpg};
      return Apply2(kCmp[op - 0x94]), kNext;
    }
    if (op >= 0x99 && op <= 0xa4) return Conditional(in);
    if (op >= 0xac && op <= 0xaf) {
      Slot r = Pop();
      run_.result = r.v;
      run_.result_expr = r.e;
      return kDone;
    }
    switch (op) {
      case 0x00: return kNext;
      case 0x10: return Push(Constant(Value::Int(static_cast<int8_t>(U1(in.offset + 1))))), kNext;
      case 0x11: return Push(Constant(Value::Int(static_cast<int16_t>(U2(in.offset + 1))))), kNext;
      case 0x12: return Ldc(in, U1(in.offset + 1));
      case 0x13:
      case 0x14: return Ldc(in, U2(in.offset + 1));
      case 0x57: return Pop(), kNext;
      case 0x58:
        if (!Pop().Wide()) Pop();
        return kNext;
      case 0x59: return Push(stack_.back()), kNext;
      case 0x5a: {  // dup_x1
        Slot a = Pop(), b = Pop();
        Push(a), Push(b), Push(a);
        return kNext;
      }
      case 0x5c:  // dup2
        if (stack_.back().Wide()) return Push(stack_.back()), kNext;
        {
          Slot a = Pop(), b = Pop();
          Push(b), Push(a), Push(b), Push(a);
        }
        return kNext;
      case 0x5f: {  // swap
        Slot a = Pop(), b = Pop();
        Push(a), Push(b);
        return kNext;
      }
      case 0x84: {  // iinc
        const uint32_t local = U1(in.offset + 1);
        Push(locals_[local]);
        Push(Constant(Value::Int(static_cast<int8_t>(U1(in.offset + 2)))));
        Apply2(Op::kAdd);
        Store(local);
        return kNext;
      }
      case 0xa7:
      case 0xc8: return int64_t{in.targets[0]};
      case 0xaa:
      case 0xab: return Switch(in);
      case 0xb1: return kDone;
      case 0xc4: return Wide(in);
      default: return Unmodelled(in);
    }
  }

  absl::StatusOr<int64_t> Wide(const Insn& in) {
    const uint8_t op = U1(in.offset + 1);
    const uint32_t local = U2(in.offset + 2);
    if (op >= 0x15 && op <= 0x18) return Load(local), kNext;
    if (op >= 0x36 && op <= 0x39) return Store(local), kNext;
    if (op == 0x84) {
      Push(locals_[local]);
      Push(Constant(Value::Int(static_cast<int16_t>(U2(in.offset + 4)))));
      Apply2(Op::kAdd);
      Store(local);
      return kNext;
    }
    return Unmodelled(in);
  }

  absl::StatusOr<int64_t> Arithmetic(const Insn& in) {
    const uint8_t op = in.opcode;
    if (op >= 0x74 && op <= 0x77) return Apply1(Op::kNeg), kNext;
    static constexpr Op kByGroup[] = {Op::kAdd, Op::kSub, Op::kMul, Op::kDiv, Op::kRem};
    if (op < 0x74) {
      const Op o = kByGroup[(op - 0x60) / 4];
      const int family = (op - 0x60) % 4;  // int, long, float, double
      if (family <= 1 && (o == Op::kDiv || o == Op::kRem)) return Divide(in, o);
      if (o == Op::kRem) {  // frem / drem: fmod, not IEEE remainder; concretized
        Slot b = Pop(), a = Pop();
        const double r = family == 2 ? std::fmod(a.v.AsFloat(), b.v.AsFloat())
                                     : std::fmod(a.v.AsDouble(), b.v.AsDouble());
        Push(Constant(family == 2 ? Value::Float(static_cast<float>(r)) : Value::Double(r)));
        return kNext;
      }
      return Apply2(o), kNext;
    }
    static constexpr Op kBits[] = {Op::kShl, Op::kShl, Op::kShr, Op::kShr, Op::kUshr, Op::kUshr,
                                   Op::kAnd, Op::kAnd, Op::kOr,  Op::kOr,  Op::kXor,  Op::kXor};
    return Apply2(kBits[op - 0x78]), kNext;
  }

  const classfile::ClassFile& cls_;
  const std::vector<uint8_t>& code_;
  ConcolicRun& run_;
  std::vector<Insn> insns_;
  absl::flat_hash_map<uint32_t, size_t> index_;
  std::vector<Slot> locals_;
  std::vector<Slot> stack_;
};

}  // namespace

std::optional<Sort> InputSort(char c) {
  switch (c) {
    case 'I':
    case 'Z':
    case 'B':
    case 'C':
    case 'S': return Sort::kInt;
    case 'J': return Sort::kLong;
    case 'F': return Sort::kFloat;
    case 'D': return Sort::kDouble;
    default: return std::nullopt;
  }
}

absl::StatusOr<ConcolicRun> RunConcolic(const classfile::ClassFile& cls,
                                        const classfile::MethodInfo& m,
                                        std::span<const Value> inputs, int64_t max_steps) {
  if ((m.access & classfile::kAccStatic) == 0 || !m.code.has_value()) {
    return absl::InvalidArgumentError("not a static method with code");
  }
  const std::string_view desc = cls.MethodDescriptor(m);
  ConcolicRun run;
  for (size_t i = 1; i < desc.size() && desc[i] != ')'; ++i) {
    auto sort = InputSort(desc[i]);
    if (!sort)
      return absl::InvalidArgumentError(
          absl::StrCat("parameter of ", std::string(desc), " is not primitive"));
    const int32_t index = static_cast<int32_t>(run.input_sorts.size());
    run.input_sorts.push_back(*sort);
    auto range = [&](int32_t lo, int32_t hi) {  // a narrow int type's values
      const Expr var = Var(index, Sort::kInt);
      run.domain.push_back(Binary(Op::kGe, var, Const(Value::Int(lo))));
      run.domain.push_back(Binary(Op::kLe, var, Const(Value::Int(hi))));
    };
    switch (desc[i]) {
      case 'Z': range(0, 1); break;
      case 'B': range(-128, 127); break;
      case 'C': range(0, 65535); break;
      case 'S': range(-32768, 32767); break;
      default: break;
    }
  }
  if (inputs.size() != run.input_sorts.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat(inputs.size(), " inputs for ", run.input_sorts.size(), " parameters"));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].sort != run.input_sorts[i]) {
      return absl::InvalidArgumentError(absl::StrCat("input ", i, " has another sort"));
    }
  }
  Machine machine(cls, m, run);
  if (auto s = machine.Start(inputs); !s.ok()) return s;
  if (auto s = machine.Run(max_steps); !s.ok()) return s;
  return run;
}

}  // namespace jtg::concolic
