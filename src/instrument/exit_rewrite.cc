#include "instrument/exit_rewrite.h"

namespace jtg::instrument {

namespace op = classfile::op;

int RewriteExits(const classfile::ConstantPool& cp, const std::vector<classfile::Insn>& insns,
                 const ProbeRefs& refs, std::vector<uint8_t>& code) {
  int rewritten = 0;
  for (const classfile::Insn& in : insns) {
    if (in.opcode != op::kInvokestatic && in.opcode != op::kInvokevirtual) continue;
    const uint16_t index = static_cast<uint16_t>((code[in.offset + 1] << 8) | code[in.offset + 2]);
    auto ref = cp.Member(index);
    if (!ref.ok() || ref->descriptor != "(I)V") continue;
    uint16_t replacement = 0;
    if (in.opcode == op::kInvokestatic && ref->owner == "java/lang/System" && ref->name == "exit") {
      replacement = refs.exit;
    } else if (in.opcode == op::kInvokevirtual && ref->owner == "java/lang/Runtime" &&
               (ref->name == "exit" || ref->name == "halt")) {
      replacement = refs.runtime_exit;
    } else {
      continue;
    }
    code[in.offset] = op::kInvokestatic;
    code[in.offset + 1] = static_cast<uint8_t>(replacement >> 8);
    code[in.offset + 2] = static_cast<uint8_t>(replacement);
    ++rewritten;
  }
  return rewritten;
}

}  // namespace jtg::instrument
