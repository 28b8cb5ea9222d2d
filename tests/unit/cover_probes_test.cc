// Array probes (instrument/array_probes.h), the probes of `jtestgen cover`: slots, the
// landing pads of critical edges, removal (ddst), and -Xverify:all of every fixture class
// and of commons-lang3 instrumented fully and with every other slot removed.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <set>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "instrument/array_probes.h"
#include "instrument/frame_state.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
namespace op = classfile::op;
using testutil::TempDir;

std::vector<uint8_t> CoverFixture(const std::string& name) {
  return testutil::ReadBytes(fs::path(JTG_COVER_FIXTURES_DIR) / (name + ".class"));
}

StatusOr<Result> Array(const std::vector<uint8_t>& bytes, const std::vector<bool>* removed) {
  Options o;
  o.probe_style = ProbeStyle::kArray;
  o.array.removed = removed;
  IdAllocator ids;
  return InstrumentBytes(bytes, "test", o, ids);
}

const MethodPlan* Method(const ClassPlan& plan, std::string_view name) {
  for (const MethodPlan& m : plan.methods) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

// Array stores into $jtgProbes: `getstatic #field` occurrences in every method, and the
// opcodes of one method.
struct Scan {
  int stores = 0;
  int site_stores = 0;  // outside the compact probe methods ($jtgP<slot>)
  int guarded = 0;      // site stores behind a fold guard: getstatic $jtgP<slot>:Z; ifne
  int calls = 0;        // invokestatic $jtgP<slot> (compact probes)
  std::map<std::string, std::vector<uint8_t>> opcodes;
  std::map<std::string, int> guarded_in, stores_in;  // per method name
};

Scan ScanProbes(const std::vector<uint8_t>& bytes) {
  Scan s;
  auto parsed = classfile::Parse(bytes, "scan");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  if (!parsed.ok()) return s;
  classfile::ClassFile& cls = parsed->cls;
  for (const classfile::MethodInfo& m : cls.methods) {
    if (!m.code) continue;
    auto insns = classfile::DecodeCode(m.code->code);
    EXPECT_TRUE(insns.ok());
    const std::string name(cls.MethodName(m));
    auto& ops = s.opcodes[name];
    if (name == kProbeInitMethod) continue;  // the lazy creation, not a probe
    for (size_t k = 0; k < insns->size(); ++k) {
      const classfile::Insn& in = (*insns)[k];
      ops.push_back(in.opcode);
      if (in.opcode != op::kGetstatic && in.opcode != op::kInvokestatic) continue;
      const uint16_t index =
          static_cast<uint16_t>((m.code->code[in.offset + 1] << 8) | m.code->code[in.offset + 2]);
      auto member = cls.cp.Member(index);
      if (!member.ok()) continue;
      // A probe: `invokestatic $jtgInit` (classes) or `getstatic $jtgProbes` (interfaces)
      // followed by the slot, iconst_1 and bastore; <clinit>'s `invokestatic $jtgInit; pop`
      // is not one.
      const bool pop_next = k + 1 < insns->size() && (*insns)[k + 1].opcode == op::kPop;
      if (in.opcode == op::kInvokestatic && member->name.starts_with(kCompactProbePrefix)) {
        ++s.calls;
      }
      if ((member->name == kProbeArrayField || member->name == kProbeInitMethod) && !pop_next) {
        ++s.stores;
        if (!name.starts_with(kCompactProbePrefix)) {
          ++s.site_stores;
          ++s.stores_in[name];
          // A fold guard: getstatic $jtgP<slot>:Z; ifne L; <this store: ...; bastore>; L:
          const bool guard = k >= 2 && k + 3 < insns->size() &&
                             (*insns)[k - 1].opcode == op::kIfne &&
                             (*insns)[k - 2].opcode == op::kGetstatic &&
                             (*insns)[k + 3].opcode == 0x54 &&  // bastore
                             (*insns)[k - 1].targets[0] == (*insns)[k + 3].offset + 1;
          if (guard) {
            const classfile::Insn& g = (*insns)[k - 2];
            auto flag = cls.cp.Member(static_cast<uint16_t>((m.code->code[g.offset + 1] << 8) |
                                                            m.code->code[g.offset + 2]));
            if (flag.ok() && flag->name.starts_with(kCompactProbePrefix) &&
                flag->descriptor == "Z") {
              ++s.guarded;
              ++s.guarded_in[name];
            }
          }
        }
      }
    }
  }
  return s;
}

TEST(CoverProbesTest, EverySlotHasOneProbeOrIsRecordedByItsTargetBlock) {
  auto out = Array(CoverFixture("cover/Branchy"), nullptr);
  ASSERT_TRUE(out.ok()) << out.status();
  const ClassPlan& plan = out->plan;
  int goals = 0, via = 0, by_outcomes = 0;
  for (const MethodPlan& m : plan.methods) {
    EXPECT_TRUE(m.instrumented || m.blocks.empty()) << m.name << ": " << m.SkipText();
    goals += static_cast<int>(m.blocks.size() + 2 * m.branches.size());
    for (const SwitchGoal& s : m.switches) goals += static_cast<int>(s.target_goals.size());
    via += static_cast<int>(m.outcome_via_block.size());
    by_outcomes += static_cast<int>(m.block_via_outcomes.size());
  }
  EXPECT_EQ(plan.probe_slots, goals);
  EXPECT_GT(via, 0);
  EXPECT_GT(by_outcomes, 0);
  EXPECT_EQ(ScanProbes(out->bytes).stores, plan.probe_slots - via - by_outcomes);
}

TEST(CoverProbesTest, TheStrandedBlockOfAnIfThenGetsALandingPad) {
  auto out = Array(CoverFixture("cover/Branchy"), nullptr);
  ASSERT_TRUE(out.ok()) << out.status();
  const MethodPlan* m = Method(out->plan, "ifThen");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->branches.size(), 2u);
  // `if (phase > 0) r += 10;` compiles to if_le over the then-block, which falls into the
  // merge: the jump's taken edge is critical (its target has two predecessors), the
  // fall-through edge is not (the then-block has one).
  for (const BranchGoal& b : m->branches) {
    const bool taken_via = std::any_of(m->outcome_via_block.begin(), m->outcome_via_block.end(),
                                       [&](auto p) { return p.first == b.id; });
    const bool fall_via = std::any_of(m->outcome_via_block.begin(), m->outcome_via_block.end(),
                                      [&](auto p) { return p.first == b.id + 1; });
    EXPECT_FALSE(taken_via);
    EXPECT_TRUE(fall_via);
  }
  const Scan scan = ScanProbes(out->bytes);  // the Scan must outlive `ops`
  const auto& ops = scan.opcodes.at("ifThen");
  // One pad per jump, each ending in a goto (short: the method is small).
  EXPECT_EQ(std::count(ops.begin(), ops.end(), op::kGoto), 2);
  EXPECT_EQ(std::count(ops.begin(), ops.end(), op::kGotoW), 0);
}

// `do { if (..) ..; .. } while (n > 0);` as a method's first statement: the loop's back edge
// is the only jump to the entry block, but that block also runs at every call, so its probe
// cannot stand for the jump: the back edge needs a landing pad of its own.
TEST(CoverProbesTest, AJumpBackToTheEntryBlockGetsItsOwnProbe) {
  auto out = Array(CoverFixture("cover/Branchy"), nullptr);
  ASSERT_TRUE(out.ok()) << out.status();
  const MethodPlan* m = Method(out->plan, "doWhileOnce");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->branches.size(), 2u);
  const BranchGoal& back = m->branches[1];  // `while (n > 0)`: taken = back to the entry
  for (const auto& [outcome, block] : m->outcome_via_block) {
    EXPECT_NE(block, m->blocks[0].id) << "outcome " << outcome << " recorded by the entry block";
  }
  EXPECT_FALSE(std::any_of(m->outcome_via_block.begin(), m->outcome_via_block.end(),
                           [&](auto p) { return p.first == back.id; }));
}

// A block that ends in a conditional jump has no probe of its own when each outcome is
// recorded by a probe or by a target block that keeps its probe: the block ran exactly when
// one of its outcomes was taken (the jump itself cannot throw).
TEST(CoverProbesTest, ABranchingBlockIsRecordedByItsOutcomes) {
  auto out = Array(CoverFixture("cover/Branchy"), nullptr);
  ASSERT_TRUE(out.ok()) << out.status();
  const MethodPlan* m = Method(out->plan, "doWhileOnce");
  ASSERT_NE(m, nullptr);
  // E.g. the loop test `while (n > 0)`: a pad for the jump back to the entry, and the
  // block probe of `return n` for the fall-through.
  ASSERT_FALSE(m->block_via_outcomes.empty());
  for (const auto& [block, outcomes] : m->block_via_outcomes) {
    EXPECT_EQ(outcomes.size(), 2u);
    for (const auto& [outcome, via] : m->outcome_via_block) {
      if (std::find(outcomes.begin(), outcomes.end(), outcome) == outcomes.end()) continue;
      // ... recorded by a block that keeps its own probe
      EXPECT_TRUE(std::none_of(m->block_via_outcomes.begin(), m->block_via_outcomes.end(),
                               [&](const auto& p) { return p.first == via; }));
    }
  }
  // One probe fewer per such block: slots stay, stores go.
  const Scan scan = ScanProbes(out->bytes);  // the Scan must outlive `ops`
  const auto& ops = scan.opcodes.at("doWhileOnce");
  constexpr uint8_t kBastore = 0x54;  // the method itself stores into no array
  const auto stores = std::count(ops.begin(), ops.end(), kBastore);
  int expected = static_cast<int>(m->blocks.size() + 2 * m->branches.size()) -
                 static_cast<int>(m->outcome_via_block.size() + m->block_via_outcomes.size());
  EXPECT_EQ(stores, expected);
}

// Per method: how many jumps (each conditional/goto target, each distinct switch target)
// go backward (target <= the jump's offset).
std::map<std::string, int> BackwardJumps(const std::vector<uint8_t>& bytes) {
  std::map<std::string, int> out;
  auto parsed = classfile::Parse(bytes, "scan");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  if (!parsed.ok()) return out;
  for (const classfile::MethodInfo& m : parsed->cls.methods) {
    if (!m.code) continue;
    auto insns = classfile::DecodeCode(m.code->code);
    EXPECT_TRUE(insns.ok());
    int& n = out[std::string(parsed->cls.MethodName(m))];
    for (const classfile::Insn& in : *insns) {
      if (in.kind != classfile::InsnKind::kConditional && in.kind != classfile::InsnKind::kGoto &&
          in.kind != classfile::InsnKind::kSwitch) {
        continue;
      }
      std::set<uint32_t> targets(in.targets.begin(), in.targets.end());
      for (uint32_t t : targets) n += t <= in.offset ? 1 : 0;
    }
  }
  return out;
}

TEST(CoverProbesTest, AForwardJumpsPadStaysForward) {
  // A pad at the end of the method would make the jumps of switch cases and of taken
  // ifs backward jumps, which HotSpot counts as loop iterations (OSR compilations at
  // each case): pads go before their targets, and each method keeps its backward jumps
  // (the loops' back edges, whose pads go at the end) and gets no new one.
  const std::vector<uint8_t> original = CoverFixture("cover/Branchy");
  auto out = Array(original, nullptr);
  ASSERT_TRUE(out.ok()) << out.status();
  const auto before = BackwardJumps(original);
  const auto after = BackwardJumps(out->bytes);
  for (const char* name : {"day", "sparse", "doWhileOnce"}) {
    const MethodPlan* m = Method(out->plan, name);
    ASSERT_NE(m, nullptr) << name;
    ASSERT_TRUE(m->instrumented) << name;
    EXPECT_EQ(after.at(name), before.at(name)) << name;
  }
  EXPECT_EQ(before.at("day"), 0);
  EXPECT_GT(before.at("doWhileOnce"), 0);
}

// Every byte of a probe counts against C2's inlining budgets (fold_guards.h), so a slot is
// pushed in the fewest bytes: iconst_<k>, bipush, sipush, ldc_w.
TEST(CoverProbesTest, SlotsArePushedInTheFewestBytes) {
  classfile::ConstantPool cp;
  struct Case {
    int32_t slot;
    uint8_t push;
    size_t store, guard;
  };
  for (const Case& c :
       {Case{0, op::kIconst0, 6, 12}, Case{5, op::kIconst0 + 5, 6, 12}, Case{6, op::kBipush, 7, 13},
        Case{127, op::kBipush, 7, 13}, Case{128, op::kSipush, 8, 14},
        Case{32767, op::kSipush, 8, 14}, Case{32768, op::kLdcW, 8, 14}}) {
    std::vector<uint8_t> store, guard;
    ASSERT_TRUE(EmitArrayStore(c.slot, 1, cp, store).ok());
    EXPECT_EQ(store.size(), c.store) << c.slot;
    EXPECT_EQ(store[3], c.push) << c.slot;  // after getstatic #1
    auto skip = EmitFoldGuard(c.slot, "p/C", 1, cp, guard);
    ASSERT_TRUE(skip.ok()) << skip.status();
    EXPECT_EQ(guard.size(), c.guard) << c.slot;
    EXPECT_LE(guard.size(), kFoldGuardMaxBytes);
    EXPECT_EQ(*skip, guard.size()) << c.slot;  // L follows the store
    // ifne at 3 jumps to L.
    EXPECT_EQ(guard[3], op::kIfne);
    EXPECT_EQ(3 + ((guard[4] << 8) | guard[5]), static_cast<int>(guard.size())) << c.slot;
  }
}

TEST(CoverProbesTest, RemovedSlotsLeaveMembersAndPlanUnchanged) {
  const auto bytes = CoverFixture("cover/Branchy");
  auto full = Array(bytes, nullptr);
  ASSERT_TRUE(full.ok()) << full.status();
  std::vector<bool> all(full->plan.probe_slots, true);
  auto none = Array(bytes, &all);
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(ScanProbes(none->bytes).stores, 0);
  EXPECT_LT(none->bytes.size(), full->bytes.size());
  EXPECT_EQ(none->plan.probe_slots, full->plan.probe_slots);
  for (size_t i = 0; i < full->plan.methods.size(); ++i) {
    EXPECT_EQ(none->plan.methods[i].name, full->plan.methods[i].name);
    EXPECT_EQ(none->plan.methods[i].blocks.size(), full->plan.methods[i].blocks.size());
    EXPECT_EQ(none->plan.methods[i].outcome_via_block, full->plan.methods[i].outcome_via_block);
  }
  // Same fields and methods, as a retransformation requires.
  auto a = classfile::Parse(full->bytes, "full");
  auto b = classfile::Parse(none->bytes, "none");
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->cls.methods.size(), b->cls.methods.size());
  ASSERT_EQ(a->cls.fields.size(), b->cls.fields.size());
  for (size_t i = 0; i < a->cls.methods.size(); ++i) {
    EXPECT_EQ(a->cls.MethodName(a->cls.methods[i]), b->cls.MethodName(b->cls.methods[i]));
  }
  EXPECT_EQ(a->cls.FieldName(a->cls.fields.back()), kProbeArrayField);
}

// ArrayProbeOptions::fold_methods: only the selected methods get fold guards (and only their slots
// get flags); the others keep unguarded stores.
TEST(CoverProbesTest, FoldMethodsGuardOnlyTheSelectedMethods) {
  const auto bytes = CoverFixture("cover/Branchy");
  auto fold = [&](const std::vector<bool>* methods) {
    Options o;
    o.probe_style = ProbeStyle::kArray;
    o.array.final_array = true;
    o.array.prologue = false;
    o.array.fold_flags = true;
    o.array.fold_methods = methods;
    IdAllocator ids;
    return InstrumentBytes(bytes, "test", o, ids);
  };
  auto all = fold(nullptr);
  ASSERT_TRUE(all.ok()) << all.status();
  // Select the instrumented method with the most slots.
  const auto slots_of = [](const MethodPlan& m) {
    std::set<int32_t> ids;
    for (const BlockGoal& b : m.blocks) ids.insert(b.id);
    for (const BranchGoal& b : m.branches) ids.insert({b.id, b.id + 1});
    return ids.size();
  };
  size_t best = 0;
  for (size_t i = 0; i < all->plan.methods.size(); ++i) {
    if (slots_of(all->plan.methods[i]) > slots_of(all->plan.methods[best])) best = i;
  }
  std::vector<bool> one(all->plan.methods.size(), false);
  one[best] = true;
  auto some = fold(&one);
  ASSERT_TRUE(some.ok()) << some.status();
  auto flags = [](const std::vector<uint8_t>& b) {
    auto parsed = classfile::Parse(b, "flags");
    EXPECT_TRUE(parsed.ok());
    int n = 0;
    for (const auto& f : parsed->cls.fields) {
      n += parsed->cls.FieldName(f).starts_with(kCompactProbePrefix) &&
           parsed->cls.FieldName(f) != kProbeArrayField;
    }
    return n;
  };
  const int all_flags = flags(all->bytes), some_flags = flags(some->bytes);
  EXPECT_GT(some_flags, 0);
  EXPECT_LT(some_flags, all_flags);
  // Every probe is a fold guard (fold_guards.h), no $jtgP method is left.
  const Scan all_scan = ScanProbes(all->bytes);
  EXPECT_GT(all_scan.site_stores, 0);
  EXPECT_EQ(all_scan.guarded, all_scan.site_stores);
  EXPECT_EQ(all_scan.calls, 0);
  EXPECT_EQ(all_flags, all_scan.guarded);
  for (const auto& [method, ops] : all_scan.opcodes) {
    EXPECT_FALSE(method.starts_with(kCompactProbePrefix)) << method;
  }
  // Only the selected method's probes are guarded; the other methods store unguarded.
  Scan some_scan = ScanProbes(some->bytes);
  const std::string name = all->plan.methods[best].name;
  EXPECT_GT(some_scan.guarded_in[name], 0) << name;
  EXPECT_EQ(some_scan.guarded, some_scan.guarded_in[name]) << name;
  EXPECT_EQ(some_scan.guarded, some_scan.stores_in[name]) << name;
  EXPECT_GT(some_scan.site_stores, some_scan.guarded);
  EXPECT_EQ(some_flags, some_scan.guarded);
}

TEST(CoverProbesTest, AClassWithoutStaticInitializerGetsOne) {
  auto out = Array(CoverFixture("cover/Branchy"), nullptr);
  ASSERT_TRUE(out.ok());
  auto parsed = classfile::Parse(out->bytes, "Branchy");
  ASSERT_TRUE(parsed.ok());
  int clinits = 0;
  for (const auto& m : parsed->cls.methods) clinits += parsed->cls.MethodName(m) == "<clinit>";
  EXPECT_EQ(clinits, 1);
  EXPECT_EQ(Method(out->plan, "<clinit>"), nullptr);  // ours is not a goal
  // Counter has one: its plan keeps it, probed, after the other methods' slots.
  auto counter = Array(CoverFixture("cover/Counter"), nullptr);
  ASSERT_TRUE(counter.ok()) << counter.status();
  const MethodPlan* clinit = Method(counter->plan, "<clinit>");
  ASSERT_NE(clinit, nullptr);
  EXPECT_TRUE(clinit->instrumented);
  for (const MethodPlan& m : counter->plan.methods) {
    if (&m == clinit) continue;
    for (const BlockGoal& b : m.blocks) EXPECT_LT(b.id, clinit->blocks.front().id);
  }
}

// HotSpot registers every instance of a class with a non-empty finalize() for
// finalization; an empty one (a lone `return`) must stay empty, or every instance pays.
TEST(CoverProbesTest, AnEmptyFinalizerStaysEmptyAndANonEmptyOneIsProbed) {
  const fs::path dir = fs::path(JTG_FIXTURES_DIR) / "fixtures/instr";
  auto finalize_code = [](const std::vector<uint8_t>& bytes) {
    auto parsed = classfile::Parse(bytes, "finalizer");
    EXPECT_TRUE(parsed.ok());
    std::vector<uint8_t> code;
    if (!parsed.ok()) return code;
    for (const auto& m : parsed->cls.methods) {
      if (parsed->cls.MethodName(m) == "finalize" && m.code) code = m.code->code;
    }
    return code;
  };
  for (ProbeStyle style : {ProbeStyle::kArray, ProbeStyle::kCalls}) {
    Options o;
    o.probe_style = style;
    IdAllocator ids;
    auto quiet =
        InstrumentBytes(testutil::ReadBytes(dir / "Finalizers$Quiet.class"), "Quiet", o, ids);
    ASSERT_TRUE(quiet.ok()) << quiet.status();
    const MethodPlan* q = Method(quiet->plan, "finalize");
    ASSERT_NE(q, nullptr);
    EXPECT_FALSE(q->instrumented);
    EXPECT_EQ(q->skip, instrument::SkipReason::kEmptyFinalizer) << q->SkipText();
    EXPECT_EQ(finalize_code(quiet->bytes), std::vector<uint8_t>{op::kReturn});
    const MethodPlan* init = Method(quiet->plan, "<init>");
    ASSERT_NE(init, nullptr);
    EXPECT_TRUE(init->instrumented);  // the rest of the class is probed as usual

    auto loud = InstrumentBytes(testutil::ReadBytes(dir / "Finalizers$Loud.class"), "Loud", o, ids);
    ASSERT_TRUE(loud.ok()) << loud.status();
    const MethodPlan* l = Method(loud->plan, "finalize");
    ASSERT_NE(l, nullptr);
    EXPECT_TRUE(l->instrumented) << l->SkipText();
    EXPECT_GT(finalize_code(loud->bytes).size(), 10u);
  }
}

TEST(CoverProbesTest, FrameStateExpandsCompressedFrames) {
  using classfile::StackMapFrame;
  using classfile::VerificationType;
  classfile::ConstantPool cp;
  classfile::CodeAttribute code;
  code.has_stack_map = true;
  StackMapFrame append;  // + int local
  append.frame_type = 252;
  append.offset = 5;
  append.locals = {VerificationType{VerificationType::kInteger, 0}};
  StackMapFrame one;  // same locals, one long on the stack
  one.frame_type = 64 + 4;
  one.offset = 10;
  one.stack = {VerificationType{VerificationType::kLong, 0}};
  StackMapFrame chop;  // drops the int again
  chop.frame_type = 250;
  chop.offset = 15;
  chop.chopped = 1;
  code.frames = {append, one, chop};
  // static void m(String, long): locals String, long (one entry each)
  auto at = [&](uint32_t off) {
    return FrameAt(code, off, "a/B", "m", "(Ljava/lang/String;J)V", true, cp);
  };
  auto f5 = at(5);
  ASSERT_TRUE(f5.ok()) << f5.status();
  ASSERT_EQ(f5->locals.size(), 3u);
  EXPECT_EQ(f5->locals[0].tag, VerificationType::kObject);
  EXPECT_EQ(*cp.ClassName(f5->locals[0].data), "java/lang/String");
  EXPECT_EQ(f5->locals[1].tag, VerificationType::kLong);
  EXPECT_EQ(f5->locals[2].tag, VerificationType::kInteger);
  EXPECT_TRUE(f5->stack.empty());
  auto f10 = at(10);
  ASSERT_TRUE(f10.ok());
  EXPECT_EQ(f10->locals.size(), 3u);
  ASSERT_EQ(f10->stack.size(), 1u);
  EXPECT_EQ(f10->stack[0].tag, VerificationType::kLong);
  auto f15 = at(15);
  ASSERT_TRUE(f15.ok());
  EXPECT_EQ(f15->locals.size(), 2u);
  EXPECT_TRUE(f15->stack.empty());
  EXPECT_EQ(at(7).status().code(), absl::StatusCode::kNotFound);
  // An instance constructor starts with uninitializedThis.
  auto init = FrameAt(code, 5, "a/B", "<init>", "()V", false, cp);
  ASSERT_TRUE(init.ok());
  EXPECT_EQ(init->locals[0].tag, VerificationType::kUninitializedThis);
}

// Instruments every class under `in` (fresh slots per class; `every_other` removes odd
// slots, as ddst would after some coverage; `agent`: as the coverage agent does, a final
// array and no prologue, and with `fold` flag-guarded probes) and verifies them under
// -Xverify:all.
struct VerifyTotals {
  int guarded = 0, calls = 0, stores = 0;  // as Scan, summed over the classes
};
VerifyTotals VerifyArrayDir(const std::string& what, const fs::path& in, bool every_other,
                            bool agent = false, bool fold = false,
                            bool fold_every_other_method = false) {
  std::vector<bool> fold_methods(4096);  // hst's fold: flag-guarded probes in some methods
  for (size_t k = 0; k < fold_methods.size(); k += 2) fold_methods[k] = true;
  TempDir tmp(what);
  const fs::path out = tmp.path() / "classes";
  std::vector<std::string> names;
  int errors = 0, skipped = 0, guarded = 0, calls = 0, stores = 0;
  for (const fs::path& rel : testutil::ClassFiles(in)) {
    std::vector<uint8_t> bytes = testutil::ReadBytes(in / rel);
    std::vector<bool> removed(65536);
    for (size_t k = 1; k < removed.size(); k += 2) removed[k] = every_other;
    Options o;
    o.probe_style = ProbeStyle::kArray;
    o.array.removed = &removed;
    o.array.final_array = agent;
    o.array.prologue = !agent;
    o.array.fold_flags = fold;
    if (fold_every_other_method) o.array.fold_methods = &fold_methods;
    IdAllocator ids;
    auto r = InstrumentBytes(bytes, "test", o, ids);
    if (r.ok()) {
      for (const MethodPlan& mp : r->plan.methods) {
        if (!mp.instrumented && mp.skip != instrument::SkipReason::kNoCode &&
            mp.skip != instrument::SkipReason::kEmptyFinalizer) {
          ++skipped;
          std::cout << "[" << what << "] method skipped: " << rel << " " << mp.name << ": "
                    << mp.SkipText() << "\n";
        }
      }
      bytes = std::move(r->bytes);
      const Scan scan = ScanProbes(bytes);
      guarded += scan.guarded;
      calls += scan.calls;
      stores += scan.site_stores;
    } else {
      ++errors;
      std::cout << "[" << what << "] not instrumented: " << rel << ": " << r.status() << "\n";
    }
    testutil::WriteBytes(out / rel, bytes);
    names.push_back(testutil::BinaryNameOf(rel));
  }
  EXPECT_FALSE(names.empty());
  if (names.empty()) return {};
  auto v = testutil::VerifyClasses(out, names);
  std::cout << "[" << what << "] verified " << v.loaded << " of " << names.size() << ", unresolved "
            << v.unresolved.size() << ", not instrumented " << errors << ", methods skipped "
            << skipped << "; probes " << stores << " (fold guards " << guarded << "), $jtgP calls "
            << calls << "\n";
  EXPECT_EQ(skipped, 0);
  EXPECT_EQ(guarded > 0, fold);
  std::string failures;
  for (size_t i = 0; i < v.failures.size() && i < 20; ++i) failures += v.failures[i] + "\n";
  EXPECT_TRUE(v.failures.empty()) << v.failures.size() << " failures:\n" << failures;
  EXPECT_GT(v.loaded, 0) << v.raw;
  return {guarded, calls, stores};
}

TEST(CoverProbesTest, FixtureClassesVerify) {
  VerifyArrayDir("array-fixtures", JTG_FIXTURES_DIR, false);
  VerifyArrayDir("array-cover", JTG_COVER_FIXTURES_DIR, false);
  VerifyArrayDir("array-cover-removed", JTG_COVER_FIXTURES_DIR, true);
  const VerifyTotals agent =
      VerifyArrayDir("array-cover-agent", JTG_COVER_FIXTURES_DIR, false, true);
  const VerifyTotals fold =
      VerifyArrayDir("array-cover-fold", JTG_COVER_FIXTURES_DIR, false, true, true);
  VerifyArrayDir("array-cover-fold-some", JTG_COVER_FIXTURES_DIR, false, true, true, true);
  // Fold guards in every method but cover.Big's huge one, which keeps its calls; the
  // others are the static initializers' probes (never guarded).
  EXPECT_GT(agent.calls, 0);
  EXPECT_EQ(fold.calls, agent.calls);
  EXPECT_EQ(fold.stores, agent.stores);
  EXPECT_GT(fold.guarded, fold.stores * 9 / 10);
}

TEST(CoverProbesTest, CommonsLang3Verifies) {
  const std::string jar = "/usr/share/java/commons-lang3.jar";
  ASSERT_TRUE(fs::exists(jar));
  TempDir tmp("lang3");
  std::string log;
  ASSERT_EQ(testutil::Run("cd '" + tmp.path().string() + "' && unzip -q -o '" + jar + "'", &log), 0)
      << log;
  VerifyArrayDir("array-lang3", tmp.path(), false);
  VerifyArrayDir("array-lang3-removed", tmp.path(), true);
  VerifyArrayDir("array-lang3-agent", tmp.path(), true, true);
  const VerifyTotals fold = VerifyArrayDir("array-lang3-fold", tmp.path(), false, true, true);
  EXPECT_EQ(fold.calls, 0);                       // every method's state known at every probe site
  EXPECT_GT(fold.guarded, fold.stores * 9 / 10);  // the rest: static initializers
  VerifyArrayDir("array-lang3-fold-some", tmp.path(), false, true, true, true);
}

}  // namespace
}  // namespace jtg::instrument
