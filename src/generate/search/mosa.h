// DynaMOSA, the many-objective search of `jtestgen suite` (Panichella, Kifetew & Tonella,
// TSE 2018, Algorithm 2; MOSA, ICST 2015), with the aDynaMOSA variant (performance proxies as
// the archive's secondary objective and an adaptive switch between crowding distance and the
// performance heuristic; Grano, Laaber, Panichella & Panichella, "Testing with fewer resources",
// TSE 2021, §3; see performance.h).
//
// One objective per goal (goals.h); the population evolves under preference sorting over the
// current targets, which DynaMOSA releases along the control-dependence graph as their
// dependencies get covered; an archive keeps the best test per covered goal.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/field_effects.h"
#include "generate/goals/goals.h"
#include "generate/rng.h"
#include "generate/search/candidate_search.h"
#include "generate/search/objectives.h"
#include "generate/search/random_search.h"
#include "generate/search/solver_step.h"
#include "generate/search/target_selector.h"
#include "generate/search/variation.h"
#include "generate/values/build_log.h"
#include "generate/values/universe.h"
#include "generate/values/value_factory.h"
#include "testcase/executor.h"

namespace jtg::generate {

struct MosaOptions {
  size_t population = 50;
  double crossover_rate = 0.75;
  size_t tournament = 10;
  size_t max_length = 40;
  bool dynamic = true;                // DynaMOSA target release (false: MOSA, all goals)
  bool epsilon_diversity = false;     // EvoSuite's fast epsilon assignment, else subvector
  bool adaptive_performance = false;  // aDynaMOSA
  // JTestCraft's candidate sequence search (candidate_search.h) when the search stagnates:
  // after `stagnation` generations without a newly covered goal, up to `candidate_batch`
  // candidate tests for methods with uncovered targets join the population, while candidate
  // tests stay under `candidate_share` of all evaluated tests.
  bool candidate_search = true;
  // Methods the search calls; empty: the universe's targets (`jtestgen perf` narrows the
  // search to one entry method and the constructors).
  std::vector<CallablePtr> targets;
  // Weight of each inherited method against 1 for each of the CUT's own methods when a call
  // is chosen (target_selector.h).
  double inherited_weight = 0.5;
  int stagnation = 5;
  size_t candidate_batch = 20;
  double candidate_share = 0.15;
  // The solver step (solver_step.h, when SetSolver gave one): after `stagnation`
  // generations without a newly covered goal, goals whose conditional ran are solved for,
  // while the solver's time stays under `solver_share` of the search's.
  double solver_share = 0.3;
};

struct Individual {
  std::shared_ptr<testcase::TestCase> test;
  Evaluation eval;
  double performance = 0;  // aDynaMOSA performance score (lower is better)
  int rank = 0;
  double distance = 0;  // diversity or performance heuristic (higher is better)
};

class Mosa {
 public:
  Mosa(Universe& u, Objectives& goals, testcase::Executor& ex, Rng& rng, const MosaOptions& opts);

  // Every evaluated execution is also counted into `log` (borrowed, may be null; must
  // outlive Run).
  void SetBuildLog(BuildLog* log) { build_log_ = log; }
  // The solver step (borrowed, may be null: no solving; must outlive Run).
  void SetSolver(SolverStep* solver) { solver_ = solver; }
  // Tests that join the initial population before random ones (directed seeds, e.g. Glider's
  // input patterns in `jtestgen perf`); at most `population` of them are used.
  void Seed(std::vector<testcase::TestCase> seeds) { seeds_ = std::move(seeds); }
  void Run(const SearchBudget& budget);
  const Archive& archive() const { return archive_; }
  const SearchStats& stats() const { return stats_; }
  // Heuristic used in each generation ('P' performance, 'C' crowding), for the log.
  const std::string& heuristic_log() const { return heuristic_log_; }
  int64_t generations() const { return generations_; }

 private:
  Individual Evaluate(const std::shared_ptr<testcase::TestCase>& t);
  std::vector<Individual> Offspring(const std::vector<Individual>& parents,
                                    const std::function<bool()>& out_of_budget);
  const Individual& Tournament(const std::vector<Individual>& pop);
  std::vector<Individual> Select(std::vector<Individual> all);
  bool AllCovered() const;
  // One round of candidate sequence search; appends the evaluated candidates to `population`.
  void CandidateRound(std::vector<Individual>& population,
                      const std::function<bool()>& out_of_budget);
  // One solver round; appends the evaluated solver-made tests to `population`.
  void SolverRound(std::vector<Individual>& population, const std::function<bool()>& out_of_budget);
  char NextHeuristic();

  Universe& u_;
  Objectives& goals_;
  testcase::Executor& ex_;
  Rng& rng_;
  MosaOptions opts_;
  SequencePool pool_;
  ValueFactory factory_;
  TargetSelector selector_;
  Variation variation_;
  Archive archive_;
  absl::flat_hash_set<int32_t> covered_;
  std::vector<int32_t> current_;               // uncovered targets in play
  absl::flat_hash_map<int32_t, double> best_;  // best fitness so far per current target
  bool improved_ = true;
  int64_t pc_ = 0, cc_ = 0;
  char heuristic_ = 'P';
  std::string heuristic_log_;
  int64_t generations_ = 0;
  SearchStats stats_;
  BuildLog* build_log_ = nullptr;
  analysis::FieldEffects effects_;
  std::map<std::string, std::unique_ptr<CandidateSearch>> candidates_;  // by method key
  size_t candidate_next_ = 0;  // round-robin position over the stagnating methods
  int stagnant_ = 0;           // generations since a goal was newly covered
  int solver_stagnant_ = 0;    // the same, for the solver's turn
  SolverStep* solver_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  SearchBudget budget_;
  std::vector<testcase::TestCase> seeds_;
};

}  // namespace jtg::generate
