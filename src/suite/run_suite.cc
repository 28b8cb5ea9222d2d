#include "suite/run_suite.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"
#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "classpath/classpath.h"
#include "generate/blame/blocked_goals.h"
#include "generate/goals/coverage_model.h"
#include "generate/goals/goals.h"
#include "generate/search/mosa.h"
#include "generate/search/random_search.h"
#include "generate/search/solver_step.h"
#include "generate/values/build_log.h"
#include "generate/values/universe.h"
#include "jvm/coverage_transformer.h"
#include "jvm/java_home.h"
#include "jvm/jdk_guards.h"
#include "jvm/jvm.h"
#include "jvm/mockito_jars.h"
#include "jvm/watchdog.h"
#include "output/junit_writer.h"
#include "output/output_layout.h"
#include "sandbox/test_folder.h"
#include "suite/finish_suite.h"
#include "suite/init_failure.h"
#include "suite/suite_report.h"
#include "suite/time_plan.h"
#include "testcase/executor.h"

namespace jtg::suite {

namespace fs = std::filesystem;

namespace {

// A reference type from a binary name (java.lang.String, [I) or an internal name / array
// descriptor (java/lang/String, [Ljava/lang/String;).
classfile::TypeDesc ReferenceType(const std::string& binary_or_internal) {
  std::string name = classfile::ToInternal(binary_or_internal);
  if (!name.empty() && name[0] == '[') {
    auto t = classfile::ParseFieldDescriptor(name);
    if (t.ok()) return *t;
  }
  classfile::TypeDesc t;
  t.base = 'L';
  t.class_name = std::move(name);
  return t;
}

// Uncovered goals of the class blamed on types that could not be built; `reached` (goals
// the search or the final suite reached) are never blamed.
generate::BlockedGoals BlameNotBuilt(const generate::CoverageModel& model,
                                     const generate::BuildLog& log,
                                     const absl::flat_hash_set<int32_t>& reached,
                                     const SuiteOutcome& outcome, testcase::Executor& ex) {
  auto instance_of = [&ex](const std::string& binary_name, const std::string& type) {
    return ex.IsAssignable(ReferenceType(binary_name), ReferenceType(type));
  };
  return generate::BlameUncovered(model, log, reached, outcome.coverage.uncovered_lines,
                                  instance_of);
}

}  // namespace

std::string_view AlgorithmName(SearchAlgorithm a) {
  switch (a) {
    case SearchAlgorithm::kDynaMosa: return "dynamosa";
    case SearchAlgorithm::kADynaMosa: return "adynamosa";
    case SearchAlgorithm::kMosa: return "mosa";
    case SearchAlgorithm::kRandom: return "random";
  }
  return "dynamosa";
}

std::optional<SearchAlgorithm> ParseAlgorithm(std::string_view name) {
  for (SearchAlgorithm a : {SearchAlgorithm::kDynaMosa, SearchAlgorithm::kADynaMosa,
                            SearchAlgorithm::kMosa, SearchAlgorithm::kRandom}) {
    if (AlgorithmName(a) == name) return a;
  }
  return std::nullopt;
}

Status RunSuite(const SuiteOptions& opts, testcase::ProgressSink* progress) {
  auto t0 = std::chrono::steady_clock::now();
  auto seconds_since = [](auto start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const std::string internal = classfile::ToInternal(opts.class_name);
  // A hand-written file where the test class would go stops the run before any work.
  JTG_RETURN_IF_ERROR(output::CheckWritable(
      output::SourcePathOf(output::TestClassFor(internal, opts.test_suffix), opts.out_dir),
      opts.overwrite));

  JTG_ASSIGN_OR_RETURN(auto cp, classpath::Classpath::Open(opts.classpath));
  JTG_ASSIGN_OR_RETURN(auto universe,
                       generate::Universe::Build(cp, internal, opts.exclude_methods));
  for (const auto& spec : opts.jdk_impls) JTG_RETURN_IF_ERROR(universe->jdk().Configure(spec));
  if (opts.mocks) {
    JTG_RETURN_IF_ERROR(jvm::CheckMockitoJars());
    universe->mocks().set_enabled(true);
  }
  // Refused only where the JVM would refuse it, before any work (FindJdk is cheap).
  JTG_ASSIGN_OR_RETURN(const jvm::Jdk jdk, jvm::FindJdk());
  JTG_RETURN_IF_ERROR(jvm::CheckClassVersion(opts.class_name, universe->cut().major_version, jdk));
  if (!universe->cut_warning().empty()) {
    std::fprintf(stderr, "warning: %s\n", universe->cut_warning().c_str());
  }

  jvm::CoverageTransformer transformer;
  if (opts.weak_mutation) transformer.EnableMutation(internal);
  jvm::JvmOptions jopts;
  jopts.java_home = jdk.home;
  // Mockito is on the JVM's classpath only, never on the indexed one (no producers from it).
  jopts.classpath = opts.mocks ? cp.spec() + ":" + jvm::MockitoClasspath() : cp.spec();
  jopts.transformer = &transformer;
  jopts.retransform = true;  // the JDK guards retransform java.base classes
  // The heap of the validation JVMs (output/validator.cc gives them twice this): a test
  // that only passes with more memory than that is not found here either.
  jopts.extra.push_back("-Xmx1g");
  JTG_ASSIGN_OR_RETURN(auto vm, jvm::Jvm::Create(jopts));
  // Inherited public methods are calls too; JDK base classes are read through the JVM.
  universe->AddInheritedCalls(
      [&vm](const std::string& name) { return vm->ReadSystemClassBytes(name); });
  // Stub subclasses (anonymous classes in the written test) for abstract classes and
  // boolean hooks.
  universe->AddStubSubclasses([&vm](const std::string& name, const std::vector<uint8_t>& b) {
    return vm->DefineClass(name, b);
  });
  if (universe->cut_is_abstract()) {
    bool any_static = std::any_of(universe->targets().begin(), universe->targets().end(),
                                  [](const auto& c) { return c->is_static; });
    if (!any_static && universe->ProducersOf(internal).empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "class ", opts.class_name,
          " is abstract or an interface and has no usable implementation on the classpath, "
          "and no subclass can be written for it"));
    }
  }
  // The sandbox's test folder (none with --no-sandbox): writes below it are allowed, and
  // the written tests use a JUnit temporary folder for it.
  const std::string test_folder = sandbox::TestFolderFromEnvironment();
  std::optional<sandbox::TestFolder> folder;
  if (!test_folder.empty()) {
    folder.emplace(test_folder);
    universe->OfferTestFolder(test_folder);
  }
  JTG_ASSIGN_OR_RETURN(jvm::JdkGuards guards, jvm::StartJdkGuards(*vm, transformer, test_folder));
  testcase::ExecutorOptions exec_opts;
  exec_opts.hit_counts =
      opts.search == SearchAlgorithm::kADynaMosa;  // the frequency proxies need them
  JTG_ASSIGN_OR_RETURN(auto executor, testcase::Executor::Create(vm->env(), exec_opts));
  JTG_ASSIGN_OR_RETURN(auto watchdog, jvm::Watchdog::Create(vm->vm(), vm->jvmti(), vm->env()));
  if (opts.mocks) JTG_RETURN_IF_ERROR(executor->PrepareMocks());  // before any time limit
  executor->SetWatchdog(watchdog.get());
  executor->SetSandboxEvents(guards.events.get());
  executor->SetThreadTracker(guards.threads.get());
  if (folder) executor->SetTestFolder(&*folder);
  executor->SetProgressSink(progress);
  std::string load_error;
  // Loading runs the static initializer: published like a call, so that one that never
  // returns is named by the supervisor.
  auto clinit = testcase::NewCallable(internal, "<clinit>", "()V", true);
  if (progress != nullptr) progress->Running(clinit.get());
  jclass cut_class = executor->FindClass(internal, &load_error);
  if (progress != nullptr) progress->Running(nullptr);
  if (cut_class == nullptr) {
    if (IsInitializerFailure(load_error)) {
      testcase::ExecResult init_run = executor->Run(testcase::TestCase{});
      auto init_plan = transformer.Plan(internal);
      std::optional<generate::CoverageModel> init_model;
      if (init_plan) init_model.emplace(*init_plan);
      return FinishInitializerFailure(
          opts, internal, load_error, init_model ? &*init_model : nullptr,
          init_model ? init_model->GoalsReached(init_run.goals, init_run.switches)
                     : std::vector<int32_t>{},
          *executor, seconds_since(t0));
    }
    return absl::FailedPreconditionError(
        absl::StrCat("class ", opts.class_name, " cannot be loaded: ", load_error));
  }
  // Goals reached while loading the class (its static initializer) count as covered: the
  // written suite loads the class too.
  testcase::ExecResult on_load = executor->Run(testcase::TestCase{});
  auto plan = transformer.Plan(internal);
  if (!plan) {
    auto failures = transformer.Failures();
    return absl::FailedPreconditionError(absl::StrCat(
        "class ", opts.class_name, " could not be instrumented: ",
        failures.count(internal) ? failures[internal] : std::string("unknown reason")));
  }
  // Nested classes are goals too (JaCoCo counts them with the class): loaded, not
  // initialized, so that their plans exist; one that cannot load is left out with a note.
  std::vector<instrument::ClassPlan> plans = {*plan};
  for (const std::string& nested : cp.NestedClassesOf(internal)) {
    if (Status st = vm->LoadClassWithoutInit(nested); !st.ok()) {
      std::fprintf(stderr, "note: %s\n", std::string(st.message()).c_str());
      continue;
    }
    if (auto p = transformer.Plan(nested)) plans.push_back(std::move(*p));
  }
  generate::CoverageModel model(plans);
  for (const auto& cls : plans) {
    for (const auto& m : cls.methods) {
      if (!m.instrumented && m.skip != instrument::SkipReason::kNone) {
        std::fprintf(stderr, "note: %s.%s%s not instrumented: %s\n",
                     classfile::JavaSourceName(cls.class_name).c_str(), m.name.c_str(),
                     m.descriptor.c_str(), m.SkipText().c_str());
      }
    }
  }

  // Search.
  PhaseTimes phases(StepNote::FromEnvironment());
  phases.Enter("searching");
  generate::Rng rng(opts.seed);
  generate::SearchBudget budget{opts.budget_seconds, opts.iterations};
  SuiteReport report;
  std::unique_ptr<generate::GoalModel> goal_model;
  std::unique_ptr<generate::RandomSearch> random;
  std::unique_ptr<generate::Mosa> mosa;
  std::unique_ptr<generate::SolverStep> solver;
  const generate::Archive* archive = nullptr;
  generate::ReachFn reach;
  generate::BuildLog build_log(universe->targets());
  if (opts.search == SearchAlgorithm::kRandom) {
    random = std::make_unique<generate::RandomSearch>(*universe, model, *executor, rng);
    random->SetBuildLog(&build_log);
    random->Run(budget);
    archive = &random->archive();
    report.stats = random->stats();
    reach = [&model](const testcase::TestCase&, const testcase::ExecResult& r) {
      return model.GoalsReached(r.goals, r.switches);
    };
  } else {
    goal_model =
        std::make_unique<generate::GoalModel>(model, universe->targets(), opts.weak_mutation);
    generate::MosaOptions mo;
    mo.population = opts.population;
    mo.crossover_rate = opts.crossover_rate;
    mo.dynamic = opts.search != SearchAlgorithm::kMosa;
    mo.adaptive_performance = opts.search == SearchAlgorithm::kADynaMosa;
    mo.candidate_search = opts.candidate_search;
    mo.inherited_weight = opts.inherited_weight;
    mosa = std::make_unique<generate::Mosa>(*universe, *goal_model, *executor, rng, mo);
    mosa->SetBuildLog(&build_log);
    if (opts.solver) {
      // The class's own bytes, as the plan was made from them (not the instrumented ones).
      auto bytes = cp.ReadClass(internal);
      auto parsed = bytes.ok() ? classfile::Parse(*bytes, internal)
                               : StatusOr<classfile::ParseResult>(bytes.status());
      if (parsed.ok()) {
        generate::SolverOptions so;
        so.log_path = opts.solver_log;
        solver = std::make_unique<generate::SolverStep>(std::move(parsed->cls), plans[0], so);
        mosa->SetSolver(solver.get());
        if (!solver->log_ok()) {
          std::fprintf(stderr,
                       "note: no solver log: cannot write %s (the search is sandboxed: "
                       "give a file under --out, or /dev/stderr)\n",
                       opts.solver_log.c_str());
        }
      } else {
        std::fprintf(stderr, "note: no solver: %s\n",
                     std::string(parsed.status().message()).c_str());
      }
    }
    mosa->Run(budget);
    archive = &mosa->archive();
    report.stats = mosa->stats();
    report.generations = mosa->generations();
    report.heuristics = mosa->heuristic_log();
    generate::GoalModel* gm = goal_model.get();
    reach = [gm](const testcase::TestCase& t, const testcase::ExecResult& r) {
      auto e = gm->Evaluate(t, r);
      return std::vector<int32_t>(e.reached.begin(), e.reached.end());
    };
  }
  report.search = std::string(AlgorithmName(opts.search));
  if (opts.weak_mutation && goal_model == nullptr) {  // random search: only to measure
    goal_model = std::make_unique<generate::GoalModel>(model, universe->targets(), true);
  }

  // Goals that loading covers: the class's static initializer, and those of its nested
  // classes that a search test ran (each runs once per JVM, in the first test that touches
  // the class; the written suite runs it again in its own JVM).
  std::vector<int32_t> load_goals = model.GoalsReached(on_load.goals, on_load.switches);
  for (int32_t g : model.goals()) {
    if (model.IsNested(g) && model.MethodOf(g) == "<clinit>" && archive->Covers(g)) {
      load_goals.push_back(g);
    }
  }

  // Minimize, write, validate, measure.
  SuiteContext ctx{
      opts,       internal,   *universe, model,
      *executor,  load_goals, reach,     opts.weak_mutation ? goal_model.get() : nullptr,
      test_folder};
  // The time plan (time_plan.h): the supervisor stops the run at times.bound.
  const TimePlan times = PlanFor(opts);
  auto after_start = [&](double seconds) {
    return t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(seconds));
  };
  ctx.review_by = after_start(times.review_by);
  ctx.finish_by = after_start(times.finish_by);
  ctx.one_run_after = after_start(times.one_run_after);
  ctx.runs_end_by = after_start(times.runs_end_by);
  ctx.aim_by = after_start(times.aim);
  ctx.phases = &phases;
  JTG_ASSIGN_OR_RETURN(auto outcome, FinishSuite(ctx, *archive));

  report.class_name = opts.class_name;
  report.junit = opts.junit;
  report.seed = opts.seed;
  report.tests = outcome.tests;
  report.dropped = outcome.dropped;
  report.validation = outcome.validation;
  report.readability = outcome.readability;
  report.inherited_calls = static_cast<int>(universe->inherited_count());
  report.run_failure = outcome.run_failure;
  report.run_breakers = outcome.run_breakers;
  report.run_breakers_complete = outcome.run_breakers_complete;
  report.coverage = outcome.coverage;
  report.search_seconds = report.stats.seconds;
  report.total_seconds = seconds_since(t0);
  report.test_file = outcome.test_file;
  report.weak_mutation = opts.weak_mutation;
  report.mutants_killed = outcome.mutants_killed;
  report.mutants_total = outcome.mutants_total;
  report.assertions_before = outcome.assertions_before;
  report.assertions_after = outcome.assertions_after;
  report.assertion_filter_complete = outcome.assertion_filter_complete;
  report.tests_at_run_limit = outcome.tests_at_run_limit;
  report.mutants_untried = outcome.mutants_untried;
  report.observer_calls = outcome.observer_calls;
  report.observer_calls_kept = outcome.observer_calls_kept;
  report.message_assertions = outcome.message_assertions;
  report.strong_killed = outcome.strong_killed;
  report.strong_complete = outcome.strong_complete;
  report.strong_pit_killed = outcome.strong_pit_killed;
  report.strong_pit_total = outcome.strong_pit_total;
  // Goals reached by the search (archive) or the final suite are never blamed.
  absl::flat_hash_set<int32_t> reached = outcome.covered;
  for (int32_t g : model.goals()) {
    if (archive->Covers(g)) reached.insert(g);
  }
  report.not_built = BlameNotBuilt(model, build_log, reached, outcome, *executor);
  report.unreached_nested = generate::UnreachedNestedMethods(model, reached);
  phases.Enter("writing the report");
  report.phase_seconds = phases.done();
  JTG_RETURN_IF_ERROR(WriteReport(report, output::ReportDirFor(opts.out_dir, opts.report_dir)));
  if (!opts.quiet) {
    // The supervisor's live line (supervise/heartbeat.h) stops at this step; it may have been
    // drawn just before: the summary starts on a clean line.
    if (phases.note().enabled() && isatty(STDERR_FILENO) == 1) std::fputs("\r\033[K", stderr);
    PrintSummary(report);
  }
  return absl::OkStatus();
}

}  // namespace jtg::suite
