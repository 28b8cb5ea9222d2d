#include "classfile/bytecode.h"

#include "absl/strings/str_format.h"
#include "classfile/byte_reader.h"

namespace jtg::classfile {
namespace {

// Fixed instruction lengths; 0 = variable (switches, wide) or invalid opcode.
constexpr uint8_t FixedLength(uint8_t opc) {
  if (opc <= 0x0f) return 1;
  if (opc == op::kBipush || opc == op::kLdc || opc == op::kNewarray || opc == op::kRet) return 2;
  if (opc == op::kSipush || opc == op::kLdcW || opc == op::kLdc2W) return 3;
  if (opc >= 0x15 && opc <= 0x19) return 2;  // xload index
  if (opc >= 0x1a && opc <= 0x35) return 1;
  if (opc >= 0x36 && opc <= 0x3a) return 2;  // xstore index
  if (opc >= 0x3b && opc <= 0x83) return 1;
  if (opc == op::kIinc) return 3;
  if (opc >= 0x85 && opc <= 0x98) return 1;
  if (opc >= op::kIfeq && opc <= op::kJsr) return 3;
  if (opc >= op::kIreturn && opc <= op::kReturn) return 1;
  if (opc >= op::kGetstatic && opc <= op::kInvokestatic) return 3;
  if (opc == op::kInvokeinterface || opc == op::kInvokedynamic) return 5;
  if (opc == op::kNew || opc == op::kAnewarray || opc == op::kCheckcast || opc == op::kInstanceof ||
      opc == op::kIfnull || opc == op::kIfnonnull)
    return 3;
  if (opc == op::kArraylength || opc == op::kAthrow || opc == op::kMonitorenter ||
      opc == op::kMonitorexit)
    return 1;
  if (opc == op::kMultianewarray) return 4;
  if (opc == op::kGotoW || opc == op::kJsrW) return 5;
  return 0;
}

int32_t S4(std::span<const uint8_t> c, size_t at) {
  uint32_t v = (uint32_t{c[at]} << 24) | (uint32_t{c[at + 1]} << 16) | (uint32_t{c[at + 2]} << 8) |
               uint32_t{c[at + 3]};
  return static_cast<int32_t>(v);
}

int16_t S2(std::span<const uint8_t> c, size_t at) {
  return static_cast<int16_t>((c[at] << 8) | c[at + 1]);
}

// Length of a tableswitch/lookupswitch/wide at `offset`, 0 if invalid or truncated.
uint64_t VariableLength(std::span<const uint8_t> code, uint32_t offset) {
  uint8_t opc = code[offset];
  if (opc == op::kWide) {
    if (offset + 1 >= code.size()) return 0;
    uint8_t w = code[offset + 1];
    if (w == op::kIinc) return 6;
    if ((w >= 0x15 && w <= 0x19) || (w >= 0x36 && w <= 0x3a) || w == op::kRet) return 4;
    return 0;
  }
  uint64_t pad = (4 - (uint64_t{offset} + 1) % 4) % 4;
  uint64_t head = 1 + pad;  // opcode + padding; operands follow
  if (opc == op::kTableswitch) {
    if (head + 12 > code.size() - offset) return 0;
    int64_t low = S4(code, offset + head + 4), high = S4(code, offset + head + 8);
    if (high < low) return 0;
    return head + 12 + 4 * static_cast<uint64_t>(high - low + 1);
  }
  if (opc == op::kLookupswitch) {
    if (head + 8 > code.size() - offset) return 0;
    int64_t npairs = S4(code, offset + head + 4);
    if (npairs < 0) return 0;
    return head + 8 + 8 * static_cast<uint64_t>(npairs);
  }
  return 0;
}

InsnKind KindOf(uint8_t opc) {
  if ((opc >= op::kIfeq && opc <= op::kIfAcmpne) || opc == op::kIfnull || opc == op::kIfnonnull)
    return InsnKind::kConditional;
  if (opc == op::kGoto || opc == op::kGotoW) return InsnKind::kGoto;
  if (opc == op::kJsr || opc == op::kJsrW) return InsnKind::kJsr;
  if (opc == op::kRet) return InsnKind::kRet;
  if (opc == op::kTableswitch || opc == op::kLookupswitch) return InsnKind::kSwitch;
  if (opc >= op::kIreturn && opc <= op::kReturn) return InsnKind::kReturn;
  if (opc == op::kAthrow) return InsnKind::kThrow;
  return InsnKind::kPlain;
}

// Fills targets/keys of a decoded branch or switch instruction (length already checked).
void FillTargets(std::span<const uint8_t> code, Insn& insn) {
  const uint32_t at = insn.offset;
  const int64_t base = at;
  switch (insn.opcode) {
    case op::kGotoW:
    case op::kJsrW: insn.targets.push_back(static_cast<uint32_t>(base + S4(code, at + 1))); return;
    case op::kTableswitch:
    case op::kLookupswitch: {
      uint32_t p = at + 1 + (4 - (at + 1) % 4) % 4;
      insn.targets.push_back(static_cast<uint32_t>(base + S4(code, p)));
      if (insn.opcode == op::kTableswitch) {
        int32_t low = S4(code, p + 4), high = S4(code, p + 8);
        for (int64_t k = low; k <= high; ++k) {
          insn.keys.push_back(static_cast<int32_t>(k));
          size_t e = p + 12 + 4 * static_cast<size_t>(k - low);
          insn.targets.push_back(static_cast<uint32_t>(base + S4(code, e)));
        }
      } else {
        int32_t n = S4(code, p + 4);
        for (int32_t i = 0; i < n; ++i) {
          size_t e = p + 8 + 8 * static_cast<size_t>(i);
          insn.keys.push_back(S4(code, e));
          insn.targets.push_back(static_cast<uint32_t>(base + S4(code, e + 4)));
        }
      }
      return;
    }
    default:
      if (insn.kind == InsnKind::kConditional || insn.kind == InsnKind::kGoto ||
          insn.kind == InsnKind::kJsr) {
        insn.targets.push_back(static_cast<uint32_t>(base + S2(code, at + 1)));
      }
      return;
  }
}

// A target as signed, so that a negative target (stored wrapped) is detected.
int64_t SignedTarget(const Insn& insn, size_t i) { return static_cast<int32_t>(insn.targets[i]); }

}  // namespace

uint32_t InsnLength(std::span<const uint8_t> code, uint32_t offset) {
  if (offset >= code.size()) return 0;
  uint64_t len = FixedLength(code[offset]);
  if (len == 0) len = VariableLength(code, offset);
  if (len == 0 || len > code.size() - offset) return 0;
  return static_cast<uint32_t>(len);
}

StatusOr<std::vector<Insn>> DecodeCode(std::span<const uint8_t> code, std::string_view what,
                                       size_t base_offset) {
  std::vector<Insn> insns;
  std::vector<uint8_t> starts(code.size(), 0);
  for (uint32_t at = 0; at < code.size();) {
    uint32_t len = InsnLength(code, at);
    if (len == 0) {
      uint8_t opc = code[at];
      bool known = FixedLength(opc) != 0 || opc == op::kWide || opc == op::kTableswitch ||
                   opc == op::kLookupswitch;
      return DataLossAt(what, base_offset + at,
                        known ? absl::StrFormat("truncated or malformed instruction 0x%02x", opc)
                              : absl::StrFormat("unknown opcode 0x%02x", opc));
    }
    Insn insn;
    insn.offset = at;
    insn.length = len;
    insn.opcode = code[at];
    insn.kind = KindOf(insn.opcode);
    if (insn.opcode == op::kWide && code[at + 1] == op::kRet) insn.kind = InsnKind::kRet;
    starts[at] = 1;
    insns.push_back(std::move(insn));
    at += len;
  }
  for (Insn& insn : insns) {
    FillTargets(code, insn);
    for (size_t i = 0; i < insn.targets.size(); ++i) {
      int64_t t = SignedTarget(insn, i);
      if (t < 0 || t >= static_cast<int64_t>(code.size()) || !starts[t]) {
        return DataLossAt(what, base_offset + insn.offset,
                          absl::StrFormat("branch target %d is not an instruction in the "
                                          "code (length %d)",
                                          t, code.size()));
      }
    }
  }
  return insns;
}

StatusOr<std::vector<Insn>> DecodeCode(std::span<const uint8_t> code) {
  return DecodeCode(code, "bytecode", 0);
}

}  // namespace jtg::classfile
