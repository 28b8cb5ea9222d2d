// Validation of a written test class: compiles it with javac and runs it several times with
// JUnit in fresh JVMs (only JUnit and the user's classpath on the classpath), and reports
// which test methods did not compile or failed in any run, so they can be dropped.
#pragma once

#include <chrono>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/status.h"
#include "output/junit_writer.h"

namespace jtg::output {

struct ValidatorOptions {
  std::string java_home;  // JDK used for javac and java
  std::string classpath;  // the user's classpath
  Dialect dialect = Dialect::kJUnit5;
  int runs = 5;
  // Which of the runs 0..runs-1 to do (run r keeps EnvironmentForRun(r)); empty: all. Later
  // rounds of output/write_validated.h repeat only the runs that did not pass.
  std::vector<bool> only_runs;
  std::string work_dir;  // scratch directory for classes and reports
  // javac --release of the written tests (ReleaseFor); 0: the JDK's own language level.
  int release = 0;
  // Whether a file at the output path that jtestgen did not write may be replaced
  // (output/output_layout.h, CheckWritable); never removed before a file passed.
  bool overwrite = false;
  // Runs after the first vary the clock, time zone, locale, charset and method order
  // (output/run_environments.h); false: every run in this machine's environment.
  bool vary_environment = true;
  // Whether those runs shift the clock too (libfaketime makes a run several times slower;
  // output/write_validated.cc shifts it until one round has run every run), and the time by
  // which a run with a shifted clock must be expected to end (four times the longest pair
  // of plain runs); one that would end later runs with the real clock
  // (Validation::clock_skipped).
  bool shift_clock = true;
  std::chrono::steady_clock::time_point shift_clock_by =
      std::chrono::steady_clock::time_point::max();
  // More options of every JUnit run's JVM, e.g. "-Djtestgen.perf.smoke=true".
  std::vector<std::string> jvm_args;
  // javac and every JUnit run end by then (their time limits are cut to it: a test that
  // hangs past JUnit's own timeout cannot hold the run past the class's time bound); a
  // validation started later does nothing and says so (Validation::out_of_time).
  std::chrono::steady_clock::time_point end_by = std::chrono::steady_clock::time_point::max();
};

// The Java release the tests of a class file of major version `class_major` compile with
// (javac --release): the class's own (major - 44), so the written tests build where the
// class does and call no JDK method newer than it, but at least 8, the level the JUnit and
// perf writers need (lambdas, JUnit 5).
int ReleaseFor(int class_major);

// Options for validating with the JDK jtestgen runs on (jvm/java_home.h).
ValidatorOptions ValidatorFor(std::string classpath, Dialect dialect, int runs,
                              std::string work_dir);

// How one test failed its first failing run.
struct TestFailure {
  int line = 0;           // first line of the test class in the failure's stack trace, or 0
  std::string run_label;  // RunEnvironment::label of that run
};

// Starts Validation::failure when javac, not a JUnit run, failed as a whole.
inline constexpr char kJavacFailure[] = "javac: ";

struct Validation {
  bool compiled = false;
  std::set<std::string> bad_tests;  // names that failed to compile or failed a run
  // The failing runs' tests (a subset of bad_tests: not those that did not compile).
  std::map<std::string, TestFailure> failures;
  // The text to write: the file's source with its @SuppressWarnings naming only the lint
  // categories (rawtypes, unchecked, deprecation, removal) javac reported without it, or
  // gone when it reported none. Set once the file compiled.
  std::string source;
  // Tests (in bad_tests) whose only compile errors are unreported checked exceptions ->
  // the exception javac names ("IOException", "java.lang.Throwable").
  std::map<std::string, std::string> unreported;
  // Tests (in bad_tests) that did not compile -> javac's first error message for them
  // ("NumberRule has private access in FastDateFormat").
  std::map<std::string, std::string> compile_errors;
  std::string log;  // javac / JUnit output of the last failing step
  int runs_done = 0;
  // The runs (indexes 0..runs-1) that ended with every test passing.
  std::vector<int> passed_runs;
  // A JUnit run failed as a whole (crash, exit, out of memory, time limit) without naming a
  // failing test: then bad_tests holds every test (see run_breakers.h to do better), and
  // `failure` says how the run ended ("exit code 137"). A file that javac rejects with an
  // error no test's lines hold (compiled false; an import of a type only some tests name
  // is mapped to those tests first) counts as failing as a whole too, `failure` then being
  // kJavacFailure + "<its first such error>": bisection (run_breakers.h) finds the tests that cause
  // it instead of losing the suite.
  bool whole_run_failed = false;
  std::string failure;
  bool clock_skipped = false;  // a clock-shifted run ran with the real clock (no time left)
  // Some test failed in the clock-shifted run, whatever `failures` names for it (a test keeps
  // the failure of its first failing run, which may be another run's).
  bool clock_run_failed = false;
  // ValidatorOptions::end_by came before javac or a run could start, or cut one short:
  // nothing is known about the tests it did not run (bad_tests holds every test).
  bool out_of_time = false;
};

// Compiles `file` in opts.work_dir and runs it; when every test passed every run, writes it
// under `source_root` (package directories included); otherwise removes any file of that
// name there that jtestgen wrote, so an unvalidated test class never stays in the output. An
// empty `source_root` only checks: nothing is written or removed.
// Errors: FailedPrecondition when a file jtestgen did not write is in the way (CheckWritable,
// without opts.overwrite); Internal if javac/java cannot be run. A compile error is never an
// error of Validate: see bad_tests and whole_run_failed.
StatusOr<Validation> Validate(const JavaFile& file, const std::string& source_root,
                              const ValidatorOptions& opts);

// Writes `file` under `source_root` (package directories included), as Validate does for a
// file that passed. Errors: those of CheckWritable; Internal naming a file that cannot be
// written.
Status WriteJavaFile(const JavaFile& file, const std::string& source_root, bool overwrite);

// Creates a fresh work directory `$TMPDIR/<prefix>XXXXXX` (TMPDIR defaulting to /tmp; in
// the sandbox TMPDIR is the worker's scratch tmpfs). Errors: Internal naming the path.
StatusOr<std::string> MakeWorkDir(const std::string& prefix);

// A work directory from MakeWorkDir that is removed (recursively, errors ignored) when its
// owner goes away, on every return path. Move-only; not thread-safe.
class WorkDir {
 public:
  static StatusOr<WorkDir> Make(const std::string& prefix);
  WorkDir(WorkDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  WorkDir& operator=(WorkDir&& other) noexcept;
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;
  ~WorkDir();
  const std::string& path() const { return path_; }

 private:
  explicit WorkDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// Jar files of the JUnit dialect (Debian's junit4/junit5 packages, or their copies in a
// self-contained archive: jvm/shared_jars.h), ':'-joined.
std::string JUnitClasspath(Dialect d);

}  // namespace jtg::output
