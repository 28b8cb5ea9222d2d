// Dominator and post-dominator trees of a method's CFG (cfg.h).
//
// Algorithm: Cooper, Harvey & Kennedy, "A Simple, Fast Dominance Algorithm" (Rice
// University TR, 2001): iterate idom over the nodes in reverse postorder, intersecting
// the already-processed predecessors by walking up postorder numbers, until nothing
// changes. O(N^2) worst case, near-linear on reducible (javac) code.
//
// Exception edges are ignored (as EvoSuite does for its control-dependence graph): only
// Block::succs count. So that exception handlers still get dominators, the forward graph
// has a virtual entry node whose successors are block 0 and every handler block (every
// block that is some block's exc_succs); handler regions are separate subtrees under it.
//
// The reverse graph has a virtual exit node with an edge from every block with no normal
// successor (return, athrow, ret, or code that ends). A block that cannot reach such a
// block (an infinite loop, or a loop left only by an exception) would get no
// post-dominator: for each such region, the unreached block with the greatest index (for
// javac that is the loop's closing goto) is given an extra edge to the virtual exit,
// repeatedly, until every block reaches it (cf. LLVM's PostDominatorTree).
//
// Node numbering: nodes 0..n-1 are the CFG's blocks (n = cfg.blocks.size()), node n is the
// virtual node (entry for dominators, exit for post-dominators).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "analysis/cfg.h"

namespace jtg::analysis {

inline constexpr uint32_t kNoNode = std::numeric_limits<uint32_t>::max();

struct DomTree {
  uint32_t root = 0;            // the virtual node (== number of blocks)
  std::vector<uint32_t> idom;   // per node: immediate (post-)dominator; idom[root] == root;
                                // kNoNode for a node the root does not reach
  std::vector<uint32_t> depth;  // per node: distance from the root in the tree (root = 0)

  bool Reachable(uint32_t v) const { return v < idom.size() && idom[v] != kNoNode; }
  // True if `a` (post-)dominates `b` (reflexive). False if either is unreachable.
  bool Dominates(uint32_t a, uint32_t b) const;
};

// Dominator tree of the rooted digraph: nodes 0..succs.size()-1, `root` one of them,
// `succs[v]` the successors of v. Pure function of its inputs.
DomTree ComputeDomTree(const std::vector<std::vector<uint32_t>>& succs, uint32_t root);

// Dominators over normal edges, rooted at a virtual entry -> {block 0, handler blocks}.
DomTree Dominators(const Cfg& cfg);

// Post-dominators: dominators of the reverse normal-edge graph rooted at the virtual exit.
DomTree PostDominators(const Cfg& cfg);

// The blocks that are roots of the forward graph: 0 and every exception handler block,
// ascending. Empty for an empty CFG.
std::vector<uint32_t> EntryBlocks(const Cfg& cfg);

}  // namespace jtg::analysis
