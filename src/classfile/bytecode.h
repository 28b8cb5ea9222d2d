// Bytecode decoding (JVMS 17 §6.5): instruction boundaries, lengths, branch targets and
// switch tables. Offsets are byte offsets into CodeAttribute::code.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::classfile {

namespace op {
enum : uint8_t {
  kNop = 0x00,
  kAconstNull = 0x01,
  kIconstM1 = 0x02,
  kIconst0 = 0x03,
  kIconst1 = 0x04,
  kBipush = 0x10,
  kSipush = 0x11,
  kLdc = 0x12,
  kLdcW = 0x13,
  kLdc2W = 0x14,
  kIload = 0x15,
  kAload = 0x19,
  kIstore = 0x36,
  kAstore = 0x3a,
  kIinc = 0x84,
  kPop = 0x57,
  kPop2 = 0x58,
  kDup = 0x59,
  kDupX1 = 0x5a,
  kDupX2 = 0x5b,
  kDup2 = 0x5c,
  kSwap = 0x5f,
  kLcmp = 0x94,
  kFcmpl = 0x95,
  kFcmpg = 0x96,
  kDcmpl = 0x97,
  kDcmpg = 0x98,
  kIfeq = 0x99,
  kIfne = 0x9a,
  kIflt = 0x9b,
  kIfge = 0x9c,
  kIfgt = 0x9d,
  kIfle = 0x9e,
  kIfIcmpeq = 0x9f,
  kIfIcmpne = 0xa0,
  kIfIcmplt = 0xa1,
  kIfIcmpge = 0xa2,
  kIfIcmpgt = 0xa3,
  kIfIcmple = 0xa4,
  kIfAcmpeq = 0xa5,
  kIfAcmpne = 0xa6,
  kGoto = 0xa7,
  kJsr = 0xa8,
  kRet = 0xa9,
  kTableswitch = 0xaa,
  kLookupswitch = 0xab,
  kIreturn = 0xac,
  kLreturn = 0xad,
  kFreturn = 0xae,
  kDreturn = 0xaf,
  kAreturn = 0xb0,
  kReturn = 0xb1,
  kGetstatic = 0xb2,
  kPutstatic = 0xb3,
  kGetfield = 0xb4,
  kPutfield = 0xb5,
  kInvokevirtual = 0xb6,
  kInvokespecial = 0xb7,
  kInvokestatic = 0xb8,
  kInvokeinterface = 0xb9,
  kInvokedynamic = 0xba,
  kNew = 0xbb,
  kNewarray = 0xbc,
  kAnewarray = 0xbd,
  kArraylength = 0xbe,
  kAthrow = 0xbf,
  kCheckcast = 0xc0,
  kInstanceof = 0xc1,
  kMonitorenter = 0xc2,
  kMonitorexit = 0xc3,
  kWide = 0xc4,
  kMultianewarray = 0xc5,
  kIfnull = 0xc6,
  kIfnonnull = 0xc7,
  kGotoW = 0xc8,
  kJsrW = 0xc9,
};
}  // namespace op

enum class InsnKind : uint8_t {
  kPlain,        // falls through to the next instruction
  kConditional,  // if*: falls through or jumps to targets[0]
  kGoto,         // goto, goto_w: jumps to targets[0]
  kSwitch,       // tableswitch/lookupswitch: targets[0] = default, then the cases in order
  kReturn,       // *return
  kThrow,        // athrow
  kJsr,          // jsr, jsr_w (legacy): jumps to targets[0], returns after it
  kRet,          // ret (legacy)
};

struct Insn {
  uint32_t offset = 0;
  uint32_t length = 0;
  uint8_t opcode = 0;
  InsnKind kind = InsnKind::kPlain;
  std::vector<uint32_t> targets;  // absolute target offsets (see InsnKind)
  std::vector<int32_t> keys;      // switch: the case key for targets[i+1]
};

// Decodes all instructions of `code` in order. Errors: DataLoss naming the offset for an
// unknown opcode, a truncated instruction or a branch target that is not an instruction
// boundary inside the code.
// Errors read "bytecode: offset N: <reason>" with N relative to the code start.
StatusOr<std::vector<Insn>> DecodeCode(std::span<const uint8_t> code);
// Same, for the parser: errors read "<what>: offset N: <reason>" where N is base_offset
// plus the offset in the code (base_offset = position of code[0] in the class file).
StatusOr<std::vector<Insn>> DecodeCode(std::span<const uint8_t> code, std::string_view what,
                                       size_t base_offset);

// Length of the instruction at `offset` (switch padding depends on offset); 0 if invalid.
uint32_t InsnLength(std::span<const uint8_t> code, uint32_t offset);

}  // namespace jtg::classfile
