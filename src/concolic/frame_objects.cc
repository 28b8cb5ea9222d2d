// The object, field, array and call instructions of Frame (frame.h).
#include "absl/strings/str_cat.h"
#include "classfile/descriptor.h"
#include "concolic/eval.h"
#include "concolic/frame.h"
#include "concolic/natives.h"

namespace jtg::concolic {

using classfile::Insn;

namespace {

// The element descriptor of array type `type` ("[I" -> "I").
std::string_view ElementOf(std::string_view type) { return type.substr(1); }

// The narrowing bastore/castore/sastore apply to the stored int.
std::optional<Op> StoreNarrowing(uint8_t opcode, std::string_view elem) {
  if (opcode == 0x54) return elem == "Z" ? std::optional<Op>() : Op::kI2B;
  if (opcode == 0x55) return Op::kI2C;
  if (opcode == 0x56) return Op::kI2S;
  return std::nullopt;
}

}  // namespace

absl::StatusOr<int64_t> Frame::Access(const Insn& in, const Slot& array, const Slot& index,
                                      size_t& at) {
  if (auto s = Use(in, array); !s.ok()) return s;
  if (array.IsNull()) return Throw(in, "java/lang/NullPointerException");
  const auto length = static_cast<int32_t>(in_.Object(array).elems.size());
  const int32_t i = index.v.AsInt();
  const Expr e = Numeric(index);
  const Expr lo = Binary(Op::kGe, e, Const(Value::Int(0)));
  const Expr hi = Binary(Op::kLt, e, Const(Value::Int(length)));
  const bool lo_ok = i >= 0, hi_ok = i < length;
  in_.Branch(method_, in.offset, -1, !lo_ok, lo_ok ? lo : Unary(Op::kNot, lo));
  if (lo_ok) in_.Branch(method_, in.offset, -2, !hi_ok, hi_ok ? hi : Unary(Op::kNot, hi));
  if (!lo_ok || !hi_ok) return Throw(in, "java/lang/ArrayIndexOutOfBoundsException");
  at = static_cast<size_t>(i);
  return kNext;
}

absl::StatusOr<int64_t> Frame::ArrayLoad(const Insn& in) {
  const Slot index = Pop(), array = Pop();
  size_t at = 0;
  auto checked = Access(in, array, index, at);
  if (!checked.ok() || *checked != kNext) return checked;
  Push(in_.Object(array).elems[at]);
  return kNext;
}

absl::StatusOr<int64_t> Frame::ArrayStore(const Insn& in) {
  Slot value = Pop();
  const Slot index = Pop(), array = Pop();
  size_t at = 0;
  auto checked = Access(in, array, index, at);
  if (!checked.ok() || *checked != kNext) return checked;
  if (auto narrow = StoreNarrowing(in.opcode, ElementOf(in_.Object(array).cls))) {
    const Value v[] = {value.v};
    value = {*concolic::Apply(*narrow, v), Unary(*narrow, Numeric(value))};
  }
  in_.Object(array).elems[at] = std::move(value);
  return kNext;
}

absl::StatusOr<int64_t> Frame::Field(const Insn& in) {
  auto ref = in_.cls().cp.Member(U2(in.offset + 1));
  if (!ref.ok()) return ref.status();
  if (in.opcode <= 0xb3)
    return Unmodelled(in, absl::StrCat("static field ", std::string(ref->name)));
  const std::string name(ref->name);
  if (in.opcode == 0xb4) {  // getfield
    const Slot obj = Pop();
    if (auto s = Use(in, obj); !s.ok()) return s;
    if (obj.IsNull()) return Throw(in, "java/lang/NullPointerException");
    const HeapObject& o = in_.Object(obj);
    auto it = o.fields.find(name);
    Push(it != o.fields.end() ? it->second : DefaultOf(ref->descriptor));
    return kNext;
  }
  Slot value = Pop();
  const Slot obj = Pop();
  if (auto s = Use(in, obj); !s.ok()) return s;
  if (obj.IsNull()) return Throw(in, "java/lang/NullPointerException");
  in_.Object(obj).fields[name] = std::move(value);
  return kNext;
}

absl::StatusOr<int64_t> Frame::Invoke(const Insn& in) {
  const classfile::ClassFile& cls = in_.cls();
  auto ref = cls.cp.Member(U2(in.offset + 1));
  if (!ref.ok()) return ref.status();
  auto desc = classfile::ParseMethodDescriptor(ref->descriptor);
  if (!desc.ok()) return desc.status();
  const bool is_static = in.opcode == 0xb8;
  std::vector<Slot> args(desc->params.size() + (is_static ? 0 : 1));
  for (size_t i = args.size(); i-- > 0;) args[i] = Pop();
  if (!is_static) {
    if (auto s = Use(in, args[0]); !s.ok()) return s;
    if (args[0].IsNull()) return Throw(in, "java/lang/NullPointerException");
  }
  // A method of the class under test, called on it or on one of its objects, is
  // interpreted; a constructor of its superclass other than Object is not modelled.
  const bool own = ref->owner == cls.Name() &&
                   (is_static || in_.Object(args[0]).cls == cls.Name() || in.opcode == 0xb7);
  absl::StatusOr<std::optional<Slot>> r = absl::UnimplementedError("");
  if (own) {
    const classfile::MethodInfo* target = nullptr;
    for (const classfile::MethodInfo& m : cls.methods) {
      if (cls.MethodName(m) == ref->name && cls.MethodDescriptor(m) == ref->descriptor) target = &m;
    }
    if (target == nullptr) {
      return Unmodelled(in, absl::StrCat("inherited method ", std::string(ref->name),
                                         std::string(ref->descriptor)));
    }
    r = in_.Call(*target, std::move(args));
  } else {
    for (const Slot& a : args) {  // a modelled JDK method reads its arguments
      if (auto s = Use(in, a); !s.ok()) return s;
    }
    r = CallNative(in_, CallSite{method_, in.offset}, ref->owner, ref->name, ref->descriptor, args);
    if (!r.ok() && r.status().code() == absl::StatusCode::kUnimplemented) {
      return Unmodelled(in, absl::StrCat("call of ", std::string(ref->owner), ".",
                                         std::string(ref->name), std::string(ref->descriptor)));
    }
  }
  if (!r.ok()) return r.status();
  if (!in_.run().thrown.empty()) return Throw(in, in_.run().thrown);
  if (*r) Push(**r);
  return kNext;
}

absl::StatusOr<int64_t> Frame::Objects(const Insn& in) {
  const classfile::ClassFile& cls = in_.cls();
  switch (in.opcode) {
    case 0xbb: {  // new
      auto name = cls.cp.ClassName(U2(in.offset + 1));
      if (!name.ok()) return name.status();
      Push(in_.NewObject(std::string(*name)));
      return kNext;
    }
    case 0xbc:    // newarray
    case 0xbd: {  // anewarray
      const Slot count = Pop();
      const int32_t n = count.v.AsInt();
      if (!IsGround(Numeric(count))) in_.Concretized("array length");
      if (n < 0) return Throw(in, "java/lang/NegativeArraySizeException");
      std::string type;
      if (in.opcode == 0xbc) {
        static constexpr char kTypes[] = "ZCFDBSIJ";  // atype 4 ... 11
        const uint8_t atype = U1(in.offset + 1);
        if (atype < 4 || atype > 11) return absl::InvalidArgumentError("bad newarray type");
        type = std::string("[") + kTypes[atype - 4];
      } else {
        auto name = cls.cp.ClassName(U2(in.offset + 1));
        if (!name.ok()) return name.status();
        const std::string n(*name);
        type = n.starts_with("[") ? "[" + n : "[L" + n + ";";
      }
      const Slot fill = DefaultOf(ElementOf(type));
      Push(in_.NewArray(type, std::vector<Slot>(static_cast<size_t>(n), fill)));
      return kNext;
    }
    case 0xbe: {  // arraylength
      const Slot array = Pop();
      if (auto s = Use(in, array); !s.ok()) return s;
      if (array.IsNull()) return Throw(in, "java/lang/NullPointerException");
      Push(Slot::Of(Value::Int(static_cast<int32_t>(in_.Object(array).elems.size()))));
      return kNext;
    }
    case 0xbf: {  // athrow
      const Slot ex = Pop();
      if (auto s = Use(in, ex); !s.ok()) return s;
      return Throw(in, ex.IsNull() ? "java/lang/NullPointerException" : in_.Object(ex).cls);
    }
    case 0xc0:  // checkcast: the code's own casts are taken to hold
      if (auto s = Use(in, stack_.back()); !s.ok()) return s;
      return kNext;
    case 0xc1: {  // instanceof, where the answer does not need the hierarchy
      auto name = cls.cp.ClassName(U2(in.offset + 1));
      if (!name.ok()) return name.status();
      const Slot obj = Pop();
      if (auto s = Use(in, obj); !s.ok()) return s;
      if (obj.IsNull()) return Push(Slot::Of(Value::Int(0))), kNext;
      if (in_.Object(obj).cls == *name || *name == "java/lang/Object") {
        return Push(Slot::Of(Value::Int(1))), kNext;
      }
      return Unmodelled(in, absl::StrCat("instanceof ", std::string(*name)));
    }
    default: return Unmodelled(in);
  }
}

}  // namespace jtg::concolic
