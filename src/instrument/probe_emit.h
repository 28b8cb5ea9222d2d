// Encodes ProbeSites (probe_plan.h) as bytecode snippets calling jtestgen/rt/Probes.
// Every snippet is stack-neutral and branch-free; see instrument.h for the sequences.
// Also replaces lcmp/fcmpl/fcmpg/dcmpl/dcmpg by calls to Probes.lcmp(JJ)I, fcmpl(FF)I,
// fcmpg(FF)I, dcmpl(DD)I, dcmpg(DD)I (same operands and result; 1 -> 3 bytes), which stash
// the operand difference for the branch distance of the following if<cond>; and, for weak
// mutation, arithmetic/bitwise/shift instructions (and PIT's sites, pit_emit.h) by calls to
// jtestgen/rt/WeakMutation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "classfile/constant_pool.h"
#include "common/status.h"
#include "instrument/insertions.h"
#include "instrument/probe_plan.h"
#include "instrument/void_calls.h"

namespace jtg::instrument {

inline constexpr char kProbesClass[] = "jtestgen/rt/Probes";
inline constexpr char kWeakMutationClass[] = "jtestgen/rt/WeakMutation";
inline constexpr char kPitMutationClass[] = "jtestgen/rt/PitMutation";  // pit_emit.h

// The skip label L of a fold guard (EmitFoldGuard) emitted into an Insertions list: in
// at_label[insn] (after = false) or after[insn] (after = true), `end` bytes from the start
// of that snippet. Its verifier state is the state before insn (at_label) or before insn + 1
// (after: every after-snippet holding a guard sits on a fall-through edge into insn + 1 or
// is a landing pad for a jump to insn + 1), as every probe is stack-neutral.
struct GuardLabel {
  bool after = false;
  uint32_t insn = 0;
  uint32_t end = 0;
};

// Constant pool indices of the Probes methods (Methodref entries).
struct ProbeRefs {
  uint16_t hit = 0, if1 = 0, if2 = 0, if_null = 0, if_acmp = 0, sw = 0, loop = 0;
  uint16_t exit = 0, runtime_exit = 0;
  // lcmp, fcmpl, fcmpg, dcmpl, dcmpg replacements (index = opcode - lcmp), added to the pool
  // on first use only (0 = not yet), so classes without such comparisons stay as small.
  std::array<uint16_t, 5> cmp{};
  // jtestgen/rt/WeakMutation helpers (index = opcode - iadd), added on first use only.
  std::array<uint16_t, 36> mutation{};
  // Strong-mutation branch probes Probes.if1m/if2m/ifNullM/ifAcmpM, added on first use only.
  uint16_t if1m = 0, if2m = 0, if_null_m = 0, if_acmp_m = 0;
  // Array probes (Options::probe_style kArray): the Fieldref of the class's $jtgProbes.
  // Non-zero: kHit sites are array stores into slot id - 1 (array_probes.h); the Probes
  // methods above are then never referenced.
  uint16_t array_field = 0;
  // Methodref of the class's $jtgInit()[Z (array_probes.h), 0 in interfaces: the method
  // prologue of array probes.
  uint16_t array_init = 0;
  // Array probes, compact form (array_probes.h "Compact probes"): while `array_compact` is
  // set (one method at a time), kHit sites call `array_class.$jtgP<slot>()V`; every slot so
  // emitted, removed or not, is listed in `compact_slots` (the class gets those methods).
  std::string array_class;
  bool array_compact = false;
  std::vector<int32_t> compact_slots;
  // Array probes, fold guards (array_probes.h "Fold guards"): while `array_fold_guards` is
  // set (one method at a time, with array_compact), kHit sites are inline flag-guarded
  // stores instead of calls; each guard's skip label is recorded in `guards` (the caller
  // gives it a stack map frame once the code is laid out) and each slot in `flag_slots`
  // (the class gets its flag field only, no method).
  bool array_fold_guards = false;
  std::vector<int32_t> flag_slots;
  std::vector<GuardLabel> guards;
  // Weak mutation: the helpers of the class's VOID_METHOD_CALLS sites (void_calls.h), added
  // to the class once every method is instrumented.
  VoidCallHelpers void_calls;
};

// Pushes `slot` in the fewest bytes: iconst_<slot> (0..5), bipush (..127), sipush
// (..32767), else ldc_w of an Integer constant added to `cp`. Errors: ResourceExhausted on
// pool overflow.
Status PushSlot(std::vector<uint8_t>& out, int32_t slot, classfile::ConstantPool& cp);

// `getstatic field_ref; <PushSlot slot>; iconst_1; bastore` (stack-neutral; needs three
// stack words; 6 to 8 bytes), appended to `out`. Errors: ResourceExhausted on pool overflow.
Status EmitArrayStore(int32_t slot, uint16_t field_ref, classfile::ConstantPool& cp,
                      std::vector<uint8_t>& out);
// `invokestatic owner.$jtgP<slot>()V` (stack-neutral), appended to `out`. Errors:
// ResourceExhausted on pool overflow.
Status EmitCompactProbe(int32_t slot, std::string_view owner, classfile::ConstantPool& cp,
                        std::vector<uint8_t>& out);

// A fold guard (fold_guards.h), appended to `out`:
//     getstatic owner.$jtgP<slot>:Z; ifne L; <EmitArrayStore slot>; L:
// (stack-neutral; three stack words; 12 to 14 bytes). Returns L's offset in `out`, which
// needs a stack map frame equal to the state before the guard in a class that has frames.
// Errors: ResourceExhausted on pool overflow.
inline constexpr uint32_t kFoldGuardMaxBytes = 14;
StatusOr<uint32_t> EmitFoldGuard(int32_t slot, std::string_view owner, uint16_t field_ref,
                                 classfile::ConstantPool& cp, std::vector<uint8_t>& out);
// Adds (or finds) the Methodref entries. Errors: ResourceExhausted on pool overflow.
StatusOr<ProbeRefs> AddProbeRefs(classfile::ConstantPool& cp);

// Appends the snippets of `sites` to `out` (one snippet per site, in site order). Ids above
// 32767 are loaded with ldc_w of an Integer constant added to `cp`; strong branch probes add
// their Methodrefs on first use (cached in `refs`). The jumps of strong branch sites must be
// rewritten to ifne by the caller. Errors: ResourceExhausted on pool overflow.
Status EmitProbes(const std::vector<ProbeSite>& sites, ProbeRefs& refs, classfile::ConstantPool& cp,
                  Insertions& out);

// Sets out.replace for every lcmp/fcmpl/fcmpg/dcmpl/dcmpg of `insns` to
// `invokestatic Probes.<same name>` (no extra stack), adding its Methodref to `cp` on first
// use (cached in `refs`). Errors: ResourceExhausted on pool overflow.
Status EmitCmpReplacements(const std::vector<classfile::Insn>& insns, classfile::ConstantPool& cp,
                           ProbeRefs& refs, Insertions& out);

// Sets out.replace for each site of `sites` (plan.h; `insn[k]` is the index into `insns` of
// sites[k]): an operator site becomes `sipush/ldc_w id; invokestatic WeakMutation.<mnemonic>`
// (mutation_ops.h; same operands and result, one extra stack word; Methodref cached in
// `refs`), a VOID_METHOD_CALLS site `sipush/ldc_w id; invokestatic <helper>` (void_calls.h;
// the helper handed out by refs.void_calls), another PIT site the sequence of pit_emit.h
// (reading `code`, the method's code, and `descriptor`, its descriptor). Adds the entries to
// cls.cp on first use. Errors: ResourceExhausted on pool overflow; InvalidArgument for a site
// that fits no sequence.
Status EmitMutationReplacements(const std::vector<MutationSite>& sites,
                                const std::vector<uint32_t>& insn,
                                const std::vector<classfile::Insn>& insns,
                                const classfile::CodeAttribute& code, std::string_view descriptor,
                                classfile::ClassFile& cls, ProbeRefs& refs, Insertions& out);

}  // namespace jtg::instrument
