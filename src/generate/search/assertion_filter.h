// Mutation-based assertion filtering: which regression assertions of a test to keep.
//
// Source: Fraser & Zeller, "Mutation-driven generation of unit tests and oracles" (ISSTA
// 2010, §3.3; TSE 2012): run the test on each mutant it reaches, note which assertions
// fail on which mutant, and keep a small set of assertions that kills every mutant any of
// them kills. As in EvoSuite, the assertion on the value of the test's last call (the call
// the test was written for) is always kept, so every test pins the behaviour it exercises;
// the other assertions stay only when they kill a mutant the kept ones do not. A test with at
// most one value assertion is returned as is, without running any mutant.
//
// Shapes: statement indexes are those of the TestCase; an "assertion" here is the value
// assertion the JUnit writer emits after a call statement that completed normally and
// produced a value (output/junit_writer.h), and, for a test that ends in an exception whose
// message is assertable (MessageAssertable), the assertion on that message. A mutant is
// killed by the test's flow, without any assertion, when it changes which statement throws
// or the exception's class; the message assertion kills a mutant that throws the same class
// from the same statement with another message (a guard that stops throwing, so that a later
// one throws instead: "startIndex must be valid" becomes "length must be valid").
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::generate {

// A mutant that can be switched on for one execution (jtestgen.rt.WeakMutation): its
// mutation site's goal id and mutant index.
struct MutantRef {
  int32_t site = 0;
  int32_t k = 0;
  bool operator==(const MutantRef&) const = default;
};

// Runs a test with exactly one mutant active. Must not throw; a harness failure is reported
// through ExecResult::setup_failed (that mutant is then ignored).
using RunWithMutant = std::function<testcase::ExecResult(const testcase::TestCase&, MutantRef)>;

struct AssertionChoice {
  std::vector<bool> keep;         // per statement: emit its value assertion
  std::vector<MutantRef> killed;  // mutants the kept assertions or the flow kill
  size_t assertions_before = 0;   // value assertions the writer would emit unfiltered
  size_t assertions_after = 0;    // of which kept
  size_t untried = 0;             // candidates past `max_runs`, never run
  bool message = false;           // assert the exception's message (counted in the sizes)
};

// Whether the message of the exception `r` ended with is a stable expected value: not null,
// 1 to 200 printable ASCII characters (tab and newline allowed), no identity hash code or
// generated class name (testcase::LooksUnstable), not one of the exceptions the JVM raises
// itself (NullPointerException, ArrayIndexOutOfBounds-, ClassCast-, ArrayStore-,
// NegativeArraySize-, ArithmeticException, Errors), whose messages differ between JDK
// versions, and not created by JDK code (ExecResult::exception_origin), whose messages
// do too (String.substring's, Integer.parseInt's). Thread-safe.
bool MessageAssertable(const testcase::ExecResult& r);

// Whether the assertion on `original` would fail on `mutated` (the values compared as the
// writer asserts them: primitives exactly, floats and doubles within 0.01, strings, null-ness,
// boxed values, collection/map/array sizes, the elements of small primitive and String arrays
// (Observed::elements)).
bool AssertionDetects(const testcase::Observed& original, const testcase::Observed& mutated);

// `original`: the test's own run (values per statement). `candidates`: mutants to try (e.g.
// those the run infected). Greedy set cover over the assertions (most new kills first, ties to
// the later statement); at most `max_runs` mutant runs (the rest are not tried).
// Observer calls (Stmt::observer, generate/search/observers.h) are never the test's "last
// call": their assertions stay only when they kill a mutant, and a mutant that makes an
// observer throw counts as killed by that observer's assertion.
// Strong mutation: the mutants among `candidates` that `test` kills, each run for real with
// the mutant switched on: by its flow (another statement throws, or another exception) or by
// one of the assertions `keep` selects (per statement, as AssertionChoice::keep; empty = every
// value assertion), or by the message assertion when `assert_message`. At most `max_runs`
// runs; a run whose harness failed kills nothing.
std::vector<MutantRef> KilledBy(const testcase::TestCase& test,
                                const testcase::ExecResult& original, const std::vector<bool>& keep,
                                const std::vector<MutantRef>& candidates, const RunWithMutant& run,
                                size_t max_runs = 200, bool assert_message = false);

AssertionChoice ChooseAssertions(const testcase::TestCase& test,
                                 const testcase::ExecResult& original,
                                 const std::vector<MutantRef>& candidates, const RunWithMutant& run,
                                 size_t max_runs = 200);

}  // namespace jtg::generate
