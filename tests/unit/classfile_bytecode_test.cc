#include <vector>

#include "absl/strings/match.h"
#include "classfile/bytecode.h"
#include "gtest/gtest.h"

namespace jtg::classfile {
namespace {

void Put4(std::vector<uint8_t>& c, int32_t v) {
  for (int s = 24; s >= 0; s -= 8) c.push_back(static_cast<uint8_t>(v >> s));
}

// `prefix` nops, then tableswitch low=1 high=2 (default/cases -> the final return).
std::vector<uint8_t> TableSwitchAfter(int prefix) {
  std::vector<uint8_t> c(static_cast<size_t>(prefix), op::kNop);
  const int at = prefix;
  c.push_back(op::kTableswitch);
  while (c.size() % 4 != 0) c.push_back(0);
  const int len = static_cast<int>(c.size()) - at + 12 + 8;
  Put4(c, len);  // default -> return after the switch
  Put4(c, 1);
  Put4(c, 2);
  Put4(c, len);
  Put4(c, len);
  c.push_back(op::kReturn);
  return c;
}

TEST(ClassfileBytecode, TableswitchPaddingDependsOnOffset) {
  for (int prefix = 0; prefix < 4; ++prefix) {
    std::vector<uint8_t> c = TableSwitchAfter(prefix);
    auto insns = DecodeCode(c);
    ASSERT_TRUE(insns.ok()) << insns.status();
    ASSERT_EQ(insns->size(), static_cast<size_t>(prefix) + 2);
    const Insn& sw = (*insns)[static_cast<size_t>(prefix)];
    const uint32_t pad = (4 - (prefix + 1) % 4) % 4;
    EXPECT_EQ(sw.length, 1 + pad + 20) << prefix;
    EXPECT_EQ(InsnLength(c, static_cast<uint32_t>(prefix)), sw.length);
    EXPECT_EQ(sw.kind, InsnKind::kSwitch);
    EXPECT_EQ(sw.keys, (std::vector<int32_t>{1, 2}));
    const uint32_t ret = static_cast<uint32_t>(c.size() - 1);
    EXPECT_EQ(sw.targets, (std::vector<uint32_t>{ret, ret, ret}));
  }
}

TEST(ClassfileBytecode, Lookupswitch) {
  // lookupswitch at offset 1: two padding bytes, operands start at offset 4.
  std::vector<uint8_t> c = {op::kIconst0, op::kLookupswitch, 0, 0};
  Put4(c, 27);  // default -> 1 + 27 = 28
  Put4(c, 2);
  Put4(c, -5);
  Put4(c, 27);
  Put4(c, 7);
  Put4(c, 27);
  c.push_back(op::kReturn);
  ASSERT_EQ(c.size(), 29u);
  auto insns = DecodeCode(c);
  ASSERT_TRUE(insns.ok()) << insns.status();
  ASSERT_EQ(insns->size(), 3u);
  EXPECT_EQ((*insns)[1].length, 27u);
  EXPECT_EQ((*insns)[1].keys, (std::vector<int32_t>{-5, 7}));
  EXPECT_EQ((*insns)[1].targets, (std::vector<uint32_t>{28, 28, 28}));
}

TEST(ClassfileBytecode, WideForms) {
  std::vector<uint8_t> c = {op::kWide,  op::kIload, 0x01, 0x00,              // wide iload 256
                            op::kWide,  op::kIinc,  0x01, 0x00, 0xff, 0xff,  // wide iinc
                            op::kWide,  op::kRet,   0x00, 0x01,              // wide ret
                            op::kReturn};
  auto insns = DecodeCode(c);
  ASSERT_TRUE(insns.ok()) << insns.status();
  ASSERT_EQ(insns->size(), 4u);
  EXPECT_EQ((*insns)[0].length, 4u);
  EXPECT_EQ((*insns)[1].length, 6u);
  EXPECT_EQ((*insns)[1].offset, 4u);
  EXPECT_EQ((*insns)[2].kind, InsnKind::kRet);
  EXPECT_EQ((*insns)[3].offset, 14u);
  // wide with an opcode that has no wide form.
  std::vector<uint8_t> bad = {op::kWide, op::kNop, 0, 0};
  EXPECT_FALSE(DecodeCode(bad).ok());
}

TEST(ClassfileBytecode, FixedLengthsAndKinds) {
  std::vector<uint8_t> c = {op::kInvokeinterface,
                            0,
                            1,
                            1,
                            0,  // 0
                            op::kInvokedynamic,
                            0,
                            1,
                            0,
                            0,  // 5
                            op::kGotoW,
                            0,
                            0,
                            0,
                            9,  // 10 -> 19
                            op::kMultianewarray,
                            0,
                            1,
                            1,  // 15
                            op::kIfnull,
                            0xff,
                            0xfc,  // 19 -> 15
                            op::kJsrW,
                            0xff,
                            0xff,
                            0xff,
                            0xf9,          // 22 -> 15
                            op::kAthrow};  // 27
  auto insns = DecodeCode(c);
  ASSERT_TRUE(insns.ok()) << insns.status();
  ASSERT_EQ(insns->size(), 7u);
  EXPECT_EQ((*insns)[0].length, 5u);
  EXPECT_EQ((*insns)[1].length, 5u);
  EXPECT_EQ((*insns)[2].kind, InsnKind::kGoto);
  EXPECT_EQ((*insns)[2].targets, std::vector<uint32_t>{19u});
  EXPECT_EQ((*insns)[3].length, 4u);
  EXPECT_EQ((*insns)[4].kind, InsnKind::kConditional);
  EXPECT_EQ((*insns)[4].targets, std::vector<uint32_t>{15u});
  EXPECT_EQ((*insns)[5].kind, InsnKind::kJsr);
  EXPECT_EQ((*insns)[5].targets, std::vector<uint32_t>{15u});
  EXPECT_EQ((*insns)[6].kind, InsnKind::kThrow);
}

TEST(ClassfileBytecode, Errors) {
  std::vector<uint8_t> truncated = {op::kNop, op::kSipush, 0x01};
  auto r = DecodeCode(truncated);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "bytecode: offset 1: truncated or malformed instruction 0x11");

  std::vector<uint8_t> negative = {op::kGoto, 0xff, 0xff};
  r = DecodeCode(negative);
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "branch target -1")) << r.status();

  std::vector<uint8_t> unknown = {0xfe};
  r = DecodeCode(unknown);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "bytecode: offset 0: unknown opcode 0xfe");

  // tableswitch with high < low.
  std::vector<uint8_t> sw = {op::kTableswitch, 0, 0, 0};
  Put4(sw, 0);
  Put4(sw, 5);
  Put4(sw, 4);
  EXPECT_FALSE(DecodeCode(sw).ok());
  EXPECT_EQ(InsnLength(sw, 0), 0u);
  EXPECT_EQ(InsnLength(sw, 100), 0u);
}

}  // namespace
}  // namespace jtg::classfile
