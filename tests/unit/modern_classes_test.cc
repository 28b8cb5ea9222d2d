// Class files of Java 17, 21 and 25 (tests/fixtures_modern, compiled by CMake with --release
// 17, 21 and 25): they parse without a warning, write back byte for byte with their
// attributes (Record, PermittedSubclasses, NestHost/NestMembers, BootstrapMethods with
// typeSwitch/enumSwitch, ConstantDynamic), and every class instrumented by every probe style
// loads under `java -Xverify:all` on each JDK that can run it: the build's (17) and the
// JDK 25 when the machine has one (issue 22).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "classfile/class_file.h"
#include "instrument/instrument.h"
#include "instrument_test_util.h"

namespace jtg {
namespace {

namespace fs = std::filesystem;
using testutil::TempDir;

fs::path ReleaseDir(int release) {
  return fs::path(JTG_MODERN_DIR) / ("release" + std::to_string(release));
}

// The release directories CMake could build: 17 always, 21 and 25 with a JDK 25.
std::vector<int> Releases() {
  std::vector<int> out;
  for (int r : {17, 21, 25}) {
    if (fs::exists(ReleaseDir(r))) out.push_back(r);
  }
  return out;
}

std::string Jdk25() { return JTG_JDK25_HOME; }

// The attribute names of a class, its methods' and fields' not included.
std::set<std::string> ClassAttributes(const classfile::ClassFile& cls) {
  std::set<std::string> out;
  for (const auto& a : cls.attributes) {
    auto name = cls.cp.Utf8(a.name_index);
    if (name.ok()) out.insert(std::string(*name));
  }
  return out;
}

TEST(ModernClasses, TheirFixturesWereBuilt) {
  ASSERT_TRUE(fs::exists(ReleaseDir(17))) << ReleaseDir(17);
  if (Jdk25().empty()) {
    GTEST_SKIP() << "no JDK 25 on this machine: release 21 and 25 fixtures not built";
  }
  EXPECT_TRUE(fs::exists(ReleaseDir(21)));
  EXPECT_TRUE(fs::exists(ReleaseDir(25)));
}

TEST(ModernClasses, ParseWithoutWarningAndWriteBackByteForByte) {
  std::set<std::string> attributes;
  int constant_dynamic = 0;
  for (int release : Releases()) {
    for (const fs::path& rel : testutil::ClassFiles(ReleaseDir(release))) {
      const std::vector<uint8_t> bytes = testutil::ReadBytes(ReleaseDir(release) / rel);
      auto parsed = classfile::Parse(bytes, rel.string());
      ASSERT_TRUE(parsed.ok()) << parsed.status();
      EXPECT_EQ(parsed->warning, "") << rel;
      EXPECT_EQ(parsed->cls.major_version, 44 + release) << rel;
      auto written = classfile::Write(parsed->cls);
      ASSERT_TRUE(written.ok()) << written.status();
      EXPECT_TRUE(*written == bytes) << rel << " (release " << release << ")";
      for (const std::string& a : ClassAttributes(parsed->cls)) attributes.insert(a);
      for (const auto& e : parsed->cls.cp.entries()) {
        constant_dynamic += e.tag == classfile::kCpDynamic;
      }
    }
  }
  for (const char* a : {"Record", "PermittedSubclasses", "NestHost", "NestMembers",
                        "BootstrapMethods", "InnerClasses"}) {
    EXPECT_EQ(attributes.count(a), 1u) << "no fixture class has a " << a << " attribute";
  }
  if (!Jdk25().empty()) {
    EXPECT_GT(constant_dynamic, 0) << "Switches.brightness should load EnumDesc by condy";
  }
}

struct Style {
  const char* name;
  instrument::Options options;
};

std::vector<Style> ProbeStyles() {
  instrument::Options mutation;
  mutation.mutation = true;
  instrument::Options array;
  array.probe_style = instrument::ProbeStyle::kArray;
  instrument::Options fold = array;
  fold.array.fold_flags = true;
  return {{"calls", {}}, {"calls+mutation", mutation}, {"array", array}, {"array+fold", fold}};
}

// Instruments the release's classes in `style` and loads them under -Xverify:all on the JDK.
void InstrumentAndVerify(int release, const Style& style, const std::string& java_home) {
  SCOPED_TRACE(std::string("release ") + std::to_string(release) + ", " + style.name + ", " +
               java_home);
  TempDir tmp(std::string("modern-") + std::to_string(release));
  const fs::path out = tmp.path() / "classes";
  ASSERT_TRUE(testutil::CompileRuntime(out));
  instrument::IdAllocator ids;
  auto dir = testutil::InstrumentDir(ReleaseDir(release), out, ids, {}, style.options);
  ASSERT_TRUE(dir.errors.empty()) << dir.errors.front();
  ASSERT_FALSE(dir.names.empty());
  int instrumented = 0;
  for (const auto& [name, plan] : dir.plans) {
    for (const auto& m : plan.methods) instrumented += m.instrumented;
  }
  EXPECT_GT(instrumented, 10);
  auto v = testutil::VerifyClasses(out, dir.names, java_home);
  EXPECT_TRUE(v.failures.empty()) << v.raw;
  EXPECT_TRUE(v.unresolved.empty()) << v.raw;
  EXPECT_EQ(v.loaded, static_cast<int>(dir.names.size())) << v.raw;
}

TEST(ModernClasses, EveryProbeStyleVerifiesOnJdk17) {
  for (const Style& style : ProbeStyles()) InstrumentAndVerify(17, style, testutil::JavaHome());
}

TEST(ModernClasses, EveryProbeStyleVerifiesOnJdk25) {
  if (Jdk25().empty()) GTEST_SKIP() << "no JDK 25 on this machine";
  for (int release : Releases()) {
    for (const Style& style : ProbeStyles()) InstrumentAndVerify(release, style, Jdk25());
  }
}

}  // namespace
}  // namespace jtg
