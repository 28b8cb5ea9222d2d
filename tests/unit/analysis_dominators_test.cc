// Dominator and post-dominator trees (analysis/dominators.h) on small hand-built CFGs:
// diamond, loop, nested if, early return, switch with fall-through, try/catch, an infinite
// loop and dead code. Node V = number of blocks is the virtual entry / exit.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "analysis/dominators.h"

namespace jtg::analysis {
namespace {

// A CFG with only the block graph filled in (no instructions): `succs[b]` are the normal
// successors of block b, `exc` the (block, handler block) exception edges.
Cfg Graph(const std::vector<std::vector<uint32_t>>& succs,
          const std::vector<std::pair<uint32_t, uint32_t>>& exc = {}) {
  Cfg cfg;
  cfg.blocks.resize(succs.size());
  for (uint32_t b = 0; b < succs.size(); ++b) cfg.blocks[b].succs = succs[b];
  for (auto [from, handler] : exc) cfg.blocks[from].exc_succs.push_back(handler);
  for (uint32_t b = 0; b < succs.size(); ++b) {
    for (uint32_t s : cfg.blocks[b].succs) cfg.blocks[s].preds.push_back(b);
    for (uint32_t s : cfg.blocks[b].exc_succs) cfg.blocks[s].preds.push_back(b);
  }
  return cfg;
}

using Ids = std::vector<uint32_t>;
constexpr uint32_t X = kNoNode;

TEST(AnalysisDominators, Diamond) {
  Cfg cfg = Graph({{1, 2}, {3}, {3}, {}});
  DomTree dom = Dominators(cfg), pdom = PostDominators(cfg);
  EXPECT_EQ(dom.root, 4u);
  EXPECT_EQ(dom.idom, (Ids{4, 0, 0, 0, 4}));
  EXPECT_EQ(pdom.idom, (Ids{3, 3, 3, 4, 4}));
  EXPECT_TRUE(dom.Dominates(0, 3));
  EXPECT_TRUE(dom.Dominates(3, 3));
  EXPECT_FALSE(dom.Dominates(1, 3));
  EXPECT_TRUE(pdom.Dominates(3, 0));
  EXPECT_FALSE(pdom.Dominates(1, 0));
  EXPECT_EQ(dom.depth, (Ids{1, 2, 2, 2, 0}));
}

TEST(AnalysisDominators, Loop) {
  // 0 init, 1 test (exit to 3 or body 2), 2 body -> 1, 3 return.
  Cfg cfg = Graph({{1}, {3, 2}, {1}, {}});
  EXPECT_EQ(Dominators(cfg).idom, (Ids{4, 0, 1, 1, 4}));
  EXPECT_EQ(PostDominators(cfg).idom, (Ids{1, 3, 1, 4, 4}));
}

TEST(AnalysisDominators, NestedIf) {
  // 0: if a (else -> 4); 1: if b (else -> 3); 2: then; 3: join inner; 4: return.
  Cfg cfg = Graph({{1, 4}, {2, 3}, {3}, {4}, {}});
  EXPECT_EQ(Dominators(cfg).idom, (Ids{5, 0, 1, 1, 0, 5}));
  EXPECT_EQ(PostDominators(cfg).idom, (Ids{4, 3, 3, 4, 5, 5}));
}

TEST(AnalysisDominators, EarlyReturn) {
  // 0: if (x < 0) return (1); 2: if (x == 0) return (3); return (4).
  Cfg cfg = Graph({{1, 2}, {}, {3, 4}, {}, {}});
  EXPECT_EQ(Dominators(cfg).idom, (Ids{5, 0, 0, 2, 2, 5}));
  DomTree pdom = PostDominators(cfg);
  EXPECT_EQ(pdom.idom, (Ids{5, 5, 5, 5, 5, 5}));
  EXPECT_TRUE(pdom.Dominates(5, 2));
  EXPECT_FALSE(pdom.Dominates(4, 2));
}

TEST(AnalysisDominators, SwitchWithFallThrough) {
  // 0: switch -> 1 (case 1, falls into 2), 2 (case 2, break -> 5), 3 (returns),
  // 4 (default -> 5); 5: return.
  Cfg cfg = Graph({{4, 1, 2, 3}, {2}, {5}, {}, {5}, {}});
  EXPECT_EQ(Dominators(cfg).idom, (Ids{6, 0, 0, 0, 0, 0, 6}));
  EXPECT_EQ(PostDominators(cfg).idom, (Ids{6, 2, 5, 6, 5, 6, 6}));
}

TEST(AnalysisDominators, TryCatchHandlerIsARoot) {
  // 0: try body, goto 2, covered by handler 1; 1: handler, falls into 2; 2: return.
  Cfg cfg = Graph({{2}, {2}, {}}, {{0, 1}});
  EXPECT_EQ(EntryBlocks(cfg), (Ids{0, 1}));
  DomTree dom = Dominators(cfg);
  EXPECT_EQ(dom.idom, (Ids{3, 3, 3, 3}));  // the handler is not dominated by the try body
  EXPECT_TRUE(dom.Reachable(1));
  EXPECT_EQ(PostDominators(cfg).idom, (Ids{2, 2, 3, 3}));
}

TEST(AnalysisDominators, InfiniteLoopGetsAVirtualExit) {
  // 0: if -> 1 or 3; 1 -> 2 -> 1 forever; 3: return.
  Cfg cfg = Graph({{1, 3}, {2}, {1}, {}});
  DomTree pdom = PostDominators(cfg);
  for (uint32_t b = 0; b < 4; ++b) EXPECT_TRUE(pdom.Reachable(b)) << b;
  EXPECT_EQ(pdom.idom, (Ids{4, 2, 4, 4, 4}));
}

TEST(AnalysisDominators, DeadBlockHasNoDominator) {
  Cfg cfg = Graph({{2}, {2}, {}});  // nothing reaches block 1
  DomTree dom = Dominators(cfg);
  EXPECT_EQ(dom.idom, (Ids{3, X, 0, 3}));
  EXPECT_FALSE(dom.Dominates(0, 1));
  EXPECT_FALSE(dom.Dominates(1, 2));
  EXPECT_EQ(PostDominators(cfg).idom, (Ids{2, 2, 3, 3}));
}

TEST(AnalysisDominators, EmptyCfg) {
  Cfg cfg;
  EXPECT_EQ(Dominators(cfg).idom, (Ids{0}));
  EXPECT_EQ(PostDominators(cfg).idom, (Ids{0}));
  EXPECT_TRUE(EntryBlocks(cfg).empty());
}

TEST(AnalysisDominators, IrreducibleGraph) {
  // Two entries into the 1 <-> 2 cycle: neither dominates the other (CHK handles it).
  DomTree t = ComputeDomTree({{1, 2}, {2}, {1}}, 0);
  EXPECT_EQ(t.idom, (Ids{0, 0, 0}));
}

}  // namespace
}  // namespace jtg::analysis
