// What a search run may use (its budget) and what it did (its statistics), shared by every
// search algorithm (random_search.h, mosa.h) and the report (suite/suite_report.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::generate {

struct SearchBudget {
  double seconds = 60;         // wall-clock budget of the search
  int64_t max_iterations = 0;  // if > 0, stop after this many generated tests (reproducible)
};

// The solver step (solver_step.h): rounds run, tests it made, goals those tests covered
// first, the answers to its queries, and the time it took.
struct SolverStats {
  int64_t rounds = 0, tests = 0, goals = 0;
  int64_t sat = 0, unsat = 0, timeout = 0;
  int64_t unmodelled = 0;  // calls the interpreter stopped on (an instruction not modelled)
  double seconds = 0;
};

struct SearchStats {
  int64_t iterations = 0;  // tests generated and executed
  int64_t statements = 0;  // statements executed
  int64_t normal = 0, exceptional = 0, discarded = 0;
  int64_t budget_exceeded = 0, exit_attempts = 0;
  double seconds = 0;
  // Candidate sequence search (DynaMOSA only): rounds run, candidate tests evaluated, and
  // goals those tests covered first.
  int64_t candidate_rounds = 0, candidate_tests = 0, candidate_goals = 0;
  SolverStats solver;  // DynaMOSA/MOSA with the solver
  // Methods under test whose calls overran the per-test budget or tried to exit the JVM,
  // by "name+descriptor", with counts: reported, and chosen less often.
  std::map<std::string, int64_t> overruns, exits;
  // Executions that reached outside the JVM (ExecResult::Contained() false, exits aside):
  // by kind (files, network, processes, SecurityManager, threads left running, reads of
  // the home, working or temporary directory), and by the
  // method under test blamed (the test's last call), with the first thing each touched.
  int64_t outside_files = 0, outside_network = 0, outside_processes = 0, outside_security = 0,
          outside_threads = 0, outside_user_dirs = 0;
  std::map<std::string, int64_t> outside;
  std::map<std::string, std::string> outside_first;
};

// Counts an execution that reached outside the JVM into `stats` (nothing if it did not).
void CountOutside(SearchStats& stats, const testcase::TestCase& t, const testcase::ExecResult& r);

}  // namespace jtg::generate
