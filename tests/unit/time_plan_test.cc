// The time plan of a suite run (suite/time_plan.h): the hard bound follows the budget and
// the validation runs, a user's bound wins, and the steps after the search fall inside it.
#include "suite/time_plan.h"

#include <gtest/gtest.h>

#include "suite/run_suite.h"

namespace jtg::suite {
namespace {

TEST(TimePlan, TheDefaultBoundFollowsTheBudgetAndTheValidationRuns) {
  EXPECT_DOUBLE_EQ(DefaultTimeBound(20, 5), 140);
  EXPECT_DOUBLE_EQ(DefaultTimeBound(300, 5), 600);
  EXPECT_DOUBLE_EQ(DefaultTimeBound(20, 1), 140);   // fewer runs: never less
  EXPECT_DOUBLE_EQ(DefaultTimeBound(20, 10), 260);  // twice the runs: twice the time after
}

TEST(TimePlan, StepsFallBetweenTheBudgetAndTheBound) {
  SuiteOptions o;
  o.budget_seconds = 20;
  TimePlan p = PlanFor(o);
  EXPECT_DOUBLE_EQ(p.bound, 140);
  EXPECT_DOUBLE_EQ(p.review_by, 20 + 0.6 * 120);
  EXPECT_DOUBLE_EQ(p.finish_by, 20 + 0.85 * 120);
  EXPECT_DOUBLE_EQ(p.aim, 40 - kAfterAimSeconds);  // 1.5 x budget + 10 s, less the exit
  // Near the bound: one-run rounds, then no run at all, before the supervisor's kill.
  EXPECT_DOUBLE_EQ(p.one_run_after, 20 + 0.75 * 120);
  EXPECT_DOUBLE_EQ(p.runs_end_by, 140 - 6);
  EXPECT_LT(p.one_run_after, p.runs_end_by);
  // A tight bound leaves the one-run rounds their 10 s.
  o.time_bound_seconds = 30;
  p = PlanFor(o);
  EXPECT_DOUBLE_EQ(p.runs_end_by, 28);
  EXPECT_DOUBLE_EQ(p.one_run_after, 20);
}

TEST(TimePlan, AUsersBoundWinsAndTheAimNeverPassesIt) {
  SuiteOptions o;
  o.budget_seconds = 60;
  o.time_bound_seconds = 80;
  TimePlan p = PlanFor(o);
  EXPECT_DOUBLE_EQ(p.bound, 80);
  EXPECT_DOUBLE_EQ(p.finish_by, 60 + 0.85 * 20);
  EXPECT_DOUBLE_EQ(p.aim, p.finish_by);  // 1.5 x 60 + 10 = 100 would be past the bound
  EXPECT_LT(p.review_by, p.finish_by);
}

TEST(TimePlan, ABoundNotPastTheBudgetIsNotUsed) {
  SuiteOptions o;
  o.budget_seconds = 60;
  o.time_bound_seconds = 30;
  EXPECT_DOUBLE_EQ(PlanFor(o).bound, DefaultTimeBound(60, 5));
}

}  // namespace
}  // namespace jtg::suite
