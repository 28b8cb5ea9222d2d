// output::RunProcess: output, exit codes, and that nothing of the child's process group
// outlives the call (it forks, hence in the sandbox binary, which has no JVM).
#include "output/process.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "gtest/gtest.h"

namespace jtg::output {
namespace {

using Clock = std::chrono::steady_clock;

bool GoneWithin(pid_t pid, int ms) {
  auto deadline = Clock::now() + std::chrono::milliseconds(ms);
  while (Clock::now() < deadline) {
    if (kill(pid, 0) != 0) return true;
    usleep(20000);
  }
  return false;
}

TEST(RunProcess, CapturesOutputAndExitCode) {
  auto r = RunProcess({"sh", "-c", "echo out; echo err >&2; exit 3"}, 10);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->exit_code, 3);
  EXPECT_NE(r->output.find("out\n"), std::string::npos);
  EXPECT_NE(r->output.find("err\n"), std::string::npos);
}

TEST(RunProcess, StdinIsEmpty) {
  auto r = RunProcess({"sh", "-c", "cat; echo done"}, 10);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->output, "done\n");
}

TEST(RunProcess, TheTimeLimitStopsTheWholeGroup) {
  auto t0 = Clock::now();
  // The shell ignores SIGTERM and leaves a background sleep: both must go.
  auto r = RunProcess({"sh", "-c", "trap '' TERM; sleep 1000 & echo $!; wait"}, 1);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->exit_code, 124);
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(9));
  pid_t bg = static_cast<pid_t>(std::stol(r->output));
  EXPECT_TRUE(GoneWithin(bg, 3000));
}

TEST(RunProcess, WhatTheChildLeftRunningIsStoppedWhenItEnds) {
  auto t0 = Clock::now();
  // The background sleep keeps the output pipe open after the shell exits.
  auto r = RunProcess({"sh", "-c", "sleep 1000 & echo $!"}, 60);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->exit_code, 0);
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(5));
  EXPECT_TRUE(GoneWithin(static_cast<pid_t>(std::stol(r->output)), 3000));
}

TEST(RunProcess, AMissingProgramIsExitCode127WithAMessage) {
  auto r = RunProcess({"/nonexistent/jtg-no-such-program"}, 10);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->exit_code, 127);
  EXPECT_NE(r->output.find("cannot run /nonexistent/jtg-no-such-program"), std::string::npos);
}

}  // namespace
}  // namespace jtg::output
