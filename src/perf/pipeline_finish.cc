#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <system_error>

#include "jvm/java_home.h"
#include "output/executor_oracle.h"
#include "output/junit_writer.h"
#include "output/process.h"
#include "output/validator.h"
#include "output/write_validated.h"
#include "perf/pipeline_steps.h"
#include "runtime/embedded_classes.h"

namespace jtg::perf::pipeline {

namespace fs = std::filesystem;

namespace {

// A Java identifier tag for an input pattern: "disjointSecondLarger", "populated", ...
std::string PatternTag(const testcase::TestCase& tc) {
  std::vector<const testcase::Stmt*> fills;
  for (const auto& s : tc.stmts) {
    if (s.kind == testcase::StmtKind::kRepeat) fills.push_back(&s);
  }
  if (fills.empty()) {
    // Sized by n only through scaled literals ((n + k), a string repeated n times); a test
    // with none runs the same input at every n and says so.
    const bool scaled = std::any_of(tc.stmts.begin(), tc.stmts.end(), [](const testcase::Stmt& s) {
      return s.kind == testcase::StmtKind::kLiteral && s.lit.n_mult != 0;
    });
    return scaled ? "sizedBy_n" : "fixedInput";
  }
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
  if (larger_later)
    tag += "SecondLarger";
  else if (smaller_later)
    tag += "FirstLarger";
  return tag + "Inputs";
}

// Writes the embedded jtestgen/rt/PerfTimer class under `dir`; returns false on failure.
bool WritePerfTimer(const std::string& dir) {
  for (int i = 0; i < runtime::kEmbeddedClassCount; ++i) {
    const auto& c = runtime::kEmbeddedClasses[i];
    if (std::string(c.name) != "jtestgen/rt/PerfTimer") continue;
    fs::path p = fs::path(dir) / (std::string(c.name) + ".class");
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    if (ec) return false;
    FILE* f = std::fopen(p.c_str(), "wb");
    if (f == nullptr) return false;
    bool ok = std::fwrite(c.bytes, 1, c.size, f) == c.size;
    return std::fclose(f) == 0 && ok;
  }
  return false;
}

// `java ... jtestgen.rt.PerfTimer` in a plain JVM (serial GC, the run's heap); the timer's
// arguments follow.
std::vector<std::string> TimerCommand(int max_heap_mb, const std::string& classpath) {
  return {jvm::JdkTool("java"),
          "-Xmx" + std::to_string(max_heap_mb) + "m",
          "-XX:+UseSerialGC",
          "-cp",
          classpath,
          "jtestgen.rt.PerfTimer"};
}

// Times one sized test in a plain JVM (jtestgen.rt.PerfTimer): (n, ms) per size that ran,
// the ms being the minimum over its batches of the mean time of one run.
std::vector<std::pair<double, double>> TimeTest(int max_heap_mb, const std::string& classpath,
                                                const std::string& test_class,
                                                const std::string& method,
                                                const std::vector<int64_t>& ns,
                                                std::string* error) {
  std::vector<std::string> argv = TimerCommand(max_heap_mb, classpath);
  argv.insert(argv.end(), {test_class, "3000", method});
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
    std::string line =
        r->output.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
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

// The input size of a likely bug's growth check: mu, or larger (up to 8 mu, a multiple of
// 64) when the loops run fewer than a million iterations at mu, so that one call takes long
// enough (about a millisecond) to time.
int64_t CheckSize(const GrowthSeries& g, int mu) {
  double n = mu;
  if (!g.iterations.empty() && g.iterations.back() > 0 && g.iterations.size() == g.ns.size()) {
    PowerFit fit = FitPowerLaw(g.ns, g.iterations);
    if (fit.ok && fit.exponent > 0.5 && g.iterations.back() < 1e6) {
      n = g.ns.back() * std::pow(1e6 / g.iterations.back(), 1.0 / fit.exponent);
    }
  }
  n = std::clamp(n, static_cast<double>(mu), 8.0 * mu);
  return std::max<int64_t>(64, static_cast<int64_t>(n) / 64 * 64);
}

// Runs the written growth check of `method` once, outside JUnit (jtestgen.rt.PerfTimer
// --check): "fails: ...", "passes: ..." or "not run: ...".
std::string RunGrowthCheck(int max_heap_mb, const std::string& classpath,
                           const std::string& test_class, const std::string& method) {
  std::vector<std::string> argv = TimerCommand(max_heap_mb, classpath);
  argv.insert(argv.end(), {"--check", test_class, method});
  auto r = output::RunProcess(argv, 120);
  if (!r.ok()) return "not run: " + std::string(r.status().message());
  std::string out = r->output.substr(0, r->output.find('\n'));
  if (out.rfind("fail ", 0) == 0) return "fails: " + out.substr(5);
  if (out == "pass") return "passes: the time does not grow faster than n^1.5 at this size";
  return "not run: " + out.substr(0, 200);
}

}  // namespace

Status FinishClass(PerfSession& s, const ClassWork& w, std::vector<Candidate>& candidates,
                   PerfReport* report) {
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
    std::string doc = std::string(c.redundant ? "Likely bug" : "Stress test") + ", " +
                      std::string(KindName(c.finding.kind)) + " in " + c.finding.method + ": " +
                      c.finding.input_pattern;
    if (!c.finding.loop_inputs.empty()) doc += ". Loops: " + c.finding.loop_inputs;
    int64_t check_n = c.redundant ? CheckSize(c.growth, opts.mu) : 0;
    tests.push_back({c.test, r, name, doc, check_n, w.class_name + "." + c.finding.method});
  }
  output::WriterOptions wopts;
  wopts.dialect = opts.junit == 4 ? output::Dialect::kJUnit4 : output::Dialect::kJUnit5;
  wopts.cut_internal_name = w.internal;
  wopts.header_comment =
      "Seed " + std::to_string(opts.seed) + ", mu " + std::to_string(opts.mu) + ".";
  output::TypeOracle oracle = output::MakeOracle(*s.executor);
  JTG_ASSIGN_OR_RETURN(output::WorkDir work, output::WorkDir::Make("jtestgen-perf-"));
  output::ValidatorOptions vopts =
      output::ValidatorFor(opts.classpath, wopts.dialect, opts.validation_runs, work.path());
  vopts.release = output::ReleaseFor(w.universe->cut().major_version);
  // Validation runs each growth check's call once (the check itself fails on a bug).
  vopts.jvm_args.push_back("-Djtestgen.perf.smoke=true");
  output::ValidatedWriteOptions vw;
  vw.max_rounds = 4;
  std::optional<PhaseClock> validation_clock;
  validation_clock.emplace(&s.validation_s, "validating");
  auto validated = output::WriteValidated(
      tests.size(),
      [&](const std::vector<size_t>& kept) {
        std::vector<output::PerfTest> keep;
        keep.reserve(kept.size());
        for (size_t i : kept) keep.push_back(tests[i]);
        return output::WritePerfJUnit(keep, wopts, oracle, opts.mu);
      },
      opts.out_dir, vopts, vw);
  // javac failed outside any test: no test is written; the findings are kept.
  std::string not_written_why = "its test failed validation and was not written";
  output::ValidatedWrite result;
  if (validated.ok()) {
    result = std::move(*validated);
  } else {
    result.dropped.assign(tests.size(), true);
    not_written_why = "its test class was not written (" +
                      std::string(validated.status().message()).substr(0, 200) + ")";
  }
  const output::JavaFile& file = result.file;
  validation_clock.reset();
  PhaseClock timing_clock(&s.timing_s, "timing");
  std::string timer_dir = work.path() + "/timer";
  bool timer = result.written && WritePerfTimer(timer_dir);
  std::string run_cp = work.path() + "/classes:" + timer_dir + ":" + opts.classpath;
  std::string test_class =
      (file.package_name.empty() ? "" : file.package_name + ".") + file.class_name;
  for (size_t i = 0; i < candidates.size(); ++i) {
    Candidate& c = candidates[i];
    Finding& f = c.finding;
    const std::string& name = tests[i].name;
    bool written = result.written && !result.dropped[i];
    if (written) f.test = file.class_name + "." + name;
    std::string time_error;
    std::vector<std::pair<double, double>> times;
    // Only redundant traversals need the time; long loops are judged on iterations.
    if (written && timer && c.growth.error.empty() && c.redundant) {
      times = TimeTest(s.max_heap_mb, run_cp, test_class, name, s.ns, &time_error);
    }
    for (size_t k = 0; k < times.size() && k < c.growth.sizes.size(); ++k) {
      f.times_ms.push_back(times[k].second);
    }
    if (!c.growth.error.empty()) {
      // Already suspected, with the reason.
    } else if (c.redundant) {
      size_t timed = f.times_ms.size();
      std::vector<double> sizes(c.growth.sizes.begin(),
                                c.growth.sizes.begin() + static_cast<long>(timed));
      std::vector<double> iters(c.growth.iterations.begin(),
                                c.growth.iterations.begin() + static_cast<long>(timed));
      Verdict v = timed >= 3 ? JudgeRedundantTraversal(sizes, iters, f.times_ms)
                             : JudgeRedundantTraversal(c.growth.sizes, c.growth.iterations, {});
      f.status = v.confirmed ? FindingStatus::kConfirmed : FindingStatus::kSuspected;
      f.reason = v.reason;
      if (!time_error.empty()) f.reason += " (timing: " + time_error + ")";
    } else {
      Verdict v = JudgeLongLoop(f.max_iterations, opts.mu);
      f.status = v.confirmed ? FindingStatus::kConfirmed : FindingStatus::kSuspected;
      f.reason = v.reason;
    }
    if (f.times_ms.size() >= 3) {
      PowerFit tf = FitPowerLaw(
          std::vector<double>(c.growth.sizes.begin(),
                              c.growth.sizes.begin() + static_cast<long>(f.times_ms.size())),
          f.times_ms);
      if (tf.ok) {
        f.time_exponent = tf.exponent;
        f.time_r2 = tf.r2;
      }
    }
    if (written && timer && c.redundant && f.status == FindingStatus::kConfirmed) {
      f.test_check = RunGrowthCheck(s.max_heap_mb, run_cp, test_class, name);
    }
    if (!c.growth.deterministic) f.reason += "; iteration counts differ between two runs";
    if (!written) f.reason += "; " + not_written_why;
    if (f.reads) f.reason += "; " + f.reads->summary;
    report->findings.push_back(f);
  }
  return absl::OkStatus();
}

}  // namespace jtg::perf::pipeline
