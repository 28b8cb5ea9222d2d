#include "instrument/pit_emit.h"

#include "instrument/insertions.h"
#include "instrument/pit_mutators.h"
#include "instrument/probe_emit.h"

namespace jtg::instrument {
namespace {

namespace op = classfile::op;

constexpr uint8_t kIneg = 0x74, kDneg = 0x77;

// Pushes a signed 16-bit constant. Stack: ... -> ..., I
void PushShort(std::vector<uint8_t>& out, int32_t v) {
  if (v >= -128 && v <= 127) {
    out.push_back(op::kBipush);
    out.push_back(static_cast<uint8_t>(v));
  } else {
    out.push_back(op::kSipush);
    U16(out, static_cast<uint16_t>(v));
  }
}

// iload/istore of local `var`, wide when it needs two bytes.
void LocalInsn(std::vector<uint8_t>& out, uint8_t opcode, uint16_t var) {
  if (var > 255) {
    out.push_back(op::kWide);
    out.push_back(opcode);
    U16(out, var);
  } else {
    out.push_back(opcode);
    out.push_back(static_cast<uint8_t>(var));
  }
}

Status CallHelper(std::vector<uint8_t>& out, std::string_view name, std::string_view desc,
                  classfile::ConstantPool& cp) {
  JTG_ASSIGN_OR_RETURN(uint16_t ref, cp.AddMethodref(kPitMutationClass, name, desc));
  Invokestatic(out, ref);
  return absl::OkStatus();
}

}  // namespace

StatusOr<uint16_t> EmitPitReplacement(const MutationSite& s, const classfile::Insn& in,
                                      const classfile::CodeAttribute& code,
                                      std::string_view descriptor, classfile::ConstantPool& cp,
                                      std::vector<uint8_t>& out) {
  if (in.opcode >= kIneg && in.opcode <= kDneg) {
    static constexpr std::string_view kName[] = {"ineg", "lneg", "fneg", "dneg"};
    static constexpr std::string_view kDesc[] = {"(II)I", "(JI)J", "(FI)F", "(DI)D"};
    // Stack: ..., v -> ..., v, id -> ..., -v (or v under the mutant)
    JTG_RETURN_IF_ERROR(PushSlot(out, s.id, cp));
    JTG_RETURN_IF_ERROR(CallHelper(out, kName[in.opcode - kIneg], kDesc[in.opcode - kIneg], cp));
    return 1;
  }
  if (s.opcode == op::kIinc) {
    const uint16_t var = IincLocal(code, in);
    LocalInsn(out, op::kIload, var);                             // Stack: ..., v
    PushShort(out, IincConstant(code, in));                      // ..., v, c
    JTG_RETURN_IF_ERROR(PushSlot(out, s.id, cp));                // ..., v, c, id
    JTG_RETURN_IF_ERROR(CallHelper(out, "iinc", "(III)I", cp));  // ..., v + c (or v - c)
    LocalInsn(out, op::kIstore, var);                            // ...
    return 3;
  }
  auto r = ReturnMutationOf(descriptor);
  if (!r || r->return_opcode != in.opcode) {
    return absl::InvalidArgumentError("mutation site is no return of its method's type");
  }
  // Stack: ..., v -> ..., v, [kind,] id -> ..., v' (the original value or the mutant's)
  if (r->empty_kind >= 0) PushShort(out, r->empty_kind);
  JTG_RETURN_IF_ERROR(PushSlot(out, s.id, cp));
  JTG_RETURN_IF_ERROR(CallHelper(out, r->helper, r->helper_descriptor, cp));
  if (!r->checkcast.empty()) {
    JTG_ASSIGN_OR_RETURN(uint16_t cls, cp.AddClass(r->checkcast));
    out.push_back(op::kCheckcast);
    U16(out, cls);
  }
  out.push_back(in.opcode);
  return r->empty_kind >= 0 ? 2 : 1;
}

}  // namespace jtg::instrument
