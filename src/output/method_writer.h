// The body of one JUnit test method: the statements of a test case as Java lines, with
// the regression assertions chosen for it (internal to the JUnit writers, junit_writer.h).
// A MethodWriter borrows everything it is given; not thread-safe.
#pragma once

#include <string>
#include <vector>

#include "output/java_source.h"
#include "output/junit_writer.h"
#include "testcase/test_case.h"

namespace jtg::output {

class MethodWriter {
 public:
  MethodWriter(const testcase::TestCase& tc, const testcase::ExecResult& r,
               const std::vector<bool>& keep, const TypeOracle& oracle, TypeNamer& namer,
               FolderMap* folder = nullptr);

  // With `perf_last`, no assertions are written and the last statement becomes
  // `return () -> { <it>; };` (a sized perf test hands the call under test back to be
  // timed alone; see WritePerfJUnit).
  std::vector<std::string> Lines(bool perf_last = false);

  // Without upcasts, a variable is passed as it is declared even where the parameter's type
  // differs (`compareTo(e)`, not `compareTo((Enum) e)`): the repair for a test javac
  // rejected as "incompatible types" (a cast to an erased type variable). Upcasts only pick
  // an overload; nulls and literals keep theirs.
  void set_upcasts(bool on) { upcasts_ = on; }
  // With it, a test that ends in an exception asserts the exception's message too
  // (`Throwable thrown = assertThrows(...); assertEquals("...", thrown.getMessage());`),
  // an assertion line of the throwing statement.
  void set_assert_message(bool on) { assert_message_ = on; }

  // After Lines(): (index into its result, statement index) of each value assertion.
  const std::vector<std::pair<size_t, int>>& assertion_lines() const { return assertion_lines_; }

 private:
  bool Inlinable(size_t i) const;

  // `T t0 = mock(T.class);` and one `when(t0.m(any...)).thenReturn(v);` per stub.
  void MockLines(const testcase::Stmt& s, const std::string& name,
                 std::vector<std::string>& out) const;

  // A literal, or a scaled one (`n`, `2 * n + 1`) under the size parameter `n`.
  std::string LitExpr(const testcase::Literal& lit) const;

  // `for (int i = 0; i < n + 1; i++) { recv.add(Integer.valueOf(7 + i)); }`
  std::string RepeatLine(const testcase::Stmt& s) const;

  // "(T) " for a downcast statement (declared narrower than its method returns), else "".
  std::string Downcast(const testcase::Stmt& s) const;
  std::string MockExpr(const testcase::Stmt& s) const {
    return "mock(" + namer_.Name(s.type) + ".class)";
  }

  // `(p_0, p_1) -> value` or, for a void method, `(p_0) -> { }`. Parameter names hold an
  // underscore, which variable names (VarStem + counter) never do, so they cannot shadow a
  // local; the value is a literal or a variable the writer never reassigns (effectively
  // final).
  std::string LambdaExpr(const testcase::Stmt& s) const;

  // Mockito matcher for any value of a parameter type: anyInt(), ..., `(T) any()` (the cast
  // picks the overload; any() also matches null).
  std::string Matcher(const classfile::TypeDesc& p) const;

  // Expression for using statement `i` where type `want` is expected (nullptr: no cast).
  std::string Arg(int i, const classfile::TypeDesc* want) const;
  // Whether the test class may name type `t` (a public class, or one of its own package).
  bool Accessible(const classfile::TypeDesc& t) const;

  // The arguments from index `first` on, comma-separated.
  std::string Args(const testcase::Stmt& s, size_t first = 0) const;

  std::string Expr(size_t i) const;

  // `new T[] {e0, e1, ...}` for an array value whose elements were observed
  // (Observed::elements) and that `declared` (the variable's one-dimensional array type) can
  // hold as literals; "" otherwise (only the length is asserted then).
  std::string ArrayContents(const classfile::TypeDesc& declared, const testcase::Observed& o) const;
  void Assert(const testcase::Stmt& s, const std::string& v, const testcase::Observed& o,
              std::vector<std::string>& out) const;

  const testcase::TestCase& tc_;
  const testcase::ExecResult& r_;
  const std::vector<bool>& keep_;
  const TypeOracle& oracle_;
  TypeNamer& namer_;
  FolderMap* folder_;
  bool upcasts_ = true;
  bool assert_message_ = false;
  std::vector<int> uses_;
  std::vector<std::string> names_;
  std::vector<std::pair<size_t, int>> assertion_lines_;
};

}  // namespace jtg::output
