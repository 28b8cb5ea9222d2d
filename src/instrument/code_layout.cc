#include "instrument/code_layout.h"

namespace jtg::instrument {
namespace {

using classfile::Insn;
using classfile::InsnKind;
namespace op = classfile::op;

constexpr int kMaxRounds = 64;

uint32_t SwitchPad(uint32_t pos) { return 3 - (pos % 4); }

// Size of a switch body after the opcode and padding.
uint32_t SwitchBody(const Insn& in) {
  const uint32_t n = static_cast<uint32_t>(in.targets.size()) - 1;
  return in.opcode == op::kTableswitch ? 12 + 4 * n : 8 + 8 * n;
}

bool FitsI16(int64_t v) { return v >= -32768 && v <= 32767; }

void Put16(std::vector<uint8_t>& out, int64_t v) {
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v));
}
void Put32(std::vector<uint8_t>& out, int64_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(v >> s));
}
int32_t Get32(std::span<const uint8_t> c, uint32_t at) {
  return static_cast<int32_t>((uint32_t{c[at]} << 24) | (uint32_t{c[at + 1]} << 16) |
                              (uint32_t{c[at + 2]} << 8) | c[at + 3]);
}

struct Sizes {
  std::vector<bool> wide;  // goto -> goto_w
};

uint32_t InsnSize(const Insn& in, const std::vector<uint8_t>& replacement, bool wide,
                  uint32_t pos) {
  if (!replacement.empty()) return static_cast<uint32_t>(replacement.size());
  if (in.kind == InsnKind::kSwitch) return 1 + SwitchPad(pos) + SwitchBody(in);
  if (in.kind == InsnKind::kGoto && in.opcode == op::kGoto && wide) return 5;
  return in.length;
}

// Computes label/pos for the current sizes. Uses int64 so oversize code is detectable.
void ComputePositions(const std::vector<Insn>& insns, const Insertions& ins, const Sizes& sizes,
                      std::vector<int64_t>& label, std::vector<int64_t>& pos) {
  int64_t at = 0;
  for (size_t i = 0; i < insns.size(); ++i) {
    label[i] = at;
    at += ins.at_label[i].size();
    pos[i] = at;
    at += InsnSize(insns[i], ins.replace[i], sizes.wide[i], static_cast<uint32_t>(at & 0xffffffff));
    at += ins.after[i].size();
  }
  label[insns.size()] = at;
}

}  // namespace

uint32_t Layout::MapLabel(uint32_t old) const {
  if (old >= old_length) return new_length();
  uint32_t i = index_of[old];
  if (old == old_offset[i]) return label[i];
  return pos[i] + (old - old_offset[i]);
}

uint32_t Layout::MapInsn(uint32_t old) const {
  if (old >= old_length) return new_length();
  uint32_t i = index_of[old];
  return pos[i] + (old - old_offset[i]);
}

StatusOr<Assembled> AssembleCode(std::span<const uint8_t> code, const std::vector<Insn>& insns,
                                 const Insertions& ins) {
  const size_t n = insns.size();
  for (size_t i = 0; i < n; ++i) {
    const bool replaceable =
        insns[i].kind == InsnKind::kPlain || insns[i].kind == InsnKind::kReturn;
    if (!ins.replace[i].empty() && !replaceable) {
      return absl::InvalidArgumentError("cannot replace a jump or switch");
    }
  }
  std::vector<uint32_t> index_of(code.size() + 1, 0);
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t k = 0; k < insns[i].length; ++k) index_of[insns[i].offset + k] = i;
  }
  index_of[code.size()] = static_cast<uint32_t>(n);
  auto target_index = [&](uint32_t t) { return index_of[t]; };

  Sizes sizes{std::vector<bool>(n, false)};
  std::vector<int64_t> label(n + 1), pos(n);
  bool fixpoint = false;
  for (int round = 0; round < kMaxRounds && !fixpoint; ++round) {
    ComputePositions(insns, ins, sizes, label, pos);
    fixpoint = true;
    for (size_t i = 0; i < n; ++i) {
      const Insn& in = insns[i];
      if (in.kind != InsnKind::kGoto || in.opcode != op::kGoto || sizes.wide[i]) continue;
      if (!FitsI16(label[target_index(in.targets[0])] - pos[i])) {
        sizes.wide[i] = true;
        fixpoint = false;
      }
    }
  }
  if (!fixpoint) return absl::ResourceExhaustedError("jump offset overflow");
  if (label[n] > 65535) return absl::ResourceExhaustedError("method too large");
  for (size_t i = 0; i < n; ++i) {
    const Insn& in = insns[i];
    const bool narrow =
        in.kind == InsnKind::kConditional || (in.kind == InsnKind::kJsr && in.opcode == op::kJsr);
    if (narrow && !FitsI16(label[target_index(in.targets[0])] - pos[i])) {
      return absl::ResourceExhaustedError("jump offset overflow");
    }
  }

  Assembled out;
  out.code.reserve(label[n]);
  for (size_t i = 0; i < n; ++i) {
    const Insn& in = insns[i];
    out.code.insert(out.code.end(), ins.at_label[i].begin(), ins.at_label[i].end());
    const int64_t p = pos[i];
    auto rel = [&](uint32_t t) { return label[target_index(t)] - p; };
    switch (in.kind) {
      case InsnKind::kConditional:
      case InsnKind::kGoto:
      case InsnKind::kJsr:
        if (in.opcode == op::kGotoW || in.opcode == op::kJsrW || sizes.wide[i]) {
          out.code.push_back(in.opcode == op::kJsrW ? op::kJsrW : op::kGotoW);
          Put32(out.code, rel(in.targets[0]));
        } else {
          out.code.push_back(in.opcode);
          Put16(out.code, rel(in.targets[0]));
        }
        break;
      case InsnKind::kSwitch: {
        out.code.push_back(in.opcode);
        for (uint32_t k = SwitchPad(static_cast<uint32_t>(p)); k > 0; --k) out.code.push_back(0);
        Put32(out.code, rel(in.targets[0]));
        const uint32_t body = in.offset + 1 + SwitchPad(in.offset);  // original layout
        if (in.opcode == op::kTableswitch) {
          Put32(out.code, Get32(code, body + 4));  // low
          Put32(out.code, Get32(code, body + 8));  // high
          for (size_t k = 1; k < in.targets.size(); ++k) Put32(out.code, rel(in.targets[k]));
        } else {
          Put32(out.code, static_cast<int64_t>(in.targets.size()) - 1);  // npairs
          for (size_t k = 1; k < in.targets.size(); ++k) {
            Put32(out.code, in.keys[k - 1]);
            Put32(out.code, rel(in.targets[k]));
          }
        }
        break;
      }
      default:
        if (!ins.replace[i].empty()) {
          out.code.insert(out.code.end(), ins.replace[i].begin(), ins.replace[i].end());
        } else {
          out.code.insert(out.code.end(), code.begin() + in.offset,
                          code.begin() + in.offset + in.length);
        }
        break;
    }
    out.code.insert(out.code.end(), ins.after[i].begin(), ins.after[i].end());
  }

  Layout& l = out.layout;
  l.old_length = static_cast<uint32_t>(code.size());
  l.index_of = std::move(index_of);
  for (size_t i = 0; i < n; ++i) {
    l.label.push_back(static_cast<uint32_t>(label[i]));
    l.pos.push_back(static_cast<uint32_t>(pos[i]));
    l.old_offset.push_back(insns[i].offset);
  }
  l.label.push_back(static_cast<uint32_t>(label[n]));
  return out;
}

}  // namespace jtg::instrument
