#include "cli/perf_command.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <optional>
#include <cctype>
#include <cmath>

#include "absl/strings/str_format.h"
#include "classfile/class_file.h"
#include "classpath/classpath.h"
#include "cli/suite_steps.h"
#include "generate/minimizer.h"
#include "generate/mosa.h"
#include "generate/universe.h"
#include "jvm/jvm.h"
#include "jvm/jdk_guards.h"
#include "jvm/watchdog.h"
#include "output/junit_writer.h"
#include "output/process.h"
#include "output/validator.h"
#include "perf/directed_seeds.h"
#include "perf/goal_builder.h"
#include "perf/growth.h"
#include "perf/growth_runner.h"
#include "perf/jdk_dispatch.h"
#include "perf/loop_inputs.h"
#include "perf/loop_objectives.h"
#include "perf/method_selector.h"
#include "perf/read_oracle.h"
#include "perf/report.h"
#include "runtime/embedded_classes.h"
#include "testcase/executor.h"

namespace jtg::cli {

namespace fs = std::filesystem;

namespace {

// A finding with its sized test, before timing.
struct Candidate {
  perf::Finding finding;
  testcase::TestCase test;
  bool redundant = false;
  perf::GrowthSeries growth;
};

std::string Internal(std::string binary) {
  std::replace(binary.begin(), binary.end(), '.', '/');
  return binary;
}

// A Java identifier tag for an input pattern: "disjointSecondLarger", "populated", ...
std::string PatternTag(const testcase::TestCase& tc) {
  std::vector<const testcase::Stmt*> fills;
  for (const auto& s : tc.stmts) {
    if (s.kind == testcase::StmtKind::kRepeat) fills.push_back(&s);
  }
  if (fills.empty()) return "sizedBy_n";
  if (fills.size() == 1) {
    return fills[0]->repeat_pattern == testcase::RepeatPattern::kSame ? "equalElements"
                                                                      : "distinctElements";
  }
  std::set<int64_t> bases;
  bool larger_later = false, smaller_later = false, same = false;
  for (size_t k = 0; k < fills.size(); ++k) {
    const auto& base = tc.stmts[static_cast<size_t>(fills[k]->args[0])].lit;
    bases.insert(base.i);
    same = same || fills[k]->repeat_pattern == testcase::RepeatPattern::kSame;
    if (k > 0) {
      larger_later = larger_later || fills[k]->repeat_add > fills[0]->repeat_add;
      smaller_later = smaller_later || fills[k]->repeat_add < fills[0]->repeat_add;
    }
  }
  if (same) return "equalElements";
  std::string tag = bases.size() == fills.size() ? "disjoint" : "overlapping";
  if (larger_later) tag += "SecondLarger";
  else if (smaller_later) tag += "FirstLarger";
  return tag + "Inputs";
}

// Writes the embedded jtestgen/rt/PerfTimer class under `dir`; returns false on failure.
bool WritePerfTimer(const std::string& dir) {
  for (int i = 0; i < runtime::kEmbeddedClassCount; ++i) {
    const auto& c = runtime::kEmbeddedClasses[i];
    if (std::string(c.name) != "jtestgen/rt/PerfTimer") continue;
    fs::path p = fs::path(dir) / (std::string(c.name) + ".class");
    fs::create_directories(p.parent_path());
    FILE* f = std::fopen(p.c_str(), "wb");
    if (f == nullptr) return false;
    bool ok = std::fwrite(c.bytes, 1, c.size, f) == c.size;
    return std::fclose(f) == 0 && ok;
  }
  return false;
}

// Times one sized test in a plain JVM: (n, median ms) per size that ran.
std::vector<std::pair<double, double>> TimeTest(const std::string& classpath,
                                                const std::string& test_class,
                                                const std::string& method,
                                                const std::vector<int64_t>& ns,
                                                std::string* error) {
  std::vector<std::string> argv = {std::string(JTG_JAVA_HOME) + "/bin/java", "-Xmx2g",
                                   "-XX:+UseSerialGC", "-cp", classpath,
                                   "jtestgen.rt.PerfTimer", test_class, "3000", method};
  for (int64_t n : ns) argv.push_back(std::to_string(n));
  std::vector<std::pair<double, double>> out;
  auto r = output::RunProcess(argv, 60);
  if (!r.ok()) {
    *error = std::string(r.status().message());
    return out;
  }
  size_t pos = 0;
  while (pos < r->output.size()) {
    size_t eol = r->output.find('\n', pos);
    std::string line = r->output.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
    pos = eol == std::string::npos ? r->output.size() : eol + 1;
    if (line.rfind("error ", 0) == 0) {
      *error = line.substr(6);
      break;
    }
    double n = 0, ms = 0;
    if (std::sscanf(line.c_str(), "%lf %lf", &n, &ms) == 2) out.emplace_back(n, ms);
  }
  if (out.empty() && error->empty()) *error = "timer printed nothing: " + r->output.substr(0, 300);
  return out;
}


// One JVM, executor and goal index for a whole run (one class, or every class of a jar).
struct PerfSession {
  const PerfOptions& opts;
  classpath::Classpath& cp;
  perf::CountingJvm counting;
  std::unique_ptr<testcase::Executor> executor;
  std::unique_ptr<jvm::Watchdog> watchdog;
  std::vector<int64_t> ns;  // growth sizes mu/8 .. mu
  generate::Rng rng;
  std::chrono::steady_clock::time_point t0;
  // Wall-clock seconds spent per phase (perf-report.json "phases_s").
  double static_s = 0, search_s = 0, growth_s = 0, validation_s = 0, timing_s = 0;
  jvm::JdkGuards guards;  // read by the executor after each run
  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
};

// Adds the seconds from construction to destruction to `*sink`.
class PhaseClock {
 public:
  explicit PhaseClock(double* sink) : sink_(sink), start_(std::chrono::steady_clock::now()) {}
  ~PhaseClock() {
    *sink_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

 private:
  double* sink_;
  std::chrono::steady_clock::time_point start_;
};

StatusOr<std::unique_ptr<PerfSession>> StartSession(const PerfOptions& opts,
                                                    classpath::Classpath& cp) {
  auto s = std::unique_ptr<PerfSession>(new PerfSession{opts, cp, {}, nullptr, nullptr, {},
                                                         generate::Rng(opts.seed),
                                                         std::chrono::steady_clock::now()});
  jvm::JvmOptions jopts;
  jopts.classpath = cp.spec();
  std::vector<std::string> jdk = perf::CountedJdkClasses();
  if (!opts.class_name.empty()) {
    // A JDK class under test is counted like the JDK classes its loops reach.
    std::string internal = opts.class_name;
    std::replace(internal.begin(), internal.end(), '.', '/');
    if (perf::IsJdkClass(internal) &&
        std::find(jdk.begin(), jdk.end(), internal) == jdk.end()) {
      jdk.push_back(internal);
    }
  }
  JTG_ASSIGN_OR_RETURN(s->counting, perf::StartCountingJvm(jopts, std::move(jdk)));
  auto& vm = *s->counting.vm;
  testcase::ExecutorOptions exec_opts;
  exec_opts.hit_counts = true;
  exec_opts.window_last = true;
  exec_opts.iteration_limit = 200'000'000;
  exec_opts.time_limit_ms = 5000;
  JTG_ASSIGN_OR_RETURN(s->executor, testcase::Executor::Create(vm.env(), exec_opts));
  JTG_ASSIGN_OR_RETURN(s->watchdog, jvm::Watchdog::Create(vm.vm(), vm.jvmti(), vm.env()));
  s->executor->SetWatchdog(s->watchdog.get());
  JTG_ASSIGN_OR_RETURN(s->guards, jvm::StartJdkGuards(vm, *s->counting.transformer));
  s->executor->SetSandboxEvents(s->guards.events.get());
  s->executor->SetThreadTracker(s->guards.threads.get());
  for (int64_t n = std::max(1, opts.mu / 8); n <= opts.mu; n *= 2) s->ns.push_back(n);
  return s;
}

// The loop goals of one entry method of one class.
struct EntryWork {
  generate::CallablePtr entry;
  std::string sig;
  std::vector<perf::LoopGoal> goals;
};

struct ClassWork {
  std::string class_name;  // binary
  std::string internal;
  std::unique_ptr<generate::Universe> universe;
  std::vector<EntryWork> entries;
};

// Static phase: the class's entry methods and their loop goals; methods without loops go to
// report->skipped. Errors: the class cannot be read or loaded.
StatusOr<ClassWork> PlanClass(PerfSession& s, const std::string& class_name,
                              const std::optional<perf::MethodPattern>& pattern,
                              perf::PerfReport* report) {
  ClassWork w;
  w.class_name = class_name;
  w.internal = class_name;
  std::replace(w.internal.begin(), w.internal.end(), '.', '/');
  if (perf::IsJdkClass(w.internal)) {
    // A JDK class (java.util.AbstractCollection): its bytes come from the JVM, and it is
    // instrumented by retransformation (counting mode).
    auto bytes = s.counting.vm->ReadSystemClassBytes(w.internal);
    if (!bytes.ok()) {
      return absl::NotFoundError(absl::StrCat("class ", class_name, " is not a class of the JDK (",
                                              bytes.status().message(), ")"));
    }
    JTG_ASSIGN_OR_RETURN(w.universe, generate::Universe::Build(s.cp, w.internal, {}, &*bytes));
  } else {
    JTG_ASSIGN_OR_RETURN(w.universe, generate::Universe::Build(s.cp, w.internal));
  }
  std::vector<generate::CallablePtr> entries;
  for (const auto& t : w.universe->targets()) {
    if (t->IsConstructor()) continue;
    if (pattern && !perf::Matches(*pattern, t->name, t->descriptor)) continue;
    entries.push_back(t);
  }
  if (entries.empty()) {
    if (pattern) {
      return absl::NotFoundError(absl::StrCat("class ", class_name,
                                              ": no public method matches --method '",
                                              s.opts.method, "'"));
    }
    return w;
  }
  std::string load_error;
  if (s.executor->FindClass(w.internal, &load_error) == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("class ", class_name, " cannot be loaded: ", load_error));
  }
  perf::GoalBuilder goal_builder(s.counting, *w.universe, s.cp, *s.executor);
  size_t no_loop = 0;
  for (const auto& entry : entries) {
    std::string sig = perf::JavaSignature(entry->name, entry->descriptor);
    auto goals = goal_builder.For(entry);
    if (!goals.ok()) {
      report->skipped.push_back({class_name + "." + sig, std::string(goals.status().message())});
      continue;
    }
    if (goals->empty()) {
      if (pattern) report->skipped.push_back({class_name + "." + sig, "reaches no loop"});
      ++no_loop;
      continue;
    }
    w.entries.push_back({entry, sig, std::move(*goals)});
  }
  if (no_loop > 0 && !pattern) {
    report->skipped.push_back({class_name + ".*", std::to_string(no_loop) +
                                                      " public method(s) reach no loop"});
  }
  return w;
}

// Search and growth for one entry method; appends candidates. Of the (at most 6) best tests
// kept per goal, the first `max_measured` are sized up.
void SearchEntry(PerfSession& s, ClassWork& w, EntryWork& e, double budget_s,
                 size_t max_measured, std::vector<Candidate>* candidates) {
  const PerfOptions& opts = s.opts;
  const bool log = std::getenv("JTG_PERF_LOG") != nullptr;
  perf::LoopObjectives objectives(std::move(e.goals), opts.mu, opts.mu2);
  generate::MosaOptions mo;
  mo.candidate_search = false;
  // The search calls the entry alone (and the constructors).
  for (const auto& t : w.universe->targets()) {
    if (t->IsConstructor() || t == e.entry) mo.targets.push_back(t);
  }
  generate::Mosa mosa(*w.universe, objectives, *s.executor, s.rng, mo);
  generate::SequencePool seed_pool;
  generate::ValueFactory seed_factory(*w.universe, seed_pool, *s.executor, s.rng,
                                      generate::FactoryLimits{});
  std::vector<testcase::TestCase> seeds;
  for (auto& d : perf::DirectedSeeds(*w.universe, seed_factory, e.entry, opts.mu / 8)) {
    if (log) {
      testcase::ExecResult r = s.executor->Run(d.test);
      std::fprintf(stderr, "perf: seed (%s): %zu statements, %s%s\n", d.pattern.c_str(),
                   d.test.size(), r.Normal() ? "runs" : "fails: ", r.exception_class.c_str());
    }
    seeds.push_back(std::move(d.test));
  }
  mosa.Seed(std::move(seeds));
  {
    PhaseClock clock(&s.search_s);
    mosa.Run(generate::SearchBudget{std::max(0.25, budget_s), 0});
  }
  PhaseClock clock(&s.growth_s);
  if (log) {
    std::fprintf(stderr, "perf: %s.%s: %zu goals, %lld tests run\n", w.class_name.c_str(),
                 e.sig.c_str(), objectives.goals().size(),
                 static_cast<long long>(mosa.stats().iterations));
  }
  for (size_t g = 0; g < objectives.goals().size(); ++g) {
    const auto& bests = objectives.Best(static_cast<int32_t>(g));
    const perf::LoopGoal& goal = objectives.goals()[g];
    if (bests.empty()) continue;
    // Probe each kept test once at the smallest and the largest size; the one whose
    // iterations grow fastest (long loops: the most iterations at the largest size) gets the
    // full series, every size run twice.
    Candidate c;
    double best_score = -1, best_fitness = 0;
    const std::vector<int64_t> probe_ns = {s.ns.front(), s.ns.back()};
    for (size_t bi = 0; bi < bests.size() && bi < max_measured; ++bi) {
      const auto& b = bests[bi];
      perf::GrowthSeries gs = perf::MeasureGrowth(*s.executor, goal, b.test, probe_ns, 1);
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
        best_fitness = b.fitness;
        c.test = b.test;
      }
    }
    c.growth = perf::MeasureGrowth(*s.executor, goal, c.test, s.ns);
    c.redundant = goal.redundant;
    perf::Finding& f = c.finding;
    f.cls = w.class_name;
    f.method = e.sig;
    f.kind = goal.redundant ? "redundant-traversal" : "long-loop";
    for (const auto& l : goal.loops) f.loops.push_back(l.where);
    c.test.n = opts.mu;
    f.input_pattern = perf::DescribeInputs(c.test);
    f.sizes = c.growth.sizes;
    f.iterations = c.growth.iterations;
    f.max_iterations = c.growth.max_iterations;
    perf::PowerFit fit = perf::FitPowerLaw(c.growth.sizes, c.growth.iterations);
    if (fit.ok) f.exponent = fit.exponent;
    if (log) {
      std::string where, its;
      for (const auto& l : f.loops) where += " " + l.method + ":" + std::to_string(l.line);
      for (double v : c.growth.iterations) its += " " + std::to_string(static_cast<long long>(v));
      std::fprintf(stderr, "perf:   goal %zu %s%s fitness %.3f iterations%s exponent %.2f %s\n",
                   g, f.kind.c_str(), where.c_str(), best_fitness, its.c_str(),
                   fit.ok ? fit.exponent : 0.0, c.growth.error.c_str());
    }
    // Keep what may be a finding: a nested pair whose iterations grow superlinearly, or a
    // loop that runs at least 16 iterations.
    if (!c.growth.error.empty()) {
      if (goal.redundant) continue;
      f.status = "suspected";
      f.reason = c.growth.error;
    }
    if (goal.redundant && (!fit.ok || fit.exponent < 1.3)) continue;
    if (!goal.redundant && f.max_iterations < 16) continue;
    if (c.growth.error.empty() && c.growth.scales) {
      perf::LoopInputs li = perf::SummarizeLoopInputs(*s.executor, goal, c.test, s.ns.front());
      f.loop_inputs = li.text;
      if (log) {
        std::fprintf(stderr, "perf:   loops over inputs: %s%s\n", li.text.c_str(), li.error.c_str());
      }
    }
    if (goal.redundant) {  // Toddler's oracle on the inner loop's reads (perf/read_oracle.h)
      perf::ReadOracleOptions ro;
      ro.n = std::min(64, opts.mu);
      f.reads = perf::RepeatedReads({*s.counting.vm, *s.counting.transformer, *s.executor},
                                    goal, c.test, ro);
    }
    candidates->push_back(std::move(c));
  }
}

// Writes, validates and times the candidates of one class; appends the findings.
Status FinishClass(PerfSession& s, const ClassWork& w, std::vector<Candidate>& candidates,
                   perf::PerfReport* report) {
  const PerfOptions& opts = s.opts;
  if (candidates.empty()) return absl::OkStatus();
  std::vector<output::PerfTest> tests;
  std::map<std::string, int> used;
  for (auto& c : candidates) {
    std::string base = c.test.stmts.back().callable ? c.test.stmts.back().callable->name : "test";
    if (base == "<init>") base = "new";
    base += "_" + PatternTag(c.test);
    int k = used[base]++;
    std::string name = k == 0 ? base : base + "_" + std::to_string(k + 1);
    c.test.n = opts.mu;
    testcase::ExecResult r = s.executor->Run(c.test);
    if (r.budget_exceeded) {
      // The run hit the executor's iteration or time budget: that is the slowness the test
      // shows, so it is written as a plain call, not as an expected exception.
      r.budget_exceeded = false;
      r.threw_at = -1;
      r.exception_class.clear();
    }
    std::string doc = c.finding.kind + " in " + c.finding.method + ": " + c.finding.input_pattern;
    if (!c.finding.loop_inputs.empty()) doc += ". Loops: " + c.finding.loop_inputs;
    tests.push_back({c.test, r, name, doc});
  }
  output::WriterOptions wopts;
  wopts.dialect = opts.junit == 4 ? output::Dialect::kJUnit4 : output::Dialect::kJUnit5;
  wopts.cut_internal_name = w.internal;
  wopts.header_comment = "Seed " + std::to_string(opts.seed) + ", mu " + std::to_string(opts.mu) + ".";
  output::TypeOracle oracle = MakeOracle(*s.executor);
  JTG_ASSIGN_OR_RETURN(output::WorkDir work, output::WorkDir::Make("jtestgen-perf-"));
  output::ValidatorOptions vopts =
      output::ValidatorFor(opts.classpath, wopts.dialect, opts.validation_runs, work.path());
  output::JavaFile file;
  std::set<std::string> dropped;
  std::optional<PhaseClock> validation_clock;
  validation_clock.emplace(&s.validation_s);
  for (int round = 0; round < 4; ++round) {
    std::vector<output::PerfTest> keep;
    for (const auto& t : tests) {
      if (!dropped.contains(t.name)) keep.push_back(t);
    }
    if (keep.empty()) break;
    file = output::WritePerfJUnit(keep, wopts, oracle, opts.mu);
    auto v = output::Validate(file, opts.out_dir, vopts);
    if (!v.ok()) {  // javac failed outside any test: drop them all, keep the findings
      for (const auto& t : keep) dropped.insert(t.name);
      break;
    }
    if (v->bad_tests.empty()) break;
    if (!opts.quiet) {
      std::fprintf(stderr, "validation: dropping %zu failing test(s):", v->bad_tests.size());
      for (const std::string& name : v->bad_tests) std::fprintf(stderr, " %s", name.c_str());
      std::fprintf(stderr, "\n");
      if (std::getenv("JTG_VALIDATION_LOG") != nullptr) std::fprintf(stderr, "%s\n", v->log.c_str());
    }
    dropped.insert(v->bad_tests.begin(), v->bad_tests.end());
  }
  validation_clock.reset();
  PhaseClock timing_clock(&s.timing_s);
  std::string timer_dir = work.path() + "/timer";
  bool timer = WritePerfTimer(timer_dir);
  std::string run_cp = work.path() + "/classes:" + timer_dir + ":" + opts.classpath;
  std::string test_class =
      (file.package_name.empty() ? "" : file.package_name + ".") + file.class_name;
  for (size_t i = 0; i < candidates.size(); ++i) {
    Candidate& c = candidates[i];
    perf::Finding& f = c.finding;
    const std::string& name = tests[i].name;
    bool written = !dropped.contains(name);
    if (written) f.test = file.class_name + "." + name;
    std::string time_error;
    std::vector<std::pair<double, double>> times;
    // Only redundant traversals need the time; long loops are judged on iterations.
    if (written && timer && c.growth.error.empty() && c.redundant) {
      times = TimeTest(run_cp, test_class, name, s.ns, &time_error);
    }
    for (size_t k = 0; k < times.size() && k < c.growth.sizes.size(); ++k) {
      f.times_ms.push_back(times[k].second);
    }
    if (!c.growth.error.empty()) {
      // Already suspected, with the reason.
    } else if (c.redundant) {
      size_t timed = f.times_ms.size();
      std::vector<double> sizes(c.growth.sizes.begin(), c.growth.sizes.begin() + static_cast<long>(timed));
      std::vector<double> iters(c.growth.iterations.begin(),
                                c.growth.iterations.begin() + static_cast<long>(timed));
      perf::Verdict v = timed >= 3 ? perf::JudgeRedundantTraversal(sizes, iters, f.times_ms)
                                   : perf::JudgeRedundantTraversal(c.growth.sizes,
                                                                   c.growth.iterations, {});
      f.status = v.confirmed ? "confirmed" : "suspected";
      f.reason = v.reason;
      if (!time_error.empty()) f.reason += " (timing: " + time_error + ")";
    } else {
      perf::Verdict v = perf::JudgeLongLoop(f.max_iterations, opts.mu);
      f.status = v.confirmed ? "confirmed" : "suspected";
      f.reason = v.reason;
    }
    if (!c.growth.deterministic) f.reason += "; iteration counts differ between two runs";
    if (!written) f.reason += "; its test failed validation and was not written";
    if (f.reads) f.reason += "; " + f.reads->summary;
    report->findings.push_back(f);
  }
  return absl::OkStatus();
}

// Public top-level and member classes of a jar, binary names, in name order.
std::vector<std::string> JarClasses(const std::string& jar) {
  std::vector<std::string> out;
  auto cp = classpath::Classpath::Open(jar);
  if (!cp.ok()) return out;
  for (const auto& name : cp->ListClasses()) {
    size_t dollar = name.find('$');
    if (dollar != std::string::npos &&
        std::isdigit(static_cast<unsigned char>(name[dollar + 1]))) {
      continue;  // anonymous or local
    }
    if (name.ends_with("package-info") || name.ends_with("module-info")) continue;
    auto bytes = cp->ReadClass(name);
    if (!bytes.ok()) continue;
    auto parsed = classfile::Parse(*bytes, name);
    if (!parsed.ok()) continue;
    uint16_t a = parsed->cls.access;
    if ((a & classfile::kAccPublic) == 0 || (a & (classfile::kAccAnnotation | classfile::kAccSynthetic)) != 0) continue;
    std::string binary = name;
    std::replace(binary.begin(), binary.end(), '/', '.');
    out.push_back(binary);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void PrintSummary(const perf::PerfReport& report, const PerfOptions& opts, double seconds) {
  int confirmed = 0;
  for (const auto& f : report.findings) confirmed += f.status == "confirmed" ? 1 : 0;
  std::printf("jtestgen perf %s: %zu finding(s), %d confirmed, %zu skipped, %.1f s\n",
              report.cls.c_str(), report.findings.size(), confirmed, report.skipped.size(),
              seconds);
  for (const auto& f : report.findings) {
    std::printf("  %-9s %-19s %s.%s: %s\n", f.status.c_str(), f.kind.c_str(), f.cls.c_str(),
                f.method.c_str(), f.reason.c_str());
  }
  std::printf("  report: %s/perf-report.md\n", opts.out_dir.c_str());
}

}  // namespace

Status RunPerf(const PerfOptions& opts) {
  if (opts.class_name.empty() == opts.jar.empty()) {
    return absl::InvalidArgumentError("jtestgen perf: give exactly one of --class and --jar");
  }
  if (std::string internal = Internal(opts.class_name);
      perf::IsJdkClass(internal) &&
      (!internal.starts_with("java/util/") || internal == "java/util/Arrays")) {
    // The transformer instruments only java.util (not Arrays, which the probes use): a probe
    // elsewhere in java.base could run inside the probe runtime itself.
    return absl::InvalidArgumentError(
        "--class " + opts.class_name +
        ": of the JDK's classes only those of java.util (except java.util.Arrays) can be the "
        "class under test");
  }
  std::optional<perf::MethodPattern> pattern;
  if (!opts.method.empty()) {
    JTG_ASSIGN_OR_RETURN(auto p, perf::ParseMethodPattern(opts.method));
    pattern = p;
  }
  JTG_ASSIGN_OR_RETURN(auto cp, classpath::Classpath::Open(opts.classpath));
  std::vector<std::string> classes;
  perf::PerfReport report;
  report.budget_s = opts.budget_seconds;
  report.mu = opts.mu;
  if (!opts.jar.empty()) {
    classes = JarClasses(opts.jar);
    if (classes.empty()) {
      return absl::NotFoundError("--jar " + opts.jar + ": no public class (or not a readable jar)");
    }
    report.cls = fs::path(opts.jar).filename().string();
  } else {
    classes = {opts.class_name};
    report.cls = opts.class_name;
  }
  JTG_ASSIGN_OR_RETURN(auto session, StartSession(opts, cp));
  PerfSession& s = *session;
  fs::create_directories(opts.out_dir);
  const bool jar = !opts.jar.empty();

  // With --jar, --budget bounds the whole run (wall clock from here); with --class it is the
  // search budget, and growth, validation and timing come on top.
  const double deadline = opts.budget_seconds;
  auto record_phases = [&] {
    report.phases_s = {{"static", s.static_s},         {"search", s.search_s},
                       {"growth", s.growth_s},         {"validation", s.validation_s},
                       {"timing", s.timing_s},         {"total", s.Elapsed()}};
  };

  // Static phase: loop goals of every entry method. With --jar it may take at most a quarter
  // of the budget; classes past that are skipped with the reason.
  std::vector<ClassWork> work;
  {
    PhaseClock clock(&s.static_s);
    for (const auto& cls : classes) {
      if (jar && s.Elapsed() > deadline / 4) {
        report.skipped.push_back({cls, "not analysed: the static phase used its quarter of the budget"});
        continue;
      }
      auto w = PlanClass(s, cls, pattern, &report);
      if (!w.ok()) {
        if (!jar) return w.status();
        report.skipped.push_back({cls, std::string(w.status().message())});
        continue;
      }
      if (!w->entries.empty()) work.push_back(std::move(*w));
    }
  }
  size_t remaining = 0;
  for (const auto& w : work) remaining += w.entries.size();
  // Search phase. --class: the budget is shared by the entries that reach loops. --jar: each
  // entry gets its share of the time left after the finishing work (growth, validation,
  // timing) that the remaining entries are expected to need, measured on the entries done so
  // far; at least 0.25 s and at most 20 s. Entries still waiting at the deadline are skipped.
  const double search_end = s.Elapsed() + opts.budget_seconds;
  size_t done = 0;
  for (auto& w : work) {
    std::vector<Candidate> candidates;
    size_t not_searched = 0;
    for (auto& e : w.entries) {
      const double rest = static_cast<double>(std::max<size_t>(1, remaining));
      --remaining;
      double share;
      if (jar) {
        double left = deadline - s.Elapsed();
        double finishing = s.growth_s + s.validation_s + s.timing_s;
        double finish_each = done > 0 ? finishing / static_cast<double>(done) : 1.0;
        if (left <= finish_each) {
          ++not_searched;
          continue;
        }
        share = std::clamp((left - finish_each * rest) / rest, 0.25, 20.0);
      } else {
        share = std::max(0.0, search_end - s.Elapsed()) / rest;
      }
      SearchEntry(s, w, e, share, jar ? 3 : 6, &candidates);
      ++done;
    }
    if (not_searched > 0) {
      report.skipped.push_back({w.class_name + ".*", std::to_string(not_searched) +
                                                         " method(s) reaching loops not searched: "
                                                         "the budget ran out"});
    }
    JTG_RETURN_IF_ERROR(FinishClass(s, w, candidates, &report));
    // Results so far are never lost: the report is rewritten after every class.
    record_phases();
    JTG_RETURN_IF_ERROR(perf::WriteReport(report, opts.out_dir));
  }
  record_phases();
  JTG_RETURN_IF_ERROR(perf::WriteReport(report, opts.out_dir));
  if (!opts.quiet) PrintSummary(report, opts, s.Elapsed());
  return absl::OkStatus();
}

}  // namespace jtg::cli
