// Merging tests that differ only in literals into one JUnit 5 parameterized test (issue 24):
// a reviewer reads one method and a table of cases instead of N copies of it.
//
// Works on the written Java lines of each test (MethodWriter's output): each literal token
// (numbers with their suffix or cast, characters, strings, booleans, the MIN/MAX/NaN/
// infinity constants) is replaced by a typed hole; tests whose lines are then identical (the
// "shape", with assertTrue/assertFalse read as assertEquals(true/false, ...)) form a group.
// Holes whose literal is the same in every member stay literals; the others become the
// method's parameters, and each member becomes a row `Arguments.of(...)` of a static
// @MethodSource factory, with the literals spelled exactly as the single tests had them.
// Pure functions; no state; thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace jtg::output {

// One literal of a line, as written, and its Java type ("int", "String", "char", ...).
struct LiteralToken {
  std::string text;
  std::string type;
};

// `line` with each literal replaced by "\x01<type>\x01", appending the literals to `tokens`.
// assertTrue(x); / assertFalse(x); are first read as assertEquals(true|false, x);.
std::string ShapeOf(const std::string& line, std::vector<LiteralToken>* tokens);

// A test as written: its method name and body lines (without indentation).
struct TestBody {
  std::string name;
  std::vector<std::string> lines;
  std::string header;  // everything that must match too (e.g. the throws clause)
};

// Groups of tests (indexes into `tests`, ascending; each test in at most one group) that
// differ only in literals, with at least 2 and at most `max_rows` members and at most
// `max_params` varying literals. Groups are listed by their first member.
std::vector<std::vector<size_t>> GroupByShape(const std::vector<TestBody>& tests, size_t max_rows,
                                              size_t max_params);

// Indexes of the literals (in ShapeOf order over all lines) that differ among `group`'s
// members; empty when the members are the same test written twice.
std::vector<size_t> VaryingLiterals(const std::vector<TestBody>& tests,
                                    const std::vector<size_t>& group);

// Class names as the file spells them (TypeNamer::Name).
struct ParamTypeNames {
  std::string parameterized_test;  // org.junit.jupiter.params.ParameterizedTest
  std::string method_source;       // org.junit.jupiter.params.provider.MethodSource
  std::string arguments;           // org.junit.jupiter.params.provider.Arguments
  std::string stream;              // java.util.stream.Stream
};

// The Java lines (indented by two spaces) of one parameterized test for `group` (from
// GroupByShape): `@ParameterizedTest`, `@MethodSource("<name>Cases")`,
// `public void <name>(<params>)<header> {`, the body, `}`, a blank line, and the factory
// `static Stream<Arguments> <name>Cases()` returning one `Arguments.of(...)` per member.
// Parameters are named for their role: `expected` in an assertion, else by type (`text`,
// `n`, `x`, `c`, `flag`), `_2`, `_3`... when repeated (written variables always end in a
// digit, lambda parameters are p_N: no clash).
std::vector<std::string> WriteParameterized(const std::vector<TestBody>& tests,
                                            const std::vector<size_t>& group,
                                            const std::string& name, const ParamTypeNames& names);

}  // namespace jtg::output
