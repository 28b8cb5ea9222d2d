// The concolic replay of a test (issue 23): the statements a call depends on, run in the
// concolic interpreter (concolic/interpreter.h) with every primitive and string literal as
// an input, so that the path condition of the call is a formula over the test's literals.
// A statement depends on the statements whose values it uses, and on the earlier calls that
// take one of its objects as receiver or argument (they may change its state); the others
// are left out. Objects of the class under test are built by interpreting its constructors;
// arrays of the test are arrays of inputs; objects from other classes' methods (given no
// object the replay follows), collections, static fields, lambdas and mocks are opaque
// (concolic/interpreter.h: passed along, never used).
// Thread safety: pure function of its arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_file.h"
#include "concolic/interpreter.h"
#include "testcase/test_case.h"

namespace jtg::generate {

struct Replay {
  concolic::ConcolicRun run;
  std::vector<size_t> input_stmt;  // by input index: the literal statement it stands for
  size_t last_from = 0;            // index in run.path of the last statement's first decision
  // The statements replayed, as kinds, callees and literal types without values: replays
  // of tests with the same shape number their inputs alike, so they can share a tree.
  std::string shape;
};

// Replays statements [0, last] of `t` that statement `last` depends on. Errors:
// Unimplemented for a statement or instruction the interpreter does not model (a call of a
// class other than `cut`, a boxed or scaled literal, a mock, ...); those of
// concolic::Interpreter::Call.
absl::StatusOr<Replay> ReplayTest(const classfile::ClassFile& cut, const testcase::TestCase& t,
                                  size_t last, int64_t max_steps);

// `t` with a literal of its own for every use of a primitive or string literal that several
// statements (or parameters) share: the solver may then give each use its own value. `last`
// is moved to the index of the same statement in the result.
testcase::TestCase UntieLiterals(const testcase::TestCase& t, size_t& last);

// Writes input values into the literal statements of `t` they stand for: `values[i]` (and
// `texts[i]` for a string input) into statement `input_stmt[i]`.
void WriteInputs(const std::vector<size_t>& input_stmt, const std::vector<concolic::Value>& values,
                 const std::vector<std::u16string>& texts, testcase::TestCase& t);

}  // namespace jtg::generate
