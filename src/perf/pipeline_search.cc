#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "generate/search/mosa.h"
#include "generate/values/value_factory.h"
#include "perf/directed_seeds.h"
#include "perf/growth_minimizer.h"
#include "perf/involves_class.h"
#include "perf/loop_inputs.h"
#include "perf/pipeline_steps.h"
#include "perf/read_oracle.h"

namespace jtg::perf::pipeline {

namespace {

// Whether the inputs `test` builds grow between the first and the last size of `ns`.
bool Scales(testcase::TestCase test, const std::vector<int64_t>& ns) {
  test.n = ns.front();
  const double first = InputSize(test);
  test.n = ns.back();
  return InputSize(test) > first;
}

}  // namespace

void SearchEntry(PerfSession& s, ClassWork& w, EntryWork& e, double budget_s, size_t max_measured,
                 std::vector<Candidate>* candidates) {
  const PerfOptions& opts = s.opts;
  const bool log = std::getenv("JTG_PERF_LOG") != nullptr;
  LoopObjectives objectives(std::move(e.goals), opts.mu, opts.mu2);
  generate::MosaOptions mo;
  mo.candidate_search = false;
  // The search calls the entry alone (and the constructors); an inherited entry is not
  // among the targets.
  for (const auto& t : w.universe->targets()) {
    if (t->IsConstructor()) mo.targets.push_back(t);
  }
  mo.targets.push_back(e.entry);
  if (e.view) mo.targets.push_back(e.view);
  generate::Mosa mosa(*w.universe, objectives, *s.executor, s.rng, mo);
  generate::SequencePool seed_pool;
  generate::ValueFactory seed_factory(*w.universe, seed_pool, *s.executor, s.rng,
                                      generate::FactoryLimits{});
  std::vector<testcase::TestCase> seeds;
  for (auto& d : DirectedSeeds(*w.universe, seed_factory, e.entry, opts.mu / 8, 24, e.view)) {
    if (log) {
      testcase::ExecResult r = s.executor->Run(d.test);
      std::fprintf(stderr, "perf: seed (%s): %zu statements, %s%s\n", d.pattern.c_str(),
                   d.test.size(), r.Normal() ? "runs" : "fails: ", r.exception_class.c_str());
    }
    seeds.push_back(std::move(d.test));
  }
  // The seeds scale with n by construction; the search's best tests may not (a mutated fill
  // count becomes a constant), so redundant goals fall back on them.
  const std::vector<testcase::TestCase> scaling_seeds = seeds;
  mosa.Seed(std::move(seeds));
  {
    PhaseClock clock(&s.search_s, "searching " + e.sig);
    mosa.Run(generate::SearchBudget{std::max(0.25, budget_s), 0});
  }
  PhaseClock clock(&s.growth_s, "growth runs of " + e.sig);
  if (log) {
    std::fprintf(stderr, "perf: %s.%s: %zu goals, %lld tests run\n", w.class_name.c_str(),
                 e.sig.c_str(), objectives.goals().size(),
                 static_cast<long long>(mosa.stats().iterations));
  }
  for (size_t g = 0; g < objectives.goals().size(); ++g) {
    const auto& bests = objectives.Best(static_cast<int32_t>(g));
    const LoopGoal& goal = objectives.goals()[g];
    if (bests.empty()) continue;
    // Probe each kept test once at the smallest and the largest size; the one whose
    // iterations grow fastest (long loops: the most iterations at the largest size) gets the
    // full series, every size run twice.
    Candidate c;
    double best_score = -1, best_fitness = 0;
    const std::vector<int64_t> probe_ns = {s.ns.front(), s.ns.back()};
    // The kept tests, then (redundant goals whose kept tests do not grow super-linearly)
    // the directed seeds.
    std::vector<std::pair<const testcase::TestCase*, double>> tries;
    for (size_t bi = 0; bi < bests.size() && bi < max_measured; ++bi) {
      tries.emplace_back(&bests[bi].test, bests[bi].fitness);
    }
    const size_t kept_tries = tries.size();
    for (size_t bi = 0;; ++bi) {
      if (bi == kept_tries && goal.redundant && best_score < 1.3) {
        for (const auto& seed : scaling_seeds) tries.emplace_back(&seed, 1.0);
      }
      if (bi >= tries.size()) break;
      const testcase::TestCase& tried = *tries[bi].first;
      if (goal.redundant && !Scales(tried, probe_ns)) continue;  // cannot grow: not run
      GrowthSeries gs = MeasureGrowth(*s.executor, goal, tried, probe_ns, 1);
      double score = -1;
      if (gs.error.empty() && gs.iterations.size() == 2) {
        // Two-point slope on log-log axes.
        const auto& x = gs.sizes;
        const auto& y = gs.iterations;
        double slope = x[0] > 0 && x[1] > x[0] && y[0] > 0 && y[1] > 0
                           ? std::log(y[1] / y[0]) / std::log(x[1] / x[0])
                           : 0;
        score = goal.redundant ? slope : gs.max_iterations;
      }
      if (score > best_score || c.test.stmts.empty()) {
        best_score = score;
        best_fitness = tries[bi].second;
        c.test = tried;
      }
    }
    c.growth = MeasureGrowth(*s.executor, goal, c.test, s.ns);
    c.redundant = goal.redundant;
    Finding& f = c.finding;
    f.cls = w.class_name;
    f.method = e.sig;
    f.kind = goal.redundant ? FindingKind::kRedundantTraversal : FindingKind::kLongLoop;
    for (const auto& l : goal.loops) f.loops.push_back(l.where);
    c.test.n = opts.mu;
    f.input_pattern = DescribeInputs(c.test);
    f.sizes = c.growth.sizes;
    f.iterations = c.growth.iterations;
    f.max_iterations = c.growth.max_iterations;
    PowerFit fit = FitPowerLaw(c.growth.sizes, c.growth.iterations);
    if (fit.ok) f.exponent = fit.exponent;
    if (log) {
      std::string where, its;
      for (const auto& l : f.loops) where += " " + l.method + ":" + std::to_string(l.line);
      for (double v : c.growth.iterations) its += " " + std::to_string(static_cast<long long>(v));
      std::fprintf(stderr, "perf:   goal %zu %s%s fitness %.3f iterations%s exponent %.2f %s\n", g,
                   std::string(KindName(f.kind)).c_str(), where.c_str(), best_fitness, its.c_str(),
                   fit.ok ? fit.exponent : 0.0, c.growth.error.c_str());
    }
    // Keep what may be a finding: a nested pair whose iterations grow superlinearly, or a
    // loop that runs at least 16 iterations.
    if (!c.growth.error.empty()) {
      if (goal.redundant) continue;
      f.status = FindingStatus::kSuspected;
      f.reason = c.growth.error;
    }
    if (goal.redundant && (!fit.ok || fit.exponent < 1.3)) continue;
    if (!goal.redundant && f.max_iterations < 16) continue;
    // Minimal set-up for a kept candidate: only the statements its growth needs, checked at
    // the two smallest sizes (where runs are cheapest), so the written test builds its inputs
    // and nothing else. The series measured above stands for the minimized test.
    {
      const std::vector<int64_t> small_ns(s.ns.begin(),
                                          s.ns.begin() + std::min<size_t>(2, s.ns.size()));
      const int64_t n = c.test.n;
      c.test = MinimizeForGrowth(*s.executor, goal, c.test, small_ns, 30);
      c.test.n = n;
    }
    // Only findings that involve the class (involves_class.h): not the JDK's own loops on a
    // list the class handed out, nor a test that no longer calls the class.
    if (!InvolvesClass(c.test, w.internal, goal.loops.front().method.owner, !e.view)) {
      ++w.not_involving;
      if (log) std::fprintf(stderr, "perf:   dropped: does not involve the class\n");
      continue;
    }
    if (c.growth.error.empty() && c.growth.scales) {
      LoopInputs li = SummarizeLoopInputs(*s.executor, goal, c.test, s.ns.front());
      f.loop_inputs = li.text;
      if (log) {
        std::fprintf(stderr, "perf:   loops over inputs: %s%s\n", li.text.c_str(),
                     li.error.c_str());
      }
    }
    if (goal.redundant) {  // Toddler's oracle on the inner loop's reads (perf/read_oracle.h)
      ReadOracleOptions ro;
      ro.n = std::min(64, opts.mu);
      f.reads =
          RepeatedReads({*s.counting.vm, *s.counting.transformer, *s.executor}, goal, c.test, ro);
    }
    candidates->push_back(std::move(c));
  }
}

}  // namespace jtg::perf::pipeline
