#include "common/atomic_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "instrument_test_util.h"

namespace jtg {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(WriteFileAtomicallyTest, ReplacesTheWholeFileAndLeavesNoTemporary) {
  testutil::TempDir dir("atomic");
  const fs::path p = dir.path() / "report.json";
  ASSERT_TRUE(WriteFileAtomically(p.string(), "{\"old\": true}\n").ok());
  ASSERT_TRUE(WriteFileAtomically(p.string(), "{}\n").ok());
  EXPECT_EQ(Read(p), "{}\n");
  EXPECT_FALSE(fs::exists(p.string() + ".tmp"));
}

// A write that cannot finish (here: the temporary's name is taken by a directory, as a
// full disk would stop it) leaves the old report whole and says which file it was.
TEST(WriteFileAtomicallyTest, AFailedWriteKeepsTheOldFile) {
  testutil::TempDir dir("atomic");
  const fs::path p = dir.path() / "report.json";
  ASSERT_TRUE(WriteFileAtomically(p.string(), "old\n").ok());
  fs::create_directory(p.string() + ".tmp");
  Status st = WriteFileAtomically(p.string(), "new\n");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("report.json"), std::string::npos) << st;
  EXPECT_EQ(Read(p), "old\n");
}

}  // namespace
}  // namespace jtg
