// Which instructions of a method another agent transformed (JaCoCo's probes, inserted
// before jtestgen's agent saw the class) are the method's own: a longest common subsequence
// of the two instruction sequences by opcode. Coverage tools of this kind only insert code
// (probe stores, a `goto` after an inverted conditional jump) and rewrite operands (constant
// pool indices, ldc -> ldc_w, goto -> goto_w), so opcodes are compared modulo those rewrites:
// ldc/ldc_w, goto/goto_w, jsr/jsr_w, and a conditional jump and its inversion
// (ifeq/ifne, if_icmplt/if_icmpge, ifnull/ifnonnull, ...) match; local variable indices and
// bipush/sipush values must be equal (an inserted `aload N` of the agent's own local is not
// the method's load).
// The report counts only the matched instructions, so its instruction counters equal those
// of the class's own bytes (JaCoCo's, on the same run).
// Cost: O(own x transformed) time and bits; above kMaxCells cells no alignment is made.
// Pure, thread-safe.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "classfile/bytecode.h"

namespace jtg::report {

inline constexpr size_t kMaxCells = size_t{1} << 26;

// Per instruction of `transformed`, whether it is matched to one of `own` (in order). The
// result is nullopt when the methods are too large to align, or when some instruction of
// `own` has no match (not an insertion-only transformation): then nothing is left out.
// `own_code`/`transformed_code`: the methods' code bytes (Insn offsets index them).
std::optional<std::vector<bool>> OwnInstructions(const std::vector<classfile::Insn>& own,
                                                 std::span<const uint8_t> own_code,
                                                 const std::vector<classfile::Insn>& transformed,
                                                 std::span<const uint8_t> transformed_code);

}  // namespace jtg::report
