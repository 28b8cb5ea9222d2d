#include "generate/search/mosa.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <set>

#include "generate/search/performance.h"
#include "generate/search/ranking.h"

namespace jtg::generate {

using testcase::TestCase;

Mosa::Mosa(Universe& u, Objectives& goals, testcase::Executor& ex, Rng& rng,
           const MosaOptions& opts)
    : u_(u),
      goals_(goals),
      ex_(ex),
      rng_(rng),
      opts_(opts),
      factory_(u, pool_, ex, rng, FactoryLimits{3, opts.max_length, 0.05, 0.3}),
      selector_(opts_.targets.empty() ? u.calls() : opts_.targets,
                opts_.targets.empty() ? u.targets().size() : SIZE_MAX, opts_.inherited_weight),
      variation_(u, factory_, selector_, ex, rng, opts.max_length),
      effects_(u.classpath()) {}

Individual Mosa::Evaluate(const std::shared_ptr<TestCase>& t) {
  ++stats_.iterations;
  testcase::ExecResult r = ex_.Run(*t);
  if (build_log_ != nullptr) build_log_->Observe(*t, r);
  CountOutside(stats_, *t, r);
  stats_.statements += static_cast<int64_t>(r.values.size()) + (r.threw_at >= 0 ? 1 : 0);
  if (r.threw_at >= 0 && static_cast<size_t>(r.threw_at) + 1 < t->size()) {
    t->stmts.resize(static_cast<size_t>(r.threw_at) + 1);
  }
  Individual ind;
  ind.test = t;
  ind.eval = goals_.Evaluate(*t, r);
  ind.eval.iterations = r.iterations;
  ind.performance = PerformanceScore(MeasureProxies(*t, ind.eval));
  if (r.budget_exceeded || r.exit_attempt) {
    // Blame the call that was running when the run overran or tried to exit.
    const testcase::Callable* c = nullptr;
    if (r.threw_at >= 0 && static_cast<size_t>(r.threw_at) < t->size() &&
        t->stmts[static_cast<size_t>(r.threw_at)].kind == testcase::StmtKind::kCall) {
      c = t->stmts[static_cast<size_t>(r.threw_at)].callable.get();
    }
    if (c != nullptr) {
      std::string key = c->name + c->descriptor;
      ++(r.budget_exceeded ? stats_.overruns : stats_.exits)[key];
      selector_.Penalize(c);
      if (r.budget_exceeded) factory_.LimitSizes(*c);
    }
    ++(r.budget_exceeded ? stats_.budget_exceeded : stats_.exit_attempts);
  }
  if (ind.eval.failed) {
    ++stats_.discarded;
    ind.performance = std::numeric_limits<double>::infinity();
    return ind;
  }
  r.threw_at >= 0 ? ++stats_.exceptional : ++stats_.normal;
  std::vector<int32_t> reached(ind.eval.reached.begin(), ind.eval.reached.end());
  std::sort(reached.begin(), reached.end());
  double secondary = opts_.adaptive_performance ? ind.performance : -1;
  archive_.Update(t, reached, secondary, r.threw_at >= 0);
  bool newly = false;
  for (int32_t g : reached) newly |= covered_.insert(g).second;
  if (newly) {
    improved_ = true;
    if (opts_.dynamic) {
      current_ = goals_.Released(covered_);
    } else {
      std::vector<int32_t> all = goals_.AllGoals(), rest;
      for (int32_t g : all) {
        if (!covered_.contains(g)) rest.push_back(g);
      }
      current_ = std::move(rest);
    }
  }
  if (r.Normal()) pool_.Add(*t);
  u_.AddObserved(r);
  return ind;
}

const Individual& Mosa::Tournament(const std::vector<Individual>& pop) {
  const Individual* best = &pop[rng_.Below(pop.size())];
  for (size_t k = 1; k < opts_.tournament; ++k) {
    const Individual& c = pop[rng_.Below(pop.size())];
    if (c.rank < best->rank || (c.rank == best->rank && c.distance > best->distance)) {
      best = &c;
    }
  }
  return *best;
}

std::vector<Individual> Mosa::Offspring(const std::vector<Individual>& parents,
                                        const std::function<bool()>& out_of_budget) {
  std::vector<Individual> out;
  while (out.size() < opts_.population && !out_of_budget()) {
    const Individual& a = Tournament(parents);
    const Individual& b = Tournament(parents);
    TestCase c1 = *a.test, c2 = *b.test;
    if (rng_.Chance(opts_.crossover_rate)) std::tie(c1, c2) = variation_.Crossover(c1, c2);
    for (TestCase* c : {&c1, &c2}) {
      TestCase m = variation_.Mutate(*c);
      if (m.size() == 0) m = variation_.RandomTest();
      out.push_back(Evaluate(std::make_shared<TestCase>(std::move(m))));
    }
  }
  return out;
}

char Mosa::NextHeuristic() {
  if (!opts_.adaptive_performance) return 'C';
  if (generations_ == 0) return 'P';
  if (!improved_) {
    (heuristic_ == 'P' ? pc_ : cc_) += 1;
    return pc_ <= cc_ ? 'P' : 'C';
  }
  (heuristic_ == 'P' ? pc_ : cc_) = 0;
  return heuristic_;
}

std::vector<Individual> Mosa::Select(std::vector<Individual> all) {
  // Fitness of every individual on every current (uncovered) target.
  std::vector<int32_t> targets;
  for (int32_t g : current_) {
    if (!covered_.contains(g)) targets.push_back(g);
  }
  FitnessMatrix fit(all.size(), std::vector<double>(targets.size()));
  std::vector<double> secondary(all.size());
  std::vector<Proxies> proxies(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    absl::flat_hash_map<int32_t, double> memo;
    for (size_t g = 0; g < targets.size(); ++g) {
      fit[i][g] = goals_.Fitness(all[i].eval, targets[g], &memo);
      auto b = best_.find(targets[g]);
      if (b == best_.end() || fit[i][g] < b->second) {
        best_[targets[g]] = fit[i][g];
        improved_ = true;
      }
    }
    secondary[i] =
        opts_.adaptive_performance ? all[i].performance : static_cast<double>(all[i].test->size());
    proxies[i] = MeasureProxies(*all[i].test, all[i].eval);
  }
  auto fronts = PreferenceSort(fit, secondary, opts_.population, rng_);
  std::vector<Individual> next;
  size_t remain = std::max(opts_.population, fronts.empty() ? 0 : fronts[0].size());
  for (size_t d = 0; d < fronts.size() && remain > 0; ++d) {
    const auto& front = fronts[d];
    std::vector<double> score = heuristic_ == 'P'         ? PerformanceHeuristic(proxies, front)
                                : opts_.epsilon_diversity ? EpsilonDominance(fit, front)
                                                          : SubvectorDominance(fit, front);
    std::vector<size_t> order(front.size());
    for (size_t k = 0; k < order.size(); ++k) order[k] = k;
    if (front.size() > remain) {
      std::stable_sort(order.begin(), order.end(),
                       [&](size_t x, size_t y) { return score[x] > score[y]; });
      order.resize(remain);
    }
    for (size_t k : order) {
      Individual ind = std::move(all[static_cast<size_t>(front[k])]);
      ind.rank = static_cast<int>(d);
      ind.distance = score[k];
      next.push_back(std::move(ind));
    }
    remain -= order.size();
  }
  return next;
}

bool Mosa::AllCovered() const {
  for (int32_t g : current_) {
    if (!covered_.contains(g)) return false;
  }
  return true;
}

void Mosa::CandidateRound(std::vector<Individual>& population,
                          const std::function<bool()>& out_of_budget) {
  // Methods owning uncovered targets, in key order; round-robin over them.
  std::set<std::string> keys;
  for (int32_t g : current_) {
    if (covered_.contains(g)) continue;
    std::string k = goals_.MethodKeyOf(g);
    if (!k.empty()) keys.insert(std::move(k));
  }
  std::vector<CallablePtr> muts;
  for (const std::string& k : keys) {
    for (const auto& t : u_.targets()) {
      if (t->name + t->descriptor == k) muts.push_back(t);
    }
  }
  if (muts.empty()) return;
  ++stats_.candidate_rounds;
  size_t before = covered_.size();
  size_t made = 0, tried_methods = 0;
  while (made < opts_.candidate_batch && tried_methods < muts.size() && !out_of_budget()) {
    const CallablePtr& mut = muts[candidate_next_++ % muts.size()];
    auto& cs = candidates_[mut->name + mut->descriptor];
    if (!cs) cs = std::make_unique<CandidateSearch>(u_, effects_, mut);
    // A few candidates per method per round, so every stagnating method gets its turn.
    size_t per_method = std::max<size_t>(1, opts_.candidate_batch / muts.size());
    size_t got = 0;
    std::vector<int> seq;
    while (got < per_method && made < opts_.candidate_batch && cs->Next(&seq)) {
      auto t = std::make_shared<TestCase>();
      if (!cs->Materialize(seq, factory_, ex_, t.get()) || t->size() > opts_.max_length) {
        continue;
      }
      ++got;
      ++made;
      ++stats_.candidate_tests;
      population.push_back(Evaluate(t));
    }
    if (got == 0) ++tried_methods;  // exhausted (or nothing buildable)
  }
  stats_.candidate_goals += static_cast<int64_t>(covered_.size() - before);
}

void Mosa::SolverRound(std::vector<Individual>& population,
                       const std::function<bool()>& out_of_budget) {
  // Uncovered targets the solver handles whose conditional ran, and the tests that ran it,
  // closest first.
  std::vector<int32_t> goals;
  std::vector<std::pair<float, const TestCase*>> ranked;
  for (int32_t g : current_) {
    if (covered_.contains(g) || !solver_->Handles(g)) continue;
    bool ran = false;
    for (const Individual& ind : population) {
      auto d = ind.eval.distance.find(g);
      if (d == ind.eval.distance.end()) continue;
      ran = true;
      ranked.emplace_back(d->second, ind.test.get());
    }
    if (ran) goals.push_back(g);
  }
  if (goals.empty() || out_of_budget()) return;
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const TestCase*> tests;
  for (const auto& [d, t] : ranked) {
    if (std::find(tests.begin(), tests.end(), t) == tests.end()) tests.push_back(t);
  }
  // A round takes at most 5 s and never the rest of a time budget; with an iteration budget
  // no clock decides anything (same seed and iterations, same tests; Z3's per-query time
  // limit aside).
  absl::Time deadline = absl::InfiniteFuture();
  if (budget_.max_iterations <= 0) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    deadline = absl::Now() + absl::Seconds(std::clamp(budget_.seconds - elapsed, 0.0, 5.0));
  }
  std::vector<TestCase> made = solver_->Round(goals, tests, deadline);
  const size_t before = covered_.size();
  for (TestCase& t : made) {
    if (out_of_budget()) break;
    ++solver_->stats().tests;
    population.push_back(Evaluate(std::make_shared<TestCase>(std::move(t))));
  }
  solver_->stats().goals += static_cast<int64_t>(covered_.size() - before);
}

void Mosa::Run(const SearchBudget& budget) {
  start_ = std::chrono::steady_clock::now();
  budget_ = budget;
  const auto start = start_;
  auto out_of_budget = [&] {
    if (budget.max_iterations > 0) return stats_.iterations >= budget.max_iterations;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
           budget.seconds;
  };
  current_ = opts_.dynamic ? goals_.Released(covered_) : goals_.AllGoals();
  std::vector<Individual> population;
  for (auto& s : seeds_) {
    if (population.size() >= opts_.population || out_of_budget()) break;
    population.push_back(Evaluate(std::make_shared<TestCase>(std::move(s))));
  }
  seeds_.clear();
  while (population.size() < opts_.population && !out_of_budget()) {
    population.push_back(Evaluate(std::make_shared<TestCase>(variation_.RandomTest())));
  }
  while (!out_of_budget() && !AllCovered() && !population.empty()) {
    heuristic_ = NextHeuristic();
    heuristic_log_ += heuristic_;
    improved_ = false;
    size_t covered_before = covered_.size();
    std::vector<Individual> all = Offspring(population, out_of_budget);
    for (auto& p : population) all.push_back(std::move(p));
    population = Select(std::move(all));
    ++generations_;
    stagnant_ = covered_.size() > covered_before ? 0 : stagnant_ + 1;
    solver_stagnant_ = covered_.size() > covered_before ? 0 : solver_stagnant_ + 1;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The solver's share: of the time, or with an iteration budget of the tests.
    const bool within_share =
        budget.max_iterations > 0
            ? static_cast<double>(solver_ != nullptr ? solver_->stats().tests : 0) <=
                  opts_.solver_share * static_cast<double>(stats_.iterations)
            : solver_ != nullptr && solver_->stats().seconds <= opts_.solver_share * elapsed;
    if (solver_ != nullptr && solver_stagnant_ >= opts_.stagnation && within_share) {
      solver_stagnant_ = 0;
      SolverRound(population, out_of_budget);
    }
    if (opts_.candidate_search && stagnant_ >= opts_.stagnation &&
        static_cast<double>(stats_.candidate_tests) <=
            opts_.candidate_share * static_cast<double>(stats_.iterations)) {
      stagnant_ = 0;
      CandidateRound(population, out_of_budget);
    }
  }
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (solver_ != nullptr) stats_.solver = solver_->stats();
}

}  // namespace jtg::generate
