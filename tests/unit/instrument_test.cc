// Unit tests of the instrumenter's parts: probe planning, code layout/relocation, frame
// types, exit rewrite, and a parse-back of an instrumented fixture.
#include "instrument/instrument.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/cfg.h"
#include "classfile/bytecode.h"
#include "instrument/code_layout.h"
#include "instrument/probe_plan.h"
#include "instrument/relocate_tables.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
namespace op = classfile::op;
using classfile::ClassFile;

ClassFile LoadFixture(const std::string& rel) {
  auto bytes = testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / rel);
  auto parsed = classfile::Parse(bytes, rel);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? std::move(parsed->cls) : ClassFile{};
}

const MethodPlan* PlanOf(const ClassPlan& plan, std::string_view name) {
  for (const auto& m : plan.methods) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

std::vector<classfile::Insn> Decode(const std::vector<uint8_t>& code) {
  auto insns = classfile::DecodeCode(code);
  EXPECT_TRUE(insns.ok()) << insns.status();
  return insns.ok() ? *insns : std::vector<classfile::Insn>{};
}

TEST(InstrumentPlanTest, GoalsPerBlockBranchAndSwitch) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  IdAllocator ids;
  auto r = InstrumentClass(cls, Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->plan.class_name, "fixtures/instr/Flow");

  const MethodPlan* sign = PlanOf(r->plan, "sign");
  ASSERT_NE(sign, nullptr);
  EXPECT_TRUE(sign->instrumented) << sign->SkipText();
  ASSERT_EQ(sign->blocks.size(), 3u);
  ASSERT_EQ(sign->branches.size(), 1u);
  EXPECT_EQ(sign->branches[0].offset, 1u);
  EXPECT_NE(sign->branches[0].line, 0);
  // ids are distinct: 3 blocks + 2 branch outcomes.
  std::vector<int32_t> all = {sign->blocks[0].id, sign->blocks[1].id, sign->blocks[2].id,
                              sign->branches[0].id, sign->branches[0].id + 1};
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());

  const MethodPlan* sw = PlanOf(r->plan, "sw");
  ASSERT_NE(sw, nullptr);
  ASSERT_EQ(sw->switches.size(), 1u);
  const SwitchGoal& g = sw->switches[0];
  EXPECT_EQ(g.keys, (std::vector<int32_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(g.target_goals.size(), 4u);  // cases 1, 2, 5 and default (= 3, 4)
  ASSERT_EQ(g.key_goal.size(), 5u);
  EXPECT_EQ(g.key_goal[2], g.default_goal);
  EXPECT_EQ(g.key_goal[3], g.default_goal);
  EXPECT_NE(g.key_goal[0], g.key_goal[1]);

  const MethodPlan* init = PlanOf(r->plan, "<clinit>");
  ASSERT_NE(init, nullptr);
  EXPECT_TRUE(init->instrumented);
  EXPECT_FALSE(init->blocks.empty());
}

TEST(InstrumentPlanTest, LinesOfBlocks) {
  std::vector<classfile::LineNumber> lines = {{0, 10}, {4, 11}, {9, 12}};
  EXPECT_EQ(LineAt(lines, 0), 10);
  EXPECT_EQ(LineAt(lines, 5), 11);
  EXPECT_EQ(LineAt(lines, 100), 12);
  EXPECT_EQ(LineAt({}, 3), 0);
}

TEST(InstrumentTest, ProbesAreInsertedInOrderBeforeJumps) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  IdAllocator ids;
  auto r = InstrumentClass(cls, Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  auto back = classfile::Parse(r->bytes, "Flow");
  ASSERT_TRUE(back.ok()) << back.status();
  for (const auto& m : back->cls.methods) {
    if (back->cls.MethodName(m) != "sumTo") continue;
    // Expected shape before the backward goto: block probe, loop guard, goto.
    auto insns = Decode(m.code->code);
    auto go = std::find_if(insns.begin(), insns.end(),
                           [](const auto& i) { return i.opcode == op::kGoto; });
    ASSERT_NE(go, insns.end());
    ASSERT_GE(go - insns.begin(), 3);
    EXPECT_EQ((go - 1)->opcode, op::kInvokestatic);  // Probes.loop
    EXPECT_EQ((go - 2)->opcode, op::kInvokestatic);  // Probes.hit
    EXPECT_EQ((go - 3)->opcode, op::kSipush);        // block id
    // The goto jumps to the label of the loop test, whose first instruction is the
    // original iload_2 (nothing is inserted at that label).
    EXPECT_EQ(m.code->code[go->targets[0]], 0x1c);  // iload_2
    // if_icmpge: branch probe (dup2, sipush opcode, sipush id, invokestatic) before it.
    auto cond = std::find_if(insns.begin(), insns.end(),
                             [](const auto& i) { return i.opcode == op::kIfIcmpge; });
    ASSERT_NE(cond, insns.end());
    EXPECT_EQ((cond - 4)->opcode, op::kDup2);
    EXPECT_GT(m.code->max_stack, 2);
    EXPECT_FALSE(m.code->lines.empty());
    for (const auto& ln : m.code->lines) EXPECT_LT(ln.start_pc, m.code->code.size());
    for (const auto& f : m.code->frames) EXPECT_LT(f.offset, m.code->code.size());
  }
}

TEST(InstrumentTest, ExitCallsAreRewritten) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  IdAllocator ids;
  auto r = InstrumentClass(cls, Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  auto back = classfile::Parse(r->bytes, "Flow");
  ASSERT_TRUE(back.ok()) << back.status();
  int exits = 0, runtime_exits = 0;
  for (const auto& m : back->cls.methods) {
    if (!m.code) continue;
    for (const auto& in : Decode(m.code->code)) {
      if (in.opcode != op::kInvokestatic && in.opcode != op::kInvokevirtual) continue;
      const auto& c = m.code->code;
      auto ref =
          back->cls.cp.Member(static_cast<uint16_t>((c[in.offset + 1] << 8) | c[in.offset + 2]));
      ASSERT_TRUE(ref.ok());
      EXPECT_NE(ref->owner, "java/lang/System") << ref->name;
      if (ref->owner == "jtestgen/rt/Probes" && ref->name == "exit") ++exits;
      if (ref->owner == "jtestgen/rt/Probes" && ref->name == "runtimeExit") {
        EXPECT_EQ(in.opcode, op::kInvokestatic);
        ++runtime_exits;
      }
    }
  }
  EXPECT_EQ(exits, 1);
  EXPECT_EQ(runtime_exits, 1);
}

TEST(InstrumentTest, OptionsOffLeavesCodeWithoutProbes) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  IdAllocator ids;
  Options none{false, false, false};
  auto r = InstrumentClass(cls, none, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(ids.next(), 1);
  for (const auto& m : r->plan.methods) {
    EXPECT_TRUE(m.blocks.empty());
  }
}

TEST(InstrumentTest, AbstractMethodsHaveNoGoals) {
  ClassFile cls = LoadFixture("fixtures/instr/Shapes.class");
  IdAllocator ids;
  auto r = InstrumentClass(cls, Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  const MethodPlan* area = PlanOf(r->plan, "area");
  ASSERT_NE(area, nullptr);
  EXPECT_FALSE(area->instrumented);
  EXPECT_EQ(area->skip, instrument::SkipReason::kNoCode);
  const MethodPlan* bigger = PlanOf(r->plan, "bigger");  // default method
  ASSERT_NE(bigger, nullptr);
  EXPECT_TRUE(bigger->instrumented);
  EXPECT_EQ(bigger->branches.size(), 1u);
}

// ---- code layout ------------------------------------------------------------------------

TEST(InstrumentLayoutTest, BackwardGotoBecomesGotoW) {
  std::vector<uint8_t> code = {op::kNop, op::kGoto, 0xff, 0xff};  // 1: goto 0
  auto insns = Decode(code);
  Insertions ins(insns.size());
  ins.at_label[1].assign(40000, op::kNop);
  auto a = AssembleCode(code, insns, ins);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->code.size(), 1u + 40000u + 5u);
  auto out = Decode(a->code);
  EXPECT_EQ(out.back().opcode, op::kGotoW);
  EXPECT_EQ(out.back().targets[0], 0u);
  EXPECT_EQ(a->layout.MapLabel(1), 1u);
  EXPECT_EQ(a->layout.MapInsn(1), 40001u);
  EXPECT_EQ(a->layout.MapLabel(4), a->code.size());
}

TEST(InstrumentLayoutTest, ConditionalOverflowAndTooLarge) {
  std::vector<uint8_t> code = {op::kIconst0, op::kIfeq, 0xff, 0xff, op::kReturn};
  auto insns = Decode(code);
  Insertions ins(insns.size());
  ins.at_label[1].assign(40000, op::kNop);
  auto a = AssembleCode(code, insns, ins);
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.status().message(), "jump offset overflow");

  Insertions big(insns.size());
  big.after[0].assign(70000, op::kNop);
  auto b = AssembleCode(code, insns, big);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().message(), "method too large");
}

TEST(InstrumentLayoutTest, SwitchPaddingAndAfterInsertions) {
  // 0: iconst_0; 1: tableswitch pad 2, default -> 24, 0..1 -> 24, 25; 24: return; 25: return
  std::vector<uint8_t> code = {op::kIconst0,
                               op::kTableswitch,
                               0,
                               0,
                               0,
                               0,
                               0,
                               23,  // default: 1 + 23 = 24
                               0,
                               0,
                               0,
                               0,  // low 0
                               0,
                               0,
                               0,
                               1,  // high 1
                               0,
                               0,
                               0,
                               23,  // 0 -> 24
                               0,
                               0,
                               0,
                               24,  // 1 -> 25
                               op::kReturn,
                               op::kReturn};
  auto insns = Decode(code);
  ASSERT_EQ(insns.size(), 4u);
  Insertions ins(insns.size());
  ins.after[0] = {op::kNop};               // on the fall-through edge of iconst_0
  ins.at_label[2] = {op::kNop, op::kNop};  // jumps to 24 land on these
  auto a = AssembleCode(code, insns, ins);
  ASSERT_TRUE(a.ok()) << a.status();
  auto out = Decode(a->code);
  const auto& sw = out[2];  // iconst_0, nop, tableswitch
  ASSERT_EQ(sw.opcode, op::kTableswitch);
  EXPECT_EQ(sw.offset, 2u);
  EXPECT_EQ(sw.length, 1u + 1u + 20u);  // padding shrank from 2 to 1
  const uint32_t l24 = a->layout.MapLabel(24), l25 = a->layout.MapLabel(25);
  EXPECT_EQ(sw.targets, (std::vector<uint32_t>{l24, l24, l25}));
  EXPECT_EQ(a->code[l24], op::kNop);
  EXPECT_EQ(a->code[l25], op::kReturn);
}

TEST(InstrumentRelocateTest, FrameTypesFollowNewDeltas) {
  using classfile::StackMapFrame;
  std::vector<StackMapFrame> frames(4);
  frames[0].frame_type = 5;  // same_frame at 5
  frames[0].offset = 100;
  frames[1].frame_type = 70;  // same_locals_1_stack_item
  frames[1].offset = 300;
  frames[2].frame_type = 251;  // same_frame_extended with a small delta: stays valid
  frames[2].offset = 302;
  frames[3].frame_type = 248;  // chop keeps its kind
  frames[3].offset = 400;
  RederiveFrameTypes(frames);
  EXPECT_EQ(frames[0].frame_type, 251);
  EXPECT_EQ(frames[1].frame_type, 247);
  EXPECT_EQ(frames[2].frame_type, 1);
  EXPECT_EQ(frames[3].frame_type, 248);
  frames[1].offset = 110;  // delta 9
  RederiveFrameTypes(frames);
  EXPECT_EQ(frames[1].frame_type, 64 + 9);
}

TEST(InstrumentRelocateTest, UninitializedPointsAtTheNewInstruction) {
  ClassFile cls = LoadFixture("fixtures/instr/Flow.class");
  IdAllocator ids;
  auto r = InstrumentClass(cls, Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  auto back = classfile::Parse(r->bytes, "Flow");
  ASSERT_TRUE(back.ok()) << back.status();
  int uninit = 0;
  for (const auto& m : back->cls.methods) {
    if (back->cls.MethodName(m) != "make") continue;
    for (const auto& f : m.code->frames) {
      for (const auto& t : f.stack) {
        if (t.tag != classfile::VerificationType::kUninitialized) continue;
        EXPECT_EQ(m.code->code[t.data], op::kNew);
        ++uninit;
      }
    }
  }
  EXPECT_GE(uninit, 2);
}

}  // namespace
}  // namespace jtg::instrument

namespace jtg::instrument {
namespace {

int CountCodeAttributes(const classfile::ClassFile& cls, std::string_view method,
                        std::string_view attribute) {
  int n = 0;
  for (const auto& m : cls.methods) {
    if (cls.MethodName(m) != method || !m.code) continue;
    for (const auto& a : m.code->attributes) {
      auto name = cls.cp.Utf8(a.name_index);
      n += name.ok() && *name == attribute;
    }
  }
  return n;
}

TEST(InstrumentRelocateTest, TypeAnnotationsInCodeAreDropped) {
  ClassFile cls = LoadFixture("fixtures/instr/TypeAnno.class");
  ASSERT_EQ(CountCodeAttributes(cls, "size", "RuntimeInvisibleTypeAnnotations"), 1);
  IdAllocator ids;
  auto r = InstrumentClass(cls, Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  auto back = classfile::Parse(r->bytes, "TypeAnno");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(CountCodeAttributes(back->cls, "size", "RuntimeInvisibleTypeAnnotations"), 0);
  EXPECT_EQ(CountCodeAttributes(back->cls, "size", "LocalVariableTable"), 1);
  // Local variable ranges stay inside the new code.
  for (const auto& m : back->cls.methods) {
    if (back->cls.MethodName(m) != "size") continue;
    ASSERT_FALSE(m.code->locals.empty());
    for (const auto& v : m.code->locals) {
      EXPECT_LE(uint32_t{v.start_pc} + v.length, m.code->code.size());
    }
  }
}

}  // namespace
}  // namespace jtg::instrument
