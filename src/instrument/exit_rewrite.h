// In-place rewrite of JVM-terminating calls to the Probes replacements (same length, so no
// relocation is needed):
//   invokestatic  java/lang/System.exit(I)V              -> invokestatic Probes.exit(I)V
//   invokevirtual java/lang/Runtime.exit(I)V / .halt(I)V -> invokestatic
//                                        Probes.runtimeExit(Ljava/lang/Runtime;I)V
// Both replacements consume the same operands (Stack: ..., [Runtime,] I -> ...).
#pragma once

#include <cstdint>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/constant_pool.h"
#include "instrument/probe_emit.h"

namespace jtg::instrument {

// Patches `code` (decoded as `insns`); returns the number of calls rewritten.
int RewriteExits(const classfile::ConstantPool& cp, const std::vector<classfile::Insn>& insns,
                 const ProbeRefs& refs, std::vector<uint8_t>& code);

}  // namespace jtg::instrument
