// The key instrumenter test: instruments every fixture class and every class of two real
// libraries (commons-collections3, commons-lang3), then loads and links each instrumented
// class under `java -Xverify:all` (fixtures/instr/VerifyLoader.java). Zero VerifyErrors
// are allowed; skipped methods are reported by reason.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
using testutil::TempDir;

void Report(const std::string& what, const testutil::InstrumentedDir& dir,
            const testutil::VerifyReport& v) {
  int methods = 0, instrumented = 0;
  for (const auto& [name, plan] : dir.plans) {
    for (const auto& m : plan.methods) {
      ++methods;
      instrumented += m.instrumented;
    }
  }
  std::cout << "[" << what << "] classes instrumented " << dir.plans.size() << ", verified "
            << v.loaded << ", unresolved " << v.unresolved.size() << ", methods " << methods
            << " (instrumented " << instrumented << ")\n";
  for (const auto& [reason, n] : testutil::SkipReasons(dir.plans)) {
    std::cout << "[" << what << "]   skipped " << n << ": " << reason << "\n";
  }
  for (size_t i = 0; i < v.unresolved.size() && i < 5; ++i) {
    std::cout << "[" << what << "]   " << v.unresolved[i] << "\n";
  }
}

// Instruments `in` into a fresh dir with the runtime helper, verifies, expects no failure.
void InstrumentAndVerify(const std::string& what, const fs::path& in,
                         const std::vector<std::string>& copy_only = {},
                         const Options& options = {}) {
  TempDir tmp(what);
  const fs::path out = tmp.path() / "classes";
  ASSERT_TRUE(testutil::CompileRuntime(out));
  IdAllocator ids;
  auto dir = testutil::InstrumentDir(in, out, ids, copy_only, options);
  EXPECT_TRUE(dir.errors.empty()) << dir.errors.front();
  ASSERT_FALSE(dir.names.empty());
  auto v = testutil::VerifyClasses(out, dir.names);
  Report(what, dir, v);
  std::ostringstream failures;
  for (size_t i = 0; i < v.failures.size() && i < 20; ++i) failures << v.failures[i] << "\n";
  EXPECT_TRUE(v.failures.empty()) << v.failures.size() << " failures:\n" << failures.str();
  EXPECT_EQ(v.loaded + v.unresolved.size() + v.failures.size(), dir.names.size()) << v.raw;
  EXPECT_GT(v.loaded, 0) << v.raw;
}

void VerifyJar(const std::string& jar, const Options& options = {}) {
  ASSERT_TRUE(fs::exists(jar)) << jar;
  TempDir tmp("jar");
  std::string log;
  ASSERT_EQ(testutil::Run("cd '" + tmp.path().string() + "' && unzip -q -o '" + jar + "'", &log), 0)
      << log;
  InstrumentAndVerify(fs::path(jar).stem().string(), tmp.path(), {}, options);
}

TEST(InstrumentVerifyTest, HarnessDetectsBrokenBytecode) {
  // Sanity check of the harness: a method with max_stack 0 must be reported.
  TempDir tmp("broken");
  const fs::path out = tmp.path() / "classes";
  auto bytes = testutil::ReadBytes(fs::path(JTG_FIXTURES_DIR) / "fixtures/instr/Flow.class");
  auto parsed = classfile::Parse(bytes, "Flow");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  for (auto& m : parsed->cls.methods) {
    if (parsed->cls.MethodName(m) != "sign") continue;
    m.code->max_stack = 0;
    ASSERT_TRUE(classfile::EncodeCode(parsed->cls, m).ok());
  }
  auto written = classfile::Write(parsed->cls);
  ASSERT_TRUE(written.ok());
  testutil::WriteBytes(out / "fixtures/instr/Flow.class", *written);
  auto v = testutil::VerifyClasses(out, {"fixtures.instr.Flow"});
  ASSERT_EQ(v.failures.size(), 1u) << v.raw;
  EXPECT_NE(v.failures[0].find("VerifyError"), std::string::npos) << v.failures[0];
}

TEST(InstrumentVerifyTest, AllFixtureClassesVerify) {
  InstrumentAndVerify("fixtures", JTG_FIXTURES_DIR);
}

TEST(InstrumentVerifyTest, CommonsCollections3Verifies) {
  VerifyJar("/usr/share/java/commons-collections3.jar");
}

TEST(InstrumentVerifyTest, CommonsLang3Verifies) { VerifyJar("/usr/share/java/commons-lang3.jar"); }

// Weak-mutation sites replace arithmetic/bitwise/shift instructions (Options::mutation).
TEST(InstrumentVerifyTest, AllFixtureClassesVerifyWithMutation) {
  InstrumentAndVerify("fixtures-mutation", JTG_FIXTURES_DIR, {}, Options{.mutation = true});
}

TEST(InstrumentVerifyTest, CommonsLang3VerifiesWithMutation) {
  VerifyJar("/usr/share/java/commons-lang3.jar", Options{.mutation = true});
}

// Generated huge methods: a backward goto that needs goto_w, a conditional jump that
// overflows and a method that grows past 65535 bytes; ids pass 32767 (ldc_w).
TEST(InstrumentVerifyTest, HugeMethodsWidenOrSkip) {
  TempDir tmp("huge");
  std::ostringstream src;
  auto body = [&](int n) {
    for (int k = 0; k < n; ++k) src << "    if (x > " << k << ") x -= " << (k % 7) << ";\n";
  };
  src << "package gen;\npublic class Huge {\n";
  src << "  public static int loopBig(int x) {\n    while (true) {\n"
         "      if (x == -12345) return x;\n";
  body(1500);
  src << "      x = x * 3 + 1;\n";  // so no if* jumps back to the loop head
  src << "    }\n  }\n";
  src << "  public static int ifBig(int x) {\n    if (x != 3) {\n";
  body(1500);
  src << "    }\n    return x;\n  }\n";
  src << "  public static int tooLarge(int x) {\n";
  body(3000);
  src << "    return x;\n  }\n}\n";
  const fs::path java = tmp.path() / "src/gen/Huge.java";
  fs::create_directories(java.parent_path());
  { std::ofstream(java) << src.str(); }
  std::string log;
  const fs::path classes = tmp.path() / "in";
  ASSERT_EQ(testutil::Run(testutil::JavaHome() + "/bin/javac -g -d '" + classes.string() + "' '" +
                              java.string() + "'",
                          &log),
            0)
      << log;

  const fs::path out = tmp.path() / "out";
  ASSERT_TRUE(testutil::CompileRuntime(out));
  IdAllocator ids;
  ids.Allocate(40000);  // every id of this class needs ldc_w
  auto dir = testutil::InstrumentDir(classes, out, ids);
  ASSERT_EQ(dir.plans.count("gen.Huge"), 1u);
  EXPECT_GT(ids.next(), 32767);
  int checked = 0;  // each of the three methods must be in the plan (issue 21)
  for (const auto& m : dir.plans["gen.Huge"].methods) {
    if (m.name == "loopBig") {
      EXPECT_TRUE(m.instrumented) << m.SkipText();
      ++checked;
    } else if (m.name == "ifBig") {
      EXPECT_EQ(m.skip, instrument::SkipReason::kJumpOverflow) << m.SkipText();
      ++checked;
    } else if (m.name == "tooLarge") {
      EXPECT_EQ(m.skip, instrument::SkipReason::kMethodTooLarge) << m.SkipText();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 3);
  auto back = classfile::Parse(testutil::ReadBytes(out / "gen/Huge.class"), "Huge");
  ASSERT_TRUE(back.ok()) << back.status();
  int goto_w = 0;
  for (const auto& m : back->cls.methods) {
    if (back->cls.MethodName(m) != "loopBig") continue;
    auto insns = classfile::DecodeCode(m.code->code);
    ASSERT_TRUE(insns.ok());
    for (const auto& in : *insns) goto_w += in.opcode == classfile::op::kGotoW;
  }
  EXPECT_EQ(goto_w, 1);
  auto v = testutil::VerifyClasses(out, {"gen.Huge"});
  EXPECT_EQ(v.loaded, 1) << v.raw;
  EXPECT_TRUE(v.failures.empty()) << v.raw;
}

}  // namespace
}  // namespace jtg::instrument
