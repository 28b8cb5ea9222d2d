#include "instrument/mutation_ops.h"

namespace jtg::instrument {
namespace {

// JVMS §6.5 opcodes: arithmetic 0x60..0x73 (op * 4 + type, types i l f d), shifts
// 0x78..0x7d and bitwise 0x7e..0x83 (op * 2 + type, types i l).
constexpr uint8_t kAdd = 0x60, kArithEnd = 0x74, kShl = 0x78, kAnd = 0x7e, kBitEnd = 0x84;

constexpr std::string_view kMnemonics[] = {
    "iadd", "ladd", "fadd", "dadd", "isub",  "lsub",  "fsub", "dsub",
    "imul", "lmul", "fmul", "dmul", "idiv",  "ldiv",  "fdiv", "ddiv",
    "irem", "lrem", "frem", "drem", "",      "",      "",     "",  // 0x74..0x77: *neg
    "ishl", "lshl", "ishr", "lshr", "iushr", "lushr", "iand", "land",
    "ior",  "lor",  "ixor", "lxor",
};

bool IsArith(uint8_t o) { return o >= kAdd && o < kArithEnd; }

}  // namespace

bool IsMutableOperator(uint8_t o) { return IsArith(o) || (o >= kShl && o < kBitEnd); }

std::vector<uint8_t> MutantOpcodes(uint8_t o) {
  std::vector<uint8_t> out;
  if (IsArith(o)) {
    const uint8_t type = (o - kAdd) % 4;
    for (uint8_t k = 0; k < 5; ++k) {
      const uint8_t m = static_cast<uint8_t>(kAdd + 4 * k + type);
      if (m != o) out.push_back(m);
    }
  } else if (IsMutableOperator(o)) {
    const uint8_t first = o < kAnd ? kShl : kAnd;
    const uint8_t type = (o - first) % 2;
    for (uint8_t k = 0; k < 3; ++k) {
      const uint8_t m = static_cast<uint8_t>(first + 2 * k + type);
      if (m != o) out.push_back(m);
    }
  }
  return out;
}

std::string_view OperatorMnemonic(uint8_t o) {
  return IsMutableOperator(o) ? kMnemonics[o - kAdd] : std::string_view();
}

std::string_view OperatorHelperDescriptor(uint8_t o) {
  if (!IsMutableOperator(o)) return {};
  if (IsArith(o)) {
    static constexpr std::string_view kByType[] = {"(III)I", "(JJI)J", "(FFI)F", "(DDI)D"};
    return kByType[(o - kAdd) % 4];
  }
  const bool is_long = (o - kShl) % 2 == 1;
  if (!is_long) return "(III)I";
  return o < kAnd ? "(JII)J" : "(JJI)J";  // a long shift takes an int count
}

std::string_view OperatorClass(uint8_t o) {
  if (IsArith(o)) return "AOR";
  if (!IsMutableOperator(o)) return {};
  return o < kAnd ? "SOR" : "BOR";
}

std::string_view PitMutatorName(int32_t k) {
  static constexpr std::string_view kNames[kPitMutantCount] = {
      "TRUE_RETURNS", "FALSE_RETURNS", "PRIMITIVE_RETURNS", "EMPTY_RETURNS",
      "NULL_RETURNS", "INCREMENTS",    "INVERT_NEGS",       "VOID_METHOD_CALLS",
  };
  const int32_t n = k - kPitMutantBase;
  return n >= 0 && n < kPitMutantCount ? kNames[n] : std::string_view();
}

std::string_view MutantClass(uint8_t opcode, int32_t k) {
  std::string_view pit = PitMutatorName(k);
  return pit.empty() ? OperatorClass(opcode) : pit;
}

uint8_t PitMathReplacement(uint8_t o) {
  if (!IsMutableOperator(o)) return 0;
  if (o < 0x78) {  // iadd..drem: add sub mul div rem, 4 types each
    static constexpr int kTo[] = {1, 0, 3, 2, 2};
    const int g = (o - 0x60) / 4, t = (o - 0x60) % 4;
    return static_cast<uint8_t>(0x60 + 4 * kTo[g] + t);
  }
  static constexpr int kTo[] = {1, 0, 0};  // shl->shr, shr->shl, ushr->shl; and->or, or/xor->and
  const int first = o < kAnd ? 0x78 : kAnd;
  const int g = (o - first) / 2, t = (o - first) % 2;
  return static_cast<uint8_t>(first + 2 * kTo[g] + t);
}

std::string_view SiteMnemonic(uint8_t o) {
  static constexpr std::string_view kNeg[] = {"ineg", "lneg", "fneg", "dneg"};  // 0x74..0x77
  static constexpr std::string_view kReturn[] = {"ireturn", "lreturn", "freturn", "dreturn",
                                                 "areturn"};  // 0xac..0xb0
  if (IsMutableOperator(o)) return OperatorMnemonic(o);
  if (o >= 0x74 && o <= 0x77) return kNeg[o - 0x74];
  if (o == 0x84) return "iinc";
  if (o >= 0xac && o <= 0xb0) return kReturn[o - 0xac];
  static constexpr std::string_view kInvoke[] = {"invokevirtual", "invokespecial", "invokestatic",
                                                 "invokeinterface"};  // 0xb6..0xb9
  if (o >= 0xb6 && o <= 0xb9) return kInvoke[o - 0xb6];
  return {};
}

}  // namespace jtg::instrument
