// Cooper-Harvey-Kennedy dominance (see dominators.h) and the two CFG views it runs on.
#include "analysis/dominators.h"

#include <algorithm>
#include <utility>

namespace jtg::analysis {
namespace {

using Graph = std::vector<std::vector<uint32_t>>;

// Iterative DFS from `root`: nodes in postorder (only those reached).
std::vector<uint32_t> PostOrder(const Graph& succs, uint32_t root) {
  std::vector<uint32_t> order;
  std::vector<bool> seen(succs.size(), false);
  std::vector<std::pair<uint32_t, size_t>> stack;  // node, next successor index
  stack.emplace_back(root, 0);
  seen[root] = true;
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    if (next < succs[v].size()) {
      const uint32_t s = succs[v][next++];
      if (!seen[s]) {
        seen[s] = true;
        stack.emplace_back(s, 0);
      }
    } else {
      order.push_back(v);
      stack.pop_back();
    }
  }
  return order;
}

// Marks everything reachable from `from` in `succs`.
void Mark(const Graph& succs, uint32_t from, std::vector<bool>& seen) {
  std::vector<uint32_t> stack{from};
  seen[from] = true;
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    for (uint32_t s : succs[v]) {
      if (!seen[s]) {
        seen[s] = true;
        stack.push_back(s);
      }
    }
  }
}

}  // namespace

bool DomTree::Dominates(uint32_t a, uint32_t b) const {
  if (!Reachable(a) || !Reachable(b)) return false;
  while (depth[b] > depth[a]) b = idom[b];
  return a == b;
}

DomTree ComputeDomTree(const Graph& succs, uint32_t root) {
  const size_t n = succs.size();
  DomTree t;
  t.root = root;
  t.idom.assign(n, kNoNode);
  t.depth.assign(n, 0);
  if (root >= n) return t;

  const std::vector<uint32_t> po = PostOrder(succs, root);
  std::vector<uint32_t> po_num(n, kNoNode);
  for (uint32_t i = 0; i < po.size(); ++i) po_num[po[i]] = i;
  Graph preds(n);
  for (uint32_t v = 0; v < n; ++v) {
    if (po_num[v] == kNoNode) continue;
    for (uint32_t s : succs[v]) preds[s].push_back(v);
  }

  auto intersect = [&](uint32_t a, uint32_t b) {
    while (a != b) {
      while (po_num[a] < po_num[b]) a = t.idom[a];
      while (po_num[b] < po_num[a]) b = t.idom[b];
    }
    return a;
  };
  t.idom[root] = root;
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = po.rbegin(); it != po.rend(); ++it) {  // reverse postorder
      const uint32_t v = *it;
      if (v == root) continue;
      uint32_t new_idom = kNoNode;
      for (uint32_t p : preds[v]) {
        if (t.idom[p] == kNoNode) continue;  // not processed yet
        new_idom = new_idom == kNoNode ? p : intersect(p, new_idom);
      }
      if (new_idom != t.idom[v]) {
        t.idom[v] = new_idom;
        changed = true;
      }
    }
  }
  for (auto it = po.rbegin(); it != po.rend(); ++it) {  // idom precedes v in RPO
    if (*it != root) t.depth[*it] = t.depth[t.idom[*it]] + 1;
  }
  return t;
}

std::vector<uint32_t> EntryBlocks(const Cfg& cfg) {
  std::vector<uint32_t> roots;
  if (cfg.blocks.empty()) return roots;
  roots.push_back(0);
  for (const Block& b : cfg.blocks) {
    for (uint32_t h : b.exc_succs) roots.push_back(h);
  }
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  return roots;
}

DomTree Dominators(const Cfg& cfg) {
  const uint32_t n = static_cast<uint32_t>(cfg.blocks.size());
  Graph succs(n + 1);
  for (uint32_t v = 0; v < n; ++v) succs[v] = cfg.blocks[v].succs;
  succs[n] = EntryBlocks(cfg);
  return ComputeDomTree(succs, n);
}

DomTree PostDominators(const Cfg& cfg) {
  const uint32_t n = static_cast<uint32_t>(cfg.blocks.size());
  Graph rsuccs(n + 1);
  for (uint32_t v = 0; v < n; ++v) {
    for (uint32_t s : cfg.blocks[v].succs) rsuccs[s].push_back(v);
    if (cfg.blocks[v].succs.empty()) rsuccs[n].push_back(v);
  }
  std::vector<bool> seen(n + 1, false);
  Mark(rsuccs, n, seen);
  // Regions that never reach an exit: give their last block a virtual exit edge.
  for (uint32_t v = n; v-- > 0;) {
    if (seen[v]) continue;
    rsuccs[n].push_back(v);
    Mark(rsuccs, v, seen);
  }
  return ComputeDomTree(rsuccs, n);
}

}  // namespace jtg::analysis
