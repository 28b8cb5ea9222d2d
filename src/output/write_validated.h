// The write-validate-drop loop of `jtestgen suite` and `jtestgen perf`: write a test class
// from the tests still kept, compile and run it (output/validator.h), drop the tests that
// failed, and write again, until a file passes every run (a later round repeats only the
// first run and those that did not pass: see write_validated.cc). Only that file reaches the output
// directory: when no round passes (every test dropped, or the rounds ran out), no file of
// the class's name is left there, and the result says so.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "common/status.h"
#include "output/junit_writer.h"
#include "output/validator.h"

namespace jtg::output {

// Writes the class for the caller's tests whose indexes are in `kept` (ascending; empty only
// with ValidatedWriteOptions::write_when_empty); the returned file's test_names[i] must name test
// kept[i].
using WriteKept = std::function<JavaFile(const std::vector<size_t>& kept)>;

// Called when a validation run failed as a whole (Validation::whole_run_failed) with more
// than one test kept, so that the caller can name the tests that break it (run_breakers.h)
// instead of dropping all of them: it may replace v->bad_tests by a subset of file's names.
// An error ends the loop with that error.
using RefineWholeRunFailure =
    std::function<Status(const std::vector<size_t>& kept, const JavaFile& file, Validation* v)>;

// Called for a test that failed a run at one of its value assertions (JavaFile::assertion_at)
// instead of dropping the test: the caller stops writing the assertion on statement `stmt`
// of its test `test` and returns true, or returns false to have the test dropped. At most
// kMaxAssertionDrops per test; a test failing after that is dropped.
using DropAssertion = std::function<bool(size_t test, int stmt)>;
inline constexpr int kMaxAssertionDrops = 3;

// Called for a test that did not compile only because a checked exception is not declared
// (Validation::unreported; `exception` as javac names it): the caller gives the test a
// throws clause that covers it and returns true, or returns false to have it dropped.
using DeclareThrows = std::function<bool(size_t test, const std::string& exception)>;

// Called for a test javac rejected with "incompatible types" only: the caller writes it
// again without upcasts of its variables (WrittenTest::no_upcasts) and returns true, or
// returns false (already tried) to have it dropped.
using DropUpcasts = std::function<bool(size_t test)>;

// Ways to keep a failing test instead of dropping it; each may be empty.
struct Repairs {
  DropAssertion drop_assertion = nullptr;
  DeclareThrows declare_throws = nullptr;
  DropUpcasts drop_upcasts = nullptr;
};

// Each round's drops, with the javac/JUnit output of a failing round, go to the debug log
// (common/log.h).
struct ValidatedWriteOptions {
  int max_rounds = 6;
  // When every test is dropped (or there are none): true writes (and validates) the class
  // with no tests, so the output names the class; false leaves no file.
  bool write_when_empty = false;
  // A round that starts after this runs only run 0 (this machine's environment, one JUnit
  // run): near the class's time bound a file that passed one run is written rather than
  // none (ValidatedWrite::cut_short). ValidatorOptions::end_by ends the rounds for good.
  std::chrono::steady_clock::time_point one_run_after =
      std::chrono::steady_clock::time_point::max();
};

struct ValidatedWrite {
  bool written = false;       // `file` passed every run and is at SourcePath(out_dir)
  bool converged = true;      // false: max_rounds rounds and still failing tests
  JavaFile file;              // the last file validated (written or not)
  std::vector<bool> dropped;  // per test of the caller: dropped by a failed round
  std::string last_log;       // javac/JUnit output of the last failing round
  std::string run_failure;    // how the last run failing as a whole ended, or ""
  int rounds = 0;
  std::vector<int> round_runs;  // per round: the JUnit runs it asked for (later rounds: fewer)
  int assertions_dropped = 0;   // by DropAssertion
  int casts_dropped = 0;        // tests written again without upcasts (DropUpcasts)
  bool clock_skipped = false;   // some round ran its clock-shifted run with the real clock
  // The time bound came: some round ran run 0 only (ValidatedWriteOptions::one_run_after),
  // or ValidatorOptions::end_by stopped the rounds (then nothing was written).
  bool cut_short = false;
  // Why assertions and tests were dropped: the environment of the run they failed in
  // (RunEnvironment::label) or "does not compile" -> how many.
  std::map<std::string, int> assertion_drop_reasons, test_drop_reasons;
};

// Runs the loop over `count` tests. With !written every test counts as not written,
// whatever `dropped` says. An empty `out_dir` only checks (validator.h).
// Errors: those of Validate (javac or java cannot be run) and of `refine`; then nothing is
// left in `out_dir` either. A file javac rejects outside any test method counts as a run
// failing as a whole (Validation::whole_run_failed): `refine` bisects it.
// Not thread-safe (runs processes in opts' work directory).
StatusOr<ValidatedWrite> WriteValidated(size_t count, const WriteKept& write,
                                        const std::string& out_dir, const ValidatorOptions& vopts,
                                        const ValidatedWriteOptions& opts,
                                        const RefineWholeRunFailure& refine = nullptr,
                                        const Repairs& repairs = {});

}  // namespace jtg::output
