// Review of a validated suite (issue 24), steps of FinishSuite (suite/finish_suite.h) that
// make it stable and small: values that change with the environment are not asserted, and
// tests that cover nothing of their own are left out. Runs tests on the search JVM's
// executor; not thread-safe.
#pragma once

#include <cstdint>
#include <vector>

#include "output/junit_writer.h"
#include "suite/finish_suite.h"
#include "suite/suite_report.h"

namespace jtg::suite {

// Runs every test again in the search JVM with another default time zone, locale and charset
// than its own (Pacific/Apia or Asia/Kolkata, tr-TR or de-DE, ISO-8859-1 or UTF-8: the
// charset through jvm::SwapDefaultCharset, where the JDK allows): a value that changes
// depends on them, or
// on the clock, randomness, identity hash codes or other threads, and is not asserted
// (WrittenTest::keep_assertion); a test whose outcome changes (normal end, or the exception)
// is dropped. The JVM's defaults are restored after. Counts go to
// facts.unstable_in_search / unstable_tests_in_search. Validation's runs in other
// environments (output/run_environments.h) catch what one more run here cannot (the date,
// the hour). Does nothing when the defaults cannot be read or set.
void DropUnstable(const SuiteContext& ctx, std::vector<output::WrittenTest>& written,
                  ValidationFacts& facts);

// Goals one test reaches, those suite minimization keeps: coverage goals of the class and
// its nested classes (branches, lines: what JaCoCo counts), methods called and exceptions
// thrown per method (the goal model's method and exception goals), and weak mutants killed.
// The goal model's input and output categories steer the search toward varied tests but
// are no reason to keep one. Without a goal model (--no-weak-mutation), every goal of the
// search (SuiteContext::reach). Ids of the coverage model and of the goal model live apart.
struct TestReach {
  std::vector<int32_t> goals, search_goals, killed;
};

// Runs `w` once on the executor and collects what it reaches.
TestReach Reach(const SuiteContext& ctx, const output::WrittenTest& w);

// Suite minimization (EvoSuite's; Fraser and Arcuri, "Whole Test Suite Generation", TSE 2013,
// section 4.4: a test stays only for goals no other kept test covers), greedy over the goals
// of TestReach: tests with an assertion (a value assertion in `file`, which wrote `written`
// one test per method, or an expected exception) first, most goals first; then those
// without, each kept only for goals no asserting test reaches, its WrittenTest::comment
// saying so. Returns the indexes kept, ascending. The kept tests reach every goal and kill
// every mutant that all of them do. `reach` is parallel to `written`.
std::vector<size_t> MinimalSuite(std::vector<output::WrittenTest>& written,
                                 const output::JavaFile& file, const std::vector<TestReach>& reach,
                                 const std::vector<int32_t>& load_goals);

}  // namespace jtg::suite
