// Corrupt and unsupported class files: exact messages, truncation at every offset, random
// bit flips (seeded). Run under ASAN/UBSAN to prove no out-of-bounds reads.
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "classfile/class_file.h"
#include "classfile_test_util.h"
#include "gtest/gtest.h"

namespace jtg::classfile {
namespace {

using testing::BuildClass;
using testing::CodeSpec;

// A small real class (an exception class with a few constructors).
std::vector<uint8_t> SmallClass() {
  return testing::JarClass(testing::kCollectionsJar,
                           "org/apache/commons/collections/FunctorException");
}

void ExpectDataLoss(const std::vector<uint8_t>& bytes, const std::string& message) {
  auto r = Parse(bytes, "T");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::IsDataLoss(r.status())) << r.status();
  EXPECT_EQ(r.status().message(), message);
}

TEST(ClassfileCorruption, SmallClassParses) {
  std::vector<uint8_t> b = SmallClass();
  ASSERT_FALSE(b.empty());
  auto r = Parse(b, "FunctorException");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->cls.Name(), "org/apache/commons/collections/FunctorException");
}

TEST(ClassfileCorruption, EveryPrefixIsDataLoss) {
  std::vector<uint8_t> b = SmallClass();
  ASSERT_GT(b.size(), 100u);
  for (size_t n = 0; n < b.size(); ++n) {
    std::vector<uint8_t> prefix(b.begin(), b.begin() + static_cast<ptrdiff_t>(n));
    auto r = Parse(prefix, "T");
    ASSERT_FALSE(r.ok()) << "prefix " << n;
    ASSERT_TRUE(absl::IsDataLoss(r.status())) << "prefix " << n << ": " << r.status();
    ASSERT_TRUE(absl::StartsWith(r.status().message(), "T: offset ")) << r.status();
  }
}

TEST(ClassfileCorruption, TruncationReportsOffset) {
  std::vector<uint8_t> b = SmallClass();
  b.resize(9);  // inside constant_pool_count
  ExpectDataLoss(b, "T: offset 8: truncated class file (need 2 bytes, 1 left)");
}

TEST(ClassfileCorruption, RandomBitFlipsNeverCrash) {
  std::mt19937 rng(12345);
  std::vector<std::vector<uint8_t>> inputs = {
      SmallClass(),
      testing::JarClass(testing::kCollectionsJar, "org/apache/commons/collections/ListUtils"),
      testing::JarClass(testing::kLang3Jar, "org/apache/commons/lang3/StringUtils")};
  int ok = 0, loss = 0;
  for (const auto& original : inputs) {
    ASSERT_FALSE(original.empty());
    std::uniform_int_distribution<size_t> pos(0, original.size() - 1);
    std::uniform_int_distribution<int> bit(0, 7), flips(1, 4);
    for (int iter = 0; iter < 1500; ++iter) {
      std::vector<uint8_t> b = original;
      for (int k = flips(rng); k > 0; --k) b[pos(rng)] ^= static_cast<uint8_t>(1 << bit(rng));
      auto r = Parse(b, "T");
      if (r.ok()) {
        ++ok;
        auto w = Write(r->cls);
        ASSERT_TRUE(w.ok());
      } else {
        ASSERT_TRUE(absl::IsDataLoss(r.status())) << r.status();
        ++loss;
      }
    }
  }
  EXPECT_GT(ok, 0);
  EXPECT_GT(loss, 0);
}

TEST(ClassfileCorruption, BadMagic) {
  std::vector<uint8_t> b = SmallClass();
  b[0] = 0xCB;
  ExpectDataLoss(b, "T: offset 0: bad magic 0xCBFEBABE (expected 0xCAFEBABE)");
}

TEST(ClassfileCorruption, BadConstantPoolTag) {
  std::vector<uint8_t> b = BuildClass(testing::WithCode({0xb1}));
  b[10] = 2;  // tag of entry 1
  ExpectDataLoss(b, "T: offset 10: bad constant pool tag 2 at index 1");
}

TEST(ClassfileCorruption, ConstantPoolIndexWrongTag) {
  std::vector<uint8_t> b = BuildClass(testing::WithCode({0xb1}));
  // Entry 2 (Class) at offset 10 + 4 ("T") refers to Utf8 #1; point it at itself.
  ASSERT_EQ(b[14], 7);
  b[16] = 2;
  ExpectDataLoss(b,
                 "T: offset 15: constant pool entry 2 refers to index 2 (Class), "
                 "expected Utf8");
}

TEST(ClassfileCorruption, TooNewVersionReadsForward) {
  std::vector<uint8_t> b = SmallClass();
  b[6] = 0;
  b[7] = 70;
  auto r = Parse(b, "org/apache/commons/collections/FunctorException");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->warning,
            "org/apache/commons/collections/FunctorException: class file major version 70 "
            "is newer than the supported 45..69 (Java 25); reading forward");
  EXPECT_EQ(r->cls.major_version, 70);
}

TEST(ClassfileCorruption, SupportedVersionsHaveNoWarning) {
  for (uint8_t major : {61, 65, 69}) {  // Java 17, 21, 25
    std::vector<uint8_t> b = SmallClass();
    b[6] = 0;
    b[7] = major;
    auto r = Parse(b, "T");
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->warning, "") << "major " << int{major};
  }
}

TEST(ClassfileCorruption, TooOldVersion) {
  std::vector<uint8_t> b = SmallClass();
  b[6] = 0;
  b[7] = 44;
  ExpectDataLoss(b,
                 "T: offset 6: class file major version 44 is older than the "
                 "supported 45..69");
}

TEST(ClassfileCorruption, CodeLengthZero) {
  CodeSpec spec = testing::WithCode({0xb1});
  spec.code_length_override = 0;
  std::vector<uint8_t> b = BuildClass(spec);
  size_t at = testing::BuiltCodeOffset() - 4;
  ExpectDataLoss(b, "T: offset " + std::to_string(at) + ": code_length 0 out of range 1..65535");
}

TEST(ClassfileCorruption, CodeLengthOverrunsAttribute) {
  CodeSpec spec = testing::WithCode({0xb1});
  spec.code_length_override = 70000;
  auto r = Parse(BuildClass(spec), "T");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::IsDataLoss(r.status())) << r.status();
}

TEST(ClassfileCorruption, AttributeLengthOverrun) {
  std::vector<uint8_t> b = BuildClass(testing::WithCode({0xb1}));
  size_t len_at = testing::BuiltCodeOffset() - 12;  // Code attribute_length
  b[len_at] = 0x10;
  ExpectDataLoss(b, "T: offset " + std::to_string(len_at) +
                        ": attribute Code length 268435469 overruns its container (15 bytes "
                        "left)");
}

TEST(ClassfileCorruption, BranchTargetOutOfRange) {
  // goto +10 in a 4-byte method.
  std::vector<uint8_t> b = BuildClass(testing::WithCode({0xa7, 0x00, 0x0a, 0xb1}));
  ExpectDataLoss(b, "T: offset " + std::to_string(testing::BuiltCodeOffset()) +
                        ": branch target 10 is not an instruction in the code (length 4)");
}

TEST(ClassfileCorruption, BranchIntoInstruction) {
  // iconst_0; ifeq -> offset 2 (inside the ifeq); return
  std::vector<uint8_t> b = BuildClass(testing::WithCode({0x03, 0x99, 0x00, 0x01, 0xb1}));
  auto r = Parse(b, "T");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "branch target 2")) << r.status();
}

TEST(ClassfileCorruption, HandlerOutOfRange) {
  CodeSpec spec = testing::WithCode({0x00, 0xb1});
  spec.handlers = {0, 5, 1, 0};
  auto r = Parse(BuildClass(spec), "T");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "exception handler [0, 5) -> 1"))
      << r.status();
  EXPECT_TRUE(absl::StartsWith(r.status().message(),
                               "T: offset " + std::to_string(testing::BuiltCodeOffset() + 4)))
      << r.status();
}

TEST(ClassfileCorruption, StackMapFrameOutOfRange) {
  CodeSpec spec = testing::WithCode({0x00, 0xb1});
  spec.stack_map = {0x00, 0x01, 0x05};  // same frame at offset 5
  auto r = Parse(BuildClass(spec), "T");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(
      absl::StrContains(r.status().message(), "stack map frame 0 offset 5 is not an instruction"))
      << r.status();
}

TEST(ClassfileCorruption, UnknownOpcode) {
  std::vector<uint8_t> b = BuildClass(testing::WithCode({0x00, 0xcb}));
  ExpectDataLoss(
      b, "T: offset " + std::to_string(testing::BuiltCodeOffset() + 1) + ": unknown opcode 0xcb");
}

TEST(ClassfileCorruption, TrailingBytes) {
  std::vector<uint8_t> b = BuildClass(testing::WithCode({0xb1}));
  b.push_back(0);
  auto r = Parse(b, "T");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::IsDataLoss(r.status()));
}

}  // namespace
}  // namespace jtg::classfile
