#include "suite/suite_report.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/atomic_file.h"
#include "common/log.h"
#include "common/version.h"
#include "jvm/java_home.h"
#include "nlohmann/json.hpp"

namespace jtg::suite {

namespace fs = std::filesystem;

namespace {
// The mutation operators whose mutants the weak and strong scores count (goals.h).
const std::vector<std::string> kMutationOperators = {
    "ROR (relational operator replacement: conditionals boundary, negate conditionals)",
    "REMOVE_CONDITIONALS_ELSE (each conditional jump always taken)",
    "AOR (arithmetic operator replacement: math)",
    "BOR (bitwise operator replacement)",
    "SOR (shift operator replacement)",
    "TRUE_RETURNS",
    "FALSE_RETURNS",
    "PRIMITIVE_RETURNS",
    "EMPTY_RETURNS",
    "NULL_RETURNS",
    "INCREMENTS",
    "INVERT_NEGS",
    "VOID_METHOD_CALLS"};
}  // namespace

Status WriteReport(const SuiteReport& r, const std::string& out_dir) {
  nlohmann::ordered_json j;
  j["class"] = r.class_name;
  j["version"] = std::string(Version());  // the binary that made the report
  j["jdk"] = jvm::JdkInUse();             // and the JDK it ran on
  j["junit"] = r.junit;
  j["seed"] = r.seed;
  j["tests"] = r.tests;
  j["branches"] = {{"covered", r.coverage.branches_covered}, {"total", r.coverage.branches_total}};
  j["lines"] = {{"covered", r.coverage.lines_covered}, {"total", r.coverage.lines_total}};
  j["uncovered_lines"] = r.coverage.uncovered_lines;
  if (!r.coverage.classes.empty()) {
    // Per class, as JaCoCo reports them: the class under test, then its nested classes;
    // "branches" and "lines" above are their sums.
    nlohmann::ordered_json classes = nlohmann::ordered_json::array();
    for (const auto& c : r.coverage.classes) {
      classes.push_back(
          {{"class", c.class_name},
           {"branches", {{"covered", c.branches_covered}, {"total", c.branches_total}}},
           {"lines", {{"covered", c.lines_covered}, {"total", c.lines_total}}}});
    }
    j["classes"] = classes;
  }
  j["time_s"] = {{"search", r.search_seconds}, {"total", r.total_seconds}};
  for (const auto& [phase, seconds] : r.phase_seconds) j["time_s"]["phases"][phase] = seconds;
  j["algorithm"] = r.search;
  j["generations"] = r.generations;
  if (!r.heuristics.empty()) j["heuristics"] = r.heuristics;
  j["test_file"] = r.test_file;
  j["dropped_tests"] = r.dropped;
  j["inherited_calls"] = r.inherited_calls;
  j["validation"] = {{"runs", r.validation.environments.size()},
                     {"environments", r.validation.environments},
                     {"clock_shifted", r.validation.clock_shifted},
                     {"cut_short_by_time_bound", r.validation.cut_short},
                     {"assertions_dropped", r.validation.assertions_dropped},
                     {"assertions_dropped_in", r.validation.assertion_reasons},
                     {"tests_dropped_in", r.validation.test_reasons},
                     {"unstable_assertions_in_search", r.validation.unstable_in_search},
                     {"unstable_tests_in_search", r.validation.unstable_tests_in_search}};
  j["readability"] = {{"test_methods", r.readability.test_methods},
                      {"parameterized_groups", r.readability.parameterized_groups},
                      {"duplicates_merged", r.readability.duplicates_merged},
                      {"redundant_dropped", r.readability.redundant_dropped},
                      {"no_assertion_kept", r.readability.no_assertion_kept},
                      {"review_failed", r.readability.review_failed}};
  if (!r.run_failure.empty()) {
    j["validation_run_failure"] = {{"ended", r.run_failure},
                                   {"tests_breaking_it", r.run_breakers},
                                   {"bisection_complete", r.run_breakers_complete}};
  }
  j["search"] = {
      {"tests_executed", r.stats.iterations},
      {"statements_executed", r.stats.statements},
      {"statements_per_second", r.stats.seconds > 0 ? r.stats.statements / r.stats.seconds : 0.0},
      {"budget_exceeded", r.stats.budget_exceeded},
      {"exit_attempts", r.stats.exit_attempts},
      {"candidate_search",
       {{"rounds", r.stats.candidate_rounds},
        {"tests", r.stats.candidate_tests},
        {"goals_first_covered", r.stats.candidate_goals}}},
      {"solver",
       {{"rounds", r.stats.solver.rounds},
        {"tests", r.stats.solver.tests},
        {"goals_first_covered", r.stats.solver.goals},
        {"queries",
         {{"sat", r.stats.solver.sat},
          {"unsat", r.stats.solver.unsat},
          {"timeout", r.stats.solver.timeout}}},
        {"unmodelled_calls", r.stats.solver.unmodelled},
        {"seconds", r.stats.solver.seconds},
        {"share_of_search",
         r.stats.seconds > 0 ? r.stats.solver.seconds / r.stats.seconds : 0.0}}}};
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
                    {"user_dirs", r.stats.outside_user_dirs},
                    {"methods", methods}};
  }
  {
    nlohmann::ordered_json types = nlohmann::ordered_json::array();
    for (const auto& t : r.not_built.types) {
      types.push_back(
          {{"type", t.type}, {"branches", t.branches}, {"lines", t.lines}, {"methods", t.methods}});
    }
    j["not_built"] = {
        {"branches", r.not_built.branches}, {"lines", r.not_built.lines}, {"types", types}};
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
    j["strong_mutation"] = {
        {"killed", r.strong_killed},
        {"total", r.mutants_total},
        {"complete", r.strong_complete},
        {"operators", kMutationOperators},
        {"pit_defaults", {{"killed", r.strong_pit_killed}, {"total", r.strong_pit_total}}}};
    j["assertions"] = {{"before_filtering", r.assertions_before},
                       {"after_filtering", r.assertions_after},
                       {"filter_complete", r.assertion_filter_complete},
                       {"observer_calls", r.observer_calls},
                       {"observer_calls_kept", r.observer_calls_kept},
                       {"exception_messages", r.message_assertions},
                       {"tests_at_run_limit", r.tests_at_run_limit},
                       {"mutants_untried", r.mutants_untried}};
  }
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) return absl::InternalError("cannot create " + out_dir + ": " + ec.message());
  std::string path = (fs::path(out_dir) / "jtestgen-report.json").string();
  // Strings from the code under test (paths, values) may not be valid UTF-8: replaced,
  // never a reason to lose the report.
  return WriteFileAtomically(
      path, j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
}

void PrintSummary(const SuiteReport& r) {
  std::printf("jtestgen suite: %s\n", r.class_name.c_str());
  std::printf("  tests written:   %d (%d dropped by validation) -> %s\n", r.tests, r.dropped,
              r.test_file.c_str());
  std::printf(
      "  test methods:    %d (%d parameterized; %d redundant tests dropped, %d duplicates "
      "written once; %d asserting nothing, kept for coverage)\n",
      r.readability.test_methods, r.readability.parameterized_groups,
      r.readability.redundant_dropped, r.readability.duplicates_merged,
      r.readability.no_assertion_kept);
  if (r.validation.unstable_in_search > 0 || r.validation.unstable_tests_in_search > 0) {
    std::printf(
        "  unstable:        %d assertion(s) and %d test(s) changed when run again with "
        "another time zone, locale and charset; not written\n",
        r.validation.unstable_in_search, r.validation.unstable_tests_in_search);
  }
  if (r.validation.assertions_dropped > 0 || !r.validation.test_reasons.empty()) {
    std::string why;
    for (const auto& [label, n] : r.validation.assertion_reasons) {
      why += (why.empty() ? "" : "; ") + std::to_string(n) + " in " + label;
    }
    std::printf(
        "  validation:      %zu runs, varying %stime zone, locale, charset and order; %d "
        "assertion(s) dropped as they changed%s%s\n",
        r.validation.environments.size(), r.validation.clock_shifted ? "clock, " : "",
        r.validation.assertions_dropped, why.empty() ? "" : " (",
        why.empty() ? "" : (why + ")").c_str());
  }
  if (r.validation.cut_short) {
    std::printf(
        "  validation cut:  the time bound neared, the last rounds ran this machine's "
        "environment only (raise --time-bound for all runs)\n");
  }
  std::printf("  branches:        %d/%d (%.1f%%)\n", r.coverage.branches_covered,
              r.coverage.branches_total, r.coverage.BranchPct());
  std::printf("  lines:           %d/%d (%.1f%%)\n", r.coverage.lines_covered,
              r.coverage.lines_total, r.coverage.LinePct());
  if (!r.coverage.classes.empty()) {
    std::printf("  (class and %zu nested classes; per class in the report)\n",
                r.coverage.classes.size() - 1);
  }
  if (r.weak_mutation) {
    std::printf("  weak mutants:    %zu/%zu killed (%.1f%%)\n", r.mutants_killed, r.mutants_total,
                r.mutants_total > 0 ? 100.0 * r.mutants_killed / r.mutants_total : 0.0);
    std::printf("  strong mutants:  %zu/%zu killed by the tests' assertions (%.1f%%)%s\n",
                r.strong_killed, r.mutants_total,
                r.mutants_total > 0 ? 100.0 * r.strong_killed / r.mutants_total : 0.0,
                r.strong_complete ? "" : " (time cap hit: a lower bound)");
    std::printf(
        "  PIT's mutants:   %zu/%zu killed (%.1f%%; its default mutators, in this class alone)\n",
        r.strong_pit_killed, r.strong_pit_total,
        r.strong_pit_total > 0 ? 100.0 * r.strong_pit_killed / r.strong_pit_total : 0.0);
    const std::string messages =
        r.message_assertions > 0
            ? absl::StrCat(" (", r.message_assertions, " on an exception's message)")
            : "";
    std::printf("  assertions:      %zu of %zu kept by mutation analysis%s%s\n", r.assertions_after,
                r.assertions_before, messages.c_str(),
                r.assertion_filter_complete ? "" : " (time cap hit: later tests unfiltered)");
    if (r.observer_calls > 0) {
      std::printf("  observers:       %zu of %zu observer calls kept (they kill mutants)\n",
                  r.observer_calls_kept, r.observer_calls);
    }
  }
  if (r.not_built.branches > 0 || r.not_built.lines > 0) {
    std::string top;
    for (size_t k = 0; k < r.not_built.types.size() && k < 3; ++k) {
      const auto& t = r.not_built.types[k];
      top += (k > 0 ? ", " : "") + t.type + " (" + std::to_string(t.branches) + " br, " +
             std::to_string(t.lines) + " lines)";
    }
    std::printf("  not built:       %d branches, %d lines; top types: %s\n", r.not_built.branches,
                r.not_built.lines, top.c_str());
  }
  std::printf("  search:          %s, %.1f s, %lld tests, %.0f statements/s\n", r.search.c_str(),
              r.search_seconds, static_cast<long long>(r.stats.iterations),
              r.stats.seconds > 0 ? r.stats.statements / r.stats.seconds : 0.0);
  // The search's internals: with --verbose only (common/log.h).
  if (log::Verbose() && r.stats.candidate_rounds > 0) {
    std::printf("  candidate search: %lld rounds, %lld tests, %lld goals covered first\n",
                static_cast<long long>(r.stats.candidate_rounds),
                static_cast<long long>(r.stats.candidate_tests),
                static_cast<long long>(r.stats.candidate_goals));
  }
  if (log::Verbose() && r.stats.solver.rounds > 0) {
    const generate::SolverStats& v = r.stats.solver;
    std::printf(
        "  solver:          %lld rounds, %lld tests, %lld goals covered first; queries %lld sat, "
        "%lld unsat, %lld timed out; %.1f s (%.0f%% of the search)\n",
        static_cast<long long>(v.rounds), static_cast<long long>(v.tests),
        static_cast<long long>(v.goals), static_cast<long long>(v.sat),
        static_cast<long long>(v.unsat), static_cast<long long>(v.timeout), v.seconds,
        r.stats.seconds > 0 ? 100 * v.seconds / r.stats.seconds : 0.0);
  }
  std::string phases;
  for (const auto& [phase, seconds] : r.phase_seconds) {
    absl::StrAppend(&phases, phases.empty() ? "" : ", ", phase, " ",
                    absl::StrFormat("%.1f", seconds));
  }
  std::printf("  total wall time: %.1f s (%s)\n", r.total_seconds,
              phases.empty() ? "search, minimization, validation" : phases.c_str());
  for (const auto& [m, n] : r.stats.overruns) {
    std::printf(
        "  note: %lld run(s) of %s passed the per-test budget (hang or long loop); "
        "those tests were not written\n",
        static_cast<long long>(n), m.c_str());
  }
  for (const auto& [m, n] : r.stats.outside) {
    // A read of the stand-in home, working or temporary directory harms nothing here; the
    // written test would read the user's own.
    const std::string& first = r.stats.outside_first.at(m);
    const bool reads = first.starts_with("reads: ");
    std::printf(
        "  note: %lld run(s) of %s %s (first: %s); the sandbox contained them and those tests "
        "were not written\n",
        static_cast<long long>(n), m.c_str(),
        reads ? "read the home, working or temporary directory" : "reached outside the JVM",
        first.c_str());
  }
  if (!r.run_failure.empty()) {
    std::printf(
        "  note: a validation run of the whole class failed as a whole (%s); %d test(s) "
        "found to cause it by bisection were dropped%s\n",
        r.run_failure.c_str(), r.run_breakers,
        r.run_breakers_complete ? "" : " (time cap hit: unsettled tests dropped too)");
  }
  for (const auto& [m, n] : r.stats.exits) {
    std::printf(
        "  note: %lld run(s) of %s called System.exit/Runtime.halt (neutralized); "
        "those tests were not written\n",
        static_cast<long long>(n), m.c_str());
  }
}

}  // namespace jtg::suite
