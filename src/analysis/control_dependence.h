// Control-dependence graph (CDG) of a method's CFG, for DynaMOSA target selection and the
// approach level of its fitness (Panichella, Kifetew & Tonella, TSE 2018, §III; McMinn,
// "Search-based software test data generation: a survey", STVR 2004, for approach level).
//
// Definition (Ferrante, Ottenstein & Warren, TOPLAS 1987): block B is control dependent on
// the edge A -> S when B post-dominates S but does not strictly post-dominate A. Computed
// FOW-style: for every outcome edge A -> S of a branching block A, walk the post-dominator
// tree (dominators.h) from S up to ipdom(A), exclusive. As in FOW, a virtual ENTRY node
// with edges to block 0 and to the virtual exit makes the blocks that post-dominate block
// 0 "entry dependent" (reached whenever the method is).
//
// Conventions (same views as dominators.h):
//   - Only conditional jumps and switches are branching blocks. Exception edges are
//     ignored; every exception handler block is a root besides block 0, so a handler's
//     own branches still give dependencies inside the handler. jsr/ret (legacy) give none.
//   - A branch outcome is named by (block, outcome, successor): kTaken = the conditional
//     jumps (to targets[0]); kFallThrough = it does not; kSwitchTarget = the switch goes
//     to `succ` (one outcome per distinct target block, default included).
//   - Loops: a loop condition is control dependent on its own "stay in the loop" outcome
//     as well as being entry dependent (when it is reached unconditionally).
//   - Blocks unreachable from every root (dead code) are not branching blocks of anyone.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/cfg.h"

namespace jtg::analysis {

enum class Outcome : uint8_t { kTaken, kFallThrough, kSwitchTarget };

// One outcome edge of a branching block.
struct ControlDep {
  uint32_t block = 0;  // the branching block A
  Outcome outcome = Outcome::kTaken;
  uint32_t succ = 0;  // the block the outcome leads to
  auto operator<=>(const ControlDep&) const = default;
};

struct ControlDependence {
  // Per block: the outcome edges it is directly control dependent on, sorted, unique.
  std::vector<std::vector<ControlDep>> deps;
  // Per block: it post-dominates block 0, i.e. it runs whenever the method is entered and
  // completes normally (FOW's dependence on ENTRY). Such a block needs no branch to be
  // reached (a DynaMOSA initial target), whatever else `deps` says (a loop condition also
  // depends on its own "stay in the loop" outcome). Handler blocks are not entry dependent:
  // they have no deps (exception edges are ignored), which makes them initial targets too.
  std::vector<bool> entry_dependent;
  // Per block: fewest control dependencies between it and a root along the CDG: 0 when
  // entry dependent or when it has no deps but is reachable from a root (a handler's
  // first blocks), else 1 + min depth of the blocks it depends on; -1 for dead code.
  std::vector<int32_t> depth;
};

// The outcome edges of block `b` (empty unless it ends in a conditional jump or a switch),
// in target order (conditional: taken, then falls through; switch: default first, then the
// cases' distinct targets in order of first appearance).
std::vector<ControlDep> OutcomesOf(const Cfg& cfg, uint32_t b);

ControlDependence ComputeControlDependence(const Cfg& cfg);

// A control-dependence ancestor of a block: `dep`, reached through `distance` control
// dependencies (1 = a direct dependency, 2 = a dependency of that dependency's block...).
struct AncestorDep {
  ControlDep dep;
  int32_t distance = 0;
};

// All control-dependence ancestors of `block`, each once at its least distance, in
// breadth-first order (ties sorted). Entry dependence is not listed.
std::vector<AncestorDep> Ancestors(const ControlDependence& cd, uint32_t block);

struct Approach {
  // Unmet control dependencies between the closest executed branching ancestor and the
  // block: 0 = the block executed, or a direct dependency's branching block executed (take
  // the branch distance of `closest`). When no branching ancestor executed, `closest` is
  // empty and level = depth of the block (the method, or its handler, was not reached).
  int32_t level = 0;
  std::optional<ControlDep> closest;  // the outcome the search should steer towards
};

// Approach level of `block` given which blocks executed (`executed[b]`, one per block).
// The approach level of a branch outcome (A, o) is that of A; if A executed, use the
// branch distance of (A, o) directly.
Approach ApproachLevel(const ControlDependence& cd, uint32_t block,
                       const std::vector<bool>& executed);

}  // namespace jtg::analysis
