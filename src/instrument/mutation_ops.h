// The operator mutants of weak mutation beyond ROR, as in EvoSuite (Fraser & Arcuri,
// "Achieving scalable mutation-based generation of whole test suites", EMSE 2015):
//   - AOR, arithmetic operator replacement: + - * / % among each other, per type
//     (iadd..irem, ladd..lrem, fadd..frem, dadd..drem);
//   - bitwise operator replacement: & | ^ (iand/ior/ixor, land/lor/lxor);
//   - shift operator replacement: << >> >>> (ishl/ishr/iushr, lshl/lshr/lushr).
// A mutant is named by the opcode of the replacing instruction (JVMS §6.5); these opcodes
// (0x60..0x83) are all > 6, so they never collide with the relational mutant indices 0..6 of
// jtestgen.rt.WeakMutation.
//
// PIT's other default mutators (https://pitest.org/quickstart/mutators/; pit_mutators.h and
// void_calls.h decide where they apply) are named k = kPitMutantBase + PitMutator
// (0x100..0x107), above every opcode. Pure functions; no state.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace jtg::instrument {

// Whether `opcode` is one of the 32 mutated instructions (iadd..drem, ishl..lxor).
bool IsMutableOperator(uint8_t opcode);

// The opcodes of the mutants of `opcode`: the other operators of its group and type, in
// opcode order (4 for arithmetic, 2 for bitwise and shift). Empty if not mutable.
std::vector<uint8_t> MutantOpcodes(uint8_t opcode);

// Mnemonic of a mutable opcode ("iadd", "lushr", ...), also the name of its
// jtestgen/rt/WeakMutation helper; "" if not mutable.
std::string_view OperatorMnemonic(uint8_t opcode);

// Descriptor of the helper: (III)I, (JJI)J, (JII)J for long shifts, (FFI)F, (DDI)D.
// "" if not mutable.
std::string_view OperatorHelperDescriptor(uint8_t opcode);

// Operator class for reports: "AOR", "BOR" (bitwise) or "SOR" (shift); "" if not mutable.
std::string_view OperatorClass(uint8_t opcode);

// PIT's mutators beyond AOR/ROR, in the order of their mutant index k - kPitMutantBase:
//   TRUE_RETURNS, FALSE_RETURNS  boolean (and Boolean) return -> true / false
//   PRIMITIVE_RETURNS            int/short/byte/char/long/float/double return -> 0
//   EMPTY_RETURNS                return of String, Optional, List, ... -> its "empty" value
//   NULL_RETURNS                 other reference returns -> null
//   INCREMENTS                   iinc var, c -> iinc var, -c
//   INVERT_NEGS                  ineg/lneg/fneg/dneg -> the operand unchanged
//   VOID_METHOD_CALLS            a call of a void method removed (void_calls.h)
enum class PitMutator : uint8_t {
  kTrueReturns,
  kFalseReturns,
  kPrimitiveReturns,
  kEmptyReturns,
  kNullReturns,
  kIncrements,
  kInvertNegs,
  kVoidMethodCalls,
};
inline constexpr int32_t kPitMutantBase = 0x100;
// A site holds mutants of one instruction kind, at most 7 (WeakMutation's per-site dedupe
// bits 0..6): PitMutation logs 0x100..0x106 as bits 0..6 and a void call's one mutant 0x107
// as bit 0 of base 0x107.
inline constexpr int32_t kPitMutantCount = 8;

// The mutant index k of a PIT mutator.
constexpr int32_t PitMutant(PitMutator m) { return kPitMutantBase + static_cast<int32_t>(m); }

// PIT's name of mutant k ("TRUE_RETURNS", ..., "VOID_METHOD_CALLS"); "" if k is not a PIT
// mutant.
std::string_view PitMutatorName(int32_t k);

// Operator class of mutant k of a site with opcode `opcode`, for reports: PitMutatorName(k)
// for a PIT mutant, else OperatorClass(opcode).
std::string_view MutantClass(uint8_t opcode, int32_t k);

// PIT's MATH mutant of a mutable operator (its one replacement: + -> -, - -> +, * -> /, / -> *,
// % -> *, & -> |, | -> &, ^ -> &, << -> >>, >> -> <<, >>> -> <<, of the same type); 0 if
// `opcode` is not mutable.
uint8_t PitMathReplacement(uint8_t opcode);

// Mnemonic of a site's original instruction for reports: OperatorMnemonic, or "ireturn",
// "iinc", "ineg", "invokevirtual", ... for PIT sites; "" for other opcodes.
std::string_view SiteMnemonic(uint8_t opcode);

}  // namespace jtg::instrument
