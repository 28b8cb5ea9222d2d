// Fold guards: the inline form of fold's flag-guarded probes (instrument.h
// ArrayProbeOptions::fold_flags). A probe for slot k is
//     getstatic $jtgP<k>:Z; ifne L; getstatic $jtgProbes; <push k>; iconst_1; bastore; L:
// (probe_emit.h EmitFoldGuard; 12 to 14 bytes) instead of `invokestatic $jtgP<k>()V`. Once
// the agent has set the flag, code the JIT compiles folds the test to a constant and drops
// the store, as with the call, and, unlike the call, nothing counts against C2's inlining
// budgets but the guard's own bytes (why, and what was tried: docs/agent-probes.md).
//
// L is a new branch target inside straight-line code, so in a class with stack map frames
// it needs one: the verifier's state before the probe (type_states.h StatesBefore; probes
// are stack-neutral). A method gets fold guards only when every probe site's state is
// known and the guards keep it at most kHugeMethodLimit bytes; otherwise it keeps the call
// form (array_probes.h "Compact probes").
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "common/status.h"
#include "instrument/array_probes.h"
#include "instrument/code_layout.h"
#include "instrument/frame_state.h"
#include "instrument/probe_emit.h"
#include "instrument/probe_plan.h"

namespace jtg::instrument {

// Bytes the fold guards of `sites` probe sites and `pads` landing pads add, at most.
uint32_t FoldGuardBytesBound(size_t sites, size_t pads);

// Whether the class needs stack map frames for new branch targets in this method: it has a
// StackMapTable, or its version (51, Java 7, and later) requires one.
bool NeedsFrames(const classfile::ClassFile& cls, const classfile::CodeAttribute& code);

// Whether every site and pad has a known state in `states` (StatesBefore of the method's
// original code, decoded as `insns`): a site at the label of insn i needs the state before
// i, one after it (a fall-through edge) the state before i + 1, and a pad the state before
// its target.
bool GuardStatesKnown(const std::vector<std::optional<FrameState>>& states,
                      const std::vector<classfile::Insn>& insns,
                      const std::vector<ProbeSite>& sites, const std::vector<ArrayPad>& pads);

// Gives each guard's skip label in the laid-out code (`layout` and `ins` as assembled) a
// stack map frame with its state from `states` (uninitialized offsets mapped to the new
// code), then re-encodes the method's whole StackMapTable compactly (frame_state.h
// CompressFrames): frames are deltas of the frame before them, so inserting any breaks the
// encoding of those after it. Call on the relocated code after every other frame is added
// (AppendPads). A label that already has a frame keeps it. Errors: NotFound for a guard
// whose state is unknown; InvalidArgument for a bad descriptor or frame table;
// ResourceExhausted on constant pool overflow.
Status AddGuardFrames(const std::vector<GuardLabel>& guards,
                      const std::vector<std::optional<FrameState>>& states, const Layout& layout,
                      const Insertions& ins, const classfile::ClassFile& cls,
                      const classfile::MethodInfo& m, classfile::ConstantPool& cp,
                      classfile::CodeAttribute& code);

}  // namespace jtg::instrument
