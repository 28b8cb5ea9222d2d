// Writes a JUnit 4 or 5 test class from executed test cases: one @Test method per test,
// statements as plain Java (no runtime of jtestgen needed; a kMock statement is written with
// Mockito's mock/when/thenReturn and a static import of org.mockito.Mockito; a kLambda
// statement as `Supplier supplier0 = () -> "x";`, declared raw like every type), regression
// assertions on the values observed when the test ran in the engine (primitives, strings,
// boxed values, null-ness, sizes of collections, maps and arrays) and assertThrows for a
// test whose last statement threw.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::output {

enum class Dialect { kJUnit4, kJUnit5 };

struct WrittenTest {
  testcase::TestCase test;
  testcase::ExecResult result;  // the run the assertions are taken from
  // Per statement: whether to emit its value assertion (generate/search/assertion_filter.h);
  // empty = every value is asserted.
  std::vector<bool> keep_assertion;
  // The test method's throws clause: "" (none), "Exception" or "Throwable"; validation
  // adds one where javac reports an unreported checked exception (output/validator.h).
  std::string throws_clause;
  // A comment written as the first line of the test's body (no digits or quotes, so that it
  // does not keep the test out of a parameterized group), or "".
  std::string comment;
  // Variables are passed without upcasts (MethodWriter::set_upcasts): set by validation's
  // repair of a test javac rejected as "incompatible types".
  bool no_upcasts = false;
  // Whether to assert the message of the exception the test ends with (set by assertion
  // filtering when that kills a mutant: generate::AssertionChoice::message).
  bool assert_message = false;
};

// The throws clause a test needs for the checked exceptions its calls declare: "Exception"
// when some call's throws clause (testcase::Callable::declared_exceptions) names a class that
// is not one of the JDK's common unchecked exceptions nor an Error by its name, else "".
// Written up front, it saves validation the javac round that would report it (StringUtils'
// getBytes(String, String) throws UnsupportedEncodingException). An unchecked exception
// of the user's own declared in a throws clause gets the clause too; it compiles the same.
std::string DeclaredThrowsClause(const testcase::TestCase& t);

// Facts about classes the writer needs from the engine.
struct TypeOracle {
  std::function<bool(const std::string& internal_name)> is_public;
  // Is declared type `from` (descriptor) a java.util.Collection / java.util.Map?
  std::function<bool(const classfile::TypeDesc&)> is_collection;
  std::function<bool(const classfile::TypeDesc&)> is_map;
  // Binary name of the nearest public class of an exception, for assertThrows.
  std::function<std::string(const std::string& binary_name)> public_exception;
  // Qualified source name of a class by internal name, from its InnerClasses attribute
  // (classfile/source_names.h); empty: guessed from the string (classfile::JavaSourceName).
  std::function<std::string(const std::string& internal_name)> source_name;
};

struct WriterOptions {
  Dialect dialect = Dialect::kJUnit5;
  std::string cut_internal_name;  // a/b/C
  // Ends the test class's name: <Simple><suffix> (output/output_layout.h).
  std::string test_suffix = "JtgTest";
  std::string header_comment;  // free text put in the class Javadoc
  // The search's test folder (sandbox/test_folder.h), or "". Each occurrence of it in a
  // string literal or an asserted string is written as the path of a JUnit temporary
  // folder: JUnit 5 `@TempDir File tempDir` (`tempDir.getPath() + "/a.txt"`), JUnit 4
  // `@Rule public TemporaryFolder tempFolder`.
  std::string test_folder;
  // JUnit 5: tests that differ only in literals become one @ParameterizedTest with a
  // @MethodSource (output/parameterized.h), up to max_rows rows and max_params parameters;
  // tests written alike are written once.
  bool parameterize = false;
  // When both are set (--pin-environment), the class sets the default time zone (an id,
  // "Etc/UTC") and locale (a language tag, "en-US") before its tests and restores them
  // after (JUnit 5 @BeforeAll/@AfterAll, JUnit 4 @BeforeClass/@AfterClass): the values its
  // assertions recorded in them hold on any machine.
  std::string pin_zone, pin_locale;
  // Each test starts with an empty System.in and its changes to the JVM's defaults (locale,
  // time zone, system properties, System.in/out/err) are undone after it
  // (output/class_fixtures.h, RestoreDefaultsLines).
  bool restore_defaults = true;
  size_t max_rows = 25;
  size_t max_params = 6;
};

struct JavaFile {
  std::string package_name;  // a.b
  std::string class_name;    // CTest
  std::string source;
  // [first, last] source line of each test method, in the order of the tests.
  std::vector<std::pair<int, int>> test_lines;
  // Per test given to the writer: the name of the method that runs it (a parameterized
  // group's members share their method's name) and, in test_lines, that method's lines.
  std::vector<std::string> test_names;
  int test_methods = 0;          // @Test and @ParameterizedTest methods written
  int parameterized_groups = 0;  // of them @ParameterizedTest
  int duplicates_merged = 0;     // tests written alike to another, written once
  // Source line (1-based) of each value assertion -> (position of its test in test_names,
  // index of the asserted statement in that test).
  std::map<int, std::pair<size_t, int>> assertion_at;
  // 1-based line of the class's @SuppressWarnings, which names every category the writer
  // may cause; validation narrows it to those javac reports (0: none).
  int suppress_line = 0;
  // Whether the class declares the temporary folder (WriterOptions::test_folder): then its
  // tests need a writable java.io.tmpdir.
  bool uses_test_folder = false;
};

// Where `file` goes under the source root `root`: root/a/b/CTest.java.
std::string SourcePathOf(const JavaFile& file, const std::string& root);

// An empty JavaFile named for the class under test (internal name a/b/C$D): package a.b,
// class C_D<suffix>. The JDK's packages (java.*, javax.*, jdk.*, sun.*) cannot hold a test
// class: their tests go to jtestgen.<package> (jtestgen.java.util).
JavaFile TestClassFor(const std::string& cut_internal_name, const std::string& suffix);

JavaFile WriteJUnit(const std::vector<WrittenTest>& tests, const WriterOptions& opts,
                    const TypeOracle& oracle);

// What validation narrows to the warnings javac reports (validator.h, SettleSuppressions).
inline constexpr char kSuppressAll[] =
    "@SuppressWarnings({\"unchecked\", \"rawtypes\", \"deprecation\", \"removal\"})";

// The rest of the first line of a written class (after kGeneratedMarker).
inline constexpr char kMarkerRest[] = ": running jtestgen again replaces this file.";

// A sized performance test of `jtestgen perf`: its scaled literals and kRepeat counts use the
// size parameter n; the last statement is the call under test.
struct PerfTest {
  testcase::TestCase test;
  testcase::ExecResult result;  // a run of it (whether the last statement threw)
  std::string name;             // Java method name, unique in the class
  std::string doc;              // Javadoc text (the finding)
  // > 0: a likely bug; the @Test asserts that the call's time grows at most linearly from
  // input size check_n to 4 * check_n (it fails while the bug is there). 0: a stress test
  // that runs name(N) once.
  int64_t check_n = 0;
  std::string call;  // the call under test in words, for the check's message (ASCII)
};

// Writes class <Simple>PerfTest: `static final int N = size;`, a nested functional interface
// Body, and per test `public static Body name(int n)` that builds the inputs for size n and
// returns the call under test (so a timer can run it alone; jtestgen.rt.PerfTimer), and a
// @Test method `name()`: for a likely bug (check_n > 0) `assertGrowthAtMostLinear`, a helper
// written into the class (time at 4n at most 8 times that at n, best of batches; needs only
// the JDK), which fails while the time grows quadratically and passes for a linear fix; with
// -Djtestgen.perf.smoke=true it runs the call once instead (validation); for a stress test
// `name(N).run()`. test_names lists the @Test methods.
JavaFile WritePerfJUnit(const std::vector<PerfTest>& tests, const WriterOptions& opts,
                        const TypeOracle& oracle, int64_t size);

}  // namespace jtg::output
