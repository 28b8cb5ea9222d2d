#include "cli/suite_steps.h"

#include <chrono>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include "absl/container/flat_hash_set.h"
#include "generate/assertion_filter.h"
#include "generate/minimizer.h"
#include "jvm/jni_util.h"
#include "jvm/mockito_jars.h"
#include "output/run_breakers.h"
#include "nlohmann/json.hpp"
#include "output/junit_writer.h"
#include "output/validator.h"

namespace jtg::cli {

namespace fs = std::filesystem;
using output::WrittenTest;

output::TypeOracle MakeOracle(testcase::Executor& ex) {
  output::TypeOracle o;
  o.is_public = [&ex](const std::string& n) { return ex.IsPublic(n); };
  auto assignable_to = [&ex](const char* name) {
    return [&ex, name](const classfile::TypeDesc& t) {
      classfile::TypeDesc target;
      target.base = 'L';
      target.class_name = name;
      return t.IsReference() && ex.IsAssignable(t, target);
    };
  };
  o.is_collection = assignable_to("java/util/Collection");
  o.is_map = assignable_to("java/util/Map");
  o.public_exception = [&ex](const std::string& n) { return ex.NearestPublicClass(n); };
  return o;
}

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

// Whether a test's literals, or what its run observed in a value or an exception message,
// name the sandbox's own directories (the scratch, the read-only cwd and java.io.tmpdir of
// the code under test, sandbox/namespaces.h): they exist for one run on one machine, so no
// test or assertion on them holds anywhere else. The test folder is the exception.
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

// Runs every test in order and returns the results; non-writable tests are dropped, and so
// are tests that name the sandbox's directories.
std::vector<WrittenTest> Execute(std::vector<testcase::TestCase> tests,
                                 testcase::Executor& ex, const std::string& folder) {
  std::vector<WrittenTest> out;
  for (auto& t : tests) {
    testcase::ExecResult r = ex.Run(t);
    if (!r.Writable() || NamesTheSandbox(t, r, folder)) continue;
    out.push_back(WrittenTest{std::move(t), std::move(r)});
  }
  return out;
}

std::string LastCallName(const testcase::TestCase& t) {
  if (t.stmts.empty() || t.stmts.back().kind != testcase::StmtKind::kCall) return "";
  return t.stmts.back().callable->name;
}

// Mutation-based assertion filtering (generate/assertion_filter.h) with the mutants each
// test infected, switched on one at a time. Bounded by max(5 s, 10% of the budget); tests
// not reached by then keep every assertion.
void FilterAssertions(const SuiteContext& ctx, std::vector<WrittenTest>& written,
                      SuiteOutcome& outcome) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration<double>(std::max(5.0, 0.1 * ctx.opts.budget_seconds));
  auto run = [&](const testcase::TestCase& t, generate::MutantRef m) {
    ctx.executor.SetMutant(m.site, m.k);
    testcase::ExecResult r = ctx.executor.Run(t);
    ctx.executor.ClearMutant();
    return r;
  };
  for (auto& w : written) {
    if (std::chrono::steady_clock::now() > deadline) {
      outcome.assertion_filter_complete = false;
      break;
    }
    std::vector<generate::MutantRef> candidates;
    for (const auto& [site, k] : w.result.mutants) {
      if (k >= 0) candidates.push_back({site, k});
    }
    generate::AssertionChoice c =
        generate::ChooseAssertions(w.test, w.result, candidates, run);
    outcome.assertions_before += c.assertions_before;
    outcome.assertions_after += c.assertions_after;
    w.keep_assertion = std::move(c.keep);
  }
}

}  // namespace

StatusOr<SuiteOutcome> FinishSuite(const SuiteContext& ctx, const generate::Archive& archive) {
  // 1. Minimize each archived test for the goals it was kept for.
  std::vector<testcase::TestCase> tests;
  for (const auto& a : archive.Tests()) {
    tests.push_back(generate::Minimize(a.test, a.goals, ctx.reach, ctx.executor));
  }
  std::stable_sort(tests.begin(), tests.end(), [](const auto& a, const auto& b) {
    return LastCallName(a) < LastCallName(b);
  });
  std::vector<WrittenTest> written = Execute(std::move(tests), ctx.executor, ctx.test_folder);
  SuiteOutcome outcome;
  if (ctx.goals != nullptr) FilterAssertions(ctx, written, outcome);

  // 2. Write and validate; drop what fails until the file compiles and passes every run.
  output::WriterOptions wopts;
  wopts.dialect = ctx.opts.junit == 4 ? output::Dialect::kJUnit4 : output::Dialect::kJUnit5;
  wopts.cut_internal_name = ctx.cut_internal;
  wopts.header_comment = "Seed " + std::to_string(ctx.opts.seed) + ".";
  wopts.test_folder = ctx.test_folder;
  output::TypeOracle oracle = MakeOracle(ctx.executor);
  // Removed on every return path (issue 21: an error in a validation round leaked it).
  JTG_ASSIGN_OR_RETURN(output::WorkDir work, output::WorkDir::Make("jtestgen-"));
  output::ValidatorOptions vopts = output::ValidatorFor(
      ctx.opts.mocks ? ctx.opts.classpath + ":" + jvm::MockitoClasspath() : ctx.opts.classpath,
      wopts.dialect, ctx.opts.validation_runs, work.path());
  output::JavaFile file;
  std::optional<std::chrono::steady_clock::time_point> bisect_deadline;
  for (int round = 0; round < 6; ++round) {
    file = output::WriteJUnit(written, wopts, oracle);
    JTG_ASSIGN_OR_RETURN(auto v, output::Validate(file, ctx.opts.out_dir, vopts));
    if (v.bad_tests.empty()) break;
    if (v.whole_run_failed && written.size() > 1) {
      // No test named: find the ones that break the run instead of dropping them all,
      // within max(30 s, half the budget) over all rounds (the supervisor's hard bound is
      // budget + max(120 s, budget)).
      outcome.run_failure = v.failure;
      if (!bisect_deadline) {
        bisect_deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(
                                  std::max(30.0, 0.5 * ctx.opts.budget_seconds)));
      }
      JTG_ASSIGN_OR_RETURN(
          output::RunBreakers rb,
          output::FindRunBreakers(written, wopts, oracle, vopts, *bisect_deadline));
      v.bad_tests.clear();
      for (size_t i = 0; i < rb.bad.size() && i < file.test_names.size(); ++i) {
        if (rb.bad[i]) v.bad_tests.insert(file.test_names[i]);
      }
      if (v.bad_tests.empty()) {
        // Each half passes alone, the whole does not (memory or time add up): keep the
        // first half rather than nothing.
        for (size_t i = file.test_names.size() / 2; i < file.test_names.size(); ++i) {
          v.bad_tests.insert(file.test_names[i]);
        }
      }
      outcome.run_breakers += static_cast<int>(v.bad_tests.size());
      outcome.run_breakers_complete = outcome.run_breakers_complete && rb.complete;
    }
    if (!ctx.opts.quiet) {
      std::fprintf(stderr, "validation: dropping %zu failing test(s):", v.bad_tests.size());
      for (const std::string& name : v.bad_tests) std::fprintf(stderr, " %s", name.c_str());
      std::fprintf(stderr, "\n");
      if (std::getenv("JTG_VALIDATION_LOG") != nullptr) std::fprintf(stderr, "%s\n", v.log.c_str());
    }
    std::vector<WrittenTest> kept;
    for (size_t i = 0; i < written.size(); ++i) {
      if (v.bad_tests.count(file.test_names[i]) == 0) kept.push_back(std::move(written[i]));
      else ++outcome.dropped;
    }
    written = std::move(kept);
    if (round == 5) {
      return absl::InternalError("validation did not converge; last log:\n" + v.log);
    }
  }
  std::string pkg = file.package_name;
  std::replace(pkg.begin(), pkg.end(), '.', '/');
  outcome.test_file = (fs::path(ctx.opts.out_dir) / pkg / (file.class_name + ".java")).string();
  outcome.tests = static_cast<int>(written.size());

  // 3. Coverage of the kept tests, from our own probes.
  absl::flat_hash_set<int32_t> covered(ctx.load_goals.begin(), ctx.load_goals.end());
  absl::flat_hash_set<int32_t> killed;  // weak mutants, when measured
  for (const auto& w : written) {
    testcase::ExecResult r = ctx.executor.Run(w.test);
    for (int32_t g : ctx.model.GoalsReached(r.goals, r.switches)) covered.insert(g);
    if (ctx.goals != nullptr) {
      for (int32_t g : ctx.goals->Evaluate(w.test, r).reached) killed.insert(g);
    }
  }
  outcome.coverage = ctx.model.Measure(covered);
  outcome.covered = covered;
  if (ctx.goals != nullptr) {
    outcome.mutants_killed =
        ctx.goals->CountOf(generate::GoalKind::kWeakMutation, killed, &outcome.mutants_total);
  }
  return outcome;
}

Status WriteReport(const SuiteReport& r, const std::string& out_dir) {
  nlohmann::ordered_json j;
  j["class"] = r.class_name;
  j["junit"] = r.junit;
  j["seed"] = r.seed;
  j["tests"] = r.tests;
  j["branches"] = {{"covered", r.coverage.branches_covered},
                   {"total", r.coverage.branches_total}};
  j["lines"] = {{"covered", r.coverage.lines_covered}, {"total", r.coverage.lines_total}};
  j["uncovered_lines"] = r.coverage.uncovered_lines;
  if (!r.coverage.classes.empty()) {
    // Per class, as JaCoCo reports them: the class under test, then its nested classes;
    // "branches" and "lines" above are their sums.
    nlohmann::ordered_json classes = nlohmann::ordered_json::array();
    for (const auto& c : r.coverage.classes) {
      classes.push_back({{"class", c.class_name},
                         {"branches", {{"covered", c.branches_covered},
                                       {"total", c.branches_total}}},
                         {"lines", {{"covered", c.lines_covered}, {"total", c.lines_total}}}});
    }
    j["classes"] = classes;
  }
  j["time_s"] = {{"search", r.search_seconds}, {"total", r.total_seconds}};
  j["algorithm"] = r.search;
  j["generations"] = r.generations;
  if (!r.heuristics.empty()) j["heuristics"] = r.heuristics;
  j["test_file"] = r.test_file;
  j["dropped_tests"] = r.dropped;
  j["inherited_calls"] = r.inherited_calls;
  if (!r.run_failure.empty()) {
    j["validation_run_failure"] = {{"ended", r.run_failure},
                                   {"tests_breaking_it", r.run_breakers},
                                   {"bisection_complete", r.run_breakers_complete}};
  }
  j["search"] = {{"tests_executed", r.stats.iterations},
                 {"statements_executed", r.stats.statements},
                 {"statements_per_second",
                  r.stats.seconds > 0 ? r.stats.statements / r.stats.seconds : 0.0},
                 {"budget_exceeded", r.stats.budget_exceeded},
                 {"exit_attempts", r.stats.exit_attempts},
                 {"candidate_search", {{"rounds", r.stats.candidate_rounds},
                                       {"tests", r.stats.candidate_tests},
                                       {"goals_first_covered", r.stats.candidate_goals}}}};
  j["methods_not_instrumented"] = r.coverage.methods_not_instrumented;
  j["overrunning_methods"] = r.stats.overruns;
  j["exiting_methods"] = r.stats.exits;
  {
    // Executions that reached outside the JVM (the sandbox kept them from doing harm);
    // their tests were not written.
    nlohmann::ordered_json methods = nlohmann::ordered_json::object();
    for (const auto& [m, n] : r.stats.outside) {
      methods[m] = {{"runs", n}, {"first", r.stats.outside_first.at(m)}};
    }
    j["outside"] = {{"files", r.stats.outside_files},
                    {"network", r.stats.outside_network},
                    {"processes", r.stats.outside_processes},
                    {"security_manager", r.stats.outside_security},
                    {"threads", r.stats.outside_threads},
                    {"methods", methods}};
  }
  {
    nlohmann::ordered_json types = nlohmann::ordered_json::array();
    for (const auto& t : r.not_built.types) {
      types.push_back({{"type", t.type},
                       {"branches", t.branches},
                       {"lines", t.lines},
                       {"methods", t.methods}});
    }
    j["not_built"] = {{"branches", r.not_built.branches},
                      {"lines", r.not_built.lines},
                      {"types", types}};
  }
  {
    // Methods of nested classes that nothing the search built ever ran.
    nlohmann::ordered_json methods = nlohmann::ordered_json::array();
    int branches = 0;
    for (const auto& m : r.unreached_nested) {
      methods.push_back({{"method", m.method}, {"branches", m.branches}, {"blocks", m.blocks}});
      branches += m.branches;
    }
    j["unreached_nested"] = {{"branches", branches}, {"methods", methods}};
  }
  if (r.weak_mutation) {
    j["weak_mutation"] = {{"killed", r.mutants_killed}, {"total", r.mutants_total}};
    j["assertions"] = {{"before_filtering", r.assertions_before},
                       {"after_filtering", r.assertions_after},
                       {"filter_complete", r.assertion_filter_complete}};
  }
  fs::create_directories(out_dir);
  std::string path = (fs::path(out_dir) / "jtestgen-report.json").string();
  std::ofstream out(path);
  // Strings from the code under test (paths, values) may not be valid UTF-8: replaced,
  // never a reason to lose the report.
  out << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
  if (!out) return absl::InternalError("cannot write " + path);
  return absl::OkStatus();
}

void PrintSummary(const SuiteReport& r) {
  std::printf("jtestgen suite: %s\n", r.class_name.c_str());
  std::printf("  tests written:   %d (%d dropped by validation) -> %s\n", r.tests, r.dropped,
              r.test_file.c_str());
  std::printf("  branches:        %d/%d (%.1f%%)\n", r.coverage.branches_covered,
              r.coverage.branches_total, r.coverage.BranchPct());
  std::printf("  lines:           %d/%d (%.1f%%)\n", r.coverage.lines_covered,
              r.coverage.lines_total, r.coverage.LinePct());
  if (!r.coverage.classes.empty()) {
    std::printf("  (class and %zu nested classes; per class in the report)\n",
                r.coverage.classes.size() - 1);
  }
  if (r.weak_mutation) {
    std::printf("  weak mutants:    %zu/%zu killed (%.1f%%)\n", r.mutants_killed,
                r.mutants_total,
                r.mutants_total > 0 ? 100.0 * r.mutants_killed / r.mutants_total : 0.0);
    std::printf("  assertions:      %zu of %zu kept by mutation analysis%s\n",
                r.assertions_after, r.assertions_before,
                r.assertion_filter_complete ? "" : " (time cap hit: later tests unfiltered)");
  }
  if (r.not_built.branches > 0 || r.not_built.lines > 0) {
    std::string top;
    for (size_t k = 0; k < r.not_built.types.size() && k < 3; ++k) {
      const auto& t = r.not_built.types[k];
      top += (k > 0 ? ", " : "") + t.type + " (" + std::to_string(t.branches) + " br, " +
             std::to_string(t.lines) + " lines)";
    }
    std::printf("  not built:       %d branches, %d lines; top types: %s\n",
                r.not_built.branches, r.not_built.lines, top.c_str());
  }
  std::printf("  search:          %s, %.1f s, %lld tests, %.0f statements/s\n",
              r.search.c_str(), r.search_seconds, static_cast<long long>(r.stats.iterations),
              r.stats.seconds > 0 ? r.stats.statements / r.stats.seconds : 0.0);
  if (r.stats.candidate_rounds > 0) {
    std::printf("  candidate search: %lld rounds, %lld tests, %lld goals covered first\n",
                static_cast<long long>(r.stats.candidate_rounds),
                static_cast<long long>(r.stats.candidate_tests),
                static_cast<long long>(r.stats.candidate_goals));
  }
  std::printf("  total wall time: %.1f s (search, minimization, validation)\n",
              r.total_seconds);
  for (const auto& [m, n] : r.stats.overruns) {
    std::printf("  note: %lld run(s) of %s passed the per-test budget (hang or long loop); "
                "those tests were not written\n", static_cast<long long>(n), m.c_str());
  }
  for (const auto& [m, n] : r.stats.outside) {
    std::printf("  note: %lld run(s) of %s reached outside the JVM (first: %s); the sandbox "
                "contained them and those tests were not written\n",
                static_cast<long long>(n), m.c_str(), r.stats.outside_first.at(m).c_str());
  }
  if (!r.run_failure.empty()) {
    std::printf("  note: a validation run of the whole class failed as a whole (%s); %d test(s) "
                "found to cause it by bisection were dropped%s\n",
                r.run_failure.c_str(), r.run_breakers,
                r.run_breakers_complete ? "" : " (time cap hit: unsettled tests dropped too)");
  }
  for (const auto& [m, n] : r.stats.exits) {
    std::printf("  note: %lld run(s) of %s called System.exit/Runtime.halt (neutralized); "
                "those tests were not written\n", static_cast<long long>(n), m.c_str());
  }
}

}  // namespace jtg::cli
