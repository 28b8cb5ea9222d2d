// jtestgen command line. Only main() decides to exit: every error arrives here as a Status
// and is printed as one line naming the thing and the reason.
#include <cstdio>
#include <exception>
#include <functional>
#include <string>

#include "CLI/CLI.hpp"
#include "cli/budget.h"
#include "cli/project_flags.h"
#include "common/log.h"
#include "common/version.h"
#include "cover/run_cover.h"
#include "jvm/java_home.h"
#include "output/output_layout.h"
#include "project/child_args.h"
#include "project/project_run.h"
#include "report/run_report.h"
#include "suite/run_suite.h"
#include "supervise/supervisor.h"

int main(int argc, char** argv) {
  CLI::App app{"jtestgen: test generation and coverage for Java bytecode"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(jtg::Version()), "print the version and exit");
  jtg::suite::SuiteOptions suite;
  std::string budget = "60s";
  auto* cmd = app.add_subcommand("suite", "generate a JUnit test class for a class under test");
  cmd->add_option("--classpath,--cp", suite.classpath, "directories and jars, ':'-separated")
      ->required();
  auto* sclass = cmd->add_option("--class", suite.class_name, "class under test (binary name)");
  jtg::cli::ProjectFlags suite_project;
  jtg::cli::AddProjectFlags(cmd, suite_project);
  sclass->excludes(suite_project.classes_opt)->excludes(suite_project.target_opt);
  cmd->add_option("--budget", budget, "search budget, e.g. 60s, 2m (default 60s)");
  cmd->add_option("--iterations", suite.iterations,
                  "stop the search after N generated tests (reproducible runs)");
  cmd->add_option("--out", suite.out_dir, "output directory (default gen)");
  cmd->add_option("--test-suffix", suite.test_suffix,
                  "ends the test class's name: <Class><suffix> (default JtgTest)")
      ->check([](const std::string& s) {
        return jtg::output::ValidTestSuffix(s) ? std::string()
                                               : std::string("must be letters, digits, '_' or '$'");
      });
  cmd->add_flag("--overwrite", suite.overwrite,
                "replace a test file of the same name that jtestgen did not write (by default "
                "the run stops and leaves it untouched)");
  cmd->add_flag("--pin-environment", suite.pin_environment,
                "the test class sets the default time zone and locale of this run before its "
                "tests and restores them after, so assertions on values that depend on them "
                "are kept (default: such assertions are dropped by validation)");
  cmd->add_option("--report-dir", suite.report_dir,
                  "where jtestgen-report.json goes (default: --out, or target/jtestgen beside "
                  "a source root such as src/test/java)");
  cmd->add_option("--junit", suite.junit, "JUnit dialect: 4 or 5 (default 5)")
      ->check(CLI::IsMember({4, 5}));
  cmd->add_option("--seed", suite.seed, "random seed (default 0)");
  cmd->add_option("--validation-runs", suite.validation_runs,
                  "JUnit runs per validation round (default 5)");
  std::string time_bound;
  cmd->add_option("--time-bound", time_bound,
                  "hard wall-clock bound of one class's run, search and validation included, "
                  "e.g. 5m; past it the run stops (default: budget + max(120 s, budget), in "
                  "proportion for more than 5 validation runs)");
  cmd->add_flag("--quiet", suite.quiet, "print no summary");
  bool verbose = false;
  const char* kVerboseHelp =
      "also print the internals on stderr: each javac and java run with its time, each "
      "phase, the tests validation drops, the solver's and candidate search's figures";
  cmd->add_flag("--verbose", verbose, kVerboseHelp);
  std::string java_home;
  const char* kJavaHomeHelp =
      "the JDK to run on (17 or later; default: JAVA_HOME, else the java on PATH)";
  cmd->add_option("--java-home", java_home, kJavaHomeHelp);
  jtg::supervise::SupervisorOptions sup;
  bool no_sandbox = false;
  cmd->add_flag("--no-sandbox", no_sandbox,
                "run the code under test without the sandbox (read-only file system except "
                "--out, loopback-only network); only for systems without namespaces, at your "
                "own risk");
  std::string search = "dynamosa";
  cmd->add_option("--search", search,
                  "search algorithm: dynamosa (default), adynamosa, mosa, random")
      ->check(CLI::IsMember({"dynamosa", "adynamosa", "mosa", "random"}));
  cmd->add_option("--population", suite.population, "GA population size (default 50)");
  cmd->add_option("--crossover-rate", suite.crossover_rate, "GA crossover rate (default 0.75)");
  cmd->add_flag("--weak-mutation,!--no-weak-mutation", suite.weak_mutation,
                "target weak mutants (relational, arithmetic, bitwise, shift operators; PIT's "
                "return, increment and negation mutators), filter assertions by mutant kills and "
                "report the mutation score (default: on)");
  cmd->add_option("--inherited-weight", suite.inherited_weight,
                  "chance of each inherited method, against 1 for each method the class "
                  "declares, when the search picks a call (default 0.5)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_flag("--candidate-search,!--no-candidate-search", suite.candidate_search,
                "when the search stagnates, try call sequences that could set the state of "
                "methods with uncovered goals (JTestCraft's candidate sequence search; "
                "default: on)");
  cmd->add_flag("--solver,!--no-solver", suite.solver,
                "when the search stagnates, solve for the branches it reached but did not flip "
                "(concolic execution of the call, Z3; default: on)");
  cmd->add_option("--solver-log", suite.solver_log,
                  "write the solver's debug log to FILE: replays it could not model, queries and "
                  "answers, values it concretized");
  cmd->add_option("--jdk-impl", suite.jdk_impls,
                  "java.util implementations for a collection type, repeatable, e.g. "
                  "java.util.List=java.util.LinkedList,java.util.ArrayList");
  cmd->add_flag("--mocks", suite.mocks,
                "mock interfaces and abstract classes that nothing on the classpath can build, "
                "with Mockito (libmockito-java); tests keep a mock only for goals real objects "
                "do not cover (default: off)");

  jtg::perf::PerfOptions perf;
  std::string perf_budget = "60s";
  std::string perf_heap;
  auto* pcmd = app.add_subcommand(
      "perf", "generate tests that expose loops whose work grows faster than their input");
  pcmd->add_option("--classpath,--cp", perf.classpath, "directories and jars, ':'-separated")
      ->required();
  auto* pclass =
      pcmd->add_option("--class", perf.class_name,
                       "class under test (binary name; a java.util class is retransformed)");
  auto* pjar =
      pcmd->add_option("--jar", perf.jar, "every public class of this jar (on --classpath too)");
  pclass->excludes(pjar);
  pjar->excludes(pclass);
  jtg::cli::ProjectFlags perf_project;
  jtg::cli::AddProjectFlags(pcmd, perf_project);
  pclass->excludes(perf_project.classes_opt)->excludes(perf_project.target_opt);
  pjar->excludes(perf_project.classes_opt)->excludes(perf_project.target_opt);
  pcmd->add_option("--java-home", java_home, kJavaHomeHelp);
  pcmd->add_option("--method", perf.method,
                   "only this method: a name, optionally with parameter types as simple or "
                   "qualified names, e.g. 'subtract(List,List)'");
  pcmd->add_option("--mu", perf.mu,
                   "iterations a long loop must reach in one execution; the largest input size "
                   "of the growth runs (default 1024)");
  pcmd->add_option("--budget", perf_budget,
                   "with --class: search budget, shared by the methods that reach loops "
                   "(growth runs, validation and timing come on top); with --jar: wall-clock "
                   "bound of the whole run, static phase, search (0.25-20 s per method), "
                   "growth, validation and timing included; e.g. 60s, 25m (default 60s)");
  pcmd->add_option("--out", perf.out_dir, "output directory (default gen)");
  pcmd->add_option("--junit", perf.junit, "JUnit dialect: 4 or 5 (default 5)")
      ->check(CLI::IsMember({4, 5}));
  pcmd->add_option("--seed", perf.seed, "random seed (default 0)");
  pcmd->add_option("--validation-runs", perf.validation_runs,
                   "JUnit runs of the written tests (default 1)");
  pcmd->add_option("--max-heap", perf_heap,
                   "maximum heap of the JVMs that run the code, like -Xmx: 1536m, 2g "
                   "(default: an eighth of physical memory, 512m-1536m)");
  pcmd->add_flag("--quiet", perf.quiet, "print no summary");
  pcmd->add_flag("--verbose", verbose, kVerboseHelp);
  pcmd->add_flag("--no-sandbox", no_sandbox, "run the code under test without the sandbox");

  jtg::cover::CoverOptions cover;
  auto* ccmd = app.add_subcommand(
      "cover", "run a Java command with the coverage agent: -- java -cp app.jar Main args");
  ccmd->add_option("--includes", cover.includes,
                   "classes to instrument, ':'-separated patterns (com.x.* = classes of com.x, "
                   "com.x.** = with subpackages)")
      ->required();
  ccmd->add_option("--excludes", cover.excludes, "classes not to instrument (same patterns)");
  ccmd->add_option("--out", cover.out, "coverage directory (default jtestgen-cov)");
  ccmd->add_option("--mode", cover.mode,
                   "static: every probe stays; ddst: probes removed once hit; hst: per method, "
                   "static or demand-driven from the profile of earlier runs (fold guards in "
                   "profiled classes); tpc: hst with plans cached; "
                   "fold: probes guarded by flags the JIT folds once hit, no retransformation "
                   "(default static)")
      ->check(CLI::IsMember({"static", "ddst", "hst", "tpc", "fold"}));
  ccmd->add_option("--cache", cover.cache,
                   "hst/tpc: profile and plan cache directory (default <out>/cache)");
  ccmd->add_option("--agent", cover.agent, "agent library (default: beside jtestgen)");
  ccmd->add_option("--interval-ms", cover.interval_ms, "ddst: probe poll period (default 150)");
  ccmd->add_option("command", cover.command, "the java command, after --")->required();

  jtg::report::ReportOptions report;
  auto* rcmd = app.add_subcommand(
      "report",
      "coverage from a coverage directory (JaCoCo XML, JSON, HTML), and HTML pages of project "
      "summaries and perf reports");
  auto* rdir = rcmd->add_option("dir", report.dir, "coverage directory written by the agent");
  auto* rcp = rcmd->add_option("--classpath,--cp", report.classpath,
                               "the classes that ran, ':'-separated directories and jars");
  rdir->needs(rcp);
  rcp->needs(rdir);
  rcmd->add_option("--suite-summary", report.suite_summaries,
                   "a jtestgen-summary.json to render as a page of --html (repeatable)")
      ->allow_extra_args(false);
  rcmd->add_option("--perf-report", report.perf_reports,
                   "a perf run's perf-report.json to render as a page of --html (repeatable)")
      ->allow_extra_args(false);
  rcmd->add_option("--xml", report.xml, "JaCoCo-compatible XML report file");
  rcmd->add_option("--json", report.json, "JSON summary file");
  rcmd->add_option("--html", report.html,
                   "HTML report directory (with summaries or perf reports: index.html linking "
                   "their pages, the coverage report in coverage/)");
  rcmd->add_option(
      "--sources", report.sources,
      "HTML: ':'-separated source directories (package roots) for source-line pages and "
      "perf loops' lines");
  rcmd->add_option("--name", report.name, "report name in the XML (default jtestgen)");

  // Bad usage exits 2 (CLI11's own codes are 100 and more); --help and --version exit 0.
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  sup.sandbox = !no_sandbox;
  jtg::log::SetVerbose(verbose);  // before any thread starts
  // A run stopped by a signal exits as if the signal had ended it (128 + signal).
  auto exit_code = [](const jtg::Status& st, int sig) {
    if (st.ok()) return 0;
    std::fprintf(stderr, "jtestgen: %s\n", std::string(st.message()).c_str());
    return sig != 0 ? 128 + sig : 1;
  };

  // No exception leaves jtestgen: one that escapes a command (a bug of jtestgen's) is still
  // one line naming it, with the exit status of an internal error (sysexits' EX_SOFTWARE).
  // suite and perf run on the chosen JDK, and so do their workers, javac and java.
  auto choose_jdk = [&]() -> bool {
    jtg::Status st = jtg::jvm::UseJdk(java_home);
    if (!st.ok()) std::fprintf(stderr, "jtestgen: %s\n", std::string(st.message()).c_str());
    return st.ok();
  };
  // A whole-project run: one child jtestgen per class (project/project_run.h).
  auto run_project = [&](const jtg::cli::ProjectFlags& flags, double budget_seconds,
                         const std::function<void(jtg::project::ProjectOptions&)>& fill) -> int {
    auto p = jtg::cli::ProjectOptionsFrom(flags, budget_seconds);
    if (!p.ok()) {
      std::fprintf(stderr, "jtestgen: %s\n", std::string(p.status().message()).c_str());
      return 2;
    }
    if (!java_home.empty()) p->extra_args = {"--java-home", java_home};
    if (no_sandbox) p->extra_args.emplace_back("--no-sandbox");
    fill(*p);
    if (!choose_jdk()) return 2;
    int sig = 0;
    jtg::Status st = jtg::project::RunProject(*p, &sig);
    return exit_code(st, sig);
  };
  auto run = [&]() -> int {
    if (ccmd->parsed()) {
      auto rc = jtg::cover::RunCover(cover);
      if (!rc.ok()) {
        std::fprintf(stderr, "jtestgen: %s\n", std::string(rc.status().message()).c_str());
        // As a shell: 127 for a command not found, 126 for one that cannot be executed.
        if (absl::IsNotFound(rc.status())) return 127;
        if (absl::IsPermissionDenied(rc.status())) return 126;
        return 1;
      }
      return *rc;
    }
    if (rcmd->parsed()) {
      jtg::Status st = jtg::report::RunReport(report);
      if (!st.ok()) {
        std::fprintf(stderr, "jtestgen: %s\n", std::string(st.message()).c_str());
        return 1;
      }
      return 0;
    }

    if (pcmd->parsed()) {
      auto seconds = jtg::cli::ParseBudget(perf_budget);
      if (!seconds.ok()) {
        std::fprintf(stderr, "jtestgen: %s\n", std::string(seconds.status().message()).c_str());
        return 2;
      }
      perf.budget_seconds = *seconds;
      if (!perf_heap.empty()) {
        auto mib = jtg::cli::ParseMegabytes(perf_heap, "--max-heap");
        if (!mib.ok()) {
          std::fprintf(stderr, "jtestgen: %s\n", std::string(mib.status().message()).c_str());
          return 2;
        }
        perf.max_heap_mb = *mib;
      }
      if (perf_project.Selected() ||
          (!perf.jar.empty() && !perf_project.ProjectOnlyFlag().empty())) {
        return run_project(perf_project, perf.budget_seconds, [&](jtg::project::ProjectOptions& p) {
          p.perf = true;
          p.classpath = perf.classpath;
          if (!perf.jar.empty()) {
            p.target = perf.jar;
            // --budget bounds the whole --jar run: each class gets its share.
            if (perf_project.budget_per_class.empty()) p.total_budget = perf.budget_seconds;
          }
          perf.budget_seconds = p.budget_per_class;
          p.out_dir = perf.out_dir;
          p.seed = perf.seed;
          p.junit = perf.junit;
          p.quiet = perf.quiet;
          p.child_args = jtg::project::PerfChildArgs(perf);
        });
      }
      if (!perf.class_name.empty() && !perf_project.ProjectOnlyFlag().empty()) {
        std::fprintf(stderr, "jtestgen: %s is for whole-project runs: add --classes or --target\n",
                     perf_project.ProjectOnlyFlag().c_str());
        return 2;
      }
      if (perf.class_name.empty() && perf.jar.empty()) {
        std::fprintf(stderr, "jtestgen: perf needs --class, --jar, --classes or --target\n");
        return 2;
      }
      if (!choose_jdk()) return 2;
      int sig = 0;
      jtg::Status st = jtg::supervise::SupervisePerf(perf, sup, &sig);
      return exit_code(st, sig);
    }

    if (cmd->parsed()) {
      auto seconds = jtg::cli::ParseBudget(budget);
      if (!seconds.ok()) {
        std::fprintf(stderr, "jtestgen: %s\n", std::string(seconds.status().message()).c_str());
        return 2;
      }
      suite.budget_seconds = *seconds;
      if (!time_bound.empty()) {
        auto bound = jtg::cli::ParseTimeBound(time_bound, suite.budget_seconds);
        if (!bound.ok()) {
          std::fprintf(stderr, "jtestgen: %s\n", std::string(bound.status().message()).c_str());
          return 2;
        }
        suite.time_bound_seconds = *bound;
      }
      suite.search = *jtg::suite::ParseAlgorithm(search);  // CLI::IsMember checked the name
      if (suite_project.Selected()) {
        return run_project(suite_project, suite.budget_seconds,
                           [&](jtg::project::ProjectOptions& p) {
                             p.classpath = suite.classpath;
                             suite.budget_seconds = p.budget_per_class;
                             p.out_dir = suite.out_dir;
                             p.report_dir = suite.report_dir;
                             p.seed = suite.seed;
                             p.junit = suite.junit;
                             p.quiet = suite.quiet;
                             p.child_args = jtg::project::SuiteChildArgs(suite);
                           });
      }
      if (suite.class_name.empty()) {
        std::fprintf(
            stderr, "jtestgen: suite needs --class, or --classes / --target for a whole project\n");
        return 2;
      }
      if (!suite_project.ProjectOnlyFlag().empty()) {
        std::fprintf(stderr, "jtestgen: %s is for whole-project runs: add --classes or --target\n",
                     suite_project.ProjectOnlyFlag().c_str());
        return 2;
      }
      if (!choose_jdk()) return 2;
      int sig = 0;
      jtg::Status st = jtg::supervise::SuperviseSuite(suite, sup, &sig);
      return exit_code(st, sig);
    }
    return 0;
  };
  try {
    return run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jtestgen: internal error (uncaught exception): %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "jtestgen: internal error (uncaught exception of unknown type)\n");
  }
  return 70;
}
