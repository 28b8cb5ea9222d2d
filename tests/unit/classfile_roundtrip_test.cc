// Write(Parse(b)) == b, and EncodeCode on every method keeps that true, for every class in
// three real-world jars.
#include <string>
#include <vector>

#include "classfile/class_file.h"
#include "classfile_test_util.h"
#include "classpath/classpath.h"
#include "gtest/gtest.h"

namespace jtg::classfile {
namespace {

// Round-trips every class of `jar`, counting the classes checked in `checked`.
void RoundTripJar(const char* jar, size_t& checked) {
  auto cp = classpath::Classpath::Open(jar);
  ASSERT_TRUE(cp.ok()) << cp.status();
  size_t failures = 0;
  for (const std::string& name : cp->ListClasses()) {
    if (failures > 5) break;
    auto bytes = cp->ReadClass(name);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    auto parsed = Parse(*bytes, name);
    if (!parsed.ok()) {
      ADD_FAILURE() << parsed.status();
      ++failures;
      continue;
    }
    EXPECT_EQ(parsed->warning, "") << name;
    auto written = Write(parsed->cls);
    ASSERT_TRUE(written.ok()) << written.status();
    if (*written != *bytes) {
      ADD_FAILURE() << name << ": Write(Parse(b)) differs";
      ++failures;
      continue;
    }
    ClassFile& cls = parsed->cls;
    for (MethodInfo& m : cls.methods) {
      if (!m.code) continue;
      Status s = EncodeCode(cls, m);
      ASSERT_TRUE(s.ok()) << name << "." << cls.MethodName(m) << ": " << s;
    }
    auto rewritten = Write(cls);
    ASSERT_TRUE(rewritten.ok()) << rewritten.status();
    if (*rewritten != *bytes) {
      ADD_FAILURE() << name << ": EncodeCode + Write differs";
      ++failures;
      continue;
    }
    ++checked;
  }
  EXPECT_EQ(failures, 0u) << jar;
}

TEST(ClassfileRoundTrip, CommonsLang3) {
  size_t n = 0;
  RoundTripJar(testing::kLang3Jar, n);
  EXPECT_GT(n, 100u);
  std::printf("commons-lang3: %zu classes round-tripped\n", n);
}

TEST(ClassfileRoundTrip, CommonsCollections3) {
  size_t n = 0;
  RoundTripJar(testing::kCollectionsJar, n);
  EXPECT_GT(n, 100u);
  std::printf("commons-collections3: %zu classes round-tripped\n", n);
}

TEST(ClassfileRoundTrip, Guava) {
  size_t n = 0;
  RoundTripJar(testing::kGuavaJar, n);
  EXPECT_GT(n, 1000u);
  std::printf("guava: %zu classes round-tripped\n", n);
}

// A decoded table whose raw attribute is absent is appended by EncodeCode.
TEST(ClassfileRoundTrip, EncodeCodeAppendsMissingStackMap) {
  testing::CodeSpec spec;
  spec.code = {0x03, 0x99, 0x00, 0x04, 0x00, 0xb1};  // iconst_0; ifeq 5; nop; return
  auto parsed = Parse(testing::BuildClass(spec), "T");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ClassFile& cls = parsed->cls;
  MethodInfo& m = cls.methods[0];
  ASSERT_TRUE(m.code.has_value());
  EXPECT_FALSE(m.code->has_stack_map);
  StackMapFrame f;
  f.frame_type = 0;
  f.offset = 5;
  m.code->frames.push_back(f);
  ASSERT_TRUE(EncodeCode(cls, m).ok());
  auto bytes = Write(cls);
  ASSERT_TRUE(bytes.ok());
  auto again = Parse(*bytes, "T");
  ASSERT_TRUE(again.ok()) << again.status();
  const CodeAttribute& code = *again->cls.methods[0].code;
  EXPECT_TRUE(code.has_stack_map);
  ASSERT_EQ(code.frames.size(), 1u);
  EXPECT_EQ(code.frames[0].offset, 5u);
  EXPECT_EQ(code.frames[0].frame_type, 5);
}

// Frames whose delta grows past 63 are widened to same_frame_extended.
TEST(ClassfileRoundTrip, EncodeCodeWidensFrames) {
  testing::CodeSpec spec;
  spec.code.assign(100, 0x00);  // nops
  spec.code.back() = 0xb1;
  spec.stack_map = {0x00, 0x01, 10};  // one same frame at offset 10
  auto parsed = Parse(testing::BuildClass(spec), "T");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  ClassFile& cls = parsed->cls;
  MethodInfo& m = cls.methods[0];
  ASSERT_EQ(m.code->frames.size(), 1u);
  EXPECT_EQ(m.code->frames[0].offset, 10u);
  m.code->frames[0].offset = 80;
  ASSERT_TRUE(EncodeCode(cls, m).ok());
  auto again = Parse(*Write(cls), "T");
  ASSERT_TRUE(again.ok()) << again.status();
  const StackMapFrame& f = again->cls.methods[0].code->frames.at(0);
  EXPECT_EQ(f.frame_type, 251);
  EXPECT_EQ(f.offset, 80u);
}

}  // namespace
}  // namespace jtg::classfile
