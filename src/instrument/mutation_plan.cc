#include "instrument/mutation_plan.h"

#include "instrument/mutation_ops.h"
#include "instrument/pit_mutators.h"
#include "instrument/probe_plan.h"
#include "instrument/void_calls.h"

namespace jtg::instrument {

std::vector<uint32_t> PlanMutationSites(const analysis::Cfg& cfg,
                                        const classfile::CodeAttribute& code,
                                        const classfile::ConstantPool& cp, size_t first_block,
                                        bool void_calls, IdAllocator& ids, MethodPlan& plan) {
  std::vector<uint32_t> out;
  const bool have_deps =
      plan.blocks.size() >= first_block && plan.blocks.size() - first_block == cfg.blocks.size();
  const bool pit = PitMutatesMethod(plan.name, plan.access);
  for (uint32_t i = 0; i < cfg.insns.size(); ++i) {
    const classfile::Insn& in = cfg.insns[i];
    std::vector<int32_t> mutants;
    if (IsMutableOperator(in.opcode)) {
      for (uint8_t k : MutantOpcodes(in.opcode)) mutants.push_back(k);
    } else if (pit && void_calls && IsVoidCallSite(in, code, cp, plan.name)) {
      mutants = {PitMutant(PitMutator::kVoidMethodCalls)};
    } else if (pit) {
      mutants = PitMutantsAt(cfg, i, code, cp, plan.descriptor);
    }
    if (mutants.empty()) continue;
    MutationSite s;
    s.id = ids.Allocate(1);
    s.offset = in.offset;
    s.line = LineAt(code.lines, in.offset);
    s.opcode = in.opcode == classfile::op::kWide ? uint8_t{classfile::op::kIinc} : in.opcode;
    s.mutants = std::move(mutants);
    if (have_deps) s.control_deps = plan.blocks[first_block + cfg.block_of_insn[i]].control_deps;
    plan.mutation_sites.push_back(std::move(s));
    out.push_back(i);
  }
  return out;
}

}  // namespace jtg::instrument
