// Where PIT's default mutators beyond ROR and AOR apply (mutation_ops.h PitMutator; PIT's
// DEFAULTS group, https://pitest.org/quickstart/mutators/), as weak-mutation sites
// (plan.h MutationSite) of one method. Pure functions over a decoded method; no state.
//
// Returns (PIT's ReturnsMutatorGroup), by the method's declared return type:
//   boolean, java/lang/Boolean        TRUE_RETURNS and FALSE_RETURNS
//   int, short, byte, char, long,
//   float, double                     PRIMITIVE_RETURNS (0)
//   java/lang/String, Optional, List, EMPTY_RETURNS ("", Optional.empty(),
//   Collection, Iterable, Set, Map,   Collections.emptyList() for List, Collection and
//   Stream, Integer, Short, Character, Iterable, emptySet(), emptyMap(), Stream.empty(), or
//   Long, Float, Double               the boxed 0): PIT's EmptyObjectReturnValsMutator list
//   any other reference or array      NULL_RETURNS
// As PIT's equivalent-return filter, a mutant whose value the return already returns as a
// literal is dropped: iconst_0/lconst_0/fconst_0/dconst_0 (PRIMITIVE_RETURNS; iconst_0 also
// FALSE_RETURNS), iconst_1 (TRUE_RETURNS), aconst_null (NULL_RETURNS), ldc "" (EMPTY_RETURNS),
// getstatic Boolean.TRUE/FALSE, when that literal is the instruction just before the return in
// the same basic block (so no jump brings another value).
// INCREMENTS: iinc and wide iinc with a non-zero constant. INVERT_NEGS: ineg, lneg, fneg, dneg.
// Methods: all but the compiler's synthetic and bridge methods, lambda bodies (lambda$...)
// excepted, as PIT's GregorMutater filters them. VOID_METHOD_CALLS: void_calls.h (a removed
// call needs a helper method per called signature, not only a linear replacement).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "classfile/constant_pool.h"

namespace jtg::instrument {

// Whether the PIT mutators apply to the method `name` with access flags `access`.
bool PitMutatesMethod(std::string_view name, uint16_t access);

// How the returns of a method are mutated: the jtestgen/rt/PitMutation helper that replaces
// them (Stack: ..., value, [empty_kind,] id -> ..., value'), and what follows it.
struct ReturnMutation {
  std::string_view helper;             // "zreturn", "ireturn", ..., "emptyReturn", "nullReturn"
  std::string_view helper_descriptor;  // e.g. (II)I, (Ljava/lang/Object;II)Ljava/lang/Object;
  // emptyReturn's kind argument (PitMutation.empty: 0 String, 1 Optional, 2 List, 3 Set,
  // 4 Map, 5 Stream, 6 Integer, 7 Short, 8 Character, 9 Long, 10 Float, 11 Double); -1: none.
  int32_t empty_kind = -1;
  // Class the helper's Object result is cast to before areturn (internal name, or an array
  // descriptor); "" for primitives and java/lang/Object.
  std::string checkcast;
  std::vector<int32_t> mutants;  // before the literal filter, ascending
  uint8_t return_opcode = 0;     // the return instruction the descriptor calls for
};

// The mutation of the returns of a method with descriptor `descriptor`; nullopt for void or
// a malformed descriptor.
std::optional<ReturnMutation> ReturnMutationOf(std::string_view descriptor);

// The PIT mutants (ascending) of cfg.insns[i] in a method with descriptor `descriptor`
// (`code` its code array, `cp` its class's pool); empty if the instruction is not a PIT site
// or every mutant was filtered.
std::vector<int32_t> PitMutantsAt(const analysis::Cfg& cfg, uint32_t i,
                                  const classfile::CodeAttribute& code,
                                  const classfile::ConstantPool& cp, std::string_view descriptor);

// The constant of an iinc or wide iinc instruction at `in` (0 for other instructions), and
// its local variable index.
int32_t IincConstant(const classfile::CodeAttribute& code, const classfile::Insn& in);
uint16_t IincLocal(const classfile::CodeAttribute& code, const classfile::Insn& in);

}  // namespace jtg::instrument
