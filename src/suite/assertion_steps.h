// The steps of `jtestgen suite` that decide what its written tests assert (issue 39), after
// minimization and before writing: observer calls appended to each test
// (generate/search/observers.h), mutation-based assertion filtering
// (generate/search/assertion_filter.h), and after writing, the strong-mutation score of the
// kept tests. Each runs tests on SuiteContext::executor (the engine's JVM; not thread-safe)
// within max(5 s, 10% of the budget).
#pragma once

#include <string>
#include <vector>

#include "output/junit_writer.h"
#include "suite/finish_suite.h"
#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::suite {

// Appends observers to each test in `written` and chooses the assertions each keeps
// (WrittenTest::keep_assertion), removing observers whose assertions kill no mutant; tests
// not reached before the time cap keep every assertion and get no observers. Adds to
// outcome's assertions_before/after, observer_calls(_kept) and assertion_filter_complete.
void FilterAssertions(const SuiteContext& ctx, std::vector<output::WrittenTest>& written,
                      SuiteOutcome& outcome);

// Sets outcome.strong_killed (and strong_complete): of the weak-mutation goals, the mutants
// the kept tests kill when run with the mutant switched on; and strong_pit_killed/total, the
// same over PIT's default mutants of the class itself (GoalModel::PitDefaultScore). Needs
// ctx.goals.
void StrongScore(const SuiteContext& ctx, const std::vector<output::WrittenTest>& written,
                 SuiteOutcome& outcome);

// Whether a test's literals, or what its run observed in a value or an exception message,
// name the sandbox's own directories (the scratch, the read-only cwd and java.io.tmpdir of
// the code under test, sandbox/namespaces.h): they exist for one run on one machine, so no
// test or assertion on them holds anywhere else. The test folder `folder` is the exception.
bool NamesTheSandbox(const testcase::TestCase& t, const testcase::ExecResult& r,
                     const std::string& folder);

}  // namespace jtg::suite
