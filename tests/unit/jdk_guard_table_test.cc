// The JDK guard table (jvm/jdk_guards.h) applies to the classes of every JDK the tests run
// on: the build's JDK 17 and, when the machine has one, the JDK 25 (its UnixNativeDispatcher
// returns an errno from access and sets times with utimensat). Each guarded class is read
// from the JDK's own module image and hooked as the search JVM would hook it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "absl/strings/str_cat.h"
#include "instrument/entry_hooks.h"
#include "instrument_test_util.h"
#include "jvm/jdk_guards.h"

namespace jtg {
namespace {

namespace fs = std::filesystem;

void HookEveryGuardedClass(const std::string& java_home) {
  const auto table = jvm::JdkGuardTable();
  testutil::TempDir tmp("guard-table");
  std::string cmd = absl::StrCat(java_home, "/bin/java ", JTG_SOURCE_DIR,
                                 "/tests/unit/java/DumpJdkClasses.java ", tmp.path().string());
  for (const auto& [name, hooks] : table) absl::StrAppend(&cmd, " ", name);
  std::string output;
  ASSERT_EQ(testutil::Run(cmd, &output), 0) << output;
  for (const auto& [name, hooks] : table) {
    std::string file = name;
    std::replace(file.begin(), file.end(), '/', '_');
    const auto bytes = testutil::ReadBytes(tmp.path() / (file + ".class"));
    ASSERT_FALSE(bytes.empty()) << name;
    auto hooked = instrument::InsertEntryHooks(bytes, name, hooks);
    EXPECT_TRUE(hooked.ok()) << java_home << ": " << hooked.status();
  }
}

TEST(JdkGuardTable, HooksTheClassesOfTheBuildsJdk) { HookEveryGuardedClass(JTG_JAVA_HOME); }

TEST(JdkGuardTable, HooksTheClassesOfTheJdk25) {
  if (std::string(JTG_JDK25_HOME).empty()) GTEST_SKIP() << "no JDK 25 on this machine";
  HookEveryGuardedClass(JTG_JDK25_HOME);
}

}  // namespace
}  // namespace jtg
