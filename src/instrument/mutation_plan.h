// Weak-mutation site planning for one method (instrument::Options::mutation): every
// arithmetic, bitwise and shift instruction (instrument/mutation_ops.h) and, in the methods
// PIT mutates, every return of a value, iinc and *neg with a mutant left (pit_mutators.h)
// and, when `void_calls`, every call of a void method (void_calls.h) becomes a MutationSite
// (plan.h) with its own goal id, mutant list, source line and the control dependencies of its
// block, so that DynaMOSA releases its mutants when the block becomes reachable (as for
// BlockGoal::control_deps). No bytes are produced here; see EmitMutationReplacements
// (probe_emit.h).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "classfile/constant_pool.h"
#include "instrument/plan.h"

namespace jtg::instrument {

// Appends the sites of `cfg` to plan.mutation_sites in code order, one id each from `ids`,
// and returns the index into cfg.insns of each appended site. `first_block`: index in
// plan.blocks of the block goal of cfg.blocks[0], whose control_deps the sites copy
// (plan.blocks.size() - first_block must be cfg.blocks.size(); otherwise, e.g. without
// coverage, the sites get no control deps). Reads plan.name, plan.descriptor and plan.access
// (which PIT sites, pit_mutators.h); `cp` is the class's pool (return literals, called
// methods). `void_calls`: whether the class can hold the helpers of VOID_METHOD_CALLS sites
// (void_calls.h CanHoldVoidCallHelpers).
std::vector<uint32_t> PlanMutationSites(const analysis::Cfg& cfg,
                                        const classfile::CodeAttribute& code,
                                        const classfile::ConstantPool& cp, size_t first_block,
                                        bool void_calls, IdAllocator& ids, MethodPlan& plan);

}  // namespace jtg::instrument
