// Array probes (array_probes.h): where each branch outcome is recorded (PlanOutcomeProbes),
// and which method each probe slot belongs to. The pads' code is in array_pads.cc, the
// synthetic members in array_members.cc.
#include "instrument/array_probes.h"

#include <algorithm>

namespace jtg::instrument {
namespace {

using classfile::Insn;
using classfile::InsnKind;
namespace op = classfile::op;

// Block index starting at `offset`, or -1.
int64_t BlockAt(const analysis::Cfg& cfg, uint32_t offset) {
  auto it = std::lower_bound(cfg.blocks.begin(), cfg.blocks.end(), offset,
                             [](const analysis::Block& b, uint32_t o) { return b.start < o; });
  if (it == cfg.blocks.end() || it->start != offset) return -1;
  return it - cfg.blocks.begin();
}

// Whether block t's only predecessor is x, so t's block probe records the edge x -> t.
// Never for the entry block: it is also entered at every call.
bool OnlyFrom(const analysis::Cfg& cfg, int64_t t, uint32_t x) {
  if (t <= 0 || t == x) return false;
  const auto& preds = cfg.blocks[t].preds;
  return preds.size() == 1 && preds[0] == x;
}

}  // namespace

std::vector<ArrayPad> PlanOutcomeProbes(const analysis::Cfg& cfg, size_t first_block,
                                        size_t first_branch, size_t first_switch, MethodPlan& plan,
                                        std::vector<ProbeSite>& sites) {
  std::vector<ArrayPad> pads;
  size_t next_branch = first_branch, next_switch = first_switch;
  auto block_goal = [&](int64_t b) { return plan.blocks[first_block + b].id; };
  auto branching = [&](int64_t b) {
    const InsnKind k = cfg.insns[cfg.blocks[b].last_insn].kind;
    return k == InsnKind::kConditional || k == InsnKind::kSwitch;
  };
  for (uint32_t bi = 0; bi < cfg.blocks.size(); ++bi) {
    const analysis::Block& b = cfg.blocks[bi];
    const Insn& last = cfg.insns[b.last_insn];
    std::vector<int32_t> outcomes;
    // Every outcome has a probe of its own or is recorded by a block that keeps its probe
    // (one that does not branch): then this block's probe is redundant.
    bool recorded = true;
    auto via = [&](int32_t outcome, int64_t t) {
      plan.outcome_via_block.emplace_back(outcome, block_goal(t));
      if (branching(t)) recorded = false;
    };
    if (last.kind == InsnKind::kConditional && next_branch < plan.branches.size()) {
      const BranchGoal& g = plan.branches[next_branch++];
      const int64_t t = BlockAt(cfg, last.targets[0]);
      const int64_t f = bi + 1 < cfg.blocks.size() ? int64_t{bi} + 1 : -1;
      const bool distinct = t != f;
      if (distinct && OnlyFrom(cfg, t, bi)) {
        via(g.id, t);
      } else {
        pads.push_back({b.last_insn, last.targets[0], g.id});
      }
      if (distinct && OnlyFrom(cfg, f, bi)) {
        via(g.id + 1, f);
      } else {
        sites.push_back({ProbeSite::Kind::kHit, b.last_insn, true, g.id + 1, 0});
      }
      outcomes = {g.id, g.id + 1};
    } else if (last.kind == InsnKind::kSwitch && next_switch < plan.switches.size()) {
      const SwitchGoal& s = plan.switches[next_switch++];
      std::vector<uint32_t> distinct;  // first appearance order, as SwitchGoal::target_goals
      for (uint32_t t : last.targets) {
        if (std::find(distinct.begin(), distinct.end(), t) == distinct.end()) {
          distinct.push_back(t);
        }
      }
      for (size_t k = 0; k < distinct.size() && k < s.target_goals.size(); ++k) {
        const int64_t t = BlockAt(cfg, distinct[k]);
        if (OnlyFrom(cfg, t, bi)) {
          via(s.target_goals[k], t);
        } else {
          pads.push_back({b.last_insn, distinct[k], s.target_goals[k]});
        }
        outcomes.push_back(s.target_goals[k]);
      }
      if (outcomes.size() != distinct.size()) recorded = false;
    }
    if (outcomes.empty() || !recorded) continue;
    const int32_t id = block_goal(bi);
    const auto own = std::find_if(sites.begin(), sites.end(), [&](const ProbeSite& s) {
      return s.kind == ProbeSite::Kind::kHit && s.id == id;
    });
    if (own == sites.end()) continue;
    sites.erase(own);
    plan.block_via_outcomes.emplace_back(id, std::move(outcomes));
  }
  return pads;
}

std::vector<int32_t> ProbeSlotMethods(const ClassPlan& plan) {
  std::vector<int32_t> out(static_cast<size_t>(std::max(plan.probe_slots, 0)), -1);
  auto claim = [&](int32_t id, int32_t method) {
    if (id >= 1 && static_cast<size_t>(id - 1) < out.size())
      out[static_cast<size_t>(id - 1)] = method;
  };
  for (size_t i = 0; i < plan.methods.size(); ++i) {
    const MethodPlan& m = plan.methods[i];
    const auto mi = static_cast<int32_t>(i);
    for (const BlockGoal& b : m.blocks) claim(b.id, mi);
    for (const BranchGoal& b : m.branches) {
      claim(b.id, mi);
      claim(b.id + 1, mi);
    }
    for (const SwitchGoal& s : m.switches) {
      for (int32_t g : s.target_goals) claim(g, mi);
    }
  }
  return out;
}

}  // namespace jtg::instrument
