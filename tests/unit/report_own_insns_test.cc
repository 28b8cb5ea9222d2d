// report/own_insns.h: which instructions of another agent's transformation of a method are
// the method's own, on JaCoCo's shapes written by hand (the real agent: e2e_cover's
// "JaCoCo's agent first" step).
#include <gtest/gtest.h>

#include <vector>

#include "classfile/bytecode.h"
#include "report/own_insns.h"

namespace jtg::report {
namespace {

StatusOr<std::vector<classfile::Insn>> Decode(const std::vector<uint8_t>& code) {
  return classfile::DecodeCode(code);
}

std::vector<bool> Own(const std::vector<uint8_t>& own, const std::vector<uint8_t>& transformed) {
  auto a = Decode(own);
  auto b = Decode(transformed);
  EXPECT_TRUE(a.ok() && b.ok());
  auto r = OwnInstructions(*a, own, *b, transformed);
  EXPECT_TRUE(r.has_value());
  return r.value_or(std::vector<bool>{});
}

TEST(OwnInstructionsTest, ProbesAreLeftOutAndRenumberedLocalsMatch) {
  // static int f(int x) { if (x > 3) return x * 2; return -x; }
  const std::vector<uint8_t> own = {0x1a, 0x06, 0xa4, 0x00, 0x07, 0x1a,
                                    0x05, 0x68, 0xac, 0x1a, 0x74, 0xac};
  // JaCoCo: ldc $jacocoData; checkcast; astore_1; ... a probe (aload_1 iconst_n iconst_1
  // bastore) before each return.
  const std::vector<uint8_t> jacoco = {0x12, 0x28, 0xc0, 0x00, 0x2a, 0x4c,              // 0-5
                                       0x1a, 0x06, 0xa4, 0x00, 0x0b,                    // 6-10
                                       0x1a, 0x05, 0x68, 0x2b, 0x04, 0x04, 0x54, 0xac,  // 11-18
                                       0x1a, 0x74, 0x2b, 0x05, 0x04, 0x54, 0xac};       // 19-25
  const std::vector<bool> want = {false, false, false, true,  true,  true,  true,
                                  true,  true,  false, false, false, false, true,
                                  true,  true,  false, false, false, false, true};
  EXPECT_EQ(Own(own, jacoco), want);
}

TEST(OwnInstructionsTest, AnInvertedJumpMatchesItsTrampolineIsLeftOut) {
  // iload_0; ifeq L; iconst_1; ireturn; L: aload_0 ... (the own load after the trampoline)
  const std::vector<uint8_t> own = {0x1a, 0x99, 0x00, 0x05, 0x04, 0xac, 0x2a, 0xb0};
  // iload_0; ifne S; aload_1; iconst_0; iconst_1; bastore; goto L; S: iconst_1; ireturn;
  // L: aload_0; areturn  (the trampoline's aload_1 is not the method's aload_0)
  const std::vector<uint8_t> jacoco = {0x1a, 0x9a, 0x00, 0x0b, 0x2b, 0x03, 0x04, 0x54,
                                       0xa7, 0x00, 0x05, 0x04, 0xac, 0x2a, 0xb0};
  const std::vector<bool> want = {true,  true, false, false, false, false,
                                  false, true, true,  true,  true};
  EXPECT_EQ(Own(own, jacoco), want);
}

TEST(OwnInstructionsTest, NoAlignmentWhenAnOwnInstructionIsMissing) {
  const std::vector<uint8_t> own = {0x04, 0xac};          // iconst_1; ireturn
  const std::vector<uint8_t> other = {0x03, 0x05, 0xac};  // iconst_0; iconst_2; ireturn
  auto a = Decode(own);
  auto b = Decode(other);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_FALSE(OwnInstructions(*a, own, *b, other).has_value());
}

}  // namespace
}  // namespace jtg::report
