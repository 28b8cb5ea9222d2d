// OwnInstructions (own_insns.h).
#include "report/own_insns.h"

#include <algorithm>
#include <cstdint>
#include <span>

namespace jtg::report {
namespace {

// The opcode modulo the rewrites an inserting agent makes (own_insns.h).
uint8_t Canonical(uint8_t op) {
  switch (op) {
    case 0x13:  // ldc_w
      return 0x12;
    case 0xc8:  // goto_w
      return 0xa7;
    case 0xc9:  // jsr_w
      return 0xa8;
    case 0xc6:  // ifnull
    case 0xc7:  // ifnonnull
      return 0xc6;
    default: break;
  }
  // ifeq..if_acmpne (0x99..0xa6) come in pairs: a condition and its inversion.
  if (op >= 0x99 && op <= 0xa6) return static_cast<uint8_t>(0x99 + ((op - 0x99) & ~1));
  return op;
}

// The canonical opcode, and the operands an inserting agent keeps: the increment of iinc
// and the value of bipush/sipush. Local variable indices are not compared: an agent that
// adds a local may renumber the method's own (JaCoCo puts its probe array right after the
// parameters), so every load and store stands for its kind (iload_2 = iload 5).
uint32_t Key(const classfile::Insn& insn, std::span<const uint8_t> code) {
  auto at = [&](uint32_t k) -> uint32_t { return k < code.size() ? code[k] : 0; };
  uint8_t op = insn.opcode;
  const uint32_t o = insn.offset;
  if (op >= 0x1a && op <= 0x2d) op = static_cast<uint8_t>(0x15 + (op - 0x1a) / 4);  // xload_n
  if (op >= 0x3b && op <= 0x4e) op = static_cast<uint8_t>(0x36 + (op - 0x3b) / 4);  // xstore_n
  uint32_t operand = 0;
  if (op == 0x10) {
    operand = at(o + 1);  // bipush
  } else if (op == 0x11) {
    operand = (at(o + 1) << 8) | at(o + 2);  // sipush
  } else if (op == 0x84) {
    operand = at(o + 2);    // iinc: the increment
  } else if (op == 0xc4) {  // wide: the opcode it widens (and iinc's increment)
    op = static_cast<uint8_t>(at(o + 1));
    if (op == 0x84) operand = (at(o + 4) << 8) | at(o + 5);
  }
  return Canonical(op) | (operand << 8);
}

}  // namespace

std::optional<std::vector<bool>> OwnInstructions(const std::vector<classfile::Insn>& own,
                                                 std::span<const uint8_t> own_code,
                                                 const std::vector<classfile::Insn>& transformed,
                                                 std::span<const uint8_t> transformed_code) {
  const size_t n = own.size(), m = transformed.size();
  if ((n + 1) * (m + 1) > kMaxCells) return std::nullopt;
  std::vector<uint32_t> a(n), b(m);
  for (size_t i = 0; i < n; ++i) a[i] = Key(own[i], own_code);
  for (size_t j = 0; j < m; ++j) b[j] = Key(transformed[j], transformed_code);
  // LCS of a[i..] and b[j..], two rows at a time; per cell, which moves keep it optimal.
  // Ties go to skipping a transformed instruction: an agent inserts before the method's own
  // instruction (a probe before a jump or return, a trampoline before a jump target), so
  // the later of two equal instructions is the method's.
  std::vector<uint32_t> next(m + 1, 0), cur(m + 1, 0);
  std::vector<bool> skip_transformed(n * m, false), take(n * m, false);
  for (size_t i = n; i-- > 0;) {
    cur[m] = 0;
    for (size_t j = m; j-- > 0;) {
      const size_t at = i * m + j;
      const uint32_t diag = a[i] == b[j] ? next[j + 1] + 1 : 0;
      cur[j] = std::max({diag, next[j], cur[j + 1]});
      skip_transformed[at] = cur[j + 1] == cur[j];
      take[at] = a[i] == b[j] && diag == cur[j];
    }
    std::swap(cur, next);
  }
  if (next[0] != n) return std::nullopt;  // some own instruction has no match
  std::vector<bool> out(m, false);
  for (size_t i = 0, j = 0; i < n && j < m;) {
    const size_t at = i * m + j;
    if (skip_transformed[at]) {
      ++j;
    } else if (take[at]) {
      out[j] = true;
      ++i;
      ++j;
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace jtg::report
