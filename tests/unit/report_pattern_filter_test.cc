// The report's filters for code javac generates for Java 21's pattern matching
// (report/pattern_filters.h), on tests/fixtures_modern/java21/modern/Switches.java compiled
// with --release 21 (only when the machine has a JDK 25 to compile it).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "analysis/cfg.h"
#include "classfile/class_file.h"
#include "instrument_test_util.h"
#include "report/pattern_filters.h"

namespace jtg {
namespace {

namespace fs = std::filesystem;

// The filter of `method` (by name) of release 21's modern/Switches.
report::PatternFilter FilterOf(const classfile::ClassFile& cls, std::string_view method) {
  for (const classfile::MethodInfo& m : cls.methods) {
    if (cls.MethodName(m) != method || !m.code.has_value()) continue;
    auto cfg = analysis::BuildCfg(*m.code);
    EXPECT_TRUE(cfg.ok()) << cfg.status();
    if (!cfg.ok()) return {};
    return report::FilterPatternCode(*m.code, *cfg, cls.cp);
  }
  ADD_FAILURE() << "no method " << method;
  return {};
}

class PatternFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path file = fs::path(JTG_MODERN_DIR) / "release21/modern/Switches.class";
    if (!fs::exists(file)) GTEST_SKIP() << "no " << file << " (no JDK 25 to compile it)";
    auto parsed = classfile::Parse(testutil::ReadBytes(file), "Switches");
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    cls_ = std::move(parsed->cls);
  }
  classfile::ClassFile cls_;
};

// `switch (s)` over the sealed Shape: one switch whose default only throws MatchException
// (new, dup, aconst_null, aconst_null, invokespecial, athrow).
TEST_F(PatternFilterTest, TheThrowingDefaultOfAnExhaustiveSwitchDoesNotCount) {
  const report::PatternFilter f = FilterOf(cls_, "sides");
  EXPECT_EQ(f.no_default_switch.size(), 1u);
  EXPECT_EQ(f.ignored.size(), 6u);
}

// `case Custom(int rgb)`: the accessor call runs in a handler for Throwable that rethrows
// as MatchException (8 instructions), besides the switch's throwing default (6).
TEST_F(PatternFilterTest, TheHandlerOfARecordPatternDoesNotCount) {
  const report::PatternFilter f = FilterOf(cls_, "brightness");
  EXPECT_EQ(f.no_default_switch.size(), 1u);
  EXPECT_EQ(f.ignored.size(), 14u);
}

// A switch with a `default` the source asks for keeps it.
TEST_F(PatternFilterTest, ASourceDefaultStillCounts) {
  const report::PatternFilter f = FilterOf(cls_, "classify");
  EXPECT_TRUE(f.no_default_switch.empty());
}

}  // namespace
}  // namespace jtg
