#include "sandbox/test_folder.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace jtg::sandbox {
namespace {

namespace fs = std::filesystem;

class TestFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "jtg-folder-XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    root_ = tmpl;
    folder_ = root_ / "test";
    outside_ = root_ / "outside.txt";
    std::ofstream(outside_) << "keep";
  }
  void TearDown() override {
    std::error_code ec;
    for (auto& e : fs::recursive_directory_iterator(root_, ec)) {
      if (e.is_directory())
        fs::permissions(e.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(root_, ec);
  }
  fs::path root_, folder_, outside_;
};

TEST_F(TestFolderTest, CreatesAMissingFolder) {
  TestFolder f(folder_.string());
  ASSERT_TRUE(f.Reset().ok());
  EXPECT_TRUE(fs::is_directory(folder_));
  EXPECT_TRUE(fs::is_empty(folder_));
}

TEST_F(TestFolderTest, EmptiesWhatARunLeftWithoutFollowingLinks) {
  TestFolder f(folder_.string());
  ASSERT_TRUE(f.Reset().ok());
  fs::create_directories(folder_ / "d" / "e");
  std::ofstream(folder_ / "d" / "e" / "x.txt") << "x";
  fs::create_symlink(outside_, folder_ / "link");
  fs::create_directory_symlink(root_, folder_ / "dirlink");
  fs::permissions(folder_ / "d", fs::perms::owner_read | fs::perms::owner_exec);  // read-only
  ASSERT_TRUE(f.Reset().ok());
  EXPECT_TRUE(fs::is_directory(folder_));
  EXPECT_TRUE(fs::is_empty(folder_));
  std::ifstream in(outside_);
  std::string text;
  in >> text;
  EXPECT_EQ(text, "keep");  // the link's target is untouched
}

TEST_F(TestFolderTest, ReplacesAFileWhereTheFolderWas) {
  std::ofstream(folder_) << "not a directory";
  TestFolder f(folder_.string());
  ASSERT_TRUE(f.Reset().ok());
  EXPECT_TRUE(fs::is_directory(folder_));
}

TEST_F(TestFolderTest, NamesTheFolderWhenItCannotBeMade) {
  TestFolder f((outside_ / "sub").string());  // below a file
  Status st = f.Reset();
  ASSERT_FALSE(st.ok());
  EXPECT_NE(std::string(st.message()).find(outside_.string()), std::string::npos) << st;
}

TEST(TestFolderFromEnvironment, AbsolutePathsOnly) {
  setenv(kTestFolderEnv, "/a/b/", 1);
  EXPECT_EQ(TestFolderFromEnvironment(), "/a/b");
  setenv(kTestFolderEnv, "relative", 1);
  EXPECT_EQ(TestFolderFromEnvironment(), "");
  unsetenv(kTestFolderEnv);
  EXPECT_EQ(TestFolderFromEnvironment(), "");
}

}  // namespace
}  // namespace jtg::sandbox
