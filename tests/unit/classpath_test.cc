#include "classpath/classpath.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace jtg::classpath {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCollections = "/usr/share/java/commons-collections3.jar";
constexpr const char* kLang3 = "/usr/share/java/commons-lang3.jar";

// A fresh directory under the test temp dir, removed at the end.
class ClasspathDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           (std::string("jtg_classpath_") + info->name() + "_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void WriteFile(const std::string& rel, const std::string& contents) {
    fs::path p = dir_ / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << contents;
  }

  fs::path dir_;
};

TEST(Classpath, JarListAndRead) {
  auto cp = Classpath::Open(kCollections);
  ASSERT_TRUE(cp.ok()) << cp.status();
  std::vector<std::string> names = cp->ListClasses();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_TRUE(
      std::binary_search(names.begin(), names.end(), "org/apache/commons/collections/ListUtils"));
  auto bytes = cp->ReadClass("org/apache/commons/collections/ListUtils");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  ASSERT_GT(bytes->size(), 4u);
  EXPECT_EQ((*bytes)[0], 0xCA);
  EXPECT_EQ((*bytes)[1], 0xFE);
  EXPECT_EQ(cp->spec(), kCollections);
}

TEST(Classpath, MissingClassIsNotFound) {
  auto cp = Classpath::Open(kCollections);
  ASSERT_TRUE(cp.ok());
  auto bytes = cp->ReadClass("no/such/Clazz");
  EXPECT_TRUE(absl::IsNotFound(bytes.status())) << bytes.status();
  EXPECT_TRUE(absl::StrContains(bytes.status().message(), "no/such/Clazz"));
  EXPECT_TRUE(absl::IsNotFound(cp->ReadClass("../etc/passwd").status()));
  EXPECT_TRUE(absl::IsNotFound(cp->ReadClass("").status()));
}

TEST(Classpath, MissingEntryNamesIt) {
  auto cp = Classpath::Open(std::string(kCollections) + ":/no/such/dir/classes");
  ASSERT_FALSE(cp.ok());
  EXPECT_TRUE(absl::IsNotFound(cp.status())) << cp.status();
  EXPECT_TRUE(absl::StrContains(cp.status().message(), "/no/such/dir/classes"));
}

TEST(Classpath, EmptySpecIsInvalid) {
  EXPECT_TRUE(absl::IsInvalidArgument(Classpath::Open("").status()));
  EXPECT_TRUE(absl::IsInvalidArgument(Classpath::Open(":").status()));
}

TEST_F(ClasspathDirTest, DirectoryThenJarFirstWins) {
  WriteFile("a/b/C.class", "dir-bytes");
  WriteFile("org/apache/commons/collections/ListUtils.class", "shadowed");
  WriteFile("a/readme.txt", "not a class");
  auto cp = Classpath::Open(dir_.string() + ":" + kCollections + ":" + kLang3);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto c = cp->ReadClass("a/b/C");
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(std::string(c->begin(), c->end()), "dir-bytes");
  auto shadowed = cp->ReadClass("org/apache/commons/collections/ListUtils");
  ASSERT_TRUE(shadowed.ok());
  EXPECT_EQ(std::string(shadowed->begin(), shadowed->end()), "shadowed");
  auto from_lang3 = cp->ReadClass("org/apache/commons/lang3/StringUtils");
  EXPECT_TRUE(from_lang3.ok()) << from_lang3.status();

  std::vector<std::string> names = cp->ListClasses();
  EXPECT_TRUE(std::binary_search(names.begin(), names.end(), "a/b/C"));
  EXPECT_TRUE(
      std::binary_search(names.begin(), names.end(), "org/apache/commons/lang3/StringUtils"));
  EXPECT_FALSE(std::binary_search(names.begin(), names.end(), "a/readme"));
  EXPECT_EQ(std::count(names.begin(), names.end(), "org/apache/commons/collections/ListUtils"), 1);
}

TEST_F(ClasspathDirTest, CorruptJarIsDataLoss) {
  WriteFile("broken.jar", "this is not a zip file at all");
  auto cp = Classpath::Open((dir_ / "broken.jar").string());
  ASSERT_FALSE(cp.ok());
  EXPECT_TRUE(absl::IsDataLoss(cp.status())) << cp.status();
  EXPECT_TRUE(absl::StrContains(cp.status().message(), "broken.jar"));
}

TEST_F(ClasspathDirTest, MoveKeepsJarOpen) {
  auto cp = Classpath::Open(kCollections);
  ASSERT_TRUE(cp.ok());
  Classpath moved = std::move(*cp);
  EXPECT_TRUE(moved.ReadClass("org/apache/commons/collections/ListUtils").ok());
}

}  // namespace
}  // namespace jtg::classpath
