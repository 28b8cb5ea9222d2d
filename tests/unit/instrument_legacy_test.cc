// Class files older than version 50 (no StackMapTable, jsr/ret subroutines): built with
// the class-file model, instrumented, and verified by the type-inferencing verifier under
// `java -Xverify:all`.
#include <gtest/gtest.h>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
namespace op = classfile::op;
using classfile::ClassFile;

void AddMethod(ClassFile& cls, const char* name, const char* desc, uint16_t max_stack,
               uint16_t max_locals, std::vector<uint8_t> code) {
  classfile::MethodInfo m;
  m.access = classfile::kAccPublic | classfile::kAccStatic;
  m.name_index = *cls.cp.AddUtf8(name);
  m.descriptor_index = *cls.cp.AddUtf8(desc);
  m.attributes.push_back({*cls.cp.AddUtf8("Code"), {}});
  m.code_attribute = 0;
  m.code.emplace();
  m.code->max_stack = max_stack;
  m.code->max_locals = max_locals;
  m.code->code = std::move(code);
  ASSERT_TRUE(classfile::EncodeCode(cls, m).ok());
  cls.methods.push_back(std::move(m));
}

// gen/Old (version 49): sub(I)I uses a jsr/ret subroutine, countDown(I)I loops.
std::vector<uint8_t> BuildOldClass() {
  ClassFile cls;
  cls.major_version = 49;
  cls.access = classfile::kAccPublic | classfile::kAccSuper;
  cls.this_class = *cls.cp.AddClass("gen/Old");
  cls.super_class = *cls.cp.AddClass("java/lang/Object");
  AddMethod(cls, "sub", "(I)I", 1, 2,
            {0x1a,  // 0: iload_0
             op::kIfle,
             0,
             8,  // 1: ifle 9
             op::kJsr,
             0,
             10,  // 4: jsr 14
             op::kIconst1,
             op::kIreturn,  // 7, 8
             op::kJsr,
             0,
             5,  // 9: jsr 14
             op::kIconst0,
             op::kIreturn,  // 12, 13
             0x4c,          // 14: astore_1 (return address)
             op::kIinc,
             0,
             1,  // 15: iinc 0 1
             op::kRet,
             1});  // 18: ret 1
  AddMethod(cls, "countDown", "(I)I", 1, 1,
            {0x1a,                   // 0: iload_0
             op::kIfle, 0, 9,        // 1: ifle 10
             op::kIinc, 0, 0xff,     // 4: iinc 0 -1
             op::kGoto, 0xff, 0xf9,  // 7: goto 0
             0x1a, op::kIreturn});   // 10: iload_0; ireturn
  auto bytes = classfile::Write(cls);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : std::vector<uint8_t>{};
}

TEST(InstrumentLegacyTest, JsrRetClassVerifiesAfterInstrumentation) {
  testutil::TempDir tmp("legacy");
  const fs::path plain = tmp.path() / "plain", out = tmp.path() / "out";
  const std::vector<uint8_t> bytes = BuildOldClass();
  ASSERT_FALSE(bytes.empty());
  // Baseline: the hand-built class itself verifies.
  testutil::WriteBytes(plain / "gen/Old.class", bytes);
  auto base = testutil::VerifyClasses(plain, {"gen.Old"});
  ASSERT_EQ(base.loaded, 1) << base.raw;

  IdAllocator ids;
  auto r = InstrumentBytes(bytes, "gen/Old", Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  for (const auto& m : r->plan.methods) {
    EXPECT_TRUE(m.instrumented) << m.name << ": " << m.SkipText();
    EXPECT_FALSE(m.blocks.empty());
  }
  auto back = classfile::Parse(r->bytes, "gen/Old");
  ASSERT_TRUE(back.ok()) << back.status();
  for (const auto& m : back->cls.methods) {
    if (!m.code) continue;
    EXPECT_FALSE(m.code->has_stack_map);
    EXPECT_GT(m.code->code.size(), 12u);
  }
  ASSERT_TRUE(testutil::CompileRuntime(out));
  testutil::WriteBytes(out / "gen/Old.class", r->bytes);
  auto v = testutil::VerifyClasses(out, {"gen.Old"});
  EXPECT_EQ(v.loaded, 1) << v.raw;
  EXPECT_TRUE(v.failures.empty()) << v.raw;
}

}  // namespace
}  // namespace jtg::instrument
