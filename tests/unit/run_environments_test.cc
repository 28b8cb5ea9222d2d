// The environments of the validation runs (output/run_environments.h, issue 24).
#include "output/run_environments.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace jtg::output {
namespace {

// The value of `-Dkey=` among `args`, or "".
std::string Property(const RunEnvironment& e, const std::string& key) {
  for (const auto& a : e.jvm_args) {
    if (a.starts_with("-D" + key + "=")) return a.substr(key.size() + 3);
  }
  return "";
}

TEST(RunEnvironments, TheFirstRunIsThisMachinesAndTheNextFourVaryTheRest) {
  RunEnvironment first = EnvironmentForRun(0);
  EXPECT_TRUE(first.jvm_args.empty());
  EXPECT_TRUE(first.env.empty());
  EXPECT_EQ(first.order_seed, 0u);
  std::set<std::string> zones, languages, clocks, labels;
  for (int run = 1; run <= 4; ++run) {
    RunEnvironment e = EnvironmentForRun(run);
    zones.insert(Property(e, "user.timezone"));
    languages.insert(Property(e, "user.language"));
    labels.insert(e.label);
    EXPECT_GT(e.order_seed, 0u);
    for (const auto& v : e.env) {
      if (v.starts_with("FAKETIME=")) clocks.insert(v);
    }
  }
  EXPECT_EQ(zones.size(), 4u);
  EXPECT_FALSE(zones.contains(""));
  EXPECT_EQ(languages.size(), 4u);
  EXPECT_TRUE(languages.contains("tr"));
  EXPECT_EQ(labels.size(), 4u);
  // One shifted clock (a second value besides the real one), in the last run, when
  // libfaketime is installed.
  EXPECT_EQ(clocks.size(), ClockShiftAvailable() ? 1u : 0u);
  EXPECT_EQ(EnvironmentForRun(4).env.empty(), !ClockShiftAvailable());
  EXPECT_EQ(EnvironmentForRun(5).label, first.label);  // the table repeats
}

}  // namespace
}  // namespace jtg::output
