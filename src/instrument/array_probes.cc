#include "instrument/array_probes.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"

#include "instrument/frame_state.h"
#include "instrument/probe_emit.h"

namespace jtg::instrument {
namespace {

using classfile::Insn;
using classfile::InsnKind;
namespace op = classfile::op;

// Block index starting at `offset`, or -1.
int64_t BlockAt(const analysis::Cfg& cfg, uint32_t offset) {
  auto it = std::lower_bound(cfg.blocks.begin(), cfg.blocks.end(), offset,
                             [](const analysis::Block& b, uint32_t o) { return b.start < o; });
  if (it == cfg.blocks.end() || it->start != offset) return -1;
  return it - cfg.blocks.begin();
}

// Whether block t's only predecessor is x, so t's block probe records the edge x -> t.
// Never for the entry block: it is also entered at every call.
bool OnlyFrom(const analysis::Cfg& cfg, int64_t t, uint32_t x) {
  if (t <= 0 || t == x) return false;
  const auto& preds = cfg.blocks[t].preds;
  return preds.size() == 1 && preds[0] == x;
}

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

std::vector<ArrayPad> PlanOutcomeProbes(const analysis::Cfg& cfg, size_t first_block,
                                        size_t first_branch, size_t first_switch,
                                        MethodPlan& plan, std::vector<ProbeSite>& sites) {
  std::vector<ArrayPad> pads;
  size_t next_branch = first_branch, next_switch = first_switch;
  auto block_goal = [&](int64_t b) { return plan.blocks[first_block + b].id; };
  auto branching = [&](int64_t b) {
    const InsnKind k = cfg.insns[cfg.blocks[b].last_insn].kind;
    return k == InsnKind::kConditional || k == InsnKind::kSwitch;
  };
  for (uint32_t bi = 0; bi < cfg.blocks.size(); ++bi) {
    const analysis::Block& b = cfg.blocks[bi];
    const Insn& last = cfg.insns[b.last_insn];
    std::vector<int32_t> outcomes;
    // Every outcome has a probe of its own or is recorded by a block that keeps its probe
    // (one that does not branch): then this block's probe is redundant.
    bool recorded = true;
    auto via = [&](int32_t outcome, int64_t t) {
      plan.outcome_via_block.emplace_back(outcome, block_goal(t));
      if (branching(t)) recorded = false;
    };
    if (last.kind == InsnKind::kConditional && next_branch < plan.branches.size()) {
      const BranchGoal& g = plan.branches[next_branch++];
      const int64_t t = BlockAt(cfg, last.targets[0]);
      const int64_t f = bi + 1 < cfg.blocks.size() ? int64_t{bi} + 1 : -1;
      const bool distinct = t != f;
      if (distinct && OnlyFrom(cfg, t, bi)) {
        via(g.id, t);
      } else {
        pads.push_back({b.last_insn, last.targets[0], g.id});
      }
      if (distinct && OnlyFrom(cfg, f, bi)) {
        via(g.id + 1, f);
      } else {
        sites.push_back({ProbeSite::Kind::kHit, b.last_insn, true, g.id + 1, 0});
      }
      outcomes = {g.id, g.id + 1};
    } else if (last.kind == InsnKind::kSwitch && next_switch < plan.switches.size()) {
      const SwitchGoal& s = plan.switches[next_switch++];
      std::vector<uint32_t> distinct;  // first appearance order, as SwitchGoal::target_goals
      for (uint32_t t : last.targets) {
        if (std::find(distinct.begin(), distinct.end(), t) == distinct.end()) {
          distinct.push_back(t);
        }
      }
      for (size_t k = 0; k < distinct.size() && k < s.target_goals.size(); ++k) {
        const int64_t t = BlockAt(cfg, distinct[k]);
        if (OnlyFrom(cfg, t, bi)) {
          via(s.target_goals[k], t);
        } else {
          pads.push_back({b.last_insn, distinct[k], s.target_goals[k]});
        }
        outcomes.push_back(s.target_goals[k]);
      }
      if (outcomes.size() != distinct.size()) recorded = false;
    }
    if (outcomes.empty() || !recorded) continue;
    const int32_t id = block_goal(bi);
    const auto own = std::find_if(sites.begin(), sites.end(), [&](const ProbeSite& s) {
      return s.kind == ProbeSite::Kind::kHit && s.id == id;
    });
    if (own == sites.end()) continue;
    sites.erase(own);
    plan.block_via_outcomes.emplace_back(id, std::move(outcomes));
  }
  return pads;
}

Status AppendPads(const std::vector<ArrayPad>& pads, const std::vector<Insn>& insns,
                  const Layout& layout, const classfile::ClassFile& cls,
                  const classfile::MethodInfo& m, uint16_t field_ref, bool compact,
                  bool fold_guards, classfile::ConstantPool& cp,
                  classfile::CodeAttribute& code) {
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
      JTG_ASSIGN_OR_RETURN(FrameState s,
                           FrameAt(code, target, cls.Name(), cls.MethodName(m),
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
                        classfile::ConstantPool& cp, std::vector<ArrayPad>& pads,
                        Insertions& ins, std::vector<PlacedPad>& placed,
                        std::vector<GuardLabel>* guards) {
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
      if (std::any_of(states.begin(), states.end(), [&](const auto& e) { return e.first == target; })) {
        continue;
      }
      JTG_ASSIGN_OR_RETURN(FrameState st,
                           FrameAt(code, target, cls.Name(), cls.MethodName(m),
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

namespace {
// `sipush/ldc_w slots; newarray boolean` (Stack: ... -> ..., [Z).
Status NewProbeArray(int32_t slots, classfile::ConstantPool& cp, std::vector<uint8_t>& out) {
  if (slots <= 32767) {
    out.push_back(op::kSipush);
    out.push_back(static_cast<uint8_t>(slots >> 8));
    out.push_back(static_cast<uint8_t>(slots));
  } else {
    JTG_ASSIGN_OR_RETURN(uint16_t index, cp.AddInteger(slots));
    out.push_back(op::kLdcW);
    out.push_back(static_cast<uint8_t>(index >> 8));
    out.push_back(static_cast<uint8_t>(index));
  }
  out.push_back(op::kNewarray);
  out.push_back(4);  // T_BOOLEAN
  return absl::OkStatus();
}
}  // namespace

StatusOr<std::vector<uint8_t>> ProbeArrayInit(int32_t slots, uint16_t field_ref,
                                              uint16_t init_ref, classfile::ConstantPool& cp) {
  std::vector<uint8_t> out;
  // Stack: ...
  if (init_ref != 0) {
    Invokestatic(out, init_ref);  // ..., [Z
    out.push_back(op::kPop);      // ...
    return out;
  }
  JTG_RETURN_IF_ERROR(NewProbeArray(slots, cp, out));  // ..., [Z
  out.push_back(op::kPutstatic);
  U16(out, field_ref);                                 // ...
  return out;
}

StatusOr<uint16_t> ProbeArrayRef(classfile::ClassFile& cls) {
  const std::string name(cls.Name());
  return cls.cp.AddFieldref(name, kProbeArrayField, kProbeArrayDesc);
}

StatusOr<uint16_t> ProbeInitRef(classfile::ClassFile& cls) {
  if ((cls.access & classfile::kAccInterface) != 0) return uint16_t{0};
  const std::string name(cls.Name());
  return cls.cp.AddMethodref(name, kProbeInitMethod, kProbeInitDesc);
}

namespace {
// Appends a method with the given code to `cls` (its Code attribute encoded). Errors:
// ResourceExhausted on constant pool overflow.
Status AddMethod(classfile::ClassFile& cls, uint16_t access, const char* name, const char* desc,
                 classfile::CodeAttribute code) {
  using namespace classfile;
  MethodInfo m;
  m.access = access;
  JTG_ASSIGN_OR_RETURN(m.name_index, cls.cp.AddUtf8(name));
  JTG_ASSIGN_OR_RETURN(m.descriptor_index, cls.cp.AddUtf8(desc));
  Attribute code_attr;
  JTG_ASSIGN_OR_RETURN(code_attr.name_index, cls.cp.AddUtf8("Code"));
  m.attributes.push_back(std::move(code_attr));
  m.code_attribute = 0;
  m.code = std::move(code);
  JTG_RETURN_IF_ERROR(EncodeCode(cls, m));
  cls.methods.push_back(std::move(m));
  return absl::OkStatus();
}

// `private static synthetic boolean[] $jtgInit()`:
//    0 getstatic F; 3 dup; 4 ifnonnull 17; 7 pop; 8 sipush/ldc_w N; 11 newarray boolean;
//   13 dup; 14 putstatic F; 17 areturn          (frame at 17: locals [], stack [[Z])
Status AddInitMethod(classfile::ClassFile& cls, int32_t slots, uint16_t field_ref) {
  using namespace classfile;
  CodeAttribute code;
  code.max_stack = 2;
  code.max_locals = 0;
  std::vector<uint8_t>& c = code.code;
  c.push_back(op::kGetstatic);
  U16(c, field_ref);                  // [Z|null
  c.push_back(op::kDup);              // x, x
  c.push_back(op::kIfnonnull);
  U16(c, 13);                         // 4 + 13 = 17; x
  c.push_back(op::kPop);              //
  JTG_RETURN_IF_ERROR(NewProbeArray(slots, cls.cp, c));  // [Z
  c.push_back(op::kDup);              // [Z, [Z
  c.push_back(op::kPutstatic);
  U16(c, field_ref);                  // [Z
  c.push_back(op::kAreturn);
  if (c.size() != 18) return absl::InternalError("$jtgInit: unexpected code size");
  if (cls.major_version >= 50) {
    code.has_stack_map = true;
    StackMapFrame f;
    f.frame_type = 255;
    f.offset = 17;
    VerificationType t;
    t.tag = VerificationType::kObject;
    JTG_ASSIGN_OR_RETURN(t.data, cls.cp.AddClass(kProbeArrayDesc));
    f.stack.push_back(t);
    code.frames.push_back(std::move(f));
  }
  return AddMethod(cls, kAccPrivate | kAccStatic | kAccSynthetic, kProbeInitMethod,
                   kProbeInitDesc, std::move(code));
}
// `private static synthetic boolean[] $jtgInit()` of a final $jtgProbes (Options::final_array):
//    0 getstatic F; 3 areturn
Status AddGetterInitMethod(classfile::ClassFile& cls, uint16_t field_ref) {
  using namespace classfile;
  CodeAttribute code;
  code.max_stack = 1;
  code.max_locals = 0;
  code.code.push_back(op::kGetstatic);
  U16(code.code, field_ref);
  code.code.push_back(op::kAreturn);
  return AddMethod(cls, kAccPrivate | kAccStatic | kAccSynthetic, kProbeInitMethod,
                   kProbeInitDesc, std::move(code));
}
}  // namespace

uint32_t ProbeBytesBound(size_t sites, size_t pads) {
  // getstatic 3 + sipush/ldc_w 3 + iconst_1 + bastore; a pad adds goto_w 5; prologue 4.
  return static_cast<uint32_t>(8 * sites + 13 * pads + 4);
}

namespace {
// The fold flag of `slot`: `private static final synthetic boolean $jtgP<slot>` (fields and
// methods do not share a namespace, so a slot's method may have the same name). Returns its
// Fieldref.
StatusOr<uint16_t> AddFoldFlag(classfile::ClassFile& cls, const std::string& owner, int32_t slot) {
  using namespace classfile;
  const std::string name = absl::StrCat(kCompactProbePrefix, slot);
  FieldInfo f;
  f.access = kAccPrivate | kAccStatic | kAccFinal | kAccSynthetic;
  JTG_ASSIGN_OR_RETURN(f.name_index, cls.cp.AddUtf8(name));
  JTG_ASSIGN_OR_RETURN(f.descriptor_index, cls.cp.AddUtf8(kFoldFlagDesc));
  cls.fields.push_back(std::move(f));
  return cls.cp.AddFieldref(owner, name, kFoldFlagDesc);
}
}  // namespace

Status AddCompactProbeMethods(classfile::ClassFile& cls, const std::vector<int32_t>& slots,
                              const std::vector<int32_t>& flag_slots, bool fold_flags,
                              bool final_array) {
  using namespace classfile;
  const std::string owner(cls.Name());
  for (int32_t slot : flag_slots) JTG_RETURN_IF_ERROR(AddFoldFlag(cls, owner, slot).status());
  if (slots.empty()) return absl::OkStatus();
  JTG_ASSIGN_OR_RETURN(uint16_t init, ProbeInitRef(cls));
  if (init == 0) return absl::InternalError("compact probes in an interface");
  uint16_t array_field = 0;
  if (final_array) {
    JTG_ASSIGN_OR_RETURN(array_field, cls.cp.AddFieldref(owner, kProbeArrayField, kProbeArrayDesc));
  }
  for (int32_t slot : slots) {
    const std::string name = absl::StrCat(kCompactProbePrefix, slot);
    CodeAttribute code;
    code.max_stack = 3;
    code.max_locals = 0;
    std::vector<uint8_t>& c = code.code;
    if (fold_flags) {
      JTG_ASSIGN_OR_RETURN(uint16_t flag, AddFoldFlag(cls, owner, slot));
      c.push_back(op::kGetstatic);
      U16(c, flag);                                           // Z
      c.push_back(op::kIfne);
      U16(c, 11);                                             // 3 + 11 = 14: return
    }
    if (final_array) {                                        // [Z
      c.push_back(op::kGetstatic);
      U16(c, array_field);
    } else {
      Invokestatic(c, init);
    }
    if (slot <= 32767) {                                      // [Z, slot
      c.push_back(op::kSipush);
      U16(c, static_cast<uint16_t>(slot));
    } else {
      JTG_ASSIGN_OR_RETURN(uint16_t index, cls.cp.AddInteger(slot));
      c.push_back(op::kLdcW);
      U16(c, index);
    }
    c.push_back(op::kIconst1);                                // [Z, slot, 1
    c.push_back(0x54);                                        // bastore
    c.push_back(op::kReturn);
    if (fold_flags) {
      if (c.size() != 15) return absl::InternalError("$jtgP: unexpected code size");
      if (cls.major_version >= 50) {
        code.has_stack_map = true;
        StackMapFrame fr;
        fr.frame_type = 255;  // full_frame at 14: no locals, empty stack
        fr.offset = 14;
        code.frames.push_back(std::move(fr));
      }
    }
    JTG_RETURN_IF_ERROR(AddMethod(cls, kAccPrivate | kAccStatic | kAccSynthetic, name.c_str(),
                                  "()V", std::move(code)));
  }
  return absl::OkStatus();
}

Status AddProbeArrayMembers(classfile::ClassFile& cls, int32_t slots, bool has_clinit,
                            bool final_array) {
  using namespace classfile;
  FieldInfo f;
  const bool iface = (cls.access & kAccInterface) != 0;
  // Not final in a class unless final_array: $jtgInit may set it outside <clinit>.
  f.access = iface ? (kAccPublic | kAccStatic | kAccFinal | kAccSynthetic)
                   : (kAccPrivate | kAccStatic | kAccSynthetic | kAccTransient |
                      (final_array ? kAccFinal : 0));
  JTG_ASSIGN_OR_RETURN(f.name_index, cls.cp.AddUtf8(kProbeArrayField));
  JTG_ASSIGN_OR_RETURN(f.descriptor_index, cls.cp.AddUtf8(kProbeArrayDesc));
  cls.fields.push_back(std::move(f));
  JTG_ASSIGN_OR_RETURN(uint16_t ref, ProbeArrayRef(cls));
  JTG_ASSIGN_OR_RETURN(uint16_t init, ProbeInitRef(cls));
  if (init != 0 && final_array) JTG_RETURN_IF_ERROR(AddGetterInitMethod(cls, ref));
  if (init != 0 && !final_array) JTG_RETURN_IF_ERROR(AddInitMethod(cls, slots, ref));
  if (has_clinit) return absl::OkStatus();
  CodeAttribute code;
  code.max_stack = 1;
  code.max_locals = 0;
  JTG_ASSIGN_OR_RETURN(code.code, ProbeArrayInit(slots, ref, final_array ? 0 : init, cls.cp));
  code.code.push_back(op::kReturn);
  return AddMethod(cls, kAccStatic, "<clinit>", "()V", std::move(code));
}

}  // namespace jtg::instrument

namespace jtg::instrument {

std::vector<int32_t> ProbeSlotMethods(const ClassPlan& plan) {
  std::vector<int32_t> out(static_cast<size_t>(std::max(plan.probe_slots, 0)), -1);
  auto claim = [&](int32_t id, int32_t method) {
    if (id >= 1 && static_cast<size_t>(id - 1) < out.size()) out[static_cast<size_t>(id - 1)] = method;
  };
  for (size_t i = 0; i < plan.methods.size(); ++i) {
    const MethodPlan& m = plan.methods[i];
    const auto mi = static_cast<int32_t>(i);
    for (const BlockGoal& b : m.blocks) claim(b.id, mi);
    for (const BranchGoal& b : m.branches) {
      claim(b.id, mi);
      claim(b.id + 1, mi);
    }
    for (const SwitchGoal& s : m.switches) {
      for (int32_t g : s.target_goals) claim(g, mi);
    }
  }
  return out;
}

}  // namespace jtg::instrument
