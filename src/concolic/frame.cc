#include "concolic/frame.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "concolic/eval.h"
#include "concolic/strings.h"

namespace jtg::concolic {

using classfile::Insn;

Expr Numeric(const Slot& s) {
  if (s.e && s.e->sort == Sort::kBool) return Const(s.v);
  return s.e;
}

Slot DefaultOf(std::string_view desc) {
  switch (desc.empty() ? 'V' : desc[0]) {
    case 'J': return Slot::Of(Value::Long(0));
    case 'F': return Slot::Of(Value::Float(0));
    case 'D': return Slot::Of(Value::Double(0));
    case 'L':
    case '[': return Slot::Null();
    default: return Slot::Of(Value::Int(0));
  }
}

Frame::Frame(Interpreter& in, const classfile::MethodInfo& m, int32_t method,
             const Interpreter::Decoded& code)
    : in_(in), m_(m), method_(method), code_(m.code->code), decoded_(code) {
  locals_.resize(m.code->max_locals);
}

Slot Frame::Pop() {
  Slot s = stack_.back();
  stack_.pop_back();
  return s;
}

absl::Status Frame::Unmodelled(const Insn& in, std::string_view what) const {
  return absl::UnimplementedError(absl::StrFormat(
      "%s at offset %d of %s%s is not modelled",
      what.empty() ? absl::StrFormat("opcode 0x%02x", in.opcode) : std::string(what), in.offset,
      in_.cls().MethodName(m_), in_.cls().MethodDescriptor(m_)));
}

absl::Status Frame::Use(const Insn& in, const Slot& ref) const {
  if (in_.IsOpaque(ref)) return Unmodelled(in, "the use of a value from an unmodelled call");
  return absl::OkStatus();
}

absl::StatusOr<int64_t> Frame::Throw(const Insn& in, std::string cls) {
  for (const classfile::ExceptionHandler& h : m_.code->handlers) {
    if (in.offset >= h.start_pc && in.offset < h.end_pc) {
      return Unmodelled(in, absl::StrCat("a handler for ", cls));
    }
  }
  in_.run().thrown = std::move(cls);
  return kDone;
}

absl::StatusOr<std::optional<Slot>> Frame::Run(std::vector<Slot> args) {
  size_t local = 0;
  for (Slot& a : args) {
    if (local >= locals_.size()) return absl::InvalidArgumentError("too many arguments");
    const bool wide = a.Wide();
    locals_[local] = std::move(a);
    local += wide ? 2 : 1;
  }
  size_t pc = 0;
  while (true) {
    if (pc >= decoded_.insns.size()) {
      return absl::InvalidArgumentError("ran off the end of the code");
    }
    if (auto s = in_.Step(); !s.ok()) return s;
    auto next = Step(decoded_.insns[pc]);
    if (!next.ok()) return next.status();
    if (*next == kDone) return result_;
    if (*next == kNext) {
      ++pc;
    } else {
      auto it = decoded_.index.find(static_cast<uint32_t>(*next));
      if (it == decoded_.index.end()) return absl::InvalidArgumentError("bad jump target");
      pc = it->second;
    }
  }
}

void Frame::Apply2(Op op) {
  Slot b = Pop(), a = Pop();
  const Value args[] = {a.v, b.v};
  Push({*concolic::Apply(op, args), Binary(op, Numeric(a), Numeric(b))});
}

void Frame::Apply1(Op op) {
  Slot a = Pop();
  const Value args[] = {a.v};
  Push({*concolic::Apply(op, args), Unary(op, Numeric(a))});
}

absl::StatusOr<int64_t> Frame::Conditional(const Insn& in) {
  static constexpr Op kOps[] = {Op::kEq, Op::kNe, Op::kLt, Op::kGe, Op::kGt, Op::kLe};
  const bool two = in.opcode >= 0x9f;
  Slot b = two ? Pop() : Slot::Of(Value::Int(0));
  Slot a = Pop();
  const Op op = kOps[two ? in.opcode - 0x9f : in.opcode - 0x99];
  const Value args[] = {a.v, b.v};
  const bool jump = concolic::Apply(op, args)->AsBool();
  Expr cond;
  if (!two && a.e && a.e->sort == Sort::kBool && (op == Op::kEq || op == Op::kNe)) {
    cond = op == Op::kNe ? a.e : Unary(Op::kNot, a.e);  // ifne jumps when true
  } else {
    cond = Binary(op, Numeric(a), Numeric(b));
  }
  in_.Branch(method_, in.offset, 0, jump, jump ? cond : Unary(Op::kNot, cond));
  return jump ? int64_t{in.targets[0]} : kNext;
}

absl::StatusOr<int64_t> Frame::Switch(const Insn& in) {
  Slot key = Pop();
  const int32_t k = key.v.AsInt();
  const Expr e = Numeric(key);
  for (size_t i = 0; i < in.keys.size(); ++i) {
    const Expr eq = Binary(Op::kEq, e, Const(Value::Int(in.keys[i])));
    const int32_t arm = static_cast<int32_t>(i + 1);
    if (in.keys[i] == k) {
      in_.Branch(method_, in.offset, arm, true, eq);
      return int64_t{in.targets[i + 1]};
    }
    in_.Branch(method_, in.offset, arm, false, Unary(Op::kNot, eq));
  }
  return int64_t{in.targets[0]};
}

absl::StatusOr<int64_t> Frame::Divide(const Insn& in, Op op) {
  const Slot& divisor = stack_.back();
  const bool is_long = divisor.v.sort == Sort::kLong;
  const Expr zero = Const(is_long ? Value::Long(0) : Value::Int(0));
  // The condition on an int: compare longs through lcmp.
  const Expr cmp = is_long ? Binary(Op::kLcmp, Numeric(divisor), zero) : Numeric(divisor);
  const bool is_zero = divisor.v.bits == 0;
  const Expr cond = Binary(is_zero ? Op::kEq : Op::kNe, cmp, Const(Value::Int(0)));
  in_.Branch(method_, in.offset, 0, is_zero, cond);
  if (is_zero) return Throw(in, "java/lang/ArithmeticException");
  Apply2(op);
  return kNext;
}

absl::StatusOr<int64_t> Frame::Ldc(const Insn& in, uint16_t index) {
  const classfile::ClassFile& cls = in_.cls();
  if (index >= cls.cp.size()) return absl::InvalidArgumentError("bad constant index");
  const classfile::CpEntry& c = cls.cp.entries()[index];
  switch (c.tag) {
    case classfile::kCpInteger: Push(Slot::Of(Value::Int(static_cast<int32_t>(c.value)))); break;
    case classfile::kCpFloat: Push(Slot::Of(Value{Sort::kFloat, c.value & 0xffffffffu})); break;
    case classfile::kCpLong: Push(Slot::Of(Value{Sort::kLong, c.value})); break;
    case classfile::kCpDouble: Push(Slot::Of(Value{Sort::kDouble, c.value})); break;
    case classfile::kCpString: {
      auto utf8 = cls.cp.Utf8(c.a);
      if (!utf8.ok()) return utf8.status();
      std::u16string text = DecodeModifiedUtf8(*utf8);
      Expr e = StrConst(text);
      Push(in_.NewString(std::move(text), std::move(e)));
      break;
    }
    default: return Unmodelled(in, "ldc of a class, method handle or dynamic constant");
  }
  return kNext;
}

absl::StatusOr<int64_t> Frame::Step(const Insn& in) {
  const uint8_t op = in.opcode;
  if (op == 0x01) return Push(Slot::Null()), kNext;
  if (op >= 0x02 && op <= 0x08) return Push(Slot::Of(Value::Int(op - 0x03))), kNext;
  if (op == 0x09 || op == 0x0a) return Push(Slot::Of(Value::Long(op - 0x09))), kNext;
  if (op >= 0x0b && op <= 0x0d)
    return Push(Slot::Of(Value::Float(static_cast<float>(op - 0x0b)))), kNext;
  if (op == 0x0e || op == 0x0f) return Push(Slot::Of(Value::Double(op - 0x0e))), kNext;
  if (op >= 0x15 && op <= 0x19) return Load(U1(in.offset + 1)), kNext;
  if (op >= 0x1a && op <= 0x2d) return Load((op - 0x1a) % 4), kNext;
  if (op >= 0x2e && op <= 0x35) return ArrayLoad(in);
  if (op >= 0x36 && op <= 0x3a) return Store(U1(in.offset + 1)), kNext;
  if (op >= 0x3b && op <= 0x4e) return Store((op - 0x3b) % 4), kNext;
  if (op >= 0x4f && op <= 0x56) return ArrayStore(in);
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
  if (op >= 0xac && op <= 0xb0) return result_ = Pop(), kDone;
  if (op >= 0xb2 && op <= 0xb5) return Field(in);
  if (op >= 0xb6 && op <= 0xb9) return Invoke(in);
  switch (op) {
    case 0x00: return kNext;
    case 0x10: return Push(Slot::Of(Value::Int(static_cast<int8_t>(U1(in.offset + 1))))), kNext;
    case 0x11: return Push(Slot::Of(Value::Int(static_cast<int16_t>(U2(in.offset + 1))))), kNext;
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
    case 0x5b: {  // dup_x2, form 1 (three category-1 values) or 2 (b is wide)
      Slot a = Pop(), b = Pop();
      if (b.Wide()) return Push(a), Push(b), Push(a), kNext;
      Slot c = Pop();
      Push(a), Push(c), Push(b), Push(a);
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
      Push(Slot::Of(Value::Int(static_cast<int8_t>(U1(in.offset + 2)))));
      Apply2(Op::kAdd);
      Store(local);
      return kNext;
    }
    case 0xa5:
    case 0xa6: {  // if_acmpeq / if_acmpne: on concrete references
      const Slot b = Pop(), a = Pop();
      if (auto s = Use(in, a); !s.ok()) return s;
      if (auto s = Use(in, b); !s.ok()) return s;
      return (a.v.bits == b.v.bits) == (op == 0xa5) ? int64_t{in.targets[0]} : kNext;
    }
    case 0xa7:
    case 0xc8: return int64_t{in.targets[0]};
    case 0xaa:
    case 0xab: return Switch(in);
    case 0xb1: return kDone;
    case 0xc2:
    case 0xc3: return Pop(), kNext;  // monitorenter / monitorexit
    case 0xc4: return Wide(in);
    case 0xc6:
    case 0xc7: {  // ifnull / ifnonnull
      const Slot ref = Pop();
      if (auto s = Use(in, ref); !s.ok()) return s;
      const bool null = ref.IsNull();
      return null == (op == 0xc6) ? int64_t{in.targets[0]} : kNext;
    }
    default: return Objects(in);
  }
}

absl::StatusOr<int64_t> Frame::Wide(const Insn& in) {
  const uint8_t op = U1(in.offset + 1);
  const uint32_t local = U2(in.offset + 2);
  if (op >= 0x15 && op <= 0x19) return Load(local), kNext;
  if (op >= 0x36 && op <= 0x3a) return Store(local), kNext;
  if (op == 0x84) {
    Push(locals_[local]);
    Push(Slot::Of(Value::Int(static_cast<int16_t>(U2(in.offset + 4)))));
    Apply2(Op::kAdd);
    Store(local);
    return kNext;
  }
  return Unmodelled(in);
}

absl::StatusOr<int64_t> Frame::Arithmetic(const Insn& in) {
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
      Push(Slot::Of(family == 2 ? Value::Float(static_cast<float>(r)) : Value::Double(r)));
      if (!IsGround(a.e) || !IsGround(b.e)) in_.Concretized("frem/drem");
      return kNext;
    }
    return Apply2(o), kNext;
  }
  static constexpr Op kBits[] = {Op::kShl, Op::kShl, Op::kShr, Op::kShr, Op::kUshr, Op::kUshr,
                                 Op::kAnd, Op::kAnd, Op::kOr,  Op::kOr,  Op::kXor,  Op::kXor};
  return Apply2(kBits[op - 0x78]), kNext;
}

}  // namespace jtg::concolic
