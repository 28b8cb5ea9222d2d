// BuildCfg: leaders-based basic block construction (Aho/Sethi/Ullman "leaders", with the
// JaCoCo split rules stated in cfg.h), then normal and exception edges.
#include "analysis/cfg.h"

#include <algorithm>

namespace jtg::analysis {
namespace {

using classfile::Insn;
using classfile::InsnKind;

// True if control never falls through from `insn` to the next instruction.
bool EndsBlock(const Insn& insn) { return insn.kind != InsnKind::kPlain; }

void AddUnique(std::vector<uint32_t>& v, uint32_t x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

}  // namespace

StatusOr<Cfg> BuildCfg(const classfile::CodeAttribute& code) {
  Cfg cfg;
  JTG_ASSIGN_OR_RETURN(cfg.insns, classfile::DecodeCode(code.code));
  const auto& insns = cfg.insns;
  const uint32_t code_len = static_cast<uint32_t>(code.code.size());
  if (insns.empty()) return cfg;

  // offset -> insn index (+1; 0 = not a boundary); code_len maps to insns.size().
  std::vector<uint32_t> index_of(code_len + 1, 0);
  for (uint32_t i = 0; i < insns.size(); ++i) index_of[insns[i].offset] = i + 1;
  index_of[code_len] = static_cast<uint32_t>(insns.size()) + 1;
  auto boundary = [&](uint32_t off) -> StatusOr<uint32_t> {
    if (off > code_len || index_of[off] == 0) {
      return absl::DataLossError(
          absl::StrCat("offset ", off, ": exception handler range not on an instruction"));
    }
    return index_of[off] - 1;
  };

  std::vector<bool> leader(insns.size(), false);
  leader[0] = true;
  for (uint32_t i = 0; i < insns.size(); ++i) {
    const Insn& in = insns[i];
    for (uint32_t t : in.targets) {
      JTG_ASSIGN_OR_RETURN(uint32_t ti, boundary(t));
      if (ti < insns.size()) leader[ti] = true;
    }
    if (EndsBlock(in) && i + 1 < insns.size()) leader[i + 1] = true;
  }
  // JaCoCo also starts a probe segment at the first instruction of a source line that
  // contains a method invocation (LabelFlowAnalyzer's "method invocation line"), so a line
  // whose calls returned counts as covered even when a later line of the block throws. Do
  // the same so that line coverage matches JaCoCo's.
  {
    std::vector<std::pair<uint32_t, uint16_t>> starts;  // (pc, line) sorted by pc
    for (const auto& ln : code.lines) starts.emplace_back(ln.start_pc, ln.line);
    std::sort(starts.begin(), starts.end());
    for (size_t k = 0; k < starts.size(); ++k) {
      uint32_t from = starts[k].first;
      uint32_t to = k + 1 < starts.size() ? starts[k + 1].first : code_len;
      if (from >= code_len || index_of[from] == 0) continue;
      bool invokes = false;
      for (uint32_t i = index_of[from] - 1; i < insns.size() && insns[i].offset < to; ++i) {
        uint8_t op = insns[i].opcode;
        if (op >= 0xb6 && op <= 0xba) invokes = true;
      }
      if (invokes) leader[index_of[from] - 1] = true;
    }
  }
  // Handler ranges as insn index ranges [first, last) and handler insn.
  struct Range {
    uint32_t first, last, handler;
  };
  std::vector<Range> ranges;
  for (const auto& h : code.handlers) {
    JTG_ASSIGN_OR_RETURN(uint32_t s, boundary(h.start_pc));
    JTG_ASSIGN_OR_RETURN(uint32_t e, boundary(h.end_pc));
    JTG_ASSIGN_OR_RETURN(uint32_t hp, boundary(h.handler_pc));
    if (hp >= insns.size() || s >= e) {
      return absl::DataLossError(
          absl::StrCat("offset ", h.start_pc, ": bad exception handler range"));
    }
    leader[hp] = true;
    ranges.push_back({s, e, hp});
  }

  cfg.block_of_insn.resize(insns.size());
  for (uint32_t i = 0; i < insns.size(); ++i) {
    if (leader[i]) {
      Block b;
      b.start = insns[i].offset;
      b.first_insn = i;
      cfg.blocks.push_back(b);
    }
    Block& b = cfg.blocks.back();
    b.last_insn = i;
    b.end = insns[i].offset + insns[i].length;
    cfg.block_of_insn[i] = static_cast<uint32_t>(cfg.blocks.size()) - 1;
  }

  auto block_at = [&](uint32_t off) { return cfg.block_of_insn[index_of[off] - 1]; };
  for (uint32_t bi = 0; bi < cfg.blocks.size(); ++bi) {
    Block& b = cfg.blocks[bi];
    const Insn& last = insns[b.last_insn];
    switch (last.kind) {
      case InsnKind::kPlain:
      case InsnKind::kConditional:
      case InsnKind::kJsr:  // the subroutine returns to the next instruction
        for (uint32_t t : last.targets) AddUnique(b.succs, block_at(t));
        if (b.last_insn + 1 < insns.size()) AddUnique(b.succs, bi + 1);
        break;
      case InsnKind::kGoto:
      case InsnKind::kSwitch:
        for (uint32_t t : last.targets) AddUnique(b.succs, block_at(t));
        break;
      case InsnKind::kReturn:
      case InsnKind::kThrow:
      case InsnKind::kRet:  // successors depend on the jsr call sites: not modelled
        break;
    }
    for (const Range& r : ranges) {
      if (b.first_insn < r.last && b.last_insn >= r.first) {
        AddUnique(b.exc_succs, cfg.block_of_insn[r.handler]);
      }
    }
  }
  for (uint32_t bi = 0; bi < cfg.blocks.size(); ++bi) {
    for (uint32_t s : cfg.blocks[bi].succs) AddUnique(cfg.blocks[s].preds, bi);
    for (uint32_t s : cfg.blocks[bi].exc_succs) AddUnique(cfg.blocks[s].preds, bi);
  }
  return cfg;
}

size_t InsnIndexAt(const Cfg& cfg, uint32_t offset) {
  auto it = std::lower_bound(cfg.insns.begin(), cfg.insns.end(), offset,
                             [](const classfile::Insn& in, uint32_t o) { return in.offset < o; });
  if (it == cfg.insns.end() || it->offset != offset) return cfg.insns.size();
  return static_cast<size_t>(it - cfg.insns.begin());
}

}  // namespace jtg::analysis
