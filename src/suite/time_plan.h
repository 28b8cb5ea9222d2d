// The time plan of one `jtestgen suite` run on a class (issue 40): the hard bound at which
// the supervisor stops the run, the times by which the optional steps after the search must
// end, and the wall time the run aims at. All times are seconds from the run's start (the
// supervisor's start for the bound, RunSuite's for the rest: the two differ by the worker's
// start, well under a second).
//
//   search        [0, budget]
//   minimize, filter assertions, validate (rounds of javac and JUnit runs)
//   clock-shifted validation runs      until review_by: later ones keep the real clock
//   validation rounds                  one JUnit run each after one_run_after; javac and
//                                      every JUnit run cut at runs_end_by
//   review (parameterized rewrite)     starts only if it can end by finish_by
//   strong-mutation scoring            ends by aim (at least kMinScoringSeconds)
//   report, JVM exit                   what is left up to 1.5 x budget + 10 s
//   hard bound                         bound: the supervisor kills the worker
//
// The aim, 1.5 x budget + 10 s, is what a user waits for at the default settings; the bound
// is far past it so that a slow machine or a large class ends with its tests instead of
// nothing. Pure functions; thread-safe.
#pragma once

namespace jtg::suite {

struct SuiteOptions;

struct TimePlan {
  double bound = 0;      // hard bound (> budget)
  double review_by = 0;  // clock-shifted validation runs start only if they end by then
  double finish_by = 0;  // the review step starts only if it ends by then
  double aim = 0;        // the strong-mutation scoring stops by then
  // Validation rounds that start later run this machine's environment only (one JUnit run):
  // a file that passed it is written rather than none when the bound nears.
  double one_run_after = 0;
  double runs_end_by = 0;  // javac and JUnit runs are stopped by then (before the bound)
};

// The hard bound when the user gives none (SuiteOptions::time_bound_seconds == 0): budget
// + max(120 s, budget) for the steps after the search at the default 5 validation runs, in
// proportion to the runs above that (each round of validation runs every run).
double DefaultTimeBound(double budget_seconds, int validation_runs);

// The plan of a run with these options: the bound is SuiteOptions::time_bound_seconds when
// set (the caller has checked it exceeds the budget), else DefaultTimeBound; review_by and
// finish_by fall at 60 % and 85 % of the time between the budget and the bound,
// runs_end_by 5 % of it (2-10 s) before the bound, one_run_after at 75 % but at least 10 s
// before runs_end_by (not before the budget's end); the aim is
// 1.5 x budget + 10 s less kAfterAimSeconds, never past finish_by.
TimePlan PlanFor(const SuiteOptions& opts);

// What follows the last step in a run's wall time: the report, the JVM's exit, the
// supervisor (0.1-0.3 s measured); the aim leaves this much before 1.5 x budget + 10 s.
inline constexpr double kAfterAimSeconds = 1.0;

// The least time the strong-mutation scoring gets, even past the aim.
inline constexpr double kMinScoringSeconds = 1.0;

}  // namespace jtg::suite
