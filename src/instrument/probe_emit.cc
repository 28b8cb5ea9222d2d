#include "instrument/probe_emit.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "classfile/bytecode.h"
#include "instrument/array_probes.h"
#include "instrument/insertions.h"
#include "instrument/mutation_ops.h"
#include "instrument/pit_emit.h"

namespace jtg::instrument {
namespace {

namespace op = classfile::op;

// Pushes an int constant >= 0. Stack: ... -> ..., I
Status PushInt(std::vector<uint8_t>& out, int32_t v, classfile::ConstantPool& cp) {
  if (v >= 0 && v <= 32767) {
    out.push_back(op::kSipush);
    U16(out, static_cast<uint16_t>(v));
    return absl::OkStatus();
  }
  JTG_ASSIGN_OR_RETURN(uint16_t index, cp.AddInteger(v));
  out.push_back(op::kLdcW);
  U16(out, index);
  return absl::OkStatus();
}

// The strong-mutation probe for a conditional jump's opcode, added to `cp` on first use.
StatusOr<uint16_t> StrongBranchRef(uint8_t o, ProbeRefs& refs, classfile::ConstantPool& cp) {
  uint16_t* ref = &refs.if1m;
  const char* name = "if1m";
  const char* desc = "(III)I";
  if (o >= op::kIfIcmpeq && o <= op::kIfIcmple) {
    ref = &refs.if2m, name = "if2m", desc = "(IIII)I";
  } else if (o == op::kIfAcmpeq || o == op::kIfAcmpne) {
    ref = &refs.if_acmp_m, name = "ifAcmpM", desc = "(Ljava/lang/Object;Ljava/lang/Object;II)I";
  } else if (o == op::kIfnull || o == op::kIfnonnull) {
    ref = &refs.if_null_m, name = "ifNullM", desc = "(Ljava/lang/Object;II)I";
  }
  if (*ref == 0) {
    JTG_ASSIGN_OR_RETURN(*ref, cp.AddMethodref(kProbesClass, name, desc));
  }
  return *ref;
}

// Emits one site; returns the extra stack words it needs.
StatusOr<uint16_t> EmitSite(const ProbeSite& s, ProbeRefs& refs, classfile::ConstantPool& cp,
                            std::vector<uint8_t>& out) {
  if (s.kind == ProbeSite::Kind::kBranch && s.strong) {
    // Stack: ..., v (or ..., a, b) -> ..., taken (0/1), jumped on by the rewritten ifne.
    JTG_RETURN_IF_ERROR(PushInt(out, s.opcode, cp));
    JTG_RETURN_IF_ERROR(PushInt(out, s.id, cp));
    JTG_ASSIGN_OR_RETURN(uint16_t ref, StrongBranchRef(s.opcode, refs, cp));
    Invokestatic(out, ref);
    return 2;
  }
  switch (s.kind) {
    case ProbeSite::Kind::kHit:
      if (refs.array_field != 0 && refs.array_fold_guards) {
        JTG_ASSIGN_OR_RETURN(uint32_t end,
                             EmitFoldGuard(s.id - 1, refs.array_class, refs.array_field, cp, out));
        refs.guards.push_back({s.after, s.insn, end});
        return 3;
      }
      if (refs.array_field != 0 && refs.array_compact) {
        JTG_RETURN_IF_ERROR(EmitCompactProbe(s.id - 1, refs.array_class, cp, out));
        return 0;
      }
      if (refs.array_field != 0) {
        JTG_RETURN_IF_ERROR(EmitArrayStore(s.id - 1, refs.array_field, cp, out));
        return 3;
      }
      // Stack: ...
      JTG_RETURN_IF_ERROR(PushInt(out, s.id, cp));  // Stack: ..., id
      Invokestatic(out, refs.hit);                  // Stack: ...
      return 1;
    case ProbeSite::Kind::kBranch: {
      const uint8_t o = s.opcode;
      const bool two = (o >= op::kIfIcmpeq && o <= op::kIfAcmpne);
      // Stack: ..., v            (two: ..., a, b)
      out.push_back(two ? op::kDup2 : op::kDup);    // ..., v, v  (..., a, b, a, b)
      JTG_RETURN_IF_ERROR(PushInt(out, o, cp));     // ..., v, v, opcode
      JTG_RETURN_IF_ERROR(PushInt(out, s.id, cp));  // ..., v, v, opcode, id
      uint16_t ref = refs.if1;
      if (o >= op::kIfIcmpeq && o <= op::kIfIcmple) ref = refs.if2;
      if (o == op::kIfAcmpeq || o == op::kIfAcmpne) ref = refs.if_acmp;
      if (o == op::kIfnull || o == op::kIfnonnull) ref = refs.if_null;
      Invokestatic(out, ref);  // Stack: ..., v  (..., a, b)
      return two ? 4 : 3;
    }
    case ProbeSite::Kind::kSwitch:
      // Stack: ..., key
      out.push_back(op::kDup);                      // ..., key, key
      JTG_RETURN_IF_ERROR(PushInt(out, s.id, cp));  // ..., key, key, switch_id
      Invokestatic(out, refs.sw);                   // ..., key
      return 2;
    case ProbeSite::Kind::kLoop:
      Invokestatic(out, refs.loop);  // Stack: ... -> ... (may throw BudgetExceeded)
      return 0;
  }
  return 0;
}

}  // namespace

Status PushSlot(std::vector<uint8_t>& out, int32_t slot, classfile::ConstantPool& cp) {
  if (slot >= 0 && slot <= 5) {
    out.push_back(static_cast<uint8_t>(op::kIconst0 + slot));
    return absl::OkStatus();
  }
  if (slot >= 0 && slot <= 127) {
    out.push_back(op::kBipush);
    out.push_back(static_cast<uint8_t>(slot));
    return absl::OkStatus();
  }
  return PushInt(out, slot, cp);
}

Status EmitArrayStore(int32_t slot, uint16_t field_ref, classfile::ConstantPool& cp,
                      std::vector<uint8_t>& out) {
  // Stack: ...
  out.push_back(op::kGetstatic);
  U16(out, field_ref);                           // ..., [Z  (non-null: array_probes.h)
  JTG_RETURN_IF_ERROR(PushSlot(out, slot, cp));  // ..., [Z, slot
  out.push_back(op::kIconst1);                   // ..., [Z, slot, 1
  out.push_back(0x54);                           // bastore; ...
  return absl::OkStatus();
}

StatusOr<uint32_t> EmitFoldGuard(int32_t slot, std::string_view owner, uint16_t field_ref,
                                 classfile::ConstantPool& cp, std::vector<uint8_t>& out) {
  const std::string own(owner);  // the view may point into `cp`
  JTG_ASSIGN_OR_RETURN(uint16_t flag,
                       cp.AddFieldref(own, absl::StrCat(kCompactProbePrefix, slot), kFoldFlagDesc));
  std::vector<uint8_t> store;
  JTG_RETURN_IF_ERROR(EmitArrayStore(slot, field_ref, cp, store));
  // Stack: ...
  out.push_back(op::kGetstatic);
  U16(out, flag);  // ..., Z
  out.push_back(op::kIfne);
  U16(out, static_cast<uint16_t>(3 + store.size()));  // to L
  out.insert(out.end(), store.begin(), store.end());  // ...
  return static_cast<uint32_t>(out.size());           // L
}

Status EmitCompactProbe(int32_t slot, std::string_view owner, classfile::ConstantPool& cp,
                        std::vector<uint8_t>& out) {
  JTG_ASSIGN_OR_RETURN(uint16_t ref,
                       cp.AddMethodref(owner, absl::StrCat(kCompactProbePrefix, slot), "()V"));
  Invokestatic(out, ref);  // Stack: ... -> ...
  return absl::OkStatus();
}

StatusOr<ProbeRefs> AddProbeRefs(classfile::ConstantPool& cp) {
  ProbeRefs r;
  struct M {
    uint16_t* ref;
    const char* name;
    const char* desc;
  };
  const M methods[] = {
      {&r.hit, "hit", "(I)V"},
      {&r.if1, "if1", "(III)V"},
      {&r.if2, "if2", "(IIII)V"},
      {&r.if_null, "ifNull", "(Ljava/lang/Object;II)V"},
      {&r.if_acmp, "ifAcmp", "(Ljava/lang/Object;Ljava/lang/Object;II)V"},
      {&r.sw, "sw", "(II)V"},
      {&r.loop, "loop", "()V"},
      {&r.exit, "exit", "(I)V"},
      {&r.runtime_exit, "runtimeExit", "(Ljava/lang/Runtime;I)V"},
  };
  for (const M& m : methods) {
    JTG_ASSIGN_OR_RETURN(*m.ref, cp.AddMethodref(kProbesClass, m.name, m.desc));
  }
  return r;
}

Status EmitProbes(const std::vector<ProbeSite>& sites, ProbeRefs& refs, classfile::ConstantPool& cp,
                  Insertions& out) {
  for (const ProbeSite& s : sites) {
    auto& dest = s.after ? out.after[s.insn] : out.at_label[s.insn];
    JTG_ASSIGN_OR_RETURN(uint16_t extra, EmitSite(s, refs, cp, dest));
    out.extra_stack = std::max(out.extra_stack, extra);
  }
  return absl::OkStatus();
}

Status EmitCmpReplacements(const std::vector<classfile::Insn>& insns, classfile::ConstantPool& cp,
                           ProbeRefs& refs, Insertions& out) {
  struct M {
    const char* name;
    const char* desc;
  };
  static constexpr M kCmp[] = {
      // by opcode - lcmp
      {"lcmp", "(JJ)I"},  {"fcmpl", "(FF)I"}, {"fcmpg", "(FF)I"},
      {"dcmpl", "(DD)I"}, {"dcmpg", "(DD)I"},
  };
  for (size_t i = 0; i < insns.size(); ++i) {
    const uint8_t o = insns[i].opcode;
    if (o < op::kLcmp || o > op::kDcmpg) continue;
    uint16_t& ref = refs.cmp[o - op::kLcmp];
    if (ref == 0) {
      const M& m = kCmp[o - op::kLcmp];
      JTG_ASSIGN_OR_RETURN(ref, cp.AddMethodref(kProbesClass, m.name, m.desc));
    }
    // Stack: ..., a, b (two words each for long/double) -> ..., int  (as the cmp itself)
    out.replace[i].clear();
    Invokestatic(out.replace[i], ref);
  }
  return absl::OkStatus();
}

Status EmitMutationReplacements(const std::vector<MutationSite>& sites,
                                const std::vector<uint32_t>& insn,
                                const std::vector<classfile::Insn>& insns,
                                const classfile::CodeAttribute& code, std::string_view descriptor,
                                classfile::ClassFile& cls, ProbeRefs& refs, Insertions& out) {
  classfile::ConstantPool& cp = cls.cp;
  for (size_t k = 0; k < sites.size(); ++k) {
    const uint8_t o = sites[k].opcode;
    std::vector<uint8_t>& dest = out.replace[insn[k]];
    dest.clear();
    if (o >= op::kInvokevirtual && o <= op::kInvokeinterface) {  // VOID_METHOD_CALLS
      JTG_ASSIGN_OR_RETURN(uint16_t helper, refs.void_calls.HelperFor(insns[insn[k]], code, cls));
      // Stack: ..., [receiver,] args -> ..., [receiver,] args, id -> ...
      JTG_RETURN_IF_ERROR(PushSlot(dest, sites[k].id, cp));
      Invokestatic(dest, helper);
      out.extra_stack = std::max<uint16_t>(out.extra_stack, 1);
      continue;
    }
    if (!IsMutableOperator(o)) {  // a PIT site (pit_emit.h)
      JTG_ASSIGN_OR_RETURN(
          uint16_t extra, EmitPitReplacement(sites[k], insns[insn[k]], code, descriptor, cp, dest));
      out.extra_stack = std::max(out.extra_stack, extra);
      continue;
    }
    uint16_t& ref = refs.mutation[o - 0x60];  // 0x60 = iadd
    if (ref == 0) {
      JTG_ASSIGN_OR_RETURN(ref, cp.AddMethodref(kWeakMutationClass, OperatorMnemonic(o),
                                                OperatorHelperDescriptor(o)));
    }
    // Stack: ..., a, b (a, b: 1 or 2 words each by type; a long shift's b is an int)
    JTG_RETURN_IF_ERROR(PushInt(dest, sites[k].id, cp));  // ..., a, b, id
    Invokestatic(dest, ref);                              // ..., a OP b
    out.extra_stack = std::max<uint16_t>(out.extra_stack, 1);
  }
  return absl::OkStatus();
}

}  // namespace jtg::instrument
