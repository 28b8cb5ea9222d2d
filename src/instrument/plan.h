// Probe plan of a class: which coverage goals it has and the global goal ids of its probes.
// Produced by the instrumenter (instrument.h), kept by the engine to map the ids that
// jtestgen.rt.Probes logs back to lines and branches.
//
// Goal ids are global across all classes of one run: IdAllocator hands out ranges.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jtg::instrument {

// Control dependence (for DynaMOSA target selection and approach level; computed by
// analysis/control_dependence.h, FOW over post-dominators, exception edges ignored):
// `control_deps` of a block goal, of a conditional (BranchGoal) and of a switch are the
// goal ids of the branch OUTCOMES the block (for a conditional / switch: the block that
// ends in it) is directly control dependent on: a conditional's `id` (taken) or `id + 1`
// (falls through), or a switch's target goal. Empty = it needs no branch outcome: it runs
// whenever the method is entered, or it begins an exception handler (exception edges are
// not modelled; code after a branch inside a handler does depend on that branch); such
// goals are DynaMOSA's initial targets. A loop condition reached unconditionally is
// listed as empty (its dependence on its own "stay in the loop" outcome is dropped).
//
// Approach level of an uncovered goal g (McMinn): let P = control_deps of g (for an
// outcome goal, of its BranchGoal / SwitchGoal). If g is an outcome whose branch ran (any
// outcome of that BranchGoal / SwitchGoal was logged): level 0, branch distance of g.
// Otherwise search breadth first, level k = 0 for P: the first outcome p in P whose own
// branch ran (a sibling outcome, or p itself, was logged) gives approach level k and the
// branch distance of p at that branch; else replace P by the union of the control_deps of
// the branches owning P's outcomes and k + 1 (each branch once). If P becomes empty with
// nothing found, the method (or handler) was not reached: approach level = k.

// A basic block (JaCoCo-style: split at jump targets, handler starts and after jumps,
// returns, throws and switches; not at calls). Covered when its block probe fires; the probe
// sits before the block's last instruction when that transfers control, else after it,
// so a block cut short by an exception does not count (as in JaCoCo).
struct BlockGoal {
  int32_t id = 0;                     // goal id logged by Probes.hit
  uint32_t start = 0, end = 0;        // original bytecode offsets [start, end)
  std::vector<uint16_t> lines;        // source lines of its instructions (may be empty)
  std::vector<int32_t> control_deps;  // outcome goal ids, ascending (see above)
  // JaCoCo puts no probe on a goto whose target has no other predecessor: the instructions
  // before the goto count as covered only when the target's probe fires. For such a block
  // this is the target block's goal id (0 otherwise); coverage reports follow the chain.
  int32_t chain_next = 0;
  // Static weights for aDynaMOSA's frequency proxies (generate/search/performance.h), counted per
  // execution of the block: its bytecode instructions, the objects and arrays it allocates
  // (new, newarray, anewarray, multianewarray), and whether it is the method's entry block
  // (one execution = one call of the method).
  uint16_t insn_count = 0;
  uint16_t allocations = 0;
  bool entry = false;
};

// One conditional jump: goal `id` = jump taken, `id + 1` = falls through.
struct BranchGoal {
  int32_t id = 0;
  uint32_t offset = 0;                // original offset of the jump
  uint16_t line = 0;                  // 0 if unknown
  std::vector<int32_t> control_deps;  // of the jump's block: outcome goal ids, ascending
  // When the jump is an ifeq/ifne testing the result of the `instanceof X` just before it
  // (same block): X as the constant pool names it (internal name a/b/C, or an array
  // descriptor), and whether the taken outcome (`id`) is the "is an X" side (ifne) or the
  // fall-through `id + 1` is (ifeq). Empty otherwise. Information only: probes do not use it.
  std::string instanceof_type;
  bool instanceof_when_taken = false;
  uint8_t opcode = 0;  // the jump instruction (ifeq..if_acmpne, ifnull, ifnonnull)
};

// One tableswitch/lookupswitch. Probes.sw logs (switch_id, key); the engine maps the key to
// the case's target. Branch outcomes are counted per distinct target (default included),
// as JaCoCo counts them: `target_goal[k]` is the goal id of `targets[k]`.
struct SwitchGoal {
  int32_t switch_id = 0;
  uint32_t offset = 0;
  uint16_t line = 0;
  std::vector<int32_t> keys;          // case keys in order
  std::vector<int32_t> key_goal;      // goal id for keys[i]
  int32_t default_goal = 0;           // goal id of the default target
  std::vector<int32_t> target_goals;  // distinct goal ids (== branches of this switch)
  std::vector<int32_t> control_deps;  // of the switch's block: outcome goal ids, ascending
};

// One weak-mutation site (instrument::Options::mutation): an instruction replaced by a call of
// jtestgen.rt.WeakMutation (operators) or jtestgen.rt.PitMutation (PIT sites) that logs, under
// `id`, a reached marker (id, -1 - opcode) and (id, k) for each infected mutant k, and with
// Probes.mutantSite == id and Probes.mutantIndex == k returns mutant k's result (strong mutation).
// Two kinds:
//   - operator sites (iadd..drem, ishl..lxor; Fraser & Arcuri, EMSE 2015): k = the
//     replacing opcode, 0x60..0x83 (instrument/mutation_ops.h MutantOpcodes);
//   - PIT sites (pit_mutators.h): a return of a value (ireturn..areturn), iinc (also wide
//     iinc), ineg..dneg, a call of a void method (void_calls.h); k = kPitMutantBase +
//     PitMutator, 0x100..0x107.
// Neither collides with the ROR mutant indices 0..6 of conditional jumps. `id` is allocated
// from IdAllocator but is not a coverage goal: no probe logs it through Probes.hit.
struct MutationSite {
  int32_t id = 0;
  uint32_t offset = 0;                // original offset of the instruction
  uint16_t line = 0;                  // 0 if unknown
  uint8_t opcode = 0;                 // the original instruction (iinc for wide iinc too)
  std::vector<int32_t> control_deps;  // of its block: outcome goal ids, ascending
  std::vector<int32_t> mutants;       // its mutant indexes k, ascending; one goal each
};

// Why a method got no probes (MethodPlan::skip); the method runs unchanged but for the
// in-place exit rewrite, and its goals are cleared.
enum class SkipReason : uint8_t {
  kNone,            // instrumented
  kNoCode,          // abstract or native
  kRuntimeHelper,   // a class of jtestgen's own runtime
  kEmptyFinalizer,  // a probe would make HotSpot register every instance for finalization
  kUnanalysable,    // no control-flow graph could be built (skip_detail says why)
  kMaxStack,        // max_stack would pass 65535
  kJumpOverflow,    // a conditional jump's offset would pass 32767
  kMethodTooLarge,  // the code would pass 65535 bytes
  kRewriteFailed,   // another step of the rewrite failed (skip_detail says which)
};

// "no code", "runtime helper class", "empty finalizer", "no control-flow graph",
// "max_stack overflow", "jump offset overflow", "method too large", "rewrite failed"; "" for
// kNone.
std::string_view SkipReasonName(SkipReason r);

struct MethodPlan {
  std::string name, descriptor;
  uint16_t access = 0;
  bool instrumented = false;
  SkipReason skip = SkipReason::kNone;  // why not instrumented
  std::string skip_detail;              // kUnanalysable, kRewriteFailed: the error's text
  // The reason in words: SkipReasonName, then ": " and the detail when there is one.
  std::string SkipText() const;
  std::vector<BlockGoal> blocks;
  std::vector<BranchGoal> branches;
  std::vector<SwitchGoal> switches;
  std::vector<MutationSite> mutation_sites;  // empty unless Options::mutation
  // Array probes only (Options::probe_style kArray, array_probes.h): branch outcomes
  // (conditional `id` / `id + 1`, switch target goals) with no probe of their own, each
  // recorded by the block probe of the outcome's target block (that block has this jump
  // or switch as its only predecessor). Pairs (outcome goal id, block goal id).
  std::vector<std::pair<int32_t, int32_t>> outcome_via_block;
  // Array probes only: blocks ending in a conditional jump or switch that have no probe of
  // their own (array_probes.h "Branching blocks"): such a block ran exactly when one of its
  // outcomes was taken. Pairs (block goal id, its outcome goal ids).
  std::vector<std::pair<int32_t, std::vector<int32_t>>> block_via_outcomes;
};

struct ClassPlan {
  std::string class_name;  // internal name
  std::vector<MethodPlan> methods;
  // Array probes only: length of the class's probe array (slot = goal id - 1; ids come
  // from a fresh IdAllocator per class), and why the class got no probes at all (empty
  // when instrumented).
  int32_t probe_slots = 0;
  std::string skip_reason;
};

// Hands out global goal ids. Not thread-safe: the engine serializes class loading.
class IdAllocator {
 public:
  int32_t Allocate(int32_t n) {
    int32_t first = next_;
    next_ += n;
    return first;
  }
  int32_t AllocateSwitch() { return next_switch_++; }
  int32_t next() const { return next_; }

 private:
  int32_t next_ = 1;  // 0 is never a goal
  int32_t next_switch_ = 0;
};

}  // namespace jtg::instrument
