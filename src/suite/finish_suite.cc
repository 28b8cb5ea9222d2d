#include "suite/finish_suite.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include "absl/container/flat_hash_set.h"
#include "generate/search/assertion_filter.h"
#include "generate/search/minimizer.h"
#include "jvm/jni_util.h"
#include "jvm/mockito_jars.h"
#include "output/executor_oracle.h"
#include "output/junit_writer.h"
#include "output/run_breakers.h"
#include "output/run_environments.h"
#include "output/validator.h"
#include "output/write_validated.h"
#include "suite/assertion_steps.h"
#include "suite/review_suite.h"

namespace jtg::suite {

namespace fs = std::filesystem;
using output::WrittenTest;

using output::MakeOracle;

namespace {

// Runs every test in order and returns the results; non-writable tests are dropped, and so
// are tests that name the sandbox's directories.
std::vector<WrittenTest> Execute(std::vector<testcase::TestCase> tests, testcase::Executor& ex,
                                 const std::string& folder) {
  std::vector<WrittenTest> out;
  // The message assertion (generate::MessageAssertable) needs to know who created a JDK
  // exception; only this run, whose results the written tests keep, records it.
  ex.set_exception_origins(true);
  for (auto& t : tests) {
    testcase::ExecResult r = ex.Run(t);
    if (!r.Writable() || NamesTheSandbox(t, r, folder)) continue;
    std::string throws_clause = output::DeclaredThrowsClause(t);
    out.push_back(WrittenTest{std::move(t), std::move(r), {}, std::move(throws_clause), {}});
  }
  ex.set_exception_origins(false);
  return out;
}

std::string LastCallName(const testcase::TestCase& t) {
  if (t.stmts.empty() || t.stmts.back().kind != testcase::StmtKind::kCall) return "";
  return t.stmts.back().callable->name;
}

}  // namespace

StatusOr<SuiteOutcome> FinishSuite(const SuiteContext& ctx, const generate::Archive& archive) {
  // 1. Minimize each archived test for the goals it was kept for.
  if (ctx.phases != nullptr) ctx.phases->Enter("minimizing");
  std::vector<testcase::TestCase> tests;
  for (const auto& a : archive.Tests()) {
    tests.push_back(generate::Minimize(a.test, a.goals, ctx.reach, ctx.executor));
  }
  std::stable_sort(tests.begin(), tests.end(),
                   [](const auto& a, const auto& b) { return LastCallName(a) < LastCallName(b); });
  std::vector<WrittenTest> written = Execute(std::move(tests), ctx.executor, ctx.test_folder);
  SuiteOutcome outcome;
  if (ctx.goals != nullptr) FilterAssertions(ctx, written, outcome);
  DropUnstable(ctx, written, outcome.validation);

  output::WriterOptions wopts;
  wopts.dialect = ctx.opts.junit == 4 ? output::Dialect::kJUnit4 : output::Dialect::kJUnit5;
  wopts.cut_internal_name = ctx.cut_internal;
  wopts.test_suffix = ctx.opts.test_suffix;
  if (ctx.opts.pin_environment) {
    JTG_ASSIGN_OR_RETURN(auto defaults, jvm::DefaultZoneAndLocale(ctx.executor.env()));
    wopts.pin_zone = defaults.first;
    wopts.pin_locale = defaults.second;
  }
  wopts.header_comment = "Seed " + std::to_string(ctx.opts.seed) + ".";
  wopts.test_folder = ctx.test_folder;
  output::TypeOracle oracle = MakeOracle(ctx.executor);

  // 2. The minimal suite (review_suite.h) from what each test reaches by our own probes, before
  // validation: javac and the JUnit runs then take only the tests the file keeps, not every
  // archived one (StrBuilder at 20 s: 330 of 733). A test that validation drops later is not
  // replaced by one dropped here as redundant (validation rarely drops a test).
  std::vector<TestReach> reach;
  reach.reserve(written.size());
  for (const auto& w : written) reach.push_back(Reach(ctx, w));
  {
    const output::JavaFile draft = output::WriteJUnit(written, wopts, oracle);
    std::vector<size_t> keep = MinimalSuite(written, draft, reach, ctx.load_goals);
    outcome.readability.redundant_dropped = static_cast<int>(written.size() - keep.size());
    std::vector<WrittenTest> kept_tests;
    std::vector<TestReach> kept_reach;
    kept_tests.reserve(keep.size());
    kept_reach.reserve(keep.size());
    for (size_t i : keep) {
      kept_tests.push_back(std::move(written[i]));
      kept_reach.push_back(std::move(reach[i]));
    }
    written = std::move(kept_tests);
    reach = std::move(kept_reach);
  }

  // 3. Write and validate; drop what fails until the file compiles and passes every run.
  if (ctx.phases != nullptr) ctx.phases->Enter("validating");
  // Removed on every return path (issue 21: an error in a validation round leaked it).
  JTG_ASSIGN_OR_RETURN(output::WorkDir work, output::WorkDir::Make("jtestgen-"));
  output::ValidatorOptions vopts = output::ValidatorFor(
      ctx.opts.mocks ? ctx.opts.classpath + ":" + jvm::MockitoClasspath() : ctx.opts.classpath,
      wopts.dialect, ctx.opts.validation_runs, work.path());
  vopts.release = output::ReleaseFor(ctx.universe.cut().major_version);
  vopts.overwrite = ctx.opts.overwrite;
  vopts.shift_clock_by = ctx.review_by;
  vopts.end_by = ctx.runs_end_by;
  std::optional<std::chrono::steady_clock::time_point> bisect_deadline;
  auto kept_tests = [&written](const std::vector<size_t>& kept) {
    std::vector<WrittenTest> out;
    out.reserve(kept.size());
    for (size_t i : kept) out.push_back(written[i]);
    return out;
  };
  // A run that fails as a whole names no test: find the ones that break it instead of
  // dropping them all, within max(30 s, half the budget) over all rounds (well within the
  // supervisor's hard bound: time_plan.h).
  auto refine = [&](const std::vector<size_t>& kept, const output::JavaFile& file,
                    output::Validation* v) -> Status {
    if (!bisect_deadline) {
      bisect_deadline =
          std::chrono::steady_clock::now() +
          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
              std::chrono::duration<double>(std::max(30.0, 0.5 * ctx.opts.budget_seconds)));
    }
    JTG_ASSIGN_OR_RETURN(
        output::RunBreakers rb,
        output::FindRunBreakers(kept_tests(kept), wopts, oracle, vopts, *bisect_deadline));
    v->bad_tests.clear();
    for (size_t i = 0; i < rb.bad.size() && i < file.test_names.size(); ++i) {
      if (rb.bad[i]) v->bad_tests.insert(file.test_names[i]);
    }
    if (v->bad_tests.empty()) {
      // Each half passes alone, the whole does not (memory or time add up): keep the
      // first half rather than nothing.
      for (size_t i = file.test_names.size() / 2; i < file.test_names.size(); ++i) {
        v->bad_tests.insert(file.test_names[i]);
      }
    }
    outcome.run_breakers += static_cast<int>(v->bad_tests.size());
    outcome.run_breakers_complete = outcome.run_breakers_complete && rb.complete;
    return absl::OkStatus();
  };
  output::Repairs repairs;
  repairs.drop_upcasts = [&written](size_t test) {
    if (written[test].no_upcasts) return false;
    written[test].no_upcasts = true;
    return true;
  };
  // An assertion that failed in some run's environment pins a value of that environment
  // (the clock, the zone, the locale...): the test stays without it.
  repairs.drop_assertion = [&written](size_t test, int stmt) {
    WrittenTest& w = written[test];
    if (w.assert_message && stmt == w.result.threw_at) {  // the exception's message
      w.assert_message = false;
      return true;
    }
    if (w.keep_assertion.empty()) w.keep_assertion.assign(w.test.size(), true);
    if (stmt < 0 || static_cast<size_t>(stmt) >= w.keep_assertion.size()) return false;
    w.keep_assertion[static_cast<size_t>(stmt)] = false;
    return true;
  };
  // Tests are written without a throws clause; one that javac says needs it gets
  // `throws Exception`, or `throws Throwable` where that does not cover the exception.
  repairs.declare_throws = [&written](size_t test, const std::string& exception) {
    std::string& clause = written[test].throws_clause;
    const bool throwable = exception == "Throwable" || exception == "java.lang.Throwable";
    if (clause.empty() && !throwable) {
      clause = "Exception";
    } else if (clause != "Throwable") {
      clause = "Throwable";
    } else {
      return false;
    }
    return true;
  };
  output::ValidatedWriteOptions vw;
  vw.max_rounds = 8;           // assertion drops (below) take rounds too
  vw.write_when_empty = true;  // the class is written even when no test is kept
  vw.one_run_after = ctx.one_run_after;
  const auto validation_start = std::chrono::steady_clock::now();
  JTG_ASSIGN_OR_RETURN(output::ValidatedWrite result,
                       output::WriteValidated(
                           written.size(),
                           [&](const std::vector<size_t>& kept) {
                             return output::WriteJUnit(kept_tests(kept), wopts, oracle);
                           },
                           ctx.opts.out_dir, vopts, vw, refine, repairs));
  if (!result.converged && result.cut_short) {
    return absl::DeadlineExceededError(
        "validation reached the class's time bound before a test file passed; raise "
        "--time-bound");
  }
  if (!result.converged) {
    return absl::InternalError("validation did not converge; last log:\n" + result.last_log);
  }
  outcome.validation.cut_short = result.cut_short;
  outcome.run_failure = result.run_failure;
  for (int run = 0; run < vopts.runs; ++run) {
    outcome.validation.environments.push_back(output::EnvironmentForRun(run).label);
  }
  outcome.validation.assertions_dropped = result.assertions_dropped;
  outcome.validation.clock_shifted =
      output::ClockShiftAvailable() && vopts.runs >= 5 && !result.clock_skipped;
  outcome.validation.assertion_reasons = result.assertion_drop_reasons;
  outcome.validation.test_reasons = result.test_drop_reasons;
  {
    std::vector<WrittenTest> kept;
    std::vector<TestReach> kept_reach;
    for (size_t i = 0; i < written.size(); ++i) {
      if (!result.dropped[i]) {
        kept.push_back(std::move(written[i]));
        kept_reach.push_back(std::move(reach[i]));
      } else {
        ++outcome.dropped;
      }
    }
    written = std::move(kept);
    reach = std::move(kept_reach);
  }
  output::JavaFile file = result.file;
  outcome.test_file = output::SourcePathOf(file, ctx.opts.out_dir);

  if (ctx.phases != nullptr) ctx.phases->Enter("reviewing");
  // 4. For review: suite minimization again (review_suite.h; validation may have dropped
  // assertions, and a test asserting nothing stays only for goals of its own), and tests that
  // differ only in literals become one parameterized test (JUnit 5). The file is validated
  // again; if it fails, the file of step 3 stays.
  const auto now = std::chrono::steady_clock::now();
  const auto round = (now - validation_start) / std::max(1, result.rounds);
  const bool in_time = now + round / 2 < ctx.finish_by;
  if (result.written && in_time) {
    std::vector<size_t> keep = MinimalSuite(written, file, reach, ctx.load_goals);
    std::vector<WrittenTest> reviewed;
    reviewed.reserve(keep.size());
    for (size_t i : keep) reviewed.push_back(written[i]);
    output::WriterOptions ropts = wopts;
    ropts.parameterize = true;
    output::JavaFile again = output::WriteJUnit(reviewed, ropts, oracle);
    // Its tests passed every run of step 2 one per method: one run checks the new shape.
    output::ValidatorOptions once = vopts;
    once.runs = 1;
    auto v = output::Validate(again, "", once);
    if (v.ok() && v->bad_tests.empty()) again.source = v->source;
    if (v.ok() && v->bad_tests.empty() &&
        output::WriteJavaFile(again, ctx.opts.out_dir, ctx.opts.overwrite).ok()) {
      outcome.readability.redundant_dropped += static_cast<int>(written.size() - keep.size());
      std::vector<TestReach> kept_reach;
      kept_reach.reserve(keep.size());
      for (size_t i : keep) kept_reach.push_back(std::move(reach[i]));
      reach = std::move(kept_reach);
      written = std::move(reviewed);
      file = std::move(again);
    } else {
      outcome.readability.review_failed = true;
      if (!ctx.opts.quiet) {
        std::fprintf(stderr,
                     "note: the reviewed test class (parameterized tests) failed "
                     "validation; the class of one test per method is kept\n");
      }
    }
  }
  if (result.written && !in_time) {
    outcome.readability.review_failed = true;
    if (!ctx.opts.quiet) {
      std::fprintf(stderr,
                   "note: no time left to minimize the suite and write parameterized "
                   "tests; the class of one test per method is kept\n");
    }
  }
  outcome.tests = static_cast<int>(written.size());
  outcome.readability.test_methods = file.test_methods;
  outcome.readability.parameterized_groups = file.parameterized_groups;
  outcome.readability.duplicates_merged = file.duplicates_merged;
  for (const auto& w : written) outcome.readability.no_assertion_kept += !w.comment.empty();

  // 5. Coverage of the kept tests.
  absl::flat_hash_set<int32_t> covered(ctx.load_goals.begin(), ctx.load_goals.end());
  absl::flat_hash_set<int32_t> killed;  // weak mutants, when measured
  for (const auto& r : reach) {
    covered.insert(r.goals.begin(), r.goals.end());
    killed.insert(r.killed.begin(), r.killed.end());
  }
  outcome.coverage = ctx.model.Measure(covered);
  outcome.covered = covered;
  if (ctx.goals != nullptr) {
    outcome.mutants_killed =
        ctx.goals->CountOf(generate::GoalKind::kWeakMutation, killed, &outcome.mutants_total);
    if (ctx.phases != nullptr) ctx.phases->Enter("scoring mutants");
    StrongScore(ctx, written, outcome);
  }
  return outcome;
}

}  // namespace jtg::suite
