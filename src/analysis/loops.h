// Natural loops of one method's CFG (cfg.h): headers, bodies, back edges, nesting.
//
// Algorithm: natural loops as in Aho, Sethi & Ullman, "Compilers: Principles, Techniques,
// and Tools", §10.4 (and WhiteSyn's block annotations of loops):
//   - a back edge is a *normal* edge t -> h whose target h dominates its source t;
//   - all back edges into one header form one loop (a `while` with `continue` has several
//     tails);
//   - the body is h plus every block that reaches a tail backwards over normal edges
//     without passing through h (reverse worklist from the tails);
//   - nesting: with distinct headers, two natural loops are disjoint or nested. The parent
//     of a loop is the smallest other loop whose body holds its header.
// Only normal edges (Block::succs) form loops and bodies; an exception edge never does. Dominance,
// however, is computed over normal *and* exception edges from block 0 (LoopDominators):
// with the normal-edge dominators of dominators.h, a catch handler is a separate root,
// so the block where a try and its catch join inside a loop body would not be dominated
// by the loop header and the loop's back edge would be lost.
// A retreating edge (to a block on the DFS stack) that is not a back edge makes the CFG
// irreducible there; javac never produces one. Such edges are listed in
// LoopForest::irreducible and form no loop.
//
// Blocks that block 0 cannot reach (dead code) belong to no loop.
// Pure functions; the result owns its data and refers to blocks by index into the Cfg.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "analysis/cfg.h"
#include "analysis/dominators.h"
#include "classfile/class_file.h"

namespace jtg::analysis {

struct Loop {
  uint32_t header = 0;                 // header block index
  std::vector<uint32_t> tails;         // back-edge source blocks, ascending
  std::vector<uint32_t> blocks;        // the body, header included, ascending
  int32_t parent = -1;                 // enclosing loop (index into LoopForest::loops) or -1
  uint8_t depth = 1;                   // 1 + the parent's depth (saturates at 255)
  uint16_t line = 0;                   // source line of the header's first instruction, 0 if
                                       // the method has no LineNumberTable
  uint32_t header_offset = 0;          // bytecode offset of the header's first instruction
  std::vector<uint32_t> tail_offsets;  // per tail (same order): offset of its last
                                       // instruction, the back-edge jump (javac: goto or if*)

  // True if `block` is in the body.
  bool Contains(uint32_t block) const;
};

struct RetreatingEdge {
  uint32_t from = 0, to = 0;  // block indices
};

struct LoopForest {
  std::vector<Loop> loops;                  // sorted by header offset (outer before inner)
  std::vector<int32_t> innermost;           // per block: its innermost loop, or -1
  std::vector<uint8_t> depth;               // per block: intra-method nesting depth (0 = no loop)
  std::vector<RetreatingEdge> irreducible;  // retreating edges that are not back edges

  // Index of the loop whose header starts at bytecode `offset`, or -1.
  int32_t LoopAtOffset(uint32_t offset) const;
};

// The dominator tree FindLoops uses: over normal and exception edges, rooted at block 0
// (nodes are the blocks only, no virtual node: DomTree::root == 0).
DomTree LoopDominators(const Cfg& cfg);

// The natural loops of `cfg`. `lines` is the method's LineNumberTable (CodeAttribute::lines),
// used only for Loop::line. The Cfg needs no instructions for anything but the offsets
// (a hand-built block graph gets offset 0 everywhere).
LoopForest FindLoops(const Cfg& cfg, std::span<const classfile::LineNumber> lines = {});

// Source line of the instruction at `offset`: the LineNumberTable entry with the greatest
// start_pc <= offset (the last one on ties), 0 if none. Same rule as instrument::LineAt.
uint16_t SourceLineAt(std::span<const classfile::LineNumber> lines, uint32_t offset);

}  // namespace jtg::analysis
