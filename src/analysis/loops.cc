// Natural loops (see loops.h): back edges from a DFS plus dominance, bodies by a reverse
// worklist, nesting by body containment.
#include "analysis/loops.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

namespace jtg::analysis {
namespace {

using Graph = std::vector<std::vector<uint32_t>>;

// Normal edges u -> v met while v is on the DFS stack. The DFS walks normal and exception
// edges from block 0 (the graph LoopDominators uses), so that every back edge, whose target
// dominates its source in that graph, is one of them.
std::vector<RetreatingEdge> RetreatingEdges(const Cfg& cfg) {
  const size_t n = cfg.blocks.size();
  std::vector<RetreatingEdge> out;
  enum : uint8_t { kNew, kOnStack, kDone };
  std::vector<uint8_t> state(n, kNew);
  std::vector<std::pair<uint32_t, size_t>> stack;  // block, next successor (normal first)
  stack.emplace_back(0, 0);
  state[0] = kOnStack;
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    const Block& b = cfg.blocks[v];
    if (next < b.succs.size() + b.exc_succs.size()) {
      const bool normal = next < b.succs.size();
      const uint32_t s = normal ? b.succs[next] : b.exc_succs[next - b.succs.size()];
      ++next;
      if (state[s] == kOnStack && normal) out.push_back({v, s});
      if (state[s] == kNew) {
        state[s] = kOnStack;
        stack.emplace_back(s, 0);  // invalidates v/next; they are not used again
      }
    } else {
      state[v] = kDone;
      stack.pop_back();
    }
  }
  return out;
}

// Header plus every reachable block that reaches a tail backwards without passing the
// header.
std::vector<uint32_t> Body(const Graph& normal_preds, const DomTree& dom, uint32_t header,
                           const std::vector<uint32_t>& tails) {
  std::vector<bool> in(normal_preds.size(), false);
  in[header] = true;
  std::vector<uint32_t> work;
  for (uint32_t t : tails) {
    if (!in[t]) {
      in[t] = true;
      work.push_back(t);
    }
  }
  while (!work.empty()) {
    const uint32_t v = work.back();
    work.pop_back();
    for (uint32_t p : normal_preds[v]) {
      if (!in[p] && dom.Reachable(p)) {
        in[p] = true;
        work.push_back(p);
      }
    }
  }
  std::vector<uint32_t> body;
  for (uint32_t b = 0; b < in.size(); ++b) {
    if (in[b]) body.push_back(b);
  }
  return body;
}

}  // namespace

uint16_t SourceLineAt(std::span<const classfile::LineNumber> lines, uint32_t offset) {
  uint16_t line = 0;
  uint32_t best = 0;
  bool found = false;
  for (const auto& ln : lines) {
    if (ln.start_pc <= offset && (!found || ln.start_pc >= best)) {
      best = ln.start_pc;
      line = ln.line;
      found = true;
    }
  }
  return line;
}

bool Loop::Contains(uint32_t block) const {
  return std::binary_search(blocks.begin(), blocks.end(), block);
}

int32_t LoopForest::LoopAtOffset(uint32_t offset) const {
  for (size_t i = 0; i < loops.size(); ++i) {
    if (loops[i].header_offset == offset) return static_cast<int32_t>(i);
  }
  return -1;
}

DomTree LoopDominators(const Cfg& cfg) {
  Graph succs(cfg.blocks.size());
  for (size_t v = 0; v < cfg.blocks.size(); ++v) {
    succs[v] = cfg.blocks[v].succs;
    succs[v].insert(succs[v].end(), cfg.blocks[v].exc_succs.begin(), cfg.blocks[v].exc_succs.end());
  }
  return ComputeDomTree(succs, 0);
}

LoopForest FindLoops(const Cfg& cfg, std::span<const classfile::LineNumber> lines) {
  const size_t n = cfg.blocks.size();
  LoopForest forest;
  forest.innermost.assign(n, -1);
  forest.depth.assign(n, 0);
  if (n == 0) return forest;

  const DomTree dom = LoopDominators(cfg);
  std::map<uint32_t, std::vector<uint32_t>> tails_of;  // header -> tails; ordered by header
  for (const RetreatingEdge& e : RetreatingEdges(cfg)) {
    if (dom.Dominates(e.to, e.from)) {
      tails_of[e.to].push_back(e.from);
    } else {
      forest.irreducible.push_back(e);
    }
  }
  Graph normal_preds(n);
  for (uint32_t v = 0; v < n; ++v) {
    for (uint32_t s : cfg.blocks[v].succs) normal_preds[s].push_back(v);
  }

  // Blocks are in offset order, so iterating headers ascending sorts loops by offset.
  for (auto& [header, tails] : tails_of) {
    Loop loop;
    loop.header = header;
    std::sort(tails.begin(), tails.end());
    loop.tails = tails;
    loop.blocks = Body(normal_preds, dom, header, tails);
    loop.header_offset = cfg.blocks[header].start;
    loop.line = SourceLineAt(lines, loop.header_offset);
    for (uint32_t t : tails) {
      const Block& b = cfg.blocks[t];
      loop.tail_offsets.push_back(b.last_insn < cfg.insns.size() ? cfg.insns[b.last_insn].offset
                                                                 : b.start);
    }
    forest.loops.push_back(std::move(loop));
  }

  // Nesting: the parent is the smallest other loop holding the header. Visiting loops
  // from the largest body down sets parents' depths before their children's, and lets
  // inner loops overwrite the per-block entries of outer ones.
  auto& loops = forest.loops;
  std::vector<size_t> by_size(loops.size());
  std::iota(by_size.begin(), by_size.end(), 0);
  std::stable_sort(by_size.begin(), by_size.end(), [&](size_t a, size_t b) {
    return loops[a].blocks.size() > loops[b].blocks.size();
  });
  for (size_t i : by_size) {
    Loop& loop = loops[i];
    for (size_t j = 0; j < loops.size(); ++j) {
      if (j == i || !loops[j].Contains(loop.header)) continue;
      if (loops[j].blocks.size() <= loop.blocks.size()) continue;
      if (loop.parent < 0 || loops[j].blocks.size() < loops[loop.parent].blocks.size()) {
        loop.parent = static_cast<int32_t>(j);
      }
    }
    loop.depth =
        loop.parent < 0 ? 1 : static_cast<uint8_t>(std::min(255, loops[loop.parent].depth + 1));
    for (uint32_t b : loop.blocks) {
      forest.innermost[b] = static_cast<int32_t>(i);
      forest.depth[b] = loop.depth;
    }
  }
  return forest;
}

}  // namespace jtg::analysis
