// Encodes the PIT mutation sites (pit_mutators.h; plan.h MutationSite with mutants
// >= kPitMutantBase) as linear replacements of their instruction (Insertions::replace) calling
// jtestgen/rt/PitMutation; no branch is added, so stack map frames stay valid. Sequences
// (id: sipush, or ldc_w of an Integer constant above 32767):
//   <x>return  ->  [bipush kind] push id; invokestatic PitMutation.<helper>;
//                  [checkcast C;] <x>return            (ReturnMutationOf; 1 or 2 extra words)
//   iinc v, c  ->  iload v; bipush/sipush c; push id; invokestatic PitMutation.iinc(III)I;
//                  istore v        (wide iload/istore when v > 255; 3 extra words)
//   <t>neg     ->  push id; invokestatic PitMutation.<t>neg(<t>I)<t>      (1 extra word)
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "classfile/constant_pool.h"
#include "common/status.h"
#include "instrument/plan.h"

namespace jtg::instrument {

// Appends the replacement of `in` (the instruction of site `s`, in a method with descriptor
// `descriptor` and code `code`) to `out`, adding the Methodref/Class entries to `cp`, and
// returns the extra operand stack words it needs. Errors: ResourceExhausted on pool overflow;
// InvalidArgument if `in` is no PIT site of such a method.
StatusOr<uint16_t> EmitPitReplacement(const MutationSite& s, const classfile::Insn& in,
                                      const classfile::CodeAttribute& code,
                                      std::string_view descriptor, classfile::ConstantPool& cp,
                                      std::vector<uint8_t>& out);

}  // namespace jtg::instrument
