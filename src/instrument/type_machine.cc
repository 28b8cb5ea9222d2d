#include "instrument/type_machine.h"

namespace jtg::instrument::detail {

using classfile::InsnKind;
namespace op = classfile::op;

Status Machine::Ldc(const Insn& in, uint16_t index) {
  const auto& entries = cp_.entries();
  if (index == 0 || index >= entries.size()) {
    return absl::InvalidArgumentError(absl::StrCat("offset ", in.offset, ": bad ldc index"));
  }
  const classfile::CpEntry e = entries[index];  // a copy: the pool may grow below
  switch (e.tag) {
    case classfile::kCpInteger: PushPrim(VerificationType::kInteger); return absl::OkStatus();
    case classfile::kCpFloat: PushPrim(VerificationType::kFloat); return absl::OkStatus();
    case classfile::kCpLong: PushPrim(VerificationType::kLong); return absl::OkStatus();
    case classfile::kCpDouble: PushPrim(VerificationType::kDouble); return absl::OkStatus();
    case classfile::kCpString: break;
    case classfile::kCpClass: break;
    case classfile::kCpMethodType: break;
    case classfile::kCpMethodHandle: break;
    case classfile::kCpDynamic: {
      if (e.b == 0 || e.b >= entries.size()) {
        return absl::InvalidArgumentError(
            absl::StrCat("offset ", in.offset, ": bad dynamic constant"));
      }
      JTG_ASSIGN_OR_RETURN(std::string_view d, cp_.Utf8(entries[e.b].b));
      JTG_ASSIGN_OR_RETURN(classfile::TypeDesc t, classfile::ParseFieldDescriptor(std::string(d)));
      return PushDescriptor(t);
    }
    default:
      return absl::InvalidArgumentError(absl::StrCat("offset ", in.offset, ": ldc of a ",
                                                     std::string(classfile::CpTagName(e.tag))));
  }
  const char* name = e.tag == classfile::kCpString       ? "java/lang/String"
                     : e.tag == classfile::kCpClass      ? "java/lang/Class"
                     : e.tag == classfile::kCpMethodType ? "java/lang/invoke/MethodType"
                                                         : "java/lang/invoke/MethodHandle";
  JTG_ASSIGN_OR_RETURN(VerificationType v, ObjectOf(name));
  Push(v);
  return absl::OkStatus();
}

Status Machine::Invoke(const Insn& in, uint16_t index) {
  std::string owner, name, desc;
  if (in.opcode == op::kInvokedynamic) {
    const auto& entries = cp_.entries();
    if (index == 0 || index >= entries.size() ||
        entries[index].tag != classfile::kCpInvokeDynamic || entries[index].b >= entries.size()) {
      return absl::InvalidArgumentError(absl::StrCat("offset ", in.offset, ": bad invokedynamic"));
    }
    JTG_ASSIGN_OR_RETURN(std::string_view d, cp_.Utf8(entries[entries[index].b].b));
    desc = std::string(d);
  } else {
    JTG_ASSIGN_OR_RETURN(auto ref, cp_.Member(index));
    owner = std::string(ref.owner);
    name = std::string(ref.name);
    desc = std::string(ref.descriptor);
  }
  auto md = classfile::ParseMethodDescriptor(desc);
  if (!md.ok()) return absl::InvalidArgumentError(md.status().message());
  JTG_RETURN_IF_ERROR(PopN(in, md->params.size()));
  if (in.opcode == op::kInvokespecial && name == "<init>") {
    JTG_ASSIGN_OR_RETURN(VerificationType receiver, Pop(in));
    VerificationType done;
    if (receiver.tag == VerificationType::kUninitializedThis) {
      JTG_ASSIGN_OR_RETURN(done, ObjectOf(class_name_));
    } else if (receiver.tag == VerificationType::kUninitialized &&
               receiver.data + 2u < code_.code.size() && code_.code[receiver.data] == op::kNew) {
      JTG_ASSIGN_OR_RETURN(std::string_view cname, cp_.ClassName(U16At(receiver.data + 1)));
      JTG_ASSIGN_OR_RETURN(done, ObjectOf(std::string(cname)));
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("offset ", in.offset, ": <init> on an initialized value"));
    }
    for (auto* list : {&locals_, &stack_}) {
      for (VerificationType& v : *list) {
        if (v == receiver) v = done;
      }
    }
  } else if (in.opcode != op::kInvokestatic && in.opcode != op::kInvokedynamic) {
    JTG_RETURN_IF_ERROR(Pop(in).status());
  }
  return PushDescriptor(md->ret);
}

// dup and friends by the categories of the top entries (JVMS §6.5: the forms of each).
Status Machine::Dup(const Insn& in, uint8_t opcode) {
  auto cat = [&](size_t from_top) { return Wide(stack_[stack_.size() - 1 - from_top]) ? 2 : 1; };
  // Moves copies of the top `n` entries below the `depth` entries under them.
  auto dup = [&](size_t n, size_t depth) -> Status {
    if (stack_.size() < n + depth) return Underflow(in);
    std::vector<VerificationType> top(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
    stack_.insert(stack_.end() - static_cast<std::ptrdiff_t>(n + depth), top.begin(), top.end());
    return absl::OkStatus();
  };
  if (stack_.empty()) return Underflow(in);
  switch (opcode) {
    case op::kDup: return dup(1, 0);
    case op::kDupX1: return dup(1, 1);
    case op::kDupX2:  // form 1: v3 v2 v1 (all cat 1); form 2: v2 (cat 2) v1
      if (stack_.size() < 2) return Underflow(in);
      return dup(1, cat(1) == 2 ? 1 : 2);
    case op::kDup2:  // form 1: two cat-1 values; form 2: one cat-2 value
      return dup(cat(0) == 2 ? 1 : 2, 0);
    case 0x5d: {  // dup2_x1
      const size_t n = cat(0) == 2 ? 1 : 2;
      return dup(n, 1);
    }
    case 0x5e: {  // dup2_x2
      const size_t n = cat(0) == 2 ? 1 : 2;
      if (stack_.size() < n + 1) return Underflow(in);
      const size_t depth = cat(n) == 2 ? 1 : 2;
      return dup(n, depth);
    }
    default: break;
  }
  return absl::InternalError("not a dup");
}

StatusOr<bool> Machine::Step(const Insn& in) {
  using VT = VerificationType;
  const uint8_t o = in.opcode;
  const uint32_t at = in.offset;
  switch (in.kind) {
    case InsnKind::kJsr:
    case InsnKind::kRet:
    case InsnKind::kGoto:
    case InsnKind::kReturn:
    case InsnKind::kThrow:
    case InsnKind::kSwitch: return false;
    case InsnKind::kConditional:
      JTG_RETURN_IF_ERROR(PopN(in, (o >= op::kIfIcmpeq && o <= op::kIfAcmpne) ? 2 : 1));
      return true;
    case InsnKind::kPlain: break;
  }
  if (o == op::kNop || o == op::kIinc) return true;
  if (o == op::kAconstNull) {
    PushPrim(VT::kNull);
    return true;
  }
  if (o >= op::kIconstM1 && o <= 0x08) {
    PushPrim(VT::kInteger);
    return true;
  }
  if (o == 0x09 || o == 0x0a) {
    PushPrim(VT::kLong);
    return true;
  }
  if (o >= 0x0b && o <= 0x0d) {
    PushPrim(VT::kFloat);
    return true;
  }
  if (o == 0x0e || o == 0x0f) {
    PushPrim(VT::kDouble);
    return true;
  }
  if (o == op::kBipush || o == op::kSipush) {
    PushPrim(VT::kInteger);
    return true;
  }
  if (o == op::kLdc) {
    JTG_RETURN_IF_ERROR(Ldc(in, code_.code[at + 1]));
    return true;
  }
  if (o == op::kLdcW || o == op::kLdc2W) {
    JTG_RETURN_IF_ERROR(Ldc(in, U16At(at + 1)));
    return true;
  }
  // Loads and stores: kind 0..4 = i l f d a.
  static constexpr uint8_t kKindTag[] = {VT::kInteger, VT::kLong, VT::kFloat, VT::kDouble,
                                         VT::kTop};
  auto load = [&](int kind, uint32_t n) {
    if (kind == 4)
      Push(Local(n));
    else
      PushPrim(kKindTag[kind]);
  };
  auto store = [&](uint32_t n) -> Status {
    JTG_ASSIGN_OR_RETURN(VT v, Pop(in));
    Store(n, v);
    return absl::OkStatus();
  };
  if (o >= op::kIload && o <= op::kAload) {
    load(o - op::kIload, code_.code[at + 1]);
    return true;
  }
  if (o >= 0x1a && o <= 0x2d) {
    load((o - 0x1a) / 4, (o - 0x1a) % 4);
    return true;
  }
  if (o >= op::kIstore && o <= op::kAstore) {
    JTG_RETURN_IF_ERROR(store(code_.code[at + 1]));
    return true;
  }
  if (o >= 0x3b && o <= 0x4e) {
    JTG_RETURN_IF_ERROR(store((o - 0x3b) % 4));
    return true;
  }
  if (o == op::kWide) {
    const uint8_t w = code_.code[at + 1];
    const uint32_t n = U16At(at + 2);
    if (w == op::kIinc) return true;
    if (w >= op::kIload && w <= op::kAload) {
      load(w - op::kIload, n);
      return true;
    }
    if (w >= op::kIstore && w <= op::kAstore) {
      JTG_RETURN_IF_ERROR(store(n));
      return true;
    }
    return false;  // wide ret
  }
  // Array loads: iaload laload faload daload aaload baload caload saload.
  if (o >= 0x2e && o <= 0x35) {
    JTG_RETURN_IF_ERROR(Pop(in).status());  // index
    JTG_ASSIGN_OR_RETURN(VT array, Pop(in));
    static constexpr uint8_t kElem[] = {VT::kInteger, VT::kLong,    VT::kFloat,   VT::kDouble,
                                        VT::kTop,     VT::kInteger, VT::kInteger, VT::kInteger};
    if (o != 0x32) {
      PushPrim(kElem[o - 0x2e]);
      return true;
    }
    if (array.tag == VT::kNull) {
      PushPrim(VT::kNull);
      return true;
    }
    if (array.tag != VT::kObject) {
      return absl::InvalidArgumentError(absl::StrCat("offset ", at, ": aaload on a non-array"));
    }
    JTG_ASSIGN_OR_RETURN(std::string_view an, cp_.ClassName(array.data));
    const std::string name(an);
    if (name.size() < 2 || name[0] != '[') {
      return absl::InvalidArgumentError(absl::StrCat("offset ", at, ": aaload on ", name));
    }
    auto component = classfile::ParseFieldDescriptor(name.substr(1));
    if (!component.ok()) return absl::InvalidArgumentError(component.status().message());
    JTG_RETURN_IF_ERROR(PushDescriptor(*component));
    return true;
  }
  if (o >= 0x4f && o <= 0x56) {
    JTG_RETURN_IF_ERROR(PopN(in, 3));
    return true;
  }  // *astore
  if (o == op::kPop) {
    JTG_RETURN_IF_ERROR(Pop(in).status());
    return true;
  }
  if (o == op::kPop2) {
    if (stack_.empty()) return Underflow(in);
    JTG_RETURN_IF_ERROR(PopN(in, Wide(stack_.back()) ? 1 : 2));
    return true;
  }
  if (o >= op::kDup && o <= 0x5e) {
    JTG_RETURN_IF_ERROR(Dup(in, o));
    return true;
  }
  if (o == op::kSwap) {
    if (stack_.size() < 2) return Underflow(in);
    std::swap(stack_[stack_.size() - 1], stack_[stack_.size() - 2]);
    return true;
  }
  // Arithmetic: iadd..drem in groups of four (i l f d), then ineg..dneg.
  static constexpr uint8_t kNum[] = {VT::kInteger, VT::kLong, VT::kFloat, VT::kDouble};
  if (o >= 0x60 && o <= 0x73) {
    JTG_RETURN_IF_ERROR(PopN(in, 2));
    PushPrim(kNum[(o - 0x60) % 4]);
    return true;
  }
  if (o >= 0x74 && o <= 0x77) {
    JTG_RETURN_IF_ERROR(PopN(in, 1));
    PushPrim(kNum[o - 0x74]);
    return true;
  }
  if (o >= 0x78 && o <= 0x83) {  // ishl lshl ishr lshr iushr lushr iand land ior lor ixor lxor
    JTG_RETURN_IF_ERROR(PopN(in, 2));
    PushPrim((o - 0x78) % 2 == 0 ? VT::kInteger : VT::kLong);
    return true;
  }
  if (o >= 0x85 && o <= 0x93) {  // conversions
    static constexpr uint8_t kTo[] = {VT::kLong,    VT::kFloat,   VT::kDouble,  VT::kInteger,
                                      VT::kFloat,   VT::kDouble,  VT::kInteger, VT::kLong,
                                      VT::kDouble,  VT::kInteger, VT::kLong,    VT::kFloat,
                                      VT::kInteger, VT::kInteger, VT::kInteger};
    JTG_RETURN_IF_ERROR(PopN(in, 1));
    PushPrim(kTo[o - 0x85]);
    return true;
  }
  if (o >= op::kLcmp && o <= op::kDcmpg) {
    JTG_RETURN_IF_ERROR(PopN(in, 2));
    PushPrim(VT::kInteger);
    return true;
  }
  if (o >= op::kGetstatic && o <= op::kPutfield) {
    JTG_ASSIGN_OR_RETURN(auto ref, cp_.Member(U16At(at + 1)));
    auto t = classfile::ParseFieldDescriptor(std::string(ref.descriptor));
    if (!t.ok()) return absl::InvalidArgumentError(t.status().message());
    if (o == op::kPutstatic || o == op::kPutfield) JTG_RETURN_IF_ERROR(Pop(in).status());
    if (o == op::kGetfield || o == op::kPutfield) JTG_RETURN_IF_ERROR(Pop(in).status());
    if (o == op::kGetstatic || o == op::kGetfield) JTG_RETURN_IF_ERROR(PushDescriptor(*t));
    return true;
  }
  if (o >= op::kInvokevirtual && o <= op::kInvokedynamic) {
    JTG_RETURN_IF_ERROR(Invoke(in, U16At(at + 1)));
    return true;
  }
  if (o == op::kNew) {
    VT v;
    v.tag = VT::kUninitialized;
    v.data = static_cast<uint16_t>(at);
    Push(v);
    return true;
  }
  if (o == op::kNewarray) {
    static constexpr const char* kArrays[] = {"[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J"};
    const uint8_t t = code_.code[at + 1];
    if (t < 4 || t > 11)
      return absl::InvalidArgumentError(absl::StrCat("offset ", at, ": bad newarray type"));
    JTG_RETURN_IF_ERROR(Pop(in).status());
    JTG_ASSIGN_OR_RETURN(VT v, ObjectOf(kArrays[t - 4]));
    Push(v);
    return true;
  }
  if (o == op::kAnewarray || o == op::kCheckcast || o == op::kMultianewarray) {
    JTG_ASSIGN_OR_RETURN(std::string_view cn, cp_.ClassName(U16At(at + 1)));
    std::string name(cn);
    if (o == op::kAnewarray) name = name[0] == '[' ? "[" + name : absl::StrCat("[L", name, ";");
    JTG_RETURN_IF_ERROR(PopN(in, o == op::kMultianewarray ? code_.code[at + 3] : 1));
    JTG_ASSIGN_OR_RETURN(VT v, ObjectOf(name));
    Push(v);
    return true;
  }
  if (o == op::kArraylength || o == op::kInstanceof) {
    JTG_RETURN_IF_ERROR(Pop(in).status());
    PushPrim(VT::kInteger);
    return true;
  }
  if (o == op::kMonitorenter || o == op::kMonitorexit) {
    JTG_RETURN_IF_ERROR(Pop(in).status());
    return true;
  }
  return absl::InvalidArgumentError(absl::StrCat("offset ", at, ": unmodeled opcode ", o));
}

}  // namespace jtg::instrument::detail
