// Control-flow graph of one method: basic blocks over the decoded instructions, with normal
// and exception edges.
//
// Blocks are split JaCoCo-style: a block starts at offset 0, at every jump/switch target,
// at every exception handler start, and after every conditional jump, goto, switch,
// return, athrow, jsr and ret. Calls do not end a block.
#pragma once

#include <cstdint>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "common/status.h"

namespace jtg::analysis {

struct Block {
  uint32_t start = 0, end = 0;             // bytecode offsets [start, end)
  uint32_t first_insn = 0, last_insn = 0;  // indices into Cfg::insns, inclusive
  std::vector<uint32_t> succs;             // normal successors (block indices)
  std::vector<uint32_t> exc_succs;         // exception handler blocks covering this block
  std::vector<uint32_t> preds;             // normal + exception predecessors
};

struct Cfg {
  std::vector<classfile::Insn> insns;
  std::vector<Block> blocks;            // in offset order; blocks[0] is the entry
  std::vector<uint32_t> block_of_insn;  // insn index -> block index
};

// Builds the CFG. Errors: DataLoss from decoding, or a handler range that does not start or
// end on instruction boundaries.
StatusOr<Cfg> BuildCfg(const classfile::CodeAttribute& code);

// The index into cfg.insns of the instruction starting at bytecode `offset`, or
// cfg.insns.size() when no instruction starts there. O(log n).
size_t InsnIndexAt(const Cfg& cfg, uint32_t offset);

}  // namespace jtg::analysis
