// suite/phase_times.h: phases in order, repeated phases added up, the current one open.
#include <gtest/gtest.h>

#include <thread>

#include "suite/phase_times.h"

namespace jtg::suite {
namespace {

TEST(PhaseTimes, PhasesInOrderRepeatedOnesAddUp) {
  PhaseTimes p{StepNote()};
  EXPECT_TRUE(p.done().empty());
  p.Enter("searching");
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  p.Enter("validating");
  p.Enter("searching");
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  p.Enter("writing the report");
  ASSERT_EQ(p.done().size(), 2u);
  EXPECT_EQ(p.done()[0].first, "searching");
  EXPECT_GE(p.done()[0].second, 0.059);  // both stretches
  EXPECT_EQ(p.done()[1].first, "validating");
  EXPECT_LT(p.done()[1].second, 0.029);
}

}  // namespace
}  // namespace jtg::suite
