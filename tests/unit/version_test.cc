#include "common/version.h"

#include <string>

#include "gtest/gtest.h"

namespace jtg {
namespace {

TEST(Version, NamesTheProgramTheVersionAndTheCommit) {
  const std::string v(Version());
  EXPECT_EQ(v.rfind("jtestgen 0.", 0), 0u) << v;
  const size_t commit = v.find(" (commit ");
  ASSERT_NE(commit, std::string::npos) << v;
  EXPECT_EQ(v.back(), ')') << v;
  // git describe --always gives at least 7 hex digits; "unknown" outside a checkout.
  EXPECT_GE(v.size() - commit - 10, 7u) << v;
}

}  // namespace
}  // namespace jtg
