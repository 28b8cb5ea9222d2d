#include "instrument/fold_guards.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace jtg::instrument {
namespace {

// Instruction index at `offset`, or -1.
int64_t IndexAt(const std::vector<classfile::Insn>& insns, uint32_t offset) {
  auto it = std::lower_bound(insns.begin(), insns.end(), offset,
                             [](const classfile::Insn& in, uint32_t o) { return in.offset < o; });
  return it != insns.end() && it->offset == offset ? it - insns.begin() : -1;
}

bool Known(const std::vector<std::optional<FrameState>>& states, int64_t i) {
  return i >= 0 && static_cast<size_t>(i) < states.size() && states[static_cast<size_t>(i)];
}

}  // namespace

uint32_t FoldGuardBytesBound(size_t sites, size_t pads) {
  // A pad: the guard, its goto back, and a goto over the placed pads before a target (each
  // counted as a 5-byte goto_w: an upper bound).
  return static_cast<uint32_t>(kFoldGuardMaxBytes * sites + (kFoldGuardMaxBytes + 10) * pads);
}

bool NeedsFrames(const classfile::ClassFile& cls, const classfile::CodeAttribute& code) {
  return code.has_stack_map || cls.major_version >= 51;
}

bool GuardStatesKnown(const std::vector<std::optional<FrameState>>& states,
                      const std::vector<classfile::Insn>& insns,
                      const std::vector<ProbeSite>& sites, const std::vector<ArrayPad>& pads) {
  for (const ProbeSite& s : sites) {
    if (!Known(states, int64_t{s.insn} + (s.after ? 1 : 0))) return false;
  }
  for (const ArrayPad& p : pads) {
    if (!Known(states, IndexAt(insns, p.target))) return false;
  }
  return true;
}

Status AddGuardFrames(const std::vector<GuardLabel>& guards,
                      const std::vector<std::optional<FrameState>>& states, const Layout& layout,
                      const Insertions& ins, const classfile::ClassFile& cls,
                      const classfile::MethodInfo& m, classfile::ConstantPool& cp,
                      classfile::CodeAttribute& code) {
  if (guards.empty()) return absl::OkStatus();
  JTG_ASSIGN_OR_RETURN(FrameState initial,
                       InitialState(cls.Name(), cls.MethodName(m), cls.MethodDescriptor(m),
                                    (m.access & classfile::kAccStatic) != 0, cp));
  JTG_ASSIGN_OR_RETURN(auto frames, ExpandFrames(code, initial));
  const size_t existing = frames.size();
  for (const GuardLabel& g : guards) {
    const size_t i = g.insn + (g.after ? 1 : 0);
    if (!Known(states, static_cast<int64_t>(i))) {
      return absl::NotFoundError(absl::StrCat("no type state for the fold guard before insn ", i));
    }
    const uint32_t snippet =
        g.after ? layout.label[g.insn + 1] - static_cast<uint32_t>(ins.after[g.insn].size())
                : layout.label[g.insn];
    const uint32_t at = snippet + g.end;
    const bool has =
        std::any_of(frames.begin(), frames.begin() + static_cast<std::ptrdiff_t>(existing),
                    [&](const auto& f) { return f.first == at; });
    if (has) continue;
    FrameState s = *states[i];
    for (auto* list : {&s.locals, &s.stack}) {
      for (classfile::VerificationType& v : *list) {
        if (v.tag == classfile::VerificationType::kUninitialized) {
          v.data = static_cast<uint16_t>(layout.MapInsn(v.data));
        }
      }
    }
    frames.emplace_back(at, std::move(s));
  }
  std::stable_sort(frames.begin(), frames.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  frames.erase(std::unique(frames.begin(), frames.end(),
                           [](const auto& a, const auto& b) { return a.first == b.first; }),
               frames.end());
  code.frames = CompressFrames(initial, frames);
  code.has_stack_map = true;
  return absl::OkStatus();
}

}  // namespace jtg::instrument
