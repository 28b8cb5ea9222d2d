// InstrumentClass / InstrumentBytes (instrument.h): per method, build the CFG, plan the
// probes, emit them (and the lcmp/fcmp?/dcmp? replacements, probe_emit.h; with
// Options::mutation also the weak-mutation sites, mutation_plan.h) into an insertion list,
// rewrite exits in place, lay the code out again and relocate its tables, then re-encode
// the Code attribute. Any per-method failure leaves that method's probes out
// (fail open) and records the reason in its MethodPlan.
#include "instrument/instrument.h"

#include <algorithm>
#include <utility>

#include "analysis/cfg.h"
#include "instrument/code_layout.h"
#include "instrument/exit_rewrite.h"
#include "instrument/insertions.h"
#include "instrument/mutation_plan.h"
#include "instrument/probe_emit.h"
#include "instrument/probe_plan.h"
#include "instrument/relocate_tables.h"

namespace jtg::instrument {
namespace {

using classfile::ClassFile;
using classfile::CodeAttribute;
using classfile::MethodInfo;

// Replaces m.code by `code` and re-encodes it; restores the old code on failure.
Status Commit(ClassFile& cls, MethodInfo& m, CodeAttribute code) {
  CodeAttribute old = std::exchange(*m.code, std::move(code));
  Status st = classfile::EncodeCode(cls, m);
  if (!st.ok()) *m.code = std::move(old);
  return st;
}

// Fallback when probes cannot be inserted: keep only the in-place exit rewrite, which
// never moves code (so the method stays as valid as it was).
void ExitRewriteOnly(ClassFile& cls, MethodInfo& m, const std::vector<classfile::Insn>& insns,
                     const ProbeRefs& refs, const Options& options) {
  if (!options.exit_rewrite) return;
  CodeAttribute code = *m.code;
  if (RewriteExits(cls.cp, insns, refs, code.code) > 0) {
    (void)Commit(cls, m, std::move(code));
  }
}

// Instruments one method with code. Returns the CP error that makes the class unwritable;
// per-method problems go to plan.skip_reason. `refs` caches the cmp replacements' entries.
Status InstrumentMethod(ClassFile& cls, MethodInfo& m, const Options& options,
                        IdAllocator& ids, ProbeRefs& refs, MethodPlan& plan) {
  const CodeAttribute& original = *m.code;
  auto cfg = analysis::BuildCfg(original);
  if (!cfg.ok()) {
    plan.skip_reason = std::string(cfg.status().message());
    return absl::OkStatus();
  }
  const size_t first_block = plan.blocks.size();
  const size_t first_branch = plan.branches.size();
  const std::vector<ProbeSite> sites = PlanProbes(*cfg, original, options, ids, plan);
  NoteInstanceofTests(*cfg, original, cls.cp, first_branch, plan);
  Insertions ins(cfg->insns.size());
  JTG_RETURN_IF_ERROR(EmitProbes(sites, refs, cls.cp, ins));
  if (options.coverage && !options.owner_blocks_only) {  // for branch distances of if<cond>
    JTG_RETURN_IF_ERROR(EmitCmpReplacements(cfg->insns, cls.cp, refs, ins));
  }
  if (options.mutation) {
    const std::vector<uint32_t> at = PlanMutationSites(*cfg, original, first_block, ids, plan);
    JTG_RETURN_IF_ERROR(EmitMutationReplacements(plan.mutation_sites, at, cls.cp, refs, ins));
  }

  auto skip = [&](std::string reason) {
    plan.skip_reason = std::move(reason);
    plan.blocks.clear();  // goals that can never be hit would read as "not covered"
    plan.branches.clear();
    plan.switches.clear();
    plan.mutation_sites.clear();
    ExitRewriteOnly(cls, m, cfg->insns, refs, options);
    return absl::OkStatus();
  };
  if (uint32_t{original.max_stack} + ins.extra_stack > 65535) return skip("max_stack overflow");

  std::vector<uint8_t> patched = original.code;
  int exits = options.exit_rewrite ? RewriteExits(cls.cp, cfg->insns, refs, patched) : 0;
  if (ins.empty() && exits == 0) {
    plan.instrumented = true;
    return absl::OkStatus();
  }
  // Strong branch probes return the outcome: their jumps test it with ifne (same length).
  std::vector<classfile::Insn> insns = cfg->insns;
  for (const ProbeSite& s : sites) {
    if (s.kind == ProbeSite::Kind::kBranch && s.strong) insns[s.insn].opcode = classfile::op::kIfne;
  }
  auto assembled = AssembleCode(patched, insns, ins);
  if (!assembled.ok()) return skip(std::string(assembled.status().message()));

  CodeAttribute code = original;
  code.code = std::move(assembled->code);
  code.max_stack = static_cast<uint16_t>(original.max_stack + ins.extra_stack);
  RelocateTables(assembled->layout, cls.cp, code);
  Status st = Commit(cls, m, std::move(code));
  if (!st.ok()) return skip(std::string(st.message()));
  plan.instrumented = true;
  return absl::OkStatus();
}

bool IsRuntimeHelper(std::string_view name) { return name.starts_with("jtestgen/rt/"); }

}  // namespace

StatusOr<Result> InstrumentClass(ClassFile& cls, const Options& options, IdAllocator& ids) {
  Result result;
  result.plan.class_name = std::string(cls.Name());
  const bool helper = IsRuntimeHelper(cls.Name());
  const bool any_code = std::any_of(cls.methods.begin(), cls.methods.end(),
                                    [](const MethodInfo& m) { return m.code.has_value(); });
  ProbeRefs refs;
  if (any_code && !helper) {
    JTG_ASSIGN_OR_RETURN(refs, AddProbeRefs(cls.cp));
    if (options.owner_blocks_only) {  // block probes count on the execution's thread only
      JTG_ASSIGN_OR_RETURN(refs.hit, cls.cp.AddMethodref(kProbesClass, "hitOwner", "(I)V"));
    }
  }
  for (MethodInfo& m : cls.methods) {
    MethodPlan plan;
    plan.name = std::string(cls.MethodName(m));
    plan.descriptor = std::string(cls.MethodDescriptor(m));
    plan.access = m.access;
    if (!m.code) {
      plan.skip_reason = "no code";
    } else if (helper) {
      plan.skip_reason = "runtime helper class";
    } else {
      JTG_RETURN_IF_ERROR(InstrumentMethod(cls, m, options, ids, refs, plan));
    }
    result.plan.methods.push_back(std::move(plan));
  }
  JTG_ASSIGN_OR_RETURN(result.bytes, classfile::Write(cls));
  return result;
}

StatusOr<Result> InstrumentBytes(std::span<const uint8_t> bytes, std::string_view what,
                                 const Options& options, IdAllocator& ids) {
  JTG_ASSIGN_OR_RETURN(classfile::ParseResult parsed, classfile::Parse(bytes, what));
  return InstrumentClass(parsed.cls, options, ids);
}

}  // namespace jtg::instrument
