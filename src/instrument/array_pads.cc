// Array probes' landing pads (array_probes.h): appended after the method's code
// (AppendPads), or placed just before a forward target (PlaceForwardPads, FinishPlacedPads).
#include <algorithm>
#include <string>

#include "instrument/array_probes.h"
#include "instrument/frame_state.h"
#include "instrument/probe_emit.h"

namespace jtg::instrument {
namespace {

using classfile::Insn;
using classfile::InsnKind;
namespace op = classfile::op;

void Put16(std::vector<uint8_t>& c, uint32_t at, int64_t v) {
  c[at] = static_cast<uint8_t>(v >> 8);
  c[at + 1] = static_cast<uint8_t>(v);
}
void Put32(std::vector<uint8_t>& c, uint32_t at, int64_t v) {
  for (int k = 0; k < 4; ++k) c[at + k] = static_cast<uint8_t>(v >> (24 - 8 * k));
}

// Points every entry of the switch at `pos` (new code) whose original target is `target`
// to `pad_pos`.
void RedirectSwitch(const Insn& in, uint32_t pos, uint32_t target, uint32_t pad_pos,
                    std::vector<uint8_t>& c) {
  const uint32_t at = pos + 1 + (3 - pos % 4);  // the default offset, after the padding
  const int64_t rel = static_cast<int64_t>(pad_pos) - pos;
  if (in.targets[0] == target) Put32(c, at, rel);
  for (size_t k = 1; k < in.targets.size(); ++k) {
    if (in.targets[k] != target) continue;
    const uint32_t entry = in.opcode == op::kTableswitch
                               ? at + 12 + 4 * static_cast<uint32_t>(k - 1)
                               : at + 8 + 8 * static_cast<uint32_t>(k - 1) + 4;
    Put32(c, entry, rel);
  }
}

}  // namespace

Status AppendPads(const std::vector<ArrayPad>& pads, const std::vector<Insn>& insns,
                  const Layout& layout, const classfile::ClassFile& cls,
                  const classfile::MethodInfo& m, uint16_t field_ref, bool compact,
                  bool fold_guards, classfile::ConstantPool& cp, classfile::CodeAttribute& code) {
  if (pads.empty()) return absl::OkStatus();
  if (!code.has_stack_map && cls.major_version >= 51) {
    return absl::NotFoundError("jump target without a stack map frame");
  }
  std::vector<uint8_t>& c = code.code;
  std::vector<classfile::StackMapFrame> added;
  for (const ArrayPad& p : pads) {
    const uint32_t pad_pos = static_cast<uint32_t>(c.size());
    const Insn& in = insns[p.insn];
    const uint32_t pos = layout.pos[p.insn];
    if (in.kind == InsnKind::kConditional) {
      const int64_t rel = static_cast<int64_t>(pad_pos) - pos;
      if (rel > 32767) return absl::ResourceExhaustedError("jump offset overflow");
      Put16(c, pos + 1, rel);
    } else {
      RedirectSwitch(in, pos, p.target, pad_pos, c);
    }
    const uint32_t target = layout.MapLabel(p.target);
    // Stack: as at the jump's target (the jump consumed its operands)
    int64_t skip = -1;  // a fold guard's skip label
    if (fold_guards) {
      JTG_ASSIGN_OR_RETURN(skip, EmitFoldGuard(p.id - 1, cls.Name(), field_ref, cp, c));
    } else if (compact) {
      JTG_RETURN_IF_ERROR(EmitCompactProbe(p.id - 1, cls.Name(), cp, c));  // same stack
    } else {
      JTG_RETURN_IF_ERROR(EmitArrayStore(p.id - 1, field_ref, cp, c));  // same stack
    }
    const int64_t back = static_cast<int64_t>(target) - static_cast<int64_t>(c.size());
    if (back >= -32768) {  // goto where it reaches: every byte counts for the JIT (above)
      c.push_back(op::kGoto);
      c.resize(c.size() + 2);
      Put16(c, static_cast<uint32_t>(c.size() - 2), back);
    } else {
      c.push_back(op::kGotoW);
      c.resize(c.size() + 4);
      Put32(c, static_cast<uint32_t>(c.size() - 4), back);
    }
    if (code.has_stack_map) {
      JTG_ASSIGN_OR_RETURN(FrameState s, FrameAt(code, target, cls.Name(), cls.MethodName(m),
                                                 cls.MethodDescriptor(m),
                                                 (m.access & classfile::kAccStatic) != 0, cp));
      classfile::StackMapFrame f;
      f.frame_type = 255;
      f.offset = pad_pos;
      f.locals = std::move(s.locals);
      f.stack = std::move(s.stack);
      if (skip >= 0) {
        classfile::StackMapFrame g = f;
        g.offset = static_cast<uint32_t>(skip);
        added.push_back(std::move(f));
        added.push_back(std::move(g));
      } else {
        added.push_back(std::move(f));
      }
    }
  }
  if (c.size() > 65535) return absl::ResourceExhaustedError("method too large");
  code.frames.insert(code.frames.end(), added.begin(), added.end());
  return absl::OkStatus();
}

Status PlaceForwardPads(const std::vector<Insn>& insns, const classfile::CodeAttribute& code,
                        uint16_t field_ref, bool compact, std::string_view owner,
                        classfile::ConstantPool& cp, std::vector<ArrayPad>& pads, Insertions& ins,
                        std::vector<PlacedPad>& placed, std::vector<GuardLabel>* guards) {
  // A copy: `owner` may view a constant pool entry, which the probes below can move.
  const std::string owner_name(owner);
  auto index_of = [&](uint32_t offset) -> int64_t {
    auto it = std::lower_bound(insns.begin(), insns.end(), offset,
                               [](const Insn& in, uint32_t o) { return in.offset < o; });
    return it != insns.end() && it->offset == offset ? it - insns.begin() : -1;
  };
  auto same_handlers = [&](uint32_t a, uint32_t b) {
    for (const classfile::ExceptionHandler& h : code.handlers) {
      const bool in_a = h.start_pc <= a && a < h.end_pc;
      const bool in_b = h.start_pc <= b && b < h.end_pc;
      if (in_a != in_b) return false;
    }
    return true;
  };
  // Target index -> its pads, in pad order.
  std::vector<std::pair<uint32_t, std::vector<ArrayPad>>> groups;
  std::vector<ArrayPad> rest;
  for (const ArrayPad& p : pads) {
    const int64_t t = index_of(p.target);
    bool ok = t > 0 && p.target > insns[p.insn].offset;
    if (ok) {
      const Insn& prev = insns[static_cast<size_t>(t - 1)];
      ok = prev.kind != InsnKind::kJsr && prev.kind != InsnKind::kRet &&
           same_handlers(prev.offset, p.target);
    }
    if (!ok) {
      rest.push_back(p);
      continue;
    }
    auto g = std::find_if(groups.begin(), groups.end(),
                          [&](const auto& e) { return e.first == static_cast<uint32_t>(t); });
    if (g == groups.end()) {
      groups.emplace_back(static_cast<uint32_t>(t), std::vector<ArrayPad>{});
      g = groups.end() - 1;
    }
    g->second.push_back(p);
  }
  for (const auto& [t, group] : groups) {
    const Insn& prev = insns[t - 1];
    const bool falls = prev.kind == InsnKind::kPlain || prev.kind == InsnKind::kConditional;
    std::vector<uint8_t> snippet;
    std::vector<uint32_t> starts;
    std::vector<uint32_t> gotos;  // positions of the gotos to L in the snippet
    std::vector<uint32_t> skips;  // fold guards' skip labels in the snippet
    // goto (3 bytes) unless the snippet could outgrow its 16-bit offset: at most 5 + 19 per
    // pad (a probe is at most 8 bytes, a fold guard 14, then a goto_w).
    const bool narrow = 5 + 19 * group.size() <= 32767;
    const uint8_t jump = narrow ? op::kGoto : op::kGotoW;
    const size_t jump_size = narrow ? 3 : 5;
    if (falls) {
      gotos.push_back(0);
      snippet.push_back(jump);
      snippet.resize(jump_size);
    }
    for (size_t i = 0; i < group.size(); ++i) {
      starts.push_back(static_cast<uint32_t>(snippet.size()));
      // Stack: as at t (the jump consumed its operands)
      if (guards != nullptr) {
        JTG_ASSIGN_OR_RETURN(uint32_t skip,
                             EmitFoldGuard(group[i].id - 1, owner_name, field_ref, cp, snippet));
        skips.push_back(skip);
      } else if (compact) {
        JTG_RETURN_IF_ERROR(EmitCompactProbe(group[i].id - 1, owner_name, cp, snippet));
      } else {
        JTG_RETURN_IF_ERROR(EmitArrayStore(group[i].id - 1, field_ref, cp, snippet));
      }
      if (i + 1 < group.size()) {
        gotos.push_back(static_cast<uint32_t>(snippet.size()));
        snippet.push_back(jump);
        snippet.resize(snippet.size() + jump_size - 1);
      }
    }
    const auto end = static_cast<uint32_t>(snippet.size());
    for (uint32_t g : gotos) {
      if (narrow) {
        Put16(snippet, g + 1, static_cast<int64_t>(end) - g);
      } else {
        Put32(snippet, g + 1, static_cast<int64_t>(end) - g);
      }
    }
    std::vector<uint8_t>& after = ins.after[t - 1];
    for (uint32_t skip : skips) {
      guards->push_back({true, t - 1, static_cast<uint32_t>(after.size()) + skip});
    }
    after.insert(after.end(), snippet.begin(), snippet.end());
    for (size_t i = 0; i < group.size(); ++i) {
      placed.push_back(PlacedPad{group[i], t, end - starts[i]});  // after[t - 1] ends with it
    }
  }
  pads = std::move(rest);
  return absl::OkStatus();
}

Status FinishPlacedPads(const std::vector<PlacedPad>& placed, const std::vector<Insn>& insns,
                        const Layout& layout, const classfile::ClassFile& cls,
                        const classfile::MethodInfo& m, classfile::ConstantPool& cp,
                        classfile::CodeAttribute& code) {
  if (placed.empty()) return absl::OkStatus();
  if (!code.has_stack_map && cls.major_version >= 51) {
    return absl::NotFoundError("jump target without a stack map frame");
  }
  // Every target's state first: frames are deltas of the frame before them, so each
  // target's own frame becomes a full_frame (same state) once pad frames precede it.
  std::vector<std::pair<uint32_t, FrameState>> states;  // new target offset -> its state
  if (code.has_stack_map) {
    for (const PlacedPad& p : placed) {
      const uint32_t target = layout.label[p.target_index];
      if (std::any_of(states.begin(), states.end(),
                      [&](const auto& e) { return e.first == target; })) {
        continue;
      }
      JTG_ASSIGN_OR_RETURN(FrameState st, FrameAt(code, target, cls.Name(), cls.MethodName(m),
                                                  cls.MethodDescriptor(m),
                                                  (m.access & classfile::kAccStatic) != 0, cp));
      states.emplace_back(target, std::move(st));
    }
  }
  auto full = [](uint32_t offset, const FrameState& st) {
    classfile::StackMapFrame f;
    f.frame_type = 255;
    f.offset = offset;
    f.locals = st.locals;
    f.stack = st.stack;
    return f;
  };
  std::vector<uint8_t>& c = code.code;
  for (const PlacedPad& p : placed) {
    const uint32_t target = layout.label[p.target_index];
    const uint32_t pad_pos = target - p.from_end;
    const Insn& in = insns[p.pad.insn];
    const uint32_t pos = layout.pos[p.pad.insn];
    if (in.kind == InsnKind::kConditional) {
      Put16(c, pos + 1, static_cast<int64_t>(pad_pos) - pos);  // closer than the target
    } else {
      RedirectSwitch(in, pos, p.pad.target, pad_pos, c);
    }
    if (code.has_stack_map) {
      auto st = std::find_if(states.begin(), states.end(),
                             [&](const auto& e) { return e.first == target; });
      code.frames.push_back(full(pad_pos, st->second));
    }
  }
  for (const auto& [target, st] : states) {
    for (classfile::StackMapFrame& f : code.frames) {
      if (f.offset == target && f.frame_type != 255) f = full(target, st);
    }
  }
  std::stable_sort(code.frames.begin(), code.frames.end(),
                   [](const classfile::StackMapFrame& a, const classfile::StackMapFrame& b) {
                     return a.offset < b.offset;
                   });
  return absl::OkStatus();
}

}  // namespace jtg::instrument
