// The operator mutants of weak mutation beyond ROR, as in EvoSuite (Fraser & Arcuri,
// "Achieving scalable mutation-based generation of whole test suites", EMSE 2015):
//   - AOR, arithmetic operator replacement: + - * / % among each other, per type
//     (iadd..irem, ladd..lrem, fadd..frem, dadd..drem);
//   - bitwise operator replacement: & | ^ (iand/ior/ixor, land/lor/lxor);
//   - shift operator replacement: << >> >>> (ishl/ishr/iushr, lshl/lshr/lushr).
// A mutant is named by the opcode of the replacing instruction (JVMS §6.5); these opcodes
// are all > 6, so they never collide with the relational mutant indices 0..6 of
// jtestgen.rt.WeakMutation. Pure functions over opcodes; no state.
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

}  // namespace jtg::instrument
