#include "instrument/probe_plan.h"

#include <algorithm>

#include "analysis/control_dependence.h"

namespace jtg::instrument {
namespace {

using classfile::Insn;
using classfile::InsnKind;

bool TransfersControl(InsnKind k) { return k != InsnKind::kPlain; }

// new (0xbb), newarray (0xbc), anewarray (0xbd), multianewarray (0xc5).
bool IsAllocation(uint8_t op) { return op == 0xbb || op == 0xbc || op == 0xbd || op == 0xc5; }

bool IsBackward(const Insn& in) {
  if (in.kind != InsnKind::kConditional && in.kind != InsnKind::kGoto &&
      in.kind != InsnKind::kSwitch) {
    return false;
  }
  return std::any_of(in.targets.begin(), in.targets.end(),
                     [&](uint32_t t) { return t <= in.offset; });
}

SwitchGoal PlanSwitch(const Insn& in, uint16_t line, IdAllocator& ids) {
  SwitchGoal g;
  g.switch_id = ids.AllocateSwitch();
  g.offset = in.offset;
  g.line = line;
  g.keys = in.keys;
  std::vector<uint32_t> distinct;  // target offsets, first appearance order
  for (uint32_t t : in.targets) {
    if (std::find(distinct.begin(), distinct.end(), t) == distinct.end()) {
      distinct.push_back(t);
    }
  }
  int32_t first = ids.Allocate(static_cast<int32_t>(distinct.size()));
  auto goal_of = [&](uint32_t t) {
    return first +
           static_cast<int32_t>(std::find(distinct.begin(), distinct.end(), t) - distinct.begin());
  };
  g.default_goal = goal_of(in.targets[0]);
  for (size_t k = 1; k < in.targets.size(); ++k) g.key_goal.push_back(goal_of(in.targets[k]));
  for (size_t k = 0; k < distinct.size(); ++k) {
    g.target_goals.push_back(first + static_cast<int32_t>(k));
  }
  return g;
}

// Per block: the goal ids of its outcomes, in analysis::OutcomesOf order (conditional:
// taken, falls through; switch: default first, then distinct targets, which is the order
// of SwitchGoal::target_goals). Empty for a block that does not branch.
using OutcomeGoals = std::vector<std::vector<int32_t>>;

// Sets control_deps of the goals planned for this method (block goals start at
// plan.blocks[first_block], one per CFG block; branch_of / switch_of: the index of the
// block's BranchGoal / SwitchGoal in `plan`, or -1).
void FillControlDeps(const analysis::Cfg& cfg, const OutcomeGoals& goals, size_t first_block,
                     const std::vector<int32_t>& branch_of, const std::vector<int32_t>& switch_of,
                     MethodPlan& plan) {
  const analysis::ControlDependence cd = analysis::ComputeControlDependence(cfg);
  for (uint32_t b = 0; b < cfg.blocks.size(); ++b) {
    std::vector<int32_t> deps;
    if (!cd.entry_dependent[b]) {
      for (const analysis::ControlDep& d : cd.deps[b]) {
        const std::vector<analysis::ControlDep> outs = analysis::OutcomesOf(cfg, d.block);
        const auto k = std::find(outs.begin(), outs.end(), d) - outs.begin();
        const auto& ids = goals[d.block];
        if (static_cast<size_t>(k) < ids.size()) deps.push_back(ids[k]);
      }
      std::sort(deps.begin(), deps.end());
      deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
    }
    if (branch_of[b] >= 0) plan.branches[branch_of[b]].control_deps = deps;
    if (switch_of[b] >= 0) plan.switches[switch_of[b]].control_deps = deps;
    plan.blocks[first_block + b].control_deps = std::move(deps);
  }
}

}  // namespace

uint16_t LineAt(const std::vector<classfile::LineNumber>& lines, uint32_t offset) {
  uint16_t line = 0;
  uint32_t best = 0;
  bool found = false;
  for (const auto& ln : lines) {  // tables are short; last entry wins on equal start_pc
    if (ln.start_pc <= offset && (!found || ln.start_pc >= best)) {
      best = ln.start_pc;
      line = ln.line;
      found = true;
    }
  }
  return line;
}

std::vector<ProbeSite> PlanProbes(const analysis::Cfg& cfg, const classfile::CodeAttribute& code,
                                  const Options& options, IdAllocator& ids, MethodPlan& plan) {
  std::vector<ProbeSite> sites;
  const auto& insns = cfg.insns;
  const size_t first_block = plan.blocks.size();
  OutcomeGoals outcome_goals(cfg.blocks.size());
  std::vector<int32_t> branch_of(cfg.blocks.size(), -1), switch_of(cfg.blocks.size(), -1);
  std::vector<std::pair<uint32_t, uint32_t>> pending_chains;  // (block, goto target offset)
  const bool branches = options.coverage && !options.owner_blocks_only;
  // Array probes record outcomes on edges instead (array_probes.h PlanOutcomeProbes).
  const bool call_probes = options.probe_style == ProbeStyle::kCalls;
  for (uint32_t bi = 0; bi < cfg.blocks.size(); ++bi) {
    const analysis::Block& b = cfg.blocks[bi];
    const Insn& last = insns[b.last_insn];
    const uint16_t line = LineAt(code.lines, last.offset);
    if (options.coverage) {
      BlockGoal g;
      g.id = ids.Allocate(1);
      g.start = b.start;
      g.end = b.end;
      g.entry = b.start == 0;
      g.insn_count =
          static_cast<uint16_t>(std::min<uint32_t>(b.last_insn - b.first_insn + 1, 65535));
      for (uint32_t i = b.first_insn; i <= b.last_insn; ++i) {
        if (IsAllocation(insns[i].opcode) && g.allocations < 65535) ++g.allocations;
        uint16_t l = LineAt(code.lines, insns[i].offset);
        if (l != 0 && std::find(g.lines.begin(), g.lines.end(), l) == g.lines.end()) {
          g.lines.push_back(l);
        }
      }
      // A plain last instruction with no successor (falls off the code: only in dead
      // code) gets its probe before it instead.
      bool after = !TransfersControl(last.kind) && b.last_insn + 1 < insns.size();
      sites.push_back({ProbeSite::Kind::kHit, b.last_insn, after, g.id, 0});
      plan.blocks.push_back(std::move(g));
    }
    if (options.coverage && last.kind == InsnKind::kGoto && !last.targets.empty()) {
      pending_chains.emplace_back(bi, last.targets[0]);
    }
    if (branches && last.kind == InsnKind::kConditional) {
      BranchGoal g;
      g.id = ids.Allocate(2);
      g.offset = last.offset;
      g.line = line;
      g.opcode = last.opcode;
      if (call_probes) {
        sites.push_back(
            {ProbeSite::Kind::kBranch, b.last_insn, false, g.id, last.opcode, options.mutation});
      }
      outcome_goals[bi] = {g.id, g.id + 1};
      branch_of[bi] = static_cast<int32_t>(plan.branches.size());
      plan.branches.push_back(g);
    }
    if (branches && last.kind == InsnKind::kSwitch) {
      SwitchGoal g = PlanSwitch(last, line, ids);
      if (call_probes) {
        sites.push_back({ProbeSite::Kind::kSwitch, b.last_insn, false, g.switch_id, 0});
      }
      outcome_goals[bi] = g.target_goals;
      switch_of[bi] = static_cast<int32_t>(plan.switches.size());
      plan.switches.push_back(std::move(g));
    }
    if (options.loop_guards && IsBackward(last)) {
      sites.push_back({ProbeSite::Kind::kLoop, b.last_insn, false, 0, 0});
    }
  }
  // Goto chains (see BlockGoal::chain_next): targets with a single predecessor that are not
  // exception handlers.
  for (const auto& chain : pending_chains) {
    const auto bi = chain.first;
    const auto target = chain.second;  // a variable, not a binding: lambdas capture it
    for (uint32_t t = 0; t < cfg.blocks.size(); ++t) {
      if (cfg.blocks[t].start != target) continue;
      bool handler = std::any_of(code.handlers.begin(), code.handlers.end(),
                                 [&](const auto& h) { return h.handler_pc == target; });
      if (!handler && cfg.blocks[t].preds.size() == 1 && t != bi) {
        plan.blocks[first_block + bi].chain_next = plan.blocks[first_block + t].id;
      }
      break;
    }
  }
  if (branches) {
    FillControlDeps(cfg, outcome_goals, first_block, branch_of, switch_of, plan);
  }
  return sites;
}

void NoteInstanceofTests(const analysis::Cfg& cfg, const classfile::CodeAttribute& code,
                         const classfile::ConstantPool& cp, size_t first_branch, MethodPlan& plan) {
  namespace op = classfile::op;
  for (size_t k = first_branch; k < plan.branches.size(); ++k) {
    BranchGoal& br = plan.branches[k];
    // The jump is the last instruction of its block; the instanceof must precede it there.
    for (const analysis::Block& b : cfg.blocks) {
      const Insn& last = cfg.insns[b.last_insn];
      if (last.offset != br.offset) continue;
      if (b.last_insn == b.first_insn) break;
      if (last.opcode != op::kIfeq && last.opcode != op::kIfne) break;
      const Insn& prev = cfg.insns[b.last_insn - 1];
      if (prev.opcode != op::kInstanceof || prev.offset + 2 >= code.code.size()) break;
      const uint16_t index =
          static_cast<uint16_t>((code.code[prev.offset + 1] << 8) | code.code[prev.offset + 2]);
      auto name = cp.ClassName(index);
      if (!name.ok()) break;
      br.instanceof_type = std::string(*name);
      br.instanceof_when_taken = last.opcode == op::kIfne;
      break;
    }
  }
}

}  // namespace jtg::instrument
