// output::WorkDir: the validation work directory goes away with its owner on every path.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "output/validator.h"

namespace jtg::output {
namespace {

namespace fs = std::filesystem;

TEST(WorkDir, RemovedWithItsOwnerAndOnlyOnce) {
  std::string first, second;
  {
    auto a = WorkDir::Make("jtg-workdir-");
    ASSERT_TRUE(a.ok()) << a.status();
    first = a->path();
    ASSERT_TRUE(fs::is_directory(first));
    fs::create_directories(first + "/src/x");
    std::ofstream(first + "/src/x/A.java") << "class A {}";
    WorkDir moved(std::move(*a));  // the moved-from owner removes nothing
    EXPECT_EQ(moved.path(), first);
    EXPECT_TRUE(a->path().empty());
    auto b = WorkDir::Make("jtg-workdir-");
    ASSERT_TRUE(b.ok());
    second = b->path();
    moved = std::move(*b);  // the directory it held goes now
    EXPECT_FALSE(fs::exists(first));
    EXPECT_TRUE(fs::is_directory(second));
  }
  EXPECT_FALSE(fs::exists(second));
}

// An early return (the error path of a validation round) leaves nothing behind.
StatusOr<int> FailHalfway(std::string* seen) {
  JTG_ASSIGN_OR_RETURN(WorkDir work, WorkDir::Make("jtg-workdir-"));
  *seen = work.path();
  return absl::InternalError("validation failed");
}

TEST(WorkDir, ErrorReturnsRemoveIt) {
  std::string seen;
  EXPECT_FALSE(FailHalfway(&seen).ok());
  ASSERT_FALSE(seen.empty());
  EXPECT_FALSE(fs::exists(seen));
}

}  // namespace
}  // namespace jtg::output
