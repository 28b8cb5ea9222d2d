#include "jvm/iteration_counter.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "analysis/cfg.h"

namespace jtg::jvm {
namespace {

using classfile::InsnKind;

bool IsHandlerStart(const classfile::CodeAttribute& code, uint32_t offset) {
  return std::any_of(code.handlers.begin(), code.handlers.end(),
                     [&](const auto& h) { return h.handler_pc == offset; });
}

// Whether block `f`'s only normal predecessor is block `t`.
bool OnlyNormalPred(const analysis::Cfg& cfg, uint32_t f, uint32_t t) {
  for (uint32_t b = 0; b < cfg.blocks.size(); ++b) {
    const auto& s = cfg.blocks[b].succs;
    if (b != t && std::find(s.begin(), s.end(), f) != s.end()) return false;
  }
  return true;
}

void Append(const IterationCounter& from, IterationCounter& to) {
  to.plus.insert(to.plus.end(), from.plus.begin(), from.plus.end());
  to.minus.insert(to.minus.end(), from.minus.begin(), from.minus.end());
  to.exact = to.exact && from.exact;
}

}  // namespace

StatusOr<MethodCode> MakeMethodCode(const instrument::ClassPlan& plan,
                                    std::span<const uint8_t> original_bytes, std::string_view name,
                                    std::string_view descriptor) {
  auto it = std::find_if(plan.methods.begin(), plan.methods.end(), [&](const auto& m) {
    return m.name == name && m.descriptor == descriptor;
  });
  const std::string what = plan.class_name + "." + std::string(name) + std::string(descriptor);
  if (it == plan.methods.end()) return absl::NotFoundError("no plan for method " + what);
  if (!it->instrumented) {
    return absl::FailedPreconditionError(absl::StrCat(what, " not instrumented: ", it->SkipText()));
  }
  JTG_ASSIGN_OR_RETURN(classfile::ParseResult parsed,
                       classfile::Parse(original_bytes, plan.class_name));
  for (const classfile::MethodInfo& m : parsed.cls.methods) {
    if (parsed.cls.MethodName(m) != name || parsed.cls.MethodDescriptor(m) != descriptor) {
      continue;
    }
    if (!m.code) return absl::FailedPreconditionError(what + " has no code");
    return MethodCode{*it, *m.code};
  }
  return absl::NotFoundError("no method " + what + " in the class bytes");
}

StatusOr<MethodCode> FindMethodCode(const CoverageTransformer& transformer,
                                    const std::string& internal_name, std::string_view name,
                                    std::string_view descriptor) {
  auto plan = transformer.Plan(internal_name);
  auto bytes = transformer.OriginalBytes(internal_name);
  if (!plan || !bytes) {
    return absl::NotFoundError(
        absl::StrCat(internal_name, " was not instrumented in counting mode"));
  }
  return MakeMethodCode(*plan, *bytes, name, descriptor);
}

StatusOr<int32_t> BlockGoalAt(const instrument::MethodPlan& plan, uint32_t offset) {
  for (const instrument::BlockGoal& b : plan.blocks) {
    if (b.start <= offset && offset < b.end) return b.id;
  }
  return absl::NotFoundError(
      absl::StrCat("no block probe at offset ", offset, " of ", plan.name, plan.descriptor));
}

StatusOr<IterationCounter> BackEdgeCounter(const MethodCode& method, uint32_t jump_offset) {
  JTG_ASSIGN_OR_RETURN(analysis::Cfg cfg, analysis::BuildCfg(method.code));
  const auto at = std::find_if(cfg.insns.begin(), cfg.insns.end(),
                               [&](const auto& in) { return in.offset == jump_offset; });
  if (at == cfg.insns.end()) {
    return absl::InvalidArgumentError(absl::StrCat("no instruction at offset ", jump_offset));
  }
  const classfile::Insn& jump = *at;
  const uint32_t t = cfg.block_of_insn[static_cast<size_t>(at - cfg.insns.begin())];
  IterationCounter c;
  switch (jump.kind) {
    case InsnKind::kGoto: {
      JTG_ASSIGN_OR_RETURN(int32_t tail, BlockGoalAt(method.plan, cfg.blocks[t].start));
      c.plus.push_back(tail);
      return c;
    }
    case InsnKind::kConditional: {
      for (const instrument::BranchGoal& br : method.plan.branches) {
        if (br.offset == jump_offset) {
          c.plus.push_back(br.id);  // taken = back to the header
          return c;
        }
      }
      // Blocks-only plan: the tail's executions minus the fall-throughs, when countable.
      JTG_ASSIGN_OR_RETURN(int32_t tail, BlockGoalAt(method.plan, cfg.blocks[t].start));
      c.plus.push_back(tail);
      const uint32_t next = jump.offset + jump.length;
      c.exact = false;
      for (uint32_t f = 0; f < cfg.blocks.size(); ++f) {
        if (cfg.blocks[f].start != next) continue;
        if (OnlyNormalPred(cfg, f, t) && !IsHandlerStart(method.code, next)) {
          auto fall = BlockGoalAt(method.plan, next);
          if (fall.ok()) {
            c.minus.push_back(*fall);
            c.exact = true;
          }
        }
        break;
      }
      return c;
    }
    case InsnKind::kSwitch:
      return absl::UnimplementedError(
          absl::StrCat("back edge at offset ", jump_offset, " is a switch: not counted"));
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("instruction at offset ", jump_offset, " is not a jump"));
  }
}

StatusOr<IterationCounter> LoopCounter(const MethodCode& method, uint32_t header_offset) {
  JTG_ASSIGN_OR_RETURN(std::vector<classfile::Insn> insns, classfile::DecodeCode(method.code.code));
  IterationCounter sum;
  bool any = false;
  for (const classfile::Insn& in : insns) {
    if (in.offset < header_offset) continue;
    if (in.kind != InsnKind::kGoto && in.kind != InsnKind::kConditional &&
        in.kind != InsnKind::kSwitch) {
      continue;
    }
    if (std::find(in.targets.begin(), in.targets.end(), header_offset) == in.targets.end()) {
      continue;
    }
    JTG_ASSIGN_OR_RETURN(IterationCounter one, BackEdgeCounter(method, in.offset));
    Append(one, sum);
    any = true;
  }
  if (!any) {
    return absl::NotFoundError(absl::StrCat("no back edge to offset ", header_offset, " in ",
                                            method.plan.name, method.plan.descriptor));
  }
  return sum;
}

int64_t CountIterations(const IterationCounter& counter, std::span<const int32_t> goals,
                        std::span<const int32_t> counts) {
  absl::flat_hash_map<int32_t, int64_t> count;
  for (size_t i = 0; i < goals.size() && i < counts.size(); ++i) count[goals[i]] += counts[i];
  auto of = [&](int32_t g) {
    auto it = count.find(g);
    return it == count.end() ? int64_t{0} : it->second;
  };
  int64_t n = 0;
  for (int32_t g : counter.plus) n += of(g);
  for (int32_t g : counter.minus) n -= of(g);
  return std::max<int64_t>(n, 0);
}

}  // namespace jtg::jvm
