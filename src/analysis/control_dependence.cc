// FOW control dependence over the post-dominator tree, plus CDG depth, ancestors and
// approach level (see control_dependence.h).
#include "analysis/control_dependence.h"

#include <algorithm>
#include <deque>
#include <set>

#include "analysis/dominators.h"

namespace jtg::analysis {
namespace {

using classfile::InsnKind;

// Block starting at or containing `offset` (blocks are in offset order).
uint32_t BlockAt(const Cfg& cfg, uint32_t offset) {
  auto it = std::upper_bound(cfg.blocks.begin(), cfg.blocks.end(), offset,
                             [](uint32_t off, const Block& b) { return off < b.start; });
  return static_cast<uint32_t>(it - cfg.blocks.begin()) - 1;
}

}  // namespace

std::vector<ControlDep> OutcomesOf(const Cfg& cfg, uint32_t b) {
  std::vector<ControlDep> out;
  const Block& block = cfg.blocks[b];
  const classfile::Insn& last = cfg.insns[block.last_insn];
  if (last.kind == InsnKind::kConditional) {
    out.push_back({b, Outcome::kTaken, BlockAt(cfg, last.targets[0])});
    if (block.last_insn + 1 < cfg.insns.size()) {
      out.push_back({b, Outcome::kFallThrough, b + 1});
    }
  } else if (last.kind == InsnKind::kSwitch) {
    std::vector<uint32_t> seen;
    for (uint32_t t : last.targets) {
      if (std::find(seen.begin(), seen.end(), t) != seen.end()) continue;
      seen.push_back(t);
      out.push_back({b, Outcome::kSwitchTarget, BlockAt(cfg, t)});
    }
  }
  return out;
}

ControlDependence ComputeControlDependence(const Cfg& cfg) {
  const uint32_t n = static_cast<uint32_t>(cfg.blocks.size());
  ControlDependence cd;
  cd.deps.resize(n);
  cd.entry_dependent.assign(n, false);
  cd.depth.assign(n, -1);
  if (n == 0) return cd;

  const DomTree fwd = Dominators(cfg);
  const DomTree pdom = PostDominators(cfg);
  const uint32_t exit = pdom.root;
  auto walk = [&](uint32_t from, uint32_t stop, auto&& visit) {
    for (uint32_t v = from; v != stop && v != exit && v != kNoNode; v = pdom.idom[v]) visit(v);
  };

  for (uint32_t a = 0; a < n; ++a) {
    if (!fwd.Reachable(a)) continue;
    for (const ControlDep& d : OutcomesOf(cfg, a)) {
      walk(d.succ, pdom.idom[a], [&](uint32_t v) { cd.deps[v].push_back(d); });
    }
  }
  for (auto& v : cd.deps) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
  // ENTRY -> block 0, ENTRY -> EXIT: ipdom(ENTRY) = EXIT.
  walk(0, exit, [&](uint32_t v) { cd.entry_dependent[v] = true; });

  // Depth: BFS over the CDG (edge A -> B per dep of B on A) from the blocks that need no
  // branch: entry dependent ones, and reachable ones with no deps (handler tops).
  std::vector<std::vector<uint32_t>> dependents(n);
  for (uint32_t b = 0; b < n; ++b) {
    for (const ControlDep& d : cd.deps[b]) dependents[d.block].push_back(b);
  }
  std::deque<uint32_t> queue;
  for (uint32_t b = 0; b < n; ++b) {
    if (cd.entry_dependent[b] || (cd.deps[b].empty() && fwd.Reachable(b))) {
      cd.depth[b] = 0;
      queue.push_back(b);
    }
  }
  while (!queue.empty()) {
    const uint32_t a = queue.front();
    queue.pop_front();
    for (uint32_t b : dependents[a]) {
      if (cd.depth[b] < 0) {
        cd.depth[b] = cd.depth[a] + 1;
        queue.push_back(b);
      }
    }
  }
  return cd;
}

std::vector<AncestorDep> Ancestors(const ControlDependence& cd, uint32_t block) {
  std::vector<AncestorDep> out;
  std::set<ControlDep> seen_deps;
  std::vector<bool> expanded(cd.deps.size(), false);
  std::vector<ControlDep> level = cd.deps[block];
  for (int32_t distance = 1; !level.empty(); ++distance) {
    std::vector<ControlDep> next;
    for (const ControlDep& d : level) {
      if (!seen_deps.insert(d).second) continue;
      out.push_back({d, distance});
      if (expanded[d.block]) continue;
      expanded[d.block] = true;
      next.insert(next.end(), cd.deps[d.block].begin(), cd.deps[d.block].end());
    }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    level = std::move(next);
  }
  return out;
}

Approach ApproachLevel(const ControlDependence& cd, uint32_t block,
                       const std::vector<bool>& executed) {
  auto ran = [&](uint32_t b) { return b < executed.size() && executed[b]; };
  if (ran(block)) return {0, std::nullopt};
  std::optional<AncestorDep> best;
  for (const AncestorDep& a : Ancestors(cd, block)) {
    if (!ran(a.dep.block)) continue;
    if (best && best->distance < a.distance) break;  // BFS order: nothing closer follows
    // Among equally close ones, prefer an outcome that has not run yet.
    if (!best || (ran(best->dep.succ) && !ran(a.dep.succ))) best = a;
  }
  if (best) return {best->distance - 1, best->dep};
  return {std::max(cd.depth[block], 0), std::nullopt};
}

}  // namespace jtg::analysis
