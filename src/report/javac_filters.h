// Report filters for code javac generates for `finally` and `synchronized`, so that line
// and branch counters read like JaCoCo's (JaCoCo's FinallyFilter and SynchronizedFilter,
// org.jacoco.core.internal.analysis.filter; re-derived from javac's code shape, JLS 14.20.2
// and JVMS 3.13-3.14 "Compiling finally" / "Synchronization"; JaCoCo's
// TryWithResourcesJavac11Filter for try-with-resources, JLS 14.20.3).
//
// javac compiles `try { B } finally { F }` by copying F: once after each normal exit of B
// (fall-through, return, break, continue) and once into a catch-any handler
//     H: astore t; F; aload t; athrow
// whose exception-table ranges cover B but not the normal copies. `synchronized` is the
// same shape with F = `aload lock; monitorexit`. A user sees F once; JaCoCo counts it once,
// covered when any copy ran, and does not count the handler's astore / aload / athrow. This
// filter finds those copies: for every catch-any handler starting with `astore t` and
// reaching `aload t; athrow`, the instructions right after each of its ranges that repeat
// the handler's F instruction by instruction (same opcode, same constant-pool operand,
// local variable indexes free) are merged with the handler's; for synchronized, whose
// normal monitorexit ends the protected range, the instructions right before its end.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/cfg.h"
#include "classfile/class_file.h"

namespace jtg::report {

// What the report counts for each instruction of a method.
struct InsnFilter {
  static constexpr int32_t kIgnored = -1;
  // rep[i] for instruction index i (Cfg::insns order): kIgnored (not counted: the
  // handler's astore t / aload t / athrow), or the index of the instruction that counts
  // for it (itself when i is not a duplicate). Instructions with the same rep count as one:
  // covered when any of them is covered, on the rep's line.
  std::vector<int32_t> rep;
};

// Computes the filter for `code` (decoded as `cfg`). With `cp` (the class's constant pool)
// it also ignores javac 11+'s try-with-resources handler: a handler for Throwable that
// stores it, closes the resource (calling addSuppressed) and rethrows it, and the same
// close sequence after each range it protects (JaCoCo's TryWithResourcesJavac11Filter:
// the closing on normal exits is not counted either). Never
// fails: a handler that does not have javac's shape is left as it is.
// On bytes another agent rewrote (jtestgen planned after JaCoCo's agent: ASM inverts
// jumps and adds probes inside the copies) the copies rarely match: they then count as
// plain code.
InsnFilter FilterJavacDuplicates(const classfile::CodeAttribute& code, const analysis::Cfg& cfg,
                                 const classfile::ConstantPool* cp = nullptr);

}  // namespace jtg::report
