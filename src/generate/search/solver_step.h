// The solver as the search's partner (issue 23; EvoSuite's hybrid search, Galeotti, Fraser
// and Arcuri, ISSRE 2013; JTestCraft's concolic exploration, den Hollander 2010, sections
// 5-6): for branch goals the search reached but did not flip, take a test whose statement
// calls the goal's method, run that call concolically on the test's literal arguments
// (concolic/interpreter.h), negate the path condition at the goal's branch, solve it with Z3
// (concolic/z3_encode.h) and write the model into a copy of the test's literals. The copy
// then goes the normal way (evaluation, archive, minimization, writing, validation).
//
// The test is replayed concolically up to the call (solver_replay.h): its primitive and
// string literals are the inputs, objects of the class under test are built and changed by
// interpreting its constructors and methods. Goals are the conditional jumps and switches of
// every method of the class with code; a test the interpreter cannot follow is skipped
// (counted as unmodelled). One constraint tree per (method, test shape) keeps every branch
// side from being solved twice.
//
// Ownership: holds its copy of the class file and goal map; borrows nothing. Not
// thread-safe.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/time/time.h"
#include "classfile/class_file.h"
#include "concolic/constraint_tree.h"
#include "generate/search/search_stats.h"
#include "instrument/plan.h"
#include "testcase/test_case.h"

namespace jtg::generate {

struct SolverOptions {
  absl::Duration query_timeout = absl::Seconds(1);  // per Z3 query
  int queries_per_round = 8;
  std::string log_path;  // the debug log (none when empty)
};

class SolverStep {
 public:
  // `cut` is the class under test as read from the classpath (the bytes `plan` was made
  // from). Deterministic: goals and tests are taken in the order given (Z3's time limit
  // aside).
  SolverStep(classfile::ClassFile cut, const instrument::ClassPlan& plan, SolverOptions opts = {});

  // False when `SolverOptions::log_path` was given but could not be opened for writing.
  bool log_ok() const { return opts_.log_path.empty() || log_ != nullptr; }

  // Goals it can work on: conditional-jump and switch outcomes of the methods of the class
  // under test.
  bool Handles(int32_t goal) const { return goals_.contains(goal); }

  // For each goal of `goals` (uncovered; their conditionals ran), tries the tests of
  // `tests` that call the goal's method, best first, until one query is answered; returns
  // the new tests built from sat answers. Stops early once `deadline` has passed.
  std::vector<testcase::TestCase> Round(const std::vector<int32_t>& goals,
                                        const std::vector<const testcase::TestCase*>& tests,
                                        absl::Time deadline);

  SolverStats& stats() { return stats_; }
  const SolverStats& stats() const { return stats_; }

 private:
  struct Side {          // the branch side a goal is: decision (offset, arm) taken or not
    std::string method;  // name + descriptor
    int32_t index = 0;   // in the class's method table
    uint32_t offset = 0;
    int32_t arm = 0;
    bool taken = false;
  };
  static constexpr int64_t kMaxSteps = 100'000;  // instructions per replay
  static constexpr size_t kMaxTrees = 4096;
  // A method none of whose calls the interpreter could follow in this many tries is left
  // alone (the rounds stay cheap on classes the interpreter does not model).
  static constexpr int kGiveUpAfter = 8;
  // Replays per goal and round (the tests are ranked closest first); a goal none of whose
  // replays could be followed in kGiveUpAfter tries is left alone too.
  static constexpr int kTriesPerRound = 3;
  bool GaveUp(const Side& side);

  // Solves for `side` on statement `call` of `t`: false when that call cannot be used (not
  // modelled, the branch not on its path, or its other side already tried), else true with
  // the new test in `made` when the answer was sat.
  bool TrySolve(const Side& side, const testcase::TestCase& t, size_t call,
                std::vector<testcase::TestCase>& made);
  concolic::ConstraintTree& Tree(const std::string& method, const std::string& shape);
  void Log(const std::string& line);
  // For each condition "hashCode(t) == K" where K is the hash of a string constant of the
  // class: the condition "t equals that constant".
  std::vector<concolic::Expr> HashHints(const std::vector<concolic::Expr>& conditions);

  classfile::ClassFile cut_;
  absl::flat_hash_map<int32_t, Side> goals_;
  absl::flat_hash_map<int32_t, int> asked_;  // queries made per goal
  // Per method (name + descriptor): replays the interpreter followed, and replays not
  // modelled.
  absl::flat_hash_map<std::string, int> asked_methods_, unmodelled_;
  absl::flat_hash_map<int32_t, int> unmodelled_goal_;      // replays not modelled, per goal
  std::map<std::string, concolic::ConstraintTree> trees_;  // by method and test shape
  SolverOptions opts_;
  SolverStats stats_;
  std::unique_ptr<std::ofstream> log_;
  absl::flat_hash_map<int32_t, std::u16string> hashed_constants_;  // the class's string
                                                                   // constants by hashCode
};

}  // namespace jtg::generate
