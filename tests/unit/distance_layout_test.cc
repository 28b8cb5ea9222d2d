// Instruction replacement in the code layout (Insertions::replace) and the cmp replacement of
// the instrumenter: lcmp/fcmpl/fcmpg/dcmpl/dcmpg become invokestatic Probes.<same name>,
// jumps and tables relocate around the longer instruction. Runtime behaviour (results and
// distances) is in distance_test.cc.
#include <gtest/gtest.h>

#include <algorithm>

#include "classfile/bytecode.h"
#include "instrument/code_layout.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
namespace op = classfile::op;

std::vector<classfile::Insn> Decode(const std::vector<uint8_t>& code) {
  auto insns = classfile::DecodeCode(code);
  EXPECT_TRUE(insns.ok()) << insns.status();
  return insns.ok() ? *insns : std::vector<classfile::Insn>{};
}

// static int f(long a, long b) { return a < b ? 1 : 0; }  (without frames)
const std::vector<uint8_t> kLtLong = {
    0x1e,                   // 0: lload_0
    0x20,                   // 1: lload_2
    op::kLcmp,              // 2: lcmp
    0x9c,      0x00, 0x05,  // 3: ifge 8
    0x04,                   // 6: iconst_1
    0xac,                   // 7: ireturn
    0x03,                   // 8: iconst_0
    0xac,                   // 9: ireturn
};

TEST(DistanceLayout, ReplacementTakesItsOwnSizeAndJumpsRelocate) {
  std::vector<classfile::Insn> insns = Decode(kLtLong);
  ASSERT_EQ(insns.size(), 8u);
  Insertions ins(insns.size());
  ins.at_label[2] = {op::kNop};
  ins.replace[2] = {op::kInvokestatic, 0x00, 0x07};
  auto a = AssembleCode(kLtLong, insns, ins);
  ASSERT_TRUE(a.ok()) << a.status();
  const std::vector<uint8_t> want = {
      0x1e, 0x20, op::kNop, op::kInvokestatic, 0x00, 0x07, 0x9c, 0x00, 0x05, 0x04,
      0xac, 0x03, 0xac};
  EXPECT_EQ(a->code, want);
  // The label of the replaced instruction is the start of its at-label code; the
  // instruction itself (uninitialized(offset) entries) maps to the replacement.
  EXPECT_EQ(a->layout.MapLabel(2), 2u);
  EXPECT_EQ(a->layout.MapInsn(2), 3u);
  EXPECT_EQ(a->layout.MapLabel(3), 6u);
  EXPECT_EQ(a->layout.MapLabel(8), 11u);
  EXPECT_EQ(a->layout.new_length(), 13u);
}

TEST(DistanceLayout, JumpsCannotBeReplaced) {
  std::vector<classfile::Insn> insns = Decode(kLtLong);
  Insertions ins(insns.size());
  ins.replace[3] = {op::kNop, op::kNop, op::kNop};
  auto a = AssembleCode(kLtLong, insns, ins);
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
}

int CountOpcodes(const std::vector<classfile::Insn>& insns, uint8_t lo, uint8_t hi) {
  return static_cast<int>(std::count_if(insns.begin(), insns.end(), [&](const auto& in) {
    return in.opcode >= lo && in.opcode <= hi;
  }));
}

TEST(DistanceLayout, InstrumenterReplacesEveryCmpWithAProbesCall) {
  const std::string rel = "fixtures/distance/Cmp.class";
  auto parsed = classfile::Parse(testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / rel), rel);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  classfile::ClassFile& cls = parsed->cls;
  int before = 0;
  for (const auto& m : cls.methods) {
    if (m.code) before += CountOpcodes(Decode(m.code->code), op::kLcmp, op::kDcmpg);
  }
  ASSERT_EQ(before, 19);  // 1 per method but eq, lt, isNull, same; 3 in signD

  IdAllocator ids;
  auto r = InstrumentClass(cls, Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  std::vector<std::string> called;
  for (const auto& m : cls.methods) {
    if (!m.code) continue;
    for (const auto& in : Decode(m.code->code)) {
      EXPECT_FALSE(in.opcode >= op::kLcmp && in.opcode <= op::kDcmpg) << cls.MethodName(m);
      if (in.opcode != op::kInvokestatic) continue;
      uint16_t index =
          static_cast<uint16_t>((m.code->code[in.offset + 1] << 8) | m.code->code[in.offset + 2]);
      auto ref = cls.cp.Member(index);
      ASSERT_TRUE(ref.ok());
      // lcmp, fcmpl, fcmpg, dcmpl, dcmpg (not ifAcmp)
      if (ref->name == "lcmp" || ref->name.substr(1, 3) == "cmp") {
        EXPECT_EQ(ref->owner, "jtestgen/rt/Probes");
        called.push_back(std::string(ref->name) + std::string(ref->descriptor));
      }
    }
  }
  EXPECT_EQ(static_cast<int>(called.size()), before);
  for (const char* want : {"lcmp(JJ)I", "fcmpl(FF)I", "fcmpg(FF)I", "dcmpl(DD)I", "dcmpg(DD)I"}) {
    EXPECT_NE(std::find(called.begin(), called.end(), want), called.end()) << want;
  }
}

TEST(DistanceLayout, NoCmpReplacementWithoutCoverage) {
  const std::string rel = "fixtures/distance/Cmp.class";
  auto parsed = classfile::Parse(testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / rel), rel);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  IdAllocator ids;
  Options options;
  options.coverage = false;
  auto r = InstrumentClass(parsed->cls, options, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  int after = 0;
  for (const auto& m : parsed->cls.methods) {
    if (m.code) after += CountOpcodes(Decode(m.code->code), op::kLcmp, op::kDcmpg);
  }
  EXPECT_EQ(after, 19);
}

}  // namespace
}  // namespace jtg::instrument
