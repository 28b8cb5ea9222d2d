// Array probes (instrument.h ProbeStyle::kArray, options in ArrayProbeOptions): the probes
// of `jtestgen cover`'s agent, stores into a per-class boolean array, as in JaCoCo. Why
// they look so, what was tried, and the measurements: docs/agent-probes.md.
//
// Members (AddProbeArrayMembers). `$jtgProbes` ([Z): in a class private static transient
// synthetic (final with final_array), in an interface public static final. In a class also
// `private static synthetic boolean[] $jtgInit()`, which returns the field, creating the
// array when it is still null (with final_array it only returns it). The static
// initializer's first instructions (ProbeArrayInit) are `invokestatic $jtgInit; pop` in a
// class, or create the array (`newarray; putstatic`) in an interface and with final_array;
// a class without <clinit> gets a `static {}` holding just that. Such a creating
// initializer must not jump back to its first instruction (the class is refused,
// FailedPrecondition). With ArrayProbeOptions::prologue every other method that keeps a
// probe calls $jtgInit first (at the label of its first instruction; a jump back there
// runs it again, harmlessly); without it the caller guarantees the array exists.
//
// A probe for slot k (k = goal id - 1, one slot per goal id, slots per class) is
//     getstatic $jtgProbes; iconst_k/bipush/sipush/ldc_w k; iconst_1; bastore
// (Stack: ... -> ...; the slot pushed in the fewest bytes).
// Probe sites (critical edges split, so every probe is a one-shot node probe and needs no
// previous-block state; techniques/ddst-hst-tpc.md §13):
//   - block: as the call style (probe_plan.h): before the block's last instruction when it
//     transfers control, else on its fall-through edge; lines count as in JaCoCo;
//   - conditional jump x -> t (taken) / x -> f (falls through): an outcome whose target
//     block has x as its only predecessor (and is not x) has no probe: the target's block
//     probe records it (MethodPlan::outcome_via_block). Otherwise the fall-through outcome
//     gets a probe on the fall-through edge (Insertions::after of the jump) and the taken
//     outcome a landing pad, `probe; goto t` (goto_w where t is out of reach), the jump
//     redirected to it, with a full_frame copied from t's frame;
//   - switch: per distinct target, the same rule (pads for shared or merge targets);
//   - the method's entry block never records an outcome (it also runs at every call).
// A block ending in a conditional jump or switch gets no probe of its own when each of its
// outcomes has a probe or is recorded by a target block that keeps its probe (one that does
// not branch): MethodPlan::block_via_outcomes, from which the report derives it.
//
// Compact probes (classes only): a method of at most kHugeMethodLimit bytes whose probes could
// take it over that limit (ProbeBytesBound, estimated before any removal, so every version of
// a class agrees), and with ArrayProbeOptions::fold_flags every method but <clinit> that
// cannot take fold guards (fold_guards.h), gets `invokestatic $jtgP<slot>()V` per probe (a
// pad: that and a goto), calling a synthetic `private static void $jtgP<slot>()` that stores
// the slot (AddCompactProbeMethods); such a method has no prologue. The $jtgP methods and
// flags exist in every version of the class (retransformation cannot add or remove members),
// whatever is removed.
//
// Removal (ArrayProbeOptions::removed) leaves out a probe or pad (a removed pad's jump keeps
// its original target); ids, slots, the plan, fields and methods are unchanged.
//
// Thread safety: pure functions of their arguments (the caller's class, pool and code); no
// shared state.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "common/status.h"
#include "instrument/code_layout.h"
#include "instrument/insertions.h"
#include "instrument/plan.h"
#include "instrument/probe_emit.h"
#include "instrument/probe_plan.h"

namespace jtg::instrument {

inline constexpr char kProbeArrayField[] = "$jtgProbes";
inline constexpr char kCompactProbePrefix[] = "$jtgP";
inline constexpr uint32_t kHugeMethodLimit = 8000;  // HotSpot's HugeMethodLimit
inline constexpr char kProbeArrayDesc[] = "[Z";
inline constexpr char kFoldFlagDesc[] = "Z";

// A landing pad: every target `target` (original offset) of the jump or switch `insn` goes
// to `probe(id - 1); goto target` instead.
struct ArrayPad {
  uint32_t insn = 0;
  uint32_t target = 0;
  int32_t id = 0;
};

// For the branch and switch goals PlanProbes just planned for this method (plan.branches
// from first_branch, plan.switches from first_switch, plan.blocks from first_block: one per
// CFG block), decides how each outcome is recorded: appends fall-through probe sites to
// `sites`, outcome_via_block pairs to `plan`, and returns the pads.
std::vector<ArrayPad> PlanOutcomeProbes(const analysis::Cfg& cfg, size_t first_block,
                                        size_t first_branch, size_t first_switch, MethodPlan& plan,
                                        std::vector<ProbeSite>& sites);

// Appends the pads to `code` (whose code and tables are already laid out by `layout` and
// relocated), redirects their jumps, and adds a full_frame per pad when the method has a
// StackMapTable. `field_ref` is the Fieldref of $jtgProbes. `compact`: the pads' probes are
// calls; `fold_guards`: fold guards (EmitFoldGuard), whose skip labels get a full_frame
// too (the pad's). Errors (the method must be left unchanged; the message is the skip
// reason): ResourceExhausted("jump offset overflow") when a conditional cannot reach its
// pad, ("method too large"); NotFound when the target has no frame in a class that needs
// one (major version >= 51).
Status AppendPads(const std::vector<ArrayPad>& pads, const std::vector<classfile::Insn>& insns,
                  const Layout& layout, const classfile::ClassFile& cls,
                  const classfile::MethodInfo& m, uint16_t field_ref, bool compact,
                  bool fold_guards, classfile::ConstantPool& cp, classfile::CodeAttribute& code);

// Forward pads (so that a forward jump stays forward; docs/agent-probes.md). A pad whose
// target t comes after its jump is placed just before t, on the fall-through edge of the
// instruction before t (Insertions::after):
//     [goto L, if that instruction falls through]  P1: probe; goto L;  ...  Pn: probe;  L: t
// (the pads of all jumps to t; each Pi gets a full_frame copied from t's frame). Only when
// every exception handler range holds both that instruction and t or neither (a pad inside
// a range that does not cover t would be verified against that handler with t's frame),
// and not after jsr/ret. The others stay at the end (AppendPads).
struct PlacedPad {
  ArrayPad pad;
  uint32_t target_index = 0;  // instruction index of pad.target
  uint32_t from_end = 0;      // bytes from the pad's start to the end of after[target_index - 1]
};

// Moves the pads that can be placed before their target out of `pads` into `placed`,
// appending their code to `ins.after` (call after every other after-snippet is emitted).
// `field_ref`/`compact`/`owner` as for AppendPads; non-null `guards`: the probes are fold
// guards, whose skip labels are appended there (probe_emit.h GuardLabel). Errors:
// ResourceExhausted on pool overflow.
Status PlaceForwardPads(const std::vector<classfile::Insn>& insns,
                        const classfile::CodeAttribute& code, uint16_t field_ref, bool compact,
                        std::string_view owner, classfile::ConstantPool& cp,
                        std::vector<ArrayPad>& pads, Insertions& ins,
                        std::vector<PlacedPad>& placed, std::vector<GuardLabel>* guards);

// After layout and relocation: points each placed pad's jump at it and adds its frames
// (sorting code.frames). Errors as AppendPads (NotFound: no frame at the target).
Status FinishPlacedPads(const std::vector<PlacedPad>& placed,
                        const std::vector<classfile::Insn>& insns, const Layout& layout,
                        const classfile::ClassFile& cls, const classfile::MethodInfo& m,
                        classfile::ConstantPool& cp, classfile::CodeAttribute& code);

// The static initializer's prefix: `invokestatic init_ref; pop` in a class, else `sipush/ldc_w
// slots; newarray boolean; putstatic field_ref` (Stack: ... -> ...; needs one stack word).
StatusOr<std::vector<uint8_t>> ProbeArrayInit(int32_t slots, uint16_t field_ref, uint16_t init_ref,
                                              classfile::ConstantPool& cp);

// Bytes the probes and pads would add to a method (before removal), at most: the upper
// bound used for the compact-probe decision. `sites` are the method's array probe sites.
uint32_t ProbeBytesBound(size_t sites, size_t pads);

// Adds `private static synthetic void $jtgP<slot>()` for each of `slots` (compact probes),
// after the probe array members; with `fold_flags` (ArrayProbeOptions::fold_flags) also
// the slot's flag field `private static final synthetic boolean $jtgP<slot>`, which the
// method tests first (and the flag field alone for each of `flag_slots`, the slots of fold
// guards, fold_guards.h; disjoint from `slots`):
//    0 getstatic flag; 3 ifne 14; 6 invokestatic $jtgInit; 9 sipush/ldc_w slot; 12 iconst_1;
//   13 bastore; 14 return                     (frame at 14: no locals, empty stack)
// With `final_array` (ArrayProbeOptions::final_array, whose field is set before any method
// runs) the array comes from `getstatic $jtgProbes` instead of the $jtgInit call (same
// size).
// Errors: ResourceExhausted on constant pool overflow.
Status AddCompactProbeMethods(classfile::ClassFile& cls, const std::vector<int32_t>& slots,
                              const std::vector<int32_t>& flag_slots, bool fold_flags,
                              bool final_array);

// Class level: adds the $jtgProbes field, in a class the $jtgInit method, and a `static {}`
// initializing it when the class has no <clinit> (`has_clinit` false). `final_array`
// (ArrayProbeOptions::final_array): the field is final, $jtgInit only returns it and the
// `static {}` creates the array unconditionally. Returns nothing else; the caller prefixes an
// existing <clinit> itself. Errors: ResourceExhausted on constant pool overflow.
Status AddProbeArrayMembers(classfile::ClassFile& cls, int32_t slots, bool has_clinit,
                            bool final_array);

// The Fieldref of the class's $jtgProbes (added to the pool).
StatusOr<uint16_t> ProbeArrayRef(classfile::ClassFile& cls);

// The Methodref of the class's $jtgInit (added to the pool); 0 for an interface.
StatusOr<uint16_t> ProbeInitRef(classfile::ClassFile& cls);

inline constexpr char kProbeInitMethod[] = "$jtgInit";
inline constexpr char kProbeInitDesc[] = "()[Z";

// Per probe slot (0 .. plan.probe_slots - 1), the index in plan.methods of the method whose
// goal it is (-1 for a slot no method claims). For HST's per-method choice.
std::vector<int32_t> ProbeSlotMethods(const ClassPlan& plan);

}  // namespace jtg::instrument
