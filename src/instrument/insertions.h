// The insertion list of one method: byte snippets to insert around its original
// instructions, and the extra operand stack they need.
//
// For instruction i the new code is laid out as
//     at_label[i]  insn_i  after[i]  at_label[i+1]  insn_{i+1} ...
// at_label[i] starts at the instruction's *label*: every jump, handler, frame and line
// entry that referred to insn_i now refers to the start of at_label[i], so the snippet runs
// on every path into insn_i. after[i] sits on the fall-through edge of insn_i only (before
// the label of insn_{i+1}), so jumps to insn_{i+1} skip it.
#pragma once

#include <cstdint>
#include <vector>

namespace jtg::instrument {

// Appends a big-endian u2 (an operand of the JVM's instructions) to a snippet.
inline void U16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v));
}

// Appends `invokestatic ref` (0xb8, ref = a Methodref constant-pool index).
inline void Invokestatic(std::vector<uint8_t>& out, uint16_t ref) {
  out.push_back(0xb8);
  U16(out, ref);
}

struct Insertions {
  explicit Insertions(size_t insn_count)
      : at_label(insn_count), after(insn_count), replace(insn_count) {}

  std::vector<std::vector<uint8_t>> at_label;
  std::vector<std::vector<uint8_t>> after;
  std::vector<std::vector<uint8_t>> replace;
  uint16_t extra_stack = 0;  // max operand stack words any snippet pushes

  bool empty() const {
    for (const auto& v : at_label)
      if (!v.empty()) return false;
    for (const auto& v : after)
      if (!v.empty()) return false;
    for (const auto& v : replace)
      if (!v.empty()) return false;
    return true;
  }
};

}  // namespace jtg::instrument
