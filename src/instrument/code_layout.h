// Code insertion and branch relocation: lays out the original instructions with the
// snippets of an Insertions list (insertions.h) and assembles the new code array.
//
// Algorithm: iterate the layout to a fixpoint. Each round computes every instruction's new
// label and position from the current sizes (switch padding follows the new position,
// JVMS §6.5 tableswitch/lookupswitch); a goto whose new offset leaves int16 becomes goto_w
// (5 bytes) and the round repeats. Sizes only grow except switch padding (0..3 bytes), so
// the iteration is bounded; it stops after kMaxRounds as a safety net.
// Jump targets map to the target instruction's label (so at-label snippets run on jumps).
// A replaced instruction (Insertions::replace; plain instructions and returns only) takes the
// replacement's size and bytes; its label and position are computed as for any other
// instruction. A replacement must be linear code: no jumps, and a replaced return must end in
// a return (nothing may fall through into the next instruction's label).
//
// Errors (the method must then be left unchanged; the message is the skip reason):
//   ResourceExhausted("jump offset overflow") - an if* or jsr offset leaves int16;
//   ResourceExhausted("method too large")     - the new code passes 65535 bytes;
//   InvalidArgument("cannot replace a jump or switch") - replace[i] set for an instruction
//                                                        that is neither plain nor a return.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "classfile/bytecode.h"
#include "common/status.h"
#include "instrument/insertions.h"

namespace jtg::instrument {

struct Layout {
  // Per original instruction i: new offset of its label (start of at_label[i]) and of the
  // instruction itself. label has one extra element: the new code length.
  std::vector<uint32_t> label, pos;
  std::vector<uint32_t> index_of;    // original offset -> instruction index containing it
  std::vector<uint32_t> old_offset;  // instruction index -> original offset
  uint32_t old_length = 0;

  uint32_t new_length() const { return label.back(); }
  // Original offset -> new label offset. old_length maps to the new length; an offset
  // inside an instruction keeps its distance from the instruction's new position (valid
  // tables never point inside one, replaced ones included).
  uint32_t MapLabel(uint32_t old) const;
  // Original offset of an instruction -> new offset of the instruction itself (used for
  // uninitialized(offset) frame entries, which name the `new` instruction, not its label).
  uint32_t MapInsn(uint32_t old) const;
};

struct Assembled {
  Layout layout;
  std::vector<uint8_t> code;
};

// `code` is the (possibly patched in place) original code, `insns` its decoding.
StatusOr<Assembled> AssembleCode(std::span<const uint8_t> code,
                                 const std::vector<classfile::Insn>& insns, const Insertions& ins);

}  // namespace jtg::instrument
