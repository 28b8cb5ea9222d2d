// The validation runs' pool (output/run_pool.h): results in job order, the slow job started
// once no plain job is left to start (it is told the longest plain run ended so far).
#include "output/run_pool.h"

#include <gtest/gtest.h>

namespace jtg::output {
namespace {

PoolJob Echo(const std::string& text, double sleep_seconds, bool slow) {
  PoolJob j;
  j.argv = {"sh", "-c", "sleep " + std::to_string(sleep_seconds) + "; echo " + text};
  j.timeout_seconds = 30;
  j.slow = slow;
  return j;
}

TEST(RunPool, ResultsInJobOrderAndTheSlowJobAfterThePlainOnes) {
  std::vector<PoolJob> jobs = {Echo("p0", 0.2, false), Echo("p1", 0.2, false),
                               Echo("p2", 0.2, false), Echo("s3", 0.1, true)};
  std::vector<size_t> slow_starts;
  std::chrono::steady_clock::duration seen{};
  auto results = RunTwoAtATime(jobs, [&](size_t i, std::chrono::steady_clock::duration longest) {
    slow_starts.push_back(i);
    seen = longest;
  });
  ASSERT_EQ(results.size(), 4u);
  const char* want[] = {"p0\n", "p1\n", "p2\n", "s3\n"};
  for (size_t i = 0; i < 4; ++i) {
    ASSERT_TRUE(results[i].ok()) << i;
    EXPECT_EQ(results[i]->output, want[i]);
  }
  EXPECT_EQ(slow_starts, std::vector<size_t>{3});
  EXPECT_GE(seen, std::chrono::milliseconds(200));  // p0 and p1 had ended when p2 started
}

TEST(RunPool, ASlowJobAloneStartsAtOnceAndMayBeChanged) {
  std::vector<PoolJob> jobs = {Echo("slow", 0, true)};
  auto results = RunTwoAtATime(jobs, [&](size_t i, std::chrono::steady_clock::duration longest) {
    EXPECT_EQ(longest, std::chrono::steady_clock::duration::zero());
    jobs[i].argv = {"sh", "-c", "echo changed"};
  });
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].ok());
  EXPECT_EQ(results[0]->output, "changed\n");
}

TEST(RunPool, NoJobsNoResults) {
  std::vector<PoolJob> jobs;
  EXPECT_TRUE(RunTwoAtATime(jobs, nullptr).empty());
}

}  // namespace
}  // namespace jtg::output
