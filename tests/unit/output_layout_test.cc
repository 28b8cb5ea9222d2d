// Where `jtestgen suite` writes, and what it may replace (output/output_layout.h, issue 24).
#include "output/output_layout.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "output/validator.h"

namespace jtg::output {
namespace {

namespace fs = std::filesystem;

TEST(OutputLayout, SourceRootsOfMavenAndGradleLayouts) {
  EXPECT_TRUE(IsSourceRoot("src/test/java"));
  EXPECT_TRUE(IsSourceRoot("/home/u/proj/src/test/java/"));
  EXPECT_TRUE(IsSourceRoot("proj/src/integrationTest/kotlin"));
  EXPECT_FALSE(IsSourceRoot("gen"));
  EXPECT_FALSE(IsSourceRoot("/tmp/out/java"));
  EXPECT_FALSE(IsSourceRoot("src/test/java/com/example"));
}

TEST(OutputLayout, ReportGoesBesideASourceRoot) {
  auto w = WorkDir::Make("jtg-layout-");
  ASSERT_TRUE(w.ok()) << w.status();
  const fs::path maven = fs::path(w->path()) / "m", gradle = fs::path(w->path()) / "g";
  fs::create_directories(maven / "src/test/java");
  fs::create_directories(gradle / "src/test/java");
  std::ofstream(gradle / "build.gradle.kts") << "plugins { java }\n";
  EXPECT_EQ(ReportDirFor((maven / "src/test/java").string(), ""),
            (maven / "target/jtestgen").string());
  EXPECT_EQ(ReportDirFor((gradle / "src/test/java").string(), ""),
            (gradle / "build/jtestgen").string());
  EXPECT_EQ(ReportDirFor("/tmp/gen", ""), "/tmp/gen");
  EXPECT_EQ(ReportDirFor((maven / "src/test/java").string(), "/tmp/r"), "/tmp/r");
}

TEST(OutputLayout, OnlyFilesWithTheMarkerAreOurs) {
  auto w = WorkDir::Make("jtg-layout-");
  ASSERT_TRUE(w.ok()) << w.status();
  const std::string ours = w->path() + "/A.java", theirs = w->path() + "/B.java",
                    none = w->path() + "/C.java";
  std::ofstream(ours) << kGeneratedMarker << ": x\nclass A {}\n";
  std::ofstream(theirs) << "class B {} " << kGeneratedMarker << "\n";
  EXPECT_TRUE(IsGeneratedFile(ours));
  EXPECT_FALSE(IsGeneratedFile(theirs));
  EXPECT_FALSE(IsGeneratedFile(none));
  EXPECT_TRUE(CheckWritable(ours, false).ok());
  EXPECT_TRUE(CheckWritable(none, false).ok());
  Status st = CheckWritable(theirs, false);
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(st.message().find(theirs), std::string::npos) << st;
  EXPECT_TRUE(CheckWritable(theirs, true).ok());
}

TEST(OutputLayout, TestSuffixMustEndAClassName) {
  EXPECT_TRUE(ValidTestSuffix("JtgTest"));
  EXPECT_TRUE(ValidTestSuffix("_ESTest"));
  EXPECT_FALSE(ValidTestSuffix(""));
  EXPECT_FALSE(ValidTestSuffix("Test.java"));
  EXPECT_FALSE(ValidTestSuffix("../x"));
}

}  // namespace
}  // namespace jtg::output
