#include "suite/assertion_steps.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <tuple>

#include "absl/container/flat_hash_set.h"
#include "analysis/purity.h"
#include "generate/search/assertion_filter.h"
#include "generate/search/observers.h"
#include "generate/values/impure_apis.h"
#include "suite/time_plan.h"

namespace jtg::suite {

namespace fs = std::filesystem;
using output::WrittenTest;

namespace {

// Whether `text` names the sandbox's scratch (`root`) other than through the test folder
// (`folder`, "" for none), which the writer maps to JUnit's temporary folder.
template <typename Str>
bool NamesScratch(Str text, const Str& root, const Str& folder) {
  if (!folder.empty()) {
    for (size_t at = text.find(folder); at != Str::npos; at = text.find(folder, at)) {
      text.erase(at, folder.size());
    }
  }
  return text.find(root) != Str::npos;
}

// Appends observer calls (generate/search/observers.h) to `w`'s test when its run ends
// normally with them, and each observer reads the same value twice in a row (run with the
// observers repeated: an observer that changes what it or a later one reads, or reads
// something that varies, is left out). `w` keeps its own calls and result otherwise.
void WithObservers(const SuiteContext& ctx, generate::ObserverCatalog& catalog, WrittenTest& w) {
  const size_t own = w.test.size();
  testcase::TestCase t = catalog.AddObservers(w.test, w.result);
  if (t.size() == own) return;
  testcase::ExecResult r;
  for (int attempt = 0;; ++attempt) {
    // Twice: the first block as appended, then the same calls again.
    testcase::TestCase twice = t;
    for (size_t i = own; i < t.size(); ++i) twice.stmts.push_back(t.stmts[i]);
    r = ctx.executor.Run(twice);
    if (!r.Writable() || r.values.size() < own) return;
    // An observer that throws (an unsupported or failing query) is left out, and the block
    // run again without it.
    if (r.threw_at < 0 || static_cast<size_t>(r.threw_at) >= t.size() || attempt >= 3) break;
    if (static_cast<size_t>(r.threw_at) < own) return;
    t.stmts.erase(t.stmts.begin() + r.threw_at);
    if (t.size() == own) return;
  }
  const size_t n = t.size() - own;
  std::vector<bool> stable(n, false);
  for (size_t j = 0; j < n; ++j) {
    const size_t a = own + j, b = own + n + j;
    if (r.threw_at >= 0 && static_cast<size_t>(r.threw_at) <= b) break;
    stable[j] = b < r.values.size() && !generate::AssertionDetects(r.values[a], r.values[b]) &&
                r.values[a].kind == r.values[b].kind;
  }
  testcase::TestCase kept;
  kept.n = t.n;
  kept.stmts.assign(t.stmts.begin(), t.stmts.begin() + static_cast<long>(own));
  for (size_t j = 0; j < n; ++j) {
    if (stable[j]) kept.stmts.push_back(t.stmts[own + j]);
  }
  if (kept.size() == own) return;
  testcase::ExecResult again = ctx.executor.Run(kept);
  if (!again.Normal() || !again.Writable() || NamesTheSandbox(kept, again, ctx.test_folder)) {
    return;
  }
  w.test = std::move(kept);
  w.result = std::move(again);
}

// After assertion filtering: removes the observer calls whose assertions kill no mutant and
// the values nothing uses (generate::PruneObservers), and takes the run of what is left; `w`
// stays as it was if that run throws (it cannot for a deterministic test). Only for tests
// that end normally.
void DropSilentObservers(const SuiteContext& ctx, WrittenTest& w) {
  testcase::TestCase t = w.test;
  std::vector<bool> keep = w.keep_assertion;
  if (!generate::PruneObservers(t, keep)) return;
  testcase::ExecResult r = ctx.executor.Run(t);
  if (!r.Writable() || r.threw_at >= 0) return;
  w.test = std::move(t);
  w.result = std::move(r);
  w.keep_assertion = std::move(keep);
}

// Runs a test on ctx.executor with one mutant switched on (strong mutation).
generate::RunWithMutant MutantRunner(const SuiteContext& ctx) {
  return [&ctx](const testcase::TestCase& t, generate::MutantRef m) {
    ctx.executor.SetMutant(m.site, m.k);
    testcase::ExecResult r = ctx.executor.Run(t);
    ctx.executor.ClearMutant();
    return r;
  };
}

}  // namespace

bool NamesTheSandbox(const testcase::TestCase& t, const testcase::ExecResult& r,
                     const std::string& folder) {
  const char* bait = std::getenv("JTG_BAIT_DIR");
  if (bait == nullptr || *bait == '\0') return false;
  const std::string root = fs::path(bait).parent_path().string();
  if (NamesScratch(r.exception_message, root, folder)) return true;
  // The scratch path is ASCII.
  const std::u16string root16(root.begin(), root.end()), folder16(folder.begin(), folder.end());
  for (const auto& v : r.values) {
    if (v.kind == testcase::Observed::kString && NamesScratch(v.s, root16, folder16)) return true;
  }
  for (const auto& s : t.stmts) {
    if (s.kind == testcase::StmtKind::kLiteral && s.lit.type == 's' &&
        NamesScratch(s.lit.s, root16, folder16)) {
      return true;
    }
  }
  return false;
}

// Mutant runs per test in the assertion filter and the strong score: a parser test infects up to a
// thousand mutants (commons-cli's DefaultParser: 14 of 51 tests over 200, 1287 mutants left untried
// at 200); the filter's deadline below bounds the total.
constexpr size_t kMaxMutantRunsPerTest = 2000;

// Mutation-based assertion filtering (generate/search/assertion_filter.h) with the mutants each
// test infected, switched on one at a time. Bounded by max(5 s, 10% of the budget); tests
// not reached by then keep every assertion.
void FilterAssertions(const SuiteContext& ctx, std::vector<WrittenTest>& written,
                      SuiteOutcome& outcome) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration<double>(std::max(5.0, 0.1 * ctx.opts.budget_seconds));
  const generate::RunWithMutant run = MutantRunner(ctx);
  analysis::Purity purity(ctx.universe.classpath(), generate::IsImpureApi);
  generate::ObserverCatalog observers(ctx.universe, purity);
  for (auto& w : written) {
    if (std::chrono::steady_clock::now() > deadline) {
      outcome.assertion_filter_complete = false;
      break;
    }
    const size_t own = w.test.size();
    WithObservers(ctx, observers, w);
    outcome.observer_calls += w.test.size() - own;
    std::vector<generate::MutantRef> candidates;
    for (const auto& [site, k] : w.result.mutants) {
      if (k >= 0) candidates.push_back({site, k});
    }
    generate::AssertionChoice c =
        generate::ChooseAssertions(w.test, w.result, candidates, run, kMaxMutantRunsPerTest);
    outcome.assertions_before += c.assertions_before;
    outcome.tests_at_run_limit += c.untried > 0 ? 1 : 0;
    outcome.mutants_untried += c.untried;
    outcome.assertions_after += c.assertions_after;
    w.keep_assertion = std::move(c.keep);
    w.assert_message = c.message;
    outcome.message_assertions += c.message ? 1 : 0;
    if (w.result.Normal()) DropSilentObservers(ctx, w);
    for (const auto& s : w.test.stmts) outcome.observer_calls_kept += s.observer ? 1 : 0;
  }
}

// The strong-mutation score of the final suite: each test run with each mutant it infected
// switched on; a mutant counts as killed when a kept assertion or the test's flow detects it
// (generate::KilledBy). Bounded by max(5 s, 10% of the budget), and by the run's aim
// (SuiteContext::aim_by) past kMinScoringSeconds; past that, later tests add nothing and
// the score is marked incomplete.
void StrongScore(const SuiteContext& ctx, const std::vector<WrittenTest>& written,
                 SuiteOutcome& outcome) {
  using Clock = std::chrono::steady_clock;
  const auto now = Clock::now();
  const auto cap = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                             std::max(5.0, 0.1 * ctx.opts.budget_seconds)));
  const auto least = now + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(kMinScoringSeconds));
  const auto deadline = std::min(cap, std::max(ctx.aim_by, least));
  const generate::RunWithMutant run = MutantRunner(ctx);
  absl::flat_hash_set<int32_t> killed;
  for (const auto& w : written) {
    if (std::chrono::steady_clock::now() > deadline) {
      outcome.strong_complete = false;
      break;
    }
    std::vector<generate::MutantRef> candidates;
    for (const auto& [site, k] : w.result.mutants) {
      const int32_t goal = k >= 0 ? ctx.goals->FindMutantGoal(site, k) : -1;
      if (goal >= 0 && !killed.contains(goal)) candidates.push_back({site, k});
    }
    for (const auto& m : generate::KilledBy(w.test, w.result, w.keep_assertion, candidates, run,
                                            kMaxMutantRunsPerTest, w.assert_message)) {
      killed.insert(ctx.goals->FindMutantGoal(m.site, m.k));
    }
  }
  outcome.strong_killed = ctx.goals->CountOf(generate::GoalKind::kWeakMutation, killed, nullptr);
  std::tie(outcome.strong_pit_killed, outcome.strong_pit_total) =
      ctx.goals->PitDefaultScore(killed);
}

}  // namespace jtg::suite
