// Probe planning for one method: decides which goal ids the method's blocks, conditional
// jumps and switches get (filling MethodPlan, with source lines from the LineNumberTable)
// and where each probe goes, as abstract ProbeSites. No bytes are produced here; see
// probe_emit.h for the encoding and code_layout.h for the insertion.
//
// Placement rules (JaCoCo-style, see plan.h):
//   - block probe: at the label of the block's last instruction when that instruction
//     transfers control (if*, goto, switch, *return, athrow, jsr, ret); otherwise on the
//     fall-through edge after the last instruction.
//   - branch / switch probe: at the label of the jump, after the block probe.
//   - loop guard: at the label of a goto/if*/switch with a target offset <= its own offset,
//     after the branch/switch probe (so the order is block, branch, loop, jump).
// Array probe style: block sites only (kHit); branch and switch outcomes are planned as
// goals here and recorded by array_probes.h PlanOutcomeProbes.
// Goal ids: one per block; two per conditional jump (id = taken, id + 1 = falls through);
// per switch one switch id (AllocateSwitch) and one goal per distinct target (default
// first, then cases in order of first appearance). With coverage, the goals' control_deps
// (plan.h) come from analysis::ComputeControlDependence on the same Cfg.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "instrument/instrument.h"
#include "instrument/plan.h"

namespace jtg::instrument {

struct ProbeSite {
  enum class Kind : uint8_t {
    kHit,     // Probes.hit(id)
    kBranch,  // Probes.if1/if2/ifNull/ifAcmp(..., opcode, id), chosen by `opcode`
    kSwitch,  // Probes.sw(key, id); id is the switch id
    kLoop,    // Probes.loop()
  };
  Kind kind = Kind::kHit;
  uint32_t insn = 0;   // index into Cfg::insns
  bool after = false;  // true: on the fall-through edge after `insn`; false: at its label
  int32_t id = 0;
  uint8_t opcode = 0;  // kBranch: the conditional jump's opcode
  // kBranch for strong mutation (Options::mutation): the probe consumes the jump's operands
  // and returns its outcome, possibly flipped by the mutant switched on, and the jump itself
  // becomes ifne (same size and target). See Probes.if1m.
  bool strong = false;
};

// Line of the instruction at `offset`: the LineNumberTable entry with the greatest
// start_pc <= offset, 0 if none.
uint16_t LineAt(const std::vector<classfile::LineNumber>& lines, uint32_t offset);

// Allocates goal ids from `ids` (only if options.coverage; with options.owner_blocks_only
// block goals only, no control deps), appends the goals to `plan`
// and returns the probe sites in emission order (grouped by instruction, each group in
// block/branch-or-switch/loop order).
std::vector<ProbeSite> PlanProbes(const analysis::Cfg& cfg, const classfile::CodeAttribute& code,
                                  const Options& options, IdAllocator& ids, MethodPlan& plan);

// Fills BranchGoal::instanceof_type / instanceof_when_taken of plan.branches[first_branch..]
// (planned by PlanProbes on the same `cfg`): a branch whose jump is ifeq/ifne preceded in its
// block by `instanceof #k` gets the class named by constant pool entry k. A name that cannot
// be resolved leaves the branch unmarked. Changes no bytes.
void NoteInstanceofTests(const analysis::Cfg& cfg, const classfile::CodeAttribute& code,
                         const classfile::ConstantPool& cp, size_t first_branch, MethodPlan& plan);

}  // namespace jtg::instrument
