// Encodes ProbeSites (probe_plan.h) as bytecode snippets calling jtestgen/rt/Probes.
// Every snippet is stack-neutral and branch-free; see instrument.h for the sequences.
// Also replaces lcmp/fcmpl/fcmpg/dcmpl/dcmpg by calls to Probes.lcmp(JJ)I, fcmpl(FF)I,
// fcmpg(FF)I, dcmpl(DD)I, dcmpg(DD)I (same operands and result; 1 -> 3 bytes), which stash
// the operand difference for the branch distance of the following if<cond>; and, for weak
// mutation, arithmetic/bitwise/shift instructions by calls to jtestgen/rt/WeakMutation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/constant_pool.h"
#include "common/status.h"
#include "instrument/insertions.h"
#include "instrument/probe_plan.h"

namespace jtg::instrument {

inline constexpr char kProbesClass[] = "jtestgen/rt/Probes";
inline constexpr char kWeakMutationClass[] = "jtestgen/rt/WeakMutation";

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
};

// `getstatic field_ref; sipush/ldc_w slot; iconst_1; bastore` (stack-neutral; needs three
// stack words), appended to `out`. Errors: ResourceExhausted on pool overflow.
Status EmitArrayStore(int32_t slot, uint16_t field_ref, classfile::ConstantPool& cp,
                      std::vector<uint8_t>& out);
// `invokestatic owner.$jtgP<slot>()V` (stack-neutral), appended to `out`. Errors:
// ResourceExhausted on pool overflow.
Status EmitCompactProbe(int32_t slot, std::string_view owner, classfile::ConstantPool& cp,
                        std::vector<uint8_t>& out);

// Adds (or finds) the Methodref entries. Errors: ResourceExhausted on pool overflow.
StatusOr<ProbeRefs> AddProbeRefs(classfile::ConstantPool& cp);

// Appends the snippets of `sites` to `out` (one snippet per site, in site order). Ids above
// 32767 are loaded with ldc_w of an Integer constant added to `cp`; strong branch probes add
// their Methodrefs on first use (cached in `refs`). The jumps of strong branch sites must be
// rewritten to ifne by the caller. Errors: ResourceExhausted on pool overflow.
Status EmitProbes(const std::vector<ProbeSite>& sites, ProbeRefs& refs,
                  classfile::ConstantPool& cp, Insertions& out);

// Sets out.replace for every lcmp/fcmpl/fcmpg/dcmpl/dcmpg of `insns` to
// `invokestatic Probes.<same name>` (no extra stack), adding its Methodref to `cp` on first
// use (cached in `refs`). Errors: ResourceExhausted on pool overflow.
Status EmitCmpReplacements(const std::vector<classfile::Insn>& insns,
                           classfile::ConstantPool& cp, ProbeRefs& refs, Insertions& out);

// Sets out.replace for each site of `sites` (plan.h; `insn[k]` is the index into `insns` of
// sites[k]) to `sipush/ldc_w id; invokestatic WeakMutation.<mnemonic>` (mutation_ops.h;
// same operands and result, one extra stack word), adding its Methodref to `cp` on first
// use (cached in `refs`). Errors: ResourceExhausted on pool overflow.
Status EmitMutationReplacements(const std::vector<MutationSite>& sites,
                                const std::vector<uint32_t>& insn,
                                classfile::ConstantPool& cp, ProbeRefs& refs,
                                Insertions& out);

}  // namespace jtg::instrument
