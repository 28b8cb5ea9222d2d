#include "generate/search/random_search.h"

#include <set>

#include "jvm/jdk_guards.h"

namespace jtg::generate {

using testcase::TestCase;

void RandomSearch::Run(const SearchBudget& budget) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  size_t all_goals = model_.goals().size();
  while (true) {
    if (budget.max_iterations > 0) {
      if (stats_.iterations >= budget.max_iterations) break;
    } else if (elapsed() >= budget.seconds) {
      break;
    }
    if (all_goals > 0 && archive_.covered() >= all_goals) break;
    Step();
  }
  stats_.seconds = elapsed();
}

void CountOutside(SearchStats& stats, const testcase::TestCase& t, const testcase::ExecResult& r) {
  const int e = r.sandbox_events & ~jvm::kSandboxExit;
  const bool threads = r.threads_busy > 0 || r.threads_unstoppable > 0;
  if (e == 0 && !threads) return;
  if (e & jvm::kSandboxFiles) ++stats.outside_files;
  if (e & jvm::kSandboxNetwork) ++stats.outside_network;
  if (e & jvm::kSandboxProcess) ++stats.outside_processes;
  if (e & jvm::kSandboxSecurityManager) ++stats.outside_security;
  if (e & jvm::kSandboxUserDirs) ++stats.outside_user_dirs;
  if (threads) ++stats.outside_threads;
  // Blame the call during which it happened, else (threads) the last call.
  const testcase::Callable* c = nullptr;
  const size_t at = r.sandbox_at >= 0 ? static_cast<size_t>(r.sandbox_at) : t.stmts.size();
  for (size_t i = 0; i < t.stmts.size() && i <= at; ++i) {
    if (t.stmts[i].kind == testcase::StmtKind::kCall) c = t.stmts[i].callable.get();
  }
  if (c == nullptr) return;
  const std::string key = c->name + c->descriptor;
  ++stats.outside[key];
  if (stats.outside_first.count(key) == 0) {
    stats.outside_first[key] = !r.sandbox_first.empty() ? r.sandbox_first : "threads left running";
  }
}

void RandomSearch::Step() {
  ++stats_.iterations;
  const CallablePtr& target = selector_.Pick(rng_);
  auto tc = std::make_shared<TestCase>();
  if (factory_.AppendCall(*tc, target, 0) < 0) {
    ++stats_.discarded;
    return;
  }
  testcase::ExecResult r = ex_.Run(*tc);
  if (build_log_ != nullptr) build_log_->Observe(*tc, r);
  CountOutside(stats_, *tc, r);
  std::string key = target->name + target->descriptor;
  stats_.statements += static_cast<int64_t>(r.values.size()) + (r.threw_at >= 0 ? 1 : 0);
  if (r.budget_exceeded) {
    ++stats_.budget_exceeded;
    ++stats_.overruns[key];
    selector_.Penalize(target.get());
    factory_.LimitSizes(*target);
  }
  if (r.exit_attempt) {
    ++stats_.exit_attempts;
    ++stats_.exits[key];
    selector_.Penalize(target.get());
  }
  if (!r.Writable()) {
    ++stats_.discarded;
    return;
  }
  // A test that fails before its last statement has dead statements after the failure;
  // cut it there so it stays minimal and the failure is its last statement.
  if (r.threw_at >= 0 && static_cast<size_t>(r.threw_at) + 1 < tc->size()) {
    tc->stmts.resize(static_cast<size_t>(r.threw_at) + 1);
  }
  u_.AddObserved(r);
  std::vector<int32_t> goals = model_.GoalsReached(r.goals, r.switches);
  archive_.Update(tc, goals, -1, r.threw_at >= 0);
  if (r.Normal()) {
    ++stats_.normal;
    pool_.Add(*tc);
  } else {
    ++stats_.exceptional;
  }
}

}  // namespace jtg::generate
