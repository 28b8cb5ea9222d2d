// How jtestgen finds the JDK it runs on (jvm/java_home.h): --java-home, else JAVA_HOME, else
// the java on PATH through its symbolic links; what a JDK must hold; the one-line refusal of
// a class file newer than the JDK loads. Fake JDK layouts in temporary directories.
#include "jvm/java_home.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "instrument_test_util.h"
#include "scoped_env.h"

namespace jtg::jvm {
namespace {

namespace fs = std::filesystem;

using testutil::TempDir;

void Touch(const fs::path& p, const std::string& text = "") {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

// A directory laid out like a JDK of `version` (bin/java, lib/server/libjvm.so, release).
fs::path FakeJdk(const fs::path& root, const std::string& name, const std::string& version) {
  fs::path home = root / name;
  Touch(home / "bin" / "java");
  Touch(home / "lib" / "server" / "libjvm.so");
  Touch(home / "release", "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
  return home;
}

TEST(JavaHome, FeatureReleaseFromTheReleaseFile) {
  EXPECT_EQ(FeatureFromRelease("JAVA_VERSION=\"17.0.15\"\n"), 17);
  EXPECT_EQ(FeatureFromRelease("IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.3\"\n"), 25);
  EXPECT_EQ(FeatureFromRelease("JAVA_VERSION=\"21\"\n"), 21);
  EXPECT_EQ(FeatureFromRelease("JAVA_VERSION=\"1.8.0_392\"\n"), 8);
  EXPECT_EQ(FeatureFromRelease("JAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\n"), 0);
  EXPECT_EQ(FeatureFromRelease(""), 0);
}

TEST(JavaHome, TheFlagComesFirstThenJavaHome) {
  TempDir t("jdk");
  fs::path j25 = FakeJdk(t.path(), "jdk25", "25.0.3");
  fs::path j21 = FakeJdk(t.path(), "jdk21", "21.0.9");
  test::ScopedEnv env("JAVA_HOME", j21.string());
  auto by_flag = FindJdk(j25.string());
  ASSERT_TRUE(by_flag.ok()) << by_flag.status();
  EXPECT_EQ(by_flag->home, fs::canonical(j25).string());
  EXPECT_EQ(by_flag->feature, 25);
  EXPECT_EQ(by_flag->version, "25.0.3");
  EXPECT_EQ(by_flag->source, "--java-home");
  EXPECT_EQ(by_flag->MaxClassMajor(), 69);
  EXPECT_EQ(by_flag->Tool("javac"), fs::canonical(j25).string() + "/bin/javac");
  auto by_env = FindJdk();
  ASSERT_TRUE(by_env.ok()) << by_env.status();
  EXPECT_EQ(by_env->feature, 21);
  EXPECT_EQ(by_env->source, "JAVA_HOME");
}

TEST(JavaHome, TheJavaOnPathIsFollowedThroughItsLinks) {
  TempDir t("jdk");
  fs::path jdk = FakeJdk(t.path(), "jdk-real", "21.0.9");
  fs::create_directories(t.path() / "alternatives");
  fs::create_symlink(jdk / "bin" / "java", t.path() / "alternatives" / "java");
  fs::create_directories(t.path() / "usr-bin");
  fs::create_symlink(t.path() / "alternatives" / "java", t.path() / "usr-bin" / "java");
  test::ScopedEnv no_home("JAVA_HOME", std::nullopt);
  test::ScopedEnv path("PATH",
                       (t.path() / "empty").string() + ":" + (t.path() / "usr-bin").string());
  auto found = FindJdk();
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_EQ(found->home, fs::canonical(jdk).string());
  EXPECT_EQ(found->source, "PATH");
}

TEST(JavaHome, WithNothingToGoOnTheBuildsJdkIsUsed) {
  test::ScopedEnv no_home("JAVA_HOME", std::nullopt);
  test::ScopedEnv path("PATH", "/nonexistent");
  auto found = FindJdk();
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_EQ(found->source, "build");
  EXPECT_EQ(found->home, fs::canonical(JTG_JAVA_HOME).string());
  EXPECT_GE(found->feature, kMinJdkFeature);
}

TEST(JavaHome, WhatIsNotAUsableJdkIsRefusedByName) {
  TempDir t("jdk");
  auto missing = FindJdk((t.path() / "nope").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("nope (from --java-home): no such directory"),
            std::string::npos)
      << missing.status();
  fs::path jre = t.path() / "jre";
  Touch(jre / "bin" / "java");
  auto no_jvm = FindJdk(jre.string());
  ASSERT_FALSE(no_jvm.ok());
  EXPECT_NE(no_jvm.status().message().find("no lib/server/libjvm.so"), std::string::npos)
      << no_jvm.status();
  fs::path old = FakeJdk(t.path(), "jdk11", "11.0.2");
  test::ScopedEnv env("JAVA_HOME", old.string());
  auto too_old = FindJdk();
  ASSERT_FALSE(too_old.ok());
  EXPECT_EQ(too_old.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(too_old.status().message().find(
                "(from JAVA_HOME): Java 11.0.2 is older than Java 17, the oldest"),
            std::string::npos)
      << too_old.status();
}

TEST(JavaHome, AClassNewerThanTheJdkIsRefusedInOneLine) {
  Jdk jdk17;
  jdk17.home = "/usr/lib/jvm/java-17-openjdk-amd64";
  jdk17.version = "17.0.15";
  jdk17.feature = 17;
  EXPECT_TRUE(CheckClassVersion("a.B", 61, jdk17).ok());
  Status st = CheckClassVersion("a.B", 69, jdk17);
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(st.message(),
            "class a.B: class file version 69 (Java 25) is newer than JDK 17.0.15 "
            "(/usr/lib/jvm/java-17-openjdk-amd64) can load (up to 61, Java 17); pass "
            "--java-home with a JDK 25 or later");
  Jdk jdk25 = jdk17;
  jdk25.feature = 25;
  EXPECT_TRUE(CheckClassVersion("a.B", 69, jdk25).ok());
}

}  // namespace
}  // namespace jtg::jvm
