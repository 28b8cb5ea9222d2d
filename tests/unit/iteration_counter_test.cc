// Iteration counters (jvm/iteration_counter.h) on tests/fixtures/count/Loops.java, planned
// with full coverage probes (the class under test) and with owner_blocks_only (the JDK
// classes of `jtestgen perf`); no JVM needed. Counting in a running JVM is checked by
// tests/jdk_count/jdk_count_test.cc.
#include "jvm/iteration_counter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "classfile/bytecode.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::jvm {
namespace {

using classfile::InsnKind;

std::vector<uint8_t> LoopsBytes() {
  return testutil::ReadBytes(std::string(JTG_FIXTURES_DIR) + "/fixtures/count/Loops.class");
}

instrument::ClassPlan PlanOf(const std::vector<uint8_t>& bytes,
                             const instrument::Options& options) {
  instrument::IdAllocator ids;
  auto r = instrument::InstrumentBytes(bytes, "fixtures/count/Loops", options, ids);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? r->plan : instrument::ClassPlan{};
}

instrument::Options BlocksOnly() {
  instrument::Options o;
  o.loop_guards = false;
  o.exit_rewrite = false;
  o.owner_blocks_only = true;
  return o;
}

// The single backward jump of a method.
classfile::Insn BackEdge(const MethodCode& m) {
  auto insns = classfile::DecodeCode(m.code.code);
  EXPECT_TRUE(insns.ok());
  std::vector<classfile::Insn> back;
  for (const auto& in : *insns) {
    if ((in.kind == InsnKind::kGoto || in.kind == InsnKind::kConditional) &&
        in.targets[0] <= in.offset) {
      back.push_back(in);
    }
  }
  EXPECT_EQ(back.size(), 1u);
  return back.empty() ? classfile::Insn{} : back[0];
}

int32_t BranchAt(const MethodCode& m, uint32_t offset) {
  for (const auto& b : m.plan.branches) {
    if (b.offset == offset) return b.id;
  }
  return -1;
}

TEST(IterationCounter, GotoBackEdgeCountsItsBlock) {
  auto bytes = LoopsBytes();
  auto m = MakeMethodCode(PlanOf(bytes, {}), bytes, "sum", "(I)I");
  ASSERT_TRUE(m.ok()) << m.status();
  classfile::Insn jump = BackEdge(*m);
  ASSERT_EQ(jump.kind, InsnKind::kGoto);
  auto c = BackEdgeCounter(*m, jump.offset);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->plus, std::vector<int32_t>{*BlockGoalAt(m->plan, jump.offset)});
  EXPECT_TRUE(c->minus.empty());
  EXPECT_TRUE(c->exact);
  auto by_header = LoopCounter(*m, jump.targets[0]);
  ASSERT_TRUE(by_header.ok()) << by_header.status();
  EXPECT_EQ(by_header->plus, c->plus);
}

TEST(IterationCounter, ConditionalBackEdgeUsesTakenOutcomeWithBranchProbes) {
  auto bytes = LoopsBytes();
  auto m = MakeMethodCode(PlanOf(bytes, {}), bytes, "halvings", "(I)I");
  ASSERT_TRUE(m.ok()) << m.status();
  classfile::Insn jump = BackEdge(*m);
  ASSERT_EQ(jump.kind, InsnKind::kConditional);
  auto c = LoopCounter(*m, jump.targets[0]);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->plus, std::vector<int32_t>{BranchAt(*m, jump.offset)});
  EXPECT_TRUE(c->minus.empty());
  EXPECT_TRUE(c->exact);
}

TEST(IterationCounter, ConditionalBackEdgeInBlocksOnlyPlanSubtractsFallThrough) {
  auto bytes = LoopsBytes();
  instrument::ClassPlan plan = PlanOf(bytes, BlocksOnly());
  for (const auto& m : plan.methods) {
    EXPECT_TRUE(m.branches.empty()) << m.name;
    EXPECT_TRUE(m.switches.empty()) << m.name;
  }
  auto m = MakeMethodCode(plan, bytes, "halvings", "(I)I");
  ASSERT_TRUE(m.ok()) << m.status();
  classfile::Insn jump = BackEdge(*m);
  auto c = BackEdgeCounter(*m, jump.offset);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->plus, std::vector<int32_t>{*BlockGoalAt(m->plan, jump.offset)});
  EXPECT_EQ(c->minus, std::vector<int32_t>{*BlockGoalAt(m->plan, jump.offset + jump.length)});
  EXPECT_TRUE(c->exact);
}

TEST(IterationCounter, BlocksOnlyInstrumentationCallsHitOwner) {
  auto bytes = LoopsBytes();
  instrument::IdAllocator ids;
  auto r = instrument::InstrumentBytes(bytes, "Loops", BlocksOnly(), ids);
  ASSERT_TRUE(r.ok()) << r.status();
  const std::string text(r->bytes.begin(), r->bytes.end());
  EXPECT_NE(text.find("hitOwner"), std::string::npos);
  auto parsed = classfile::Parse(r->bytes, "Loops");
  ASSERT_TRUE(parsed.ok());
  // No branch probe (if1 ...), comparison replacement or loop guard is called.
  for (const auto& m : parsed->cls.methods) {
    if (!m.code) continue;
    auto insns = classfile::DecodeCode(m.code->code);
    ASSERT_TRUE(insns.ok());
    for (const auto& in : *insns) EXPECT_NE(in.opcode, classfile::op::kDup2);
  }
}

// The blocks-only rewrite (used on java.util classes, which the JVM does not verify by
// default) passes -Xverify:all on every fixture class.
TEST(IterationCounter, BlocksOnlyFixturesVerify) {
  testutil::TempDir tmp("blocks-only");
  const auto out = tmp.path() / "classes";
  ASSERT_TRUE(testutil::CompileRuntime(out));
  instrument::IdAllocator ids;
  auto dir = testutil::InstrumentDir(JTG_FIXTURES_DIR, out, ids, {}, BlocksOnly());
  EXPECT_TRUE(dir.errors.empty());
  ASSERT_FALSE(dir.names.empty());
  auto v = testutil::VerifyClasses(out, dir.names);
  EXPECT_TRUE(v.failures.empty()) << v.failures.size() << " failures, first: "
                                  << (v.failures.empty() ? "" : v.failures[0]);
  EXPECT_GT(v.loaded, 0) << v.raw;
}

TEST(IterationCounter, ErrorsAndArithmetic) {
  auto bytes = LoopsBytes();
  auto m = MakeMethodCode(PlanOf(bytes, {}), bytes, "sum", "(I)I");
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(absl::IsInvalidArgument(BackEdgeCounter(*m, 0).status()));  // iconst_0
  EXPECT_TRUE(absl::IsNotFound(BlockGoalAt(m->plan, 60000).status()));
  EXPECT_TRUE(absl::IsNotFound(LoopCounter(*m, 0).status()));
  EXPECT_TRUE(absl::IsNotFound(MakeMethodCode(PlanOf(bytes, {}), bytes, "nope", "()V").status()));
  IterationCounter c{{7, 9}, {8}, true};
  const std::vector<int32_t> goals = {9, 8, 7, 3};
  const std::vector<int32_t> counts = {4, 2, 10, 100};
  EXPECT_EQ(CountIterations(c, goals, counts), 12);
  EXPECT_EQ(CountIterations(IterationCounter{{}, {8}, true}, goals, counts), 0);
}

}  // namespace
}  // namespace jtg::jvm
