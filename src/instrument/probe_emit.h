// Encodes ProbeSites (probe_plan.h) as bytecode snippets calling jtestgen/rt/Probes.
// Every snippet is stack-neutral and branch-free; see instrument.h for the sequences.
#pragma once

#include <cstdint>
#include <vector>

#include "classfile/constant_pool.h"
#include "common/status.h"
#include "instrument/insertions.h"
#include "instrument/probe_plan.h"

namespace jtg::instrument {

inline constexpr char kProbesClass[] = "jtestgen/rt/Probes";

// Constant pool indices of the Probes methods (Methodref entries).
struct ProbeRefs {
  uint16_t hit = 0, if1 = 0, if2 = 0, if_null = 0, if_acmp = 0, sw = 0, loop = 0;
  uint16_t exit = 0, runtime_exit = 0;
};

// Adds (or finds) the Methodref entries. Errors: ResourceExhausted on pool overflow.
StatusOr<ProbeRefs> AddProbeRefs(classfile::ConstantPool& cp);

// Appends the snippets of `sites` to `out` (one snippet per site, in site order). Ids above
// 32767 are loaded with ldc_w of an Integer constant added to `cp`. Errors:
// ResourceExhausted on pool overflow.
Status EmitProbes(const std::vector<ProbeSite>& sites, const ProbeRefs& refs,
                  classfile::ConstantPool& cp, Insertions& out);

}  // namespace jtg::instrument
