// InstrumentClass / InstrumentBytes (instrument.h): per method, build the CFG, plan the
// probes, emit them (and the lcmp/fcmp?/dcmp? replacements, probe_emit.h; with
// Options::mutation also the weak-mutation sites, mutation_plan.h) into an insertion list,
// rewrite exits in place, lay the code out again and relocate its tables, then re-encode
// the Code attribute. Any per-method failure leaves that method's probes out
// (fail open) and records the reason in its MethodPlan.
#include "instrument/instrument.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "analysis/cfg.h"
#include "classfile/bytecode.h"
#include "instrument/array_probes.h"
#include "instrument/code_layout.h"
#include "instrument/exit_rewrite.h"
#include "instrument/fold_guards.h"
#include "instrument/frame_state.h"
#include "instrument/insertions.h"
#include "instrument/mutation_plan.h"
#include "instrument/probe_emit.h"
#include "instrument/probe_plan.h"
#include "instrument/relocate_tables.h"
#include "instrument/type_states.h"

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

// Whether `m` is an empty finalizer: `void finalize()` whose code is a lone `return`.
// HotSpot registers every instance of a class with a non-empty finalize() for
// finalization (a Finalizer object per allocation, run by the finalizer thread) and skips
// empty ones (ClassFileParser's has_empty_finalizer, checked once at class definition). A
// probe in an empty finalizer turns that skip off: on Jython, whose PyObject declares
// `finalize() {}`, it made every Python object finalizable and the program 1.8x slower
// under jtestgen's agent and JaCoCo's alike. The method has no branch and no line worth
// a probe, so it is left as it is.
bool IsEmptyFinalizer(const ClassFile& cls, const MethodInfo& m) {
  return m.code.has_value() && m.code->code.size() == 1 &&
         m.code->code[0] == classfile::op::kReturn && cls.MethodName(m) == "finalize" &&
         cls.MethodDescriptor(m) == "()V";
}

bool Removed(const Options& options, int32_t id) {
  const std::vector<bool>* r = options.array.removed;
  return r != nullptr && id >= 1 && static_cast<size_t>(id - 1) < r->size() && (*r)[id - 1];
}

// Whether a jump or handler of the code targets offset 0 (array probes: the static
// initializer's probe-array prefix must run exactly once).
bool TargetsStart(const analysis::Cfg& cfg, const CodeAttribute& code) {
  for (const classfile::Insn& in : cfg.insns) {
    if (std::find(in.targets.begin(), in.targets.end(), 0u) != in.targets.end()) return true;
  }
  return std::any_of(code.handlers.begin(), code.handlers.end(),
                     [](const classfile::ExceptionHandler& h) { return h.handler_pc == 0; });
}

// Instruments one method with code. Returns the CP error that makes the class unwritable;
// per-method problems go to plan.skip. `refs` caches the cmp replacements' entries.
// Array probes: the static initializer (instrumented after every other method, so the
// slot count is known) gets the probe array's initialization in front; any problem there
// is a FailedPrecondition for the whole class.
// `fold`: this method's probes are flag-guarded (ArrayProbeOptions::fold_flags,
// fold_methods): fold guards (fold_guards.h) where they fit and every site's verifier state is
// known, else compact probes whose $jtgP<slot>() tests the flag.
Status InstrumentMethod(ClassFile& cls, MethodInfo& m, const Options& options, bool fold,
                        IdAllocator& ids, ProbeRefs& refs, MethodPlan& plan) {
  const CodeAttribute& original = *m.code;
  const bool array = options.probe_style == ProbeStyle::kArray;
  const bool array_clinit = array && plan.name == "<clinit>";
  auto cfg = analysis::BuildCfg(original);
  if (!cfg.ok()) {
    if (array_clinit) {
      return absl::FailedPreconditionError(
          absl::StrCat("static initializer: ", cfg.status().message()));
    }
    plan.skip = SkipReason::kUnanalysable;
    plan.skip_detail = std::string(cfg.status().message());
    return absl::OkStatus();
  }
  // In a class the prefix calls the idempotent $jtgInit; an interface's creates the array.
  const bool create_in_clinit = refs.array_init == 0 || options.array.final_array;
  if (array_clinit && create_in_clinit && TargetsStart(*cfg, original)) {
    return absl::FailedPreconditionError("static initializer jumps back to its first instruction");
  }
  const size_t first_block = plan.blocks.size();
  const size_t first_branch = plan.branches.size();
  const size_t first_switch = plan.switches.size();
  std::vector<ProbeSite> sites = PlanProbes(*cfg, original, options, ids, plan);
  NoteInstanceofTests(*cfg, original, cls.cp, first_branch, plan);
  std::vector<ArrayPad> pads;
  refs.array_compact = false;
  refs.array_fold_guards = false;
  refs.guards.clear();
  std::vector<std::optional<FrameState>> states;  // fold guards' frames (fold_guards.h)
  const bool frames = NeedsFrames(cls, original);
  if (array) {
    pads = PlanOutcomeProbes(*cfg, first_block, first_branch, first_switch, plan, sites);
    // Compact probes (array_probes.h), decided on every probe so all versions agree.
    refs.array_compact =
        !array_clinit && refs.array_init != 0 &&
        (fold ||
         (original.code.size() <= kHugeMethodLimit &&
          original.code.size() + ProbeBytesBound(sites.size(), pads.size()) > kHugeMethodLimit));
    // Fold guards inline where they fit and every site's verifier state is known.
    if (refs.array_compact && fold &&
        original.code.size() + FoldGuardBytesBound(sites.size(), pads.size()) <= kHugeMethodLimit) {
      refs.array_fold_guards = true;
      if (frames) {
        auto st =
            StatesBefore(original, cfg->insns, cls.Name(), cls.MethodName(m),
                         cls.MethodDescriptor(m), (m.access & classfile::kAccStatic) != 0, cls.cp);
        if (absl::IsResourceExhausted(st.status())) return st.status();
        refs.array_fold_guards = st.ok() && GuardStatesKnown(*st, cfg->insns, sites, pads);
        if (st.ok()) states = std::move(*st);
      }
    }
    if (refs.array_compact) {
      auto& slots = refs.array_fold_guards ? refs.flag_slots : refs.compact_slots;
      for (const ProbeSite& s : sites) slots.push_back(s.id - 1);
      for (const ArrayPad& p : pads) slots.push_back(p.id - 1);
    }
    std::erase_if(sites, [&](const ProbeSite& s) { return Removed(options, s.id); });
    std::erase_if(pads, [&](const ArrayPad& p) { return Removed(options, p.id); });
  }
  Insertions ins(cfg->insns.size());
  JTG_RETURN_IF_ERROR(EmitProbes(sites, refs, cls.cp, ins));
  if (!pads.empty()) ins.extra_stack = std::max<uint16_t>(ins.extra_stack, 3);
  std::vector<PlacedPad> placed;  // forward pads, before their targets (array_probes.h)
  if (!pads.empty()) {
    JTG_RETURN_IF_ERROR(PlaceForwardPads(cfg->insns, original, refs.array_field, refs.array_compact,
                                         cls.Name(), cls.cp, pads, ins, placed,
                                         refs.array_fold_guards ? &refs.guards : nullptr));
  }
  if (array_clinit) {
    JTG_ASSIGN_OR_RETURN(std::vector<uint8_t> init,
                         ProbeArrayInit(ids.next() - 1, refs.array_field,
                                        create_in_clinit ? uint16_t{0} : refs.array_init, cls.cp));
    ins.at_label[0].insert(ins.at_label[0].begin(), init.begin(), init.end());
    ins.extra_stack = std::max<uint16_t>(ins.extra_stack, 1);
  } else if (array && options.array.prologue && refs.array_init != 0 && !refs.array_compact &&
             (!sites.empty() || !pads.empty())) {
    // The method prologue (array_probes.h): the array exists before any probe reads it.
    std::vector<uint8_t> prologue;
    Invokestatic(prologue, refs.array_init);
    prologue.push_back(classfile::op::kPop);
    ins.at_label[0].insert(ins.at_label[0].begin(), prologue.begin(), prologue.end());
    ins.extra_stack = std::max<uint16_t>(ins.extra_stack, 1);
  }
  if (options.coverage && !options.owner_blocks_only && !array) {  // branch distances
    JTG_RETURN_IF_ERROR(EmitCmpReplacements(cfg->insns, cls.cp, refs, ins));
  }
  if (options.mutation && !array) {
    const std::vector<uint32_t> at = PlanMutationSites(*cfg, original, cls.cp, first_block,
                                                       CanHoldVoidCallHelpers(cls), ids, plan);
    JTG_RETURN_IF_ERROR(EmitMutationReplacements(plan.mutation_sites, at, cfg->insns, original,
                                                 plan.descriptor, cls, refs, ins));
  }

  // The assembler and the pad writers name the limit a method passed in their error.
  auto skip = [&](const Status& why) -> Status {
    if (array_clinit) {
      return absl::FailedPreconditionError(absl::StrCat("static initializer: ", why.message()));
    }
    plan.skip = why.message() == "jump offset overflow" ? SkipReason::kJumpOverflow
                : why.message() == "method too large"   ? SkipReason::kMethodTooLarge
                : why.message() == "max_stack overflow" ? SkipReason::kMaxStack
                                                        : SkipReason::kRewriteFailed;
    if (plan.skip == SkipReason::kRewriteFailed) plan.skip_detail = std::string(why.message());
    plan.blocks.clear();  // goals that can never be hit would read as "not covered"
    plan.branches.clear();
    plan.switches.clear();
    plan.mutation_sites.clear();
    plan.outcome_via_block.clear();
    plan.block_via_outcomes.clear();
    ExitRewriteOnly(cls, m, cfg->insns, refs, options);
    return absl::OkStatus();
  };
  if (uint32_t{original.max_stack} + ins.extra_stack > 65535) {
    return skip(absl::ResourceExhaustedError("max_stack overflow"));
  }

  std::vector<uint8_t> patched = original.code;
  int exits = options.exit_rewrite ? RewriteExits(cls.cp, cfg->insns, refs, patched) : 0;
  if (ins.empty() && exits == 0 && pads.empty()) {
    plan.instrumented = true;
    return absl::OkStatus();
  }
  // Strong branch probes return the outcome: their jumps test it with ifne (same length).
  std::vector<classfile::Insn> insns = cfg->insns;
  for (const ProbeSite& s : sites) {
    if (s.kind == ProbeSite::Kind::kBranch && s.strong) insns[s.insn].opcode = classfile::op::kIfne;
  }
  auto assembled = AssembleCode(patched, insns, ins);
  if (!assembled.ok()) return skip(assembled.status());

  CodeAttribute code = original;
  code.code = std::move(assembled->code);
  code.max_stack = static_cast<uint16_t>(original.max_stack + ins.extra_stack);
  RelocateTables(assembled->layout, cls.cp, code);
  if (Status pad = FinishPlacedPads(placed, cfg->insns, assembled->layout, cls, m, cls.cp, code);
      !pad.ok()) {
    return skip(pad);
  }
  if (Status pad = AppendPads(pads, cfg->insns, assembled->layout, cls, m, refs.array_field,
                              refs.array_compact, refs.array_fold_guards, cls.cp, code);
      !pad.ok()) {
    return skip(pad);
  }
  if (refs.array_fold_guards && frames) {
    if (Status g =
            AddGuardFrames(refs.guards, states, assembled->layout, ins, cls, m, cls.cp, code);
        !g.ok()) {
      if (absl::IsResourceExhausted(g)) return g;
      return skip(g);
    }
  }
  Status st = Commit(cls, m, std::move(code));
  if (!st.ok()) return skip(st);
  plan.instrumented = true;
  return absl::OkStatus();
}

bool IsRuntimeHelper(std::string_view name) { return name.starts_with("jtestgen/rt/"); }

// Array probes ignore the engine-only options (instrument.h ProbeStyle).
Options Normalized(const Options& in) {
  Options o = in;
  if (o.probe_style == ProbeStyle::kArray) {
    o.coverage = true;
    o.loop_guards = o.exit_rewrite = o.mutation = o.owner_blocks_only = false;
  }
  return o;
}

}  // namespace

StatusOr<Result> InstrumentClass(ClassFile& cls, const Options& given, IdAllocator& ids) {
  const Options options = Normalized(given);
  const bool array = options.probe_style == ProbeStyle::kArray;
  Result result;
  result.plan.class_name = std::string(cls.Name());
  const bool helper = IsRuntimeHelper(cls.Name());
  const bool any_code = std::any_of(cls.methods.begin(), cls.methods.end(),
                                    [](const MethodInfo& m) { return m.code.has_value(); });
  ProbeRefs refs;
  if (array) {
    if ((cls.access & classfile::kAccModule) != 0) {
      return absl::FailedPreconditionError("a module descriptor has no code to probe");
    }
    JTG_ASSIGN_OR_RETURN(refs.array_field, ProbeArrayRef(cls));
    JTG_ASSIGN_OR_RETURN(refs.array_init, ProbeInitRef(cls));
    refs.array_class = std::string(cls.Name());
  } else if (any_code && !helper) {
    JTG_ASSIGN_OR_RETURN(refs, AddProbeRefs(cls.cp));
    if (options.owner_blocks_only) {  // block probes count on the execution's thread only
      JTG_ASSIGN_OR_RETURN(refs.hit, cls.cp.AddMethodref(kProbesClass, "hitOwner", "(I)V"));
    }
  }
  // Array probes: the static initializer last, once every other slot is allocated.
  std::vector<size_t> order(cls.methods.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  bool has_clinit = false;
  if (array) {
    std::stable_partition(order.begin(), order.end(), [&](size_t i) {
      const bool clinit =
          cls.MethodName(cls.methods[i]) == "<clinit>" && cls.methods[i].code.has_value();
      has_clinit = has_clinit || clinit;
      return !clinit;
    });
  }
  result.plan.methods.resize(cls.methods.size());
  for (size_t i : order) {
    MethodInfo& m = cls.methods[i];
    MethodPlan& plan = result.plan.methods[i];
    plan.name = std::string(cls.MethodName(m));
    plan.descriptor = std::string(cls.MethodDescriptor(m));
    plan.access = m.access;
    if (!m.code) {
      plan.skip = SkipReason::kNoCode;
    } else if (helper && !array) {
      plan.skip = SkipReason::kRuntimeHelper;
    } else if (IsEmptyFinalizer(cls, m)) {
      plan.skip = SkipReason::kEmptyFinalizer;
    } else {
      const ArrayProbeOptions& a = options.array;
      const bool fold = a.fold_flags && (a.fold_methods == nullptr ||
                                         (i < a.fold_methods->size() && (*a.fold_methods)[i]));
      JTG_RETURN_IF_ERROR(InstrumentMethod(cls, m, options, fold, ids, refs, plan));
    }
  }
  if (array) {
    result.plan.probe_slots = ids.next() - 1;
    JTG_RETURN_IF_ERROR(
        AddProbeArrayMembers(cls, result.plan.probe_slots, has_clinit, options.array.final_array));
    std::sort(refs.compact_slots.begin(), refs.compact_slots.end());
    refs.compact_slots.erase(std::unique(refs.compact_slots.begin(), refs.compact_slots.end()),
                             refs.compact_slots.end());
    std::sort(refs.flag_slots.begin(), refs.flag_slots.end());
    refs.flag_slots.erase(std::unique(refs.flag_slots.begin(), refs.flag_slots.end()),
                          refs.flag_slots.end());
    JTG_RETURN_IF_ERROR(AddCompactProbeMethods(cls, refs.compact_slots, refs.flag_slots,
                                               options.array.fold_flags,
                                               options.array.final_array));
  }
  JTG_RETURN_IF_ERROR(refs.void_calls.AddTo(cls));  // after every method: none are planned
  JTG_ASSIGN_OR_RETURN(result.bytes, classfile::Write(cls));
  return result;
}

StatusOr<Result> InstrumentBytes(std::span<const uint8_t> bytes, std::string_view what,
                                 const Options& options, IdAllocator& ids) {
  JTG_ASSIGN_OR_RETURN(classfile::ParseResult parsed, classfile::Parse(bytes, what));
  return InstrumentClass(parsed.cls, options, ids);
}

}  // namespace jtg::instrument
