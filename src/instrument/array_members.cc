// Array probes' class members (array_probes.h): the $jtgProbes field, $jtgInit, the static
// initializer's prefix, and the compact probes' $jtgP<slot> methods and fold flags.
#include <string>

#include "absl/strings/str_cat.h"
#include "instrument/array_probes.h"
#include "instrument/probe_emit.h"

namespace jtg::instrument {
namespace {

namespace op = classfile::op;

// `sipush/ldc_w slots; newarray boolean` (Stack: ... -> ..., [Z).
Status NewProbeArray(int32_t slots, classfile::ConstantPool& cp, std::vector<uint8_t>& out) {
  if (slots <= 32767) {
    out.push_back(op::kSipush);
    out.push_back(static_cast<uint8_t>(slots >> 8));
    out.push_back(static_cast<uint8_t>(slots));
  } else {
    JTG_ASSIGN_OR_RETURN(uint16_t index, cp.AddInteger(slots));
    out.push_back(op::kLdcW);
    out.push_back(static_cast<uint8_t>(index >> 8));
    out.push_back(static_cast<uint8_t>(index));
  }
  out.push_back(op::kNewarray);
  out.push_back(4);  // T_BOOLEAN
  return absl::OkStatus();
}
}  // namespace

StatusOr<std::vector<uint8_t>> ProbeArrayInit(int32_t slots, uint16_t field_ref, uint16_t init_ref,
                                              classfile::ConstantPool& cp) {
  std::vector<uint8_t> out;
  // Stack: ...
  if (init_ref != 0) {
    Invokestatic(out, init_ref);  // ..., [Z
    out.push_back(op::kPop);      // ...
    return out;
  }
  JTG_RETURN_IF_ERROR(NewProbeArray(slots, cp, out));  // ..., [Z
  out.push_back(op::kPutstatic);
  U16(out, field_ref);  // ...
  return out;
}

StatusOr<uint16_t> ProbeArrayRef(classfile::ClassFile& cls) {
  const std::string name(cls.Name());
  return cls.cp.AddFieldref(name, kProbeArrayField, kProbeArrayDesc);
}

StatusOr<uint16_t> ProbeInitRef(classfile::ClassFile& cls) {
  if ((cls.access & classfile::kAccInterface) != 0) return uint16_t{0};
  const std::string name(cls.Name());
  return cls.cp.AddMethodref(name, kProbeInitMethod, kProbeInitDesc);
}

namespace {

// `private static synthetic boolean[] $jtgInit()`:
//    0 getstatic F; 3 dup; 4 ifnonnull 17; 7 pop; 8 sipush/ldc_w N; 11 newarray boolean;
//   13 dup; 14 putstatic F; 17 areturn          (frame at 17: locals [], stack [[Z])
Status AddInitMethod(classfile::ClassFile& cls, int32_t slots, uint16_t field_ref) {
  using namespace classfile;
  CodeAttribute code;
  code.max_stack = 2;
  code.max_locals = 0;
  std::vector<uint8_t>& c = code.code;
  c.push_back(op::kGetstatic);
  U16(c, field_ref);      // [Z|null
  c.push_back(op::kDup);  // x, x
  c.push_back(op::kIfnonnull);
  U16(c, 13);                                            // 4 + 13 = 17; x
  c.push_back(op::kPop);                                 //
  JTG_RETURN_IF_ERROR(NewProbeArray(slots, cls.cp, c));  // [Z
  c.push_back(op::kDup);                                 // [Z, [Z
  c.push_back(op::kPutstatic);
  U16(c, field_ref);  // [Z
  c.push_back(op::kAreturn);
  if (c.size() != 18) return absl::InternalError("$jtgInit: unexpected code size");
  if (cls.major_version >= 50) {
    code.has_stack_map = true;
    StackMapFrame f;
    f.frame_type = 255;
    f.offset = 17;
    VerificationType t;
    t.tag = VerificationType::kObject;
    JTG_ASSIGN_OR_RETURN(t.data, cls.cp.AddClass(kProbeArrayDesc));
    f.stack.push_back(t);
    code.frames.push_back(std::move(f));
  }
  return classfile::AppendMethod(cls, kAccPrivate | kAccStatic | kAccSynthetic, kProbeInitMethod,
                                 kProbeInitDesc, std::move(code));
}
// `private static synthetic boolean[] $jtgInit()` of a final $jtgProbes
// (ArrayProbeOptions::final_array):
//    0 getstatic F; 3 areturn
Status AddGetterInitMethod(classfile::ClassFile& cls, uint16_t field_ref) {
  using namespace classfile;
  CodeAttribute code;
  code.max_stack = 1;
  code.max_locals = 0;
  code.code.push_back(op::kGetstatic);
  U16(code.code, field_ref);
  code.code.push_back(op::kAreturn);
  return classfile::AppendMethod(cls, kAccPrivate | kAccStatic | kAccSynthetic, kProbeInitMethod,
                                 kProbeInitDesc, std::move(code));
}
}  // namespace

uint32_t ProbeBytesBound(size_t sites, size_t pads) {
  // getstatic 3 + sipush/ldc_w 3 + iconst_1 + bastore; a pad adds goto_w 5; prologue 4.
  return static_cast<uint32_t>(8 * sites + 13 * pads + 4);
}

namespace {
// The fold flag of `slot`: `private static final synthetic boolean $jtgP<slot>` (fields and
// methods do not share a namespace, so a slot's method may have the same name). Returns its
// Fieldref.
StatusOr<uint16_t> AddFoldFlag(classfile::ClassFile& cls, const std::string& owner, int32_t slot) {
  using namespace classfile;
  const std::string name = absl::StrCat(kCompactProbePrefix, slot);
  FieldInfo f;
  f.access = kAccPrivate | kAccStatic | kAccFinal | kAccSynthetic;
  JTG_ASSIGN_OR_RETURN(f.name_index, cls.cp.AddUtf8(name));
  JTG_ASSIGN_OR_RETURN(f.descriptor_index, cls.cp.AddUtf8(kFoldFlagDesc));
  cls.fields.push_back(std::move(f));
  return cls.cp.AddFieldref(owner, name, kFoldFlagDesc);
}
}  // namespace

Status AddCompactProbeMethods(classfile::ClassFile& cls, const std::vector<int32_t>& slots,
                              const std::vector<int32_t>& flag_slots, bool fold_flags,
                              bool final_array) {
  using namespace classfile;
  const std::string owner(cls.Name());
  for (int32_t slot : flag_slots) JTG_RETURN_IF_ERROR(AddFoldFlag(cls, owner, slot).status());
  if (slots.empty()) return absl::OkStatus();
  JTG_ASSIGN_OR_RETURN(uint16_t init, ProbeInitRef(cls));
  if (init == 0) return absl::InternalError("compact probes in an interface");
  uint16_t array_field = 0;
  if (final_array) {
    JTG_ASSIGN_OR_RETURN(array_field, cls.cp.AddFieldref(owner, kProbeArrayField, kProbeArrayDesc));
  }
  for (int32_t slot : slots) {
    const std::string name = absl::StrCat(kCompactProbePrefix, slot);
    CodeAttribute code;
    code.max_stack = 3;
    code.max_locals = 0;
    std::vector<uint8_t>& c = code.code;
    if (fold_flags) {
      JTG_ASSIGN_OR_RETURN(uint16_t flag, AddFoldFlag(cls, owner, slot));
      c.push_back(op::kGetstatic);
      U16(c, flag);  // Z
      c.push_back(op::kIfne);
      U16(c, 11);  // 3 + 11 = 14: return
    }
    if (final_array) {  // [Z
      c.push_back(op::kGetstatic);
      U16(c, array_field);
    } else {
      Invokestatic(c, init);
    }
    if (slot <= 32767) {  // [Z, slot
      c.push_back(op::kSipush);
      U16(c, static_cast<uint16_t>(slot));
    } else {
      JTG_ASSIGN_OR_RETURN(uint16_t index, cls.cp.AddInteger(slot));
      c.push_back(op::kLdcW);
      U16(c, index);
    }
    c.push_back(op::kIconst1);  // [Z, slot, 1
    c.push_back(0x54);          // bastore
    c.push_back(op::kReturn);
    if (fold_flags) {
      if (c.size() != 15) return absl::InternalError("$jtgP: unexpected code size");
      if (cls.major_version >= 50) {
        code.has_stack_map = true;
        StackMapFrame fr;
        fr.frame_type = 255;  // full_frame at 14: no locals, empty stack
        fr.offset = 14;
        code.frames.push_back(std::move(fr));
      }
    }
    JTG_RETURN_IF_ERROR(classfile::AppendMethod(cls, kAccPrivate | kAccStatic | kAccSynthetic,
                                                name.c_str(), "()V", std::move(code)));
  }
  return absl::OkStatus();
}

Status AddProbeArrayMembers(classfile::ClassFile& cls, int32_t slots, bool has_clinit,
                            bool final_array) {
  using namespace classfile;
  FieldInfo f;
  const bool iface = (cls.access & kAccInterface) != 0;
  // Not final in a class unless final_array: $jtgInit may set it outside <clinit>.
  f.access = iface ? (kAccPublic | kAccStatic | kAccFinal | kAccSynthetic)
                   : (kAccPrivate | kAccStatic | kAccSynthetic | kAccTransient |
                      (final_array ? kAccFinal : 0));
  JTG_ASSIGN_OR_RETURN(f.name_index, cls.cp.AddUtf8(kProbeArrayField));
  JTG_ASSIGN_OR_RETURN(f.descriptor_index, cls.cp.AddUtf8(kProbeArrayDesc));
  cls.fields.push_back(std::move(f));
  JTG_ASSIGN_OR_RETURN(uint16_t ref, ProbeArrayRef(cls));
  JTG_ASSIGN_OR_RETURN(uint16_t init, ProbeInitRef(cls));
  if (init != 0 && final_array) JTG_RETURN_IF_ERROR(AddGetterInitMethod(cls, ref));
  if (init != 0 && !final_array) JTG_RETURN_IF_ERROR(AddInitMethod(cls, slots, ref));
  if (has_clinit) return absl::OkStatus();
  CodeAttribute code;
  code.max_stack = 1;
  code.max_locals = 0;
  JTG_ASSIGN_OR_RETURN(code.code, ProbeArrayInit(slots, ref, final_array ? 0 : init, cls.cp));
  code.code.push_back(op::kReturn);
  return classfile::AppendMethod(cls, kAccStatic, "<clinit>", "()V", std::move(code));
}

}  // namespace jtg::instrument
