#include "output/validator.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "jvm/java_home.h"
#include "jvm/shared_jars.h"
#include "output/compile_errors.h"
#include "output/output_layout.h"
#include "output/process.h"
#include "output/run_environments.h"
#include "output/run_pool.h"

namespace jtg::output {

namespace fs = std::filesystem;

std::string JUnitClasspath(Dialect d) {
  if (d == Dialect::kJUnit4) {
    return jvm::SharedJar("junit4.jar") + ":" + jvm::SharedJar("hamcrest-core.jar");
  }
  return jvm::SharedJar("junit-platform-console-standalone.jar");
}

namespace {

// Empties `dir` (if it exists) and creates it. Errors: Internal naming the directory.
Status FreshDir(const fs::path& dir) {
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (!ec) fs::create_directories(dir, ec);
  if (ec) return absl::InternalError("cannot create " + dir.string() + ": " + ec.message());
  return absl::OkStatus();
}

std::string Qualified(const JavaFile& f) {
  return f.package_name.empty() ? f.class_name : f.package_name + "." + f.class_name;
}

// The first line of `file` in the stack trace in `text` ("(CTest.java:42)"), or 0.
int FirstLineIn(const std::string& text, const std::string& file) {
  const std::string key = "(" + file + ":";
  size_t at = text.find(key);
  if (at == std::string::npos) return 0;
  return std::atoi(text.c_str() + at + key.size());
}

// `text` with its 1-based line `line` replaced by `with` (removed when `with` is null);
// unchanged when line is 0 or past the end.
std::string ReplaceLine(const std::string& text, int line, const char* with) {
  if (line <= 0) return text;
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string::npos) return text;
    ++start;
  }
  size_t end = text.find('\n', start);
  if (end == std::string::npos) return text;
  if (with == nullptr) return text.substr(0, start) + text.substr(end + 1);
  return text.substr(0, start) + with + text.substr(end);
}

// file.source with its @SuppressWarnings naming the lint categories in javac's `log`.
std::string SettleSuppressions(const JavaFile& file, const std::string& log) {
  if (file.suppress_line <= 0) return file.source;
  std::set<std::string> found;
  static const std::regex kWarn(R"(: warning: \[(rawtypes|unchecked|deprecation|removal)\])");
  for (std::sregex_iterator it(log.begin(), log.end(), kWarn), end; it != end; ++it) {
    found.insert((*it)[1]);
  }
  if (found.empty()) return ReplaceLine(file.source, file.suppress_line, nullptr);
  std::string ann = "@SuppressWarnings(";
  if (found.size() > 1) ann += "{";
  bool first = true;
  for (const auto& c : found) {
    ann += (first ? "\"" : ", \"") + c + "\"";
    first = false;
  }
  ann += found.size() > 1 ? "})" : ")";
  return ReplaceLine(file.source, file.suppress_line, ann.c_str());
}

// Failing tests of a JUnit 5 run, with the line of the test class each failed at.
std::map<std::string, int> FailedJUnit5(const std::string& report_dir, const std::string& file) {
  std::map<std::string, int> bad;
  std::ifstream in(fs::path(report_dir) / "TEST-junit-jupiter.xml");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string xml = ss.str();
  // "name()", or "name(String, int)[2]" for a row of a parameterized test: the method fails.
  static const std::regex kCase(R"re(<testcase name="([A-Za-z0-9_$]+)\([^)"]*\)(\[\d+\])?")re");
  for (std::sregex_iterator it(xml.begin(), xml.end(), kCase), end; it != end; ++it) {
    size_t start = static_cast<size_t>(it->position());
    size_t close = xml.find("</testcase>", start);
    std::string body =
        xml.substr(start, close == std::string::npos ? std::string::npos : close - start);
    if (body.find("<failure") != std::string::npos || body.find("<error") != std::string::npos) {
      bad.emplace((*it)[1], FirstLineIn(body, file));
    }
  }
  return bad;
}

// Failing tests of a JUnit 4 run (JUnitCore's output), with the line each failed at.
std::map<std::string, int> FailedJUnit4(const std::string& out, const std::string& file) {
  std::map<std::string, int> bad;
  static const std::regex kFail(R"(\n\d+\) ([A-Za-z0-9_$]+)\()");
  std::vector<std::pair<std::string, size_t>> heads;
  for (std::sregex_iterator it(out.begin(), out.end(), kFail), end; it != end; ++it) {
    heads.emplace_back((*it)[1], static_cast<size_t>(it->position()));
  }
  for (size_t k = 0; k < heads.size(); ++k) {
    size_t stop = k + 1 < heads.size() ? heads[k + 1].second : out.size();
    bad.emplace(heads[k].first,
                FirstLineIn(out.substr(heads[k].second, stop - heads[k].second), file));
  }
  return bad;
}

}  // namespace

int ReleaseFor(int class_major) { return std::max(8, class_major - 44); }

ValidatorOptions ValidatorFor(std::string classpath, Dialect dialect, int runs,
                              std::string work_dir) {
  ValidatorOptions v;
  v.java_home = jvm::JavaHome();
  v.classpath = std::move(classpath);
  v.dialect = dialect;
  v.runs = runs;
  v.work_dir = std::move(work_dir);
  return v;
}

StatusOr<std::string> MakeWorkDir(const std::string& prefix) {
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl = (tmp != nullptr && *tmp != '\0' ? std::string(tmp) : std::string("/tmp")) +
                     "/" + prefix + "XXXXXX";
  if (mkdtemp(tmpl.data()) == nullptr) {
    return absl::InternalError("cannot create the work directory " + tmpl + ": " +
                               std::strerror(errno));
  }
  return tmpl;
}

StatusOr<WorkDir> WorkDir::Make(const std::string& prefix) {
  JTG_ASSIGN_OR_RETURN(std::string path, MakeWorkDir(prefix));
  return WorkDir(std::move(path));
}

WorkDir& WorkDir::operator=(WorkDir&& other) noexcept {
  if (this != &other) {
    WorkDir gone(std::move(*this));  // removes the old directory
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

WorkDir::~WorkDir() {
  if (path_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

StatusOr<Validation> Validate(const JavaFile& file, const std::string& source_root,
                              const ValidatorOptions& opts) {
  Validation v;
  // Compiled and run from the work directory; only a file that passed every run reaches
  // `source_root` (a file that did not could hold a test that harms whoever runs it).
  const std::string final_path = source_root.empty() ? "" : SourcePathOf(file, source_root);
  std::error_code ec;
  if (!final_path.empty()) {
    JTG_RETURN_IF_ERROR(CheckWritable(final_path, opts.overwrite));
    if (IsGeneratedFile(final_path)) fs::remove(final_path, ec);
  }
  std::string src = SourcePathOf(file, (fs::path(opts.work_dir) / "src").string());
  fs::create_directories(fs::path(src).parent_path(), ec);
  {
    // Compiled without the @SuppressWarnings line (kept blank: line numbers stay), so that
    // javac reports what the file needs suppressed.
    std::ofstream out(src);
    out << ReplaceLine(file.source, file.suppress_line, "");
    if (!out) return absl::InternalError("cannot write " + src);
  }
  std::string classes = (fs::path(opts.work_dir) / "classes").string();
  JTG_RETURN_IF_ERROR(FreshDir(classes));
  std::string cp = opts.classpath + ":" + JUnitClasspath(opts.dialect);
  // javac's own JVM on C1 only: a run of a few seconds ends before C2 pays off (StringUtils'
  // 631 tests: 1.2-1.5 s against 2.1-2.6 s). No annotation processing: the tests need none,
  // and a processor on the user's classpath is code that has no business running here
  // (looking for one alone cost 0.1-0.3 s).
  std::vector<std::string> javac_argv = {opts.java_home + "/bin/javac",
                                         "-J-XX:TieredStopAtLevel=1",
                                         "-proc:none",
                                         "-J-Djava.io.tmpdir=" + opts.work_dir,
                                         "-Xlint:rawtypes,unchecked,deprecation,removal",
                                         "-Xmaxerrs",
                                         "100000",
                                         "-Xmaxwarns",
                                         "100000"};
  if (opts.release > 0) {  // the class's own language level (ReleaseFor)
    javac_argv.push_back("--release");
    javac_argv.push_back(std::to_string(opts.release));
    javac_argv.push_back("-Xlint:-options");  // newer JDKs call release 8 obsolete
  }
  javac_argv.insert(javac_argv.end(), {"-encoding", "UTF-8", "-d", classes, "-cp", cp, src});
  auto left = [&opts](int cap) {
    if (opts.end_by == std::chrono::steady_clock::time_point::max()) return cap;
    const auto s = std::chrono::duration_cast<std::chrono::seconds>(
                       opts.end_by - std::chrono::steady_clock::now())
                       .count();
    return static_cast<int>(std::min<int64_t>(cap, s));
  };
  auto out_of_time = [&v, &file]() {
    v.out_of_time = true;
    v.whole_run_failed = true;
    v.failure = "the class's time bound came";
    for (const std::string& name : file.test_names) v.bad_tests.insert(name);
    return v;
  };
  if (left(600) < 1) return out_of_time();
  JTG_ASSIGN_OR_RETURN(auto javac, RunProcess(javac_argv, left(600)));
  if (javac.exit_code == 124 && left(600) < 1) return out_of_time();
  if (javac.exit_code != 0) {
    v.log = javac.output;
    std::string outside;
    v.bad_tests = CompileErrors(file, javac.output, &outside, &v.unreported, &v.compile_errors);
    if (!outside.empty() || v.bad_tests.empty()) {
      // No test to blame: every test is suspect, and the caller bisects (run_breakers.h).
      v.whole_run_failed = true;
      v.failure =
          kJavacFailure +
          (outside.empty() ? std::string("exit code ") + std::to_string(javac.exit_code) : outside);
      for (const std::string& name : file.test_names) v.bad_tests.insert(name);
      v.unreported.clear();
    }
    return v;
  }
  v.compiled = true;
  v.source = SettleSuppressions(file, javac.output);
  std::string run_cp = classes + ":" + cp;
  const std::string file_name = file.class_name + ".java";
  // Each run's command, then the runs two at a time (run_pool.h).
  struct Run {
    std::string reports, label;
    int index = 0;
  };
  std::vector<Run> runs;
  std::vector<PoolJob> jobs;
  for (int run = 0; run < opts.runs; ++run) {
    if (static_cast<size_t>(run) < opts.only_runs.size() && !opts.only_runs[run]) continue;
    RunEnvironment env = opts.vary_environment ? EnvironmentForRun(run) : RunEnvironment{};
    if (!opts.shift_clock) env = WithoutClockShift(env);
    std::string reports = (fs::path(opts.work_dir) / ("reports" + std::to_string(run))).string();
    fs::remove_all(reports, ec);
    // As in the search JVM: temporary files in the work directory, and no SecurityManager
    // (code that installs one would keep the JVM from exiting).
    // The run's working directory and temporary directory are its own, away from the
    // compiled tests and the reports: a test that empties either (a "clean" helper given
    // user.dir or java.io.tmpdir) cannot take the run down with it.
    // In the sandbox they are the read-only directories with content the search used.
    const char* bait = std::getenv("JTG_BAIT_DIR");
    fs::path own = fs::path(opts.work_dir) / "runs" / std::to_string(run);
    fs::path run_cwd = own / "cwd" / "d", run_tmp = own / "tmp";
    std::string home;  // "": the machine's
    if (env.other_user_dirs) {
      JTG_RETURN_IF_ERROR(FreshDir(own));
      JTG_RETURN_IF_ERROR(FreshDir(run_cwd));
      JTG_RETURN_IF_ERROR(FreshDir(run_tmp));
      home = (own / "home").string();
      JTG_RETURN_IF_ERROR(FreshDir(home));
    } else if (bait != nullptr && *bait != '\0') {
      run_cwd = fs::path(bait) / "cwd";
      run_tmp = fs::path(bait) / "tmp";
      if (file.uses_test_folder) {
        // JUnit makes the temporary folder in java.io.tmpdir: an empty writable one.
        run_tmp = own / "tmp";
        JTG_RETURN_IF_ERROR(FreshDir(run_tmp));
      }
    } else {
      JTG_RETURN_IF_ERROR(FreshDir(own));
      JTG_RETURN_IF_ERROR(FreshDir(run_cwd));
      JTG_RETURN_IF_ERROR(FreshDir(run_tmp));
    }
    std::vector<std::string> argv = {opts.java_home + "/bin/java",
                                     "-Xmx2g",
                                     "-XX:TieredStopAtLevel=1",
                                     "-Djava.io.tmpdir=" + run_tmp.string(),
                                     "-Djava.security.manager=disallow",
                                     "-XX:ErrorFile=" + opts.work_dir + "/hs_err_pid%p.log",
                                     "-cp",
                                     run_cp};
    argv.insert(argv.end() - 2, env.jvm_args.begin(), env.jvm_args.end());
    if (!home.empty()) argv.insert(argv.end() - 2, "-Duser.home=" + home);
    if (!env.env.empty()) {
      // Under libfaketime every timed wait of the JVM's own threads takes its lock: fewer
      // such threads (one GC thread, one compiler thread, no statistics sampler) make the
      // clock-shifted run shorter (StringUtils' 641 tests: 4.0-4.7 s against 5.6-7.8 s).
      argv.insert(argv.end() - 2,
                  {"-XX:+UseSerialGC", "-XX:-UsePerfData", "-XX:CICompilerCount=1"});
    }
    argv.insert(argv.end() - 2, opts.jvm_args.begin(), opts.jvm_args.end());
    std::string label = env.label;
    if (opts.dialect == Dialect::kJUnit5) {
      for (const char* a : {"org.junit.platform.console.ConsoleLauncher", "--disable-banner",
                            "--disable-ansi-colors", "--details=none"}) {
        argv.push_back(a);
      }
      // A test that hangs fails after this long instead of stalling the run; in a thread of
      // its own, so that one that ignores interrupts cannot hold up the others. Not in the
      // clock-shifted run (it starts when no plain run is left to start, run_pool.h): under
      // libfaketime every timed wait of that machinery goes through its lock, which made the
      // run 2.4 times as long (CollectionUtils' 240 tests: 9.3 s against 3.8 s, plain 0.9 s);
      // a hang there still ends at the run's time limit, as a failed run.
      if (env.env.empty()) {
        argv.push_back("--config=junit.jupiter.execution.timeout.default=10s");
        argv.push_back(
            "--config=junit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD");
      }
      if (env.order_seed > 0) {
        argv.push_back(
            "--config=junit.jupiter.testmethod.order.default=org.junit.jupiter.api.MethodOrderer$"
            "Random");
        argv.push_back("--config=junit.jupiter.execution.order.random.seed=" +
                       std::to_string(env.order_seed));
        label += ", shuffled order";
      }
      argv.push_back("--select-class=" + Qualified(file));
      argv.push_back("--reports-dir=" + reports);
    } else {
      argv.push_back("org.junit.runner.JUnitCore");
      argv.push_back(Qualified(file));
    }
    // In a network of its own (ports the search JVM still holds must not make a test pass;
    // the other run's ports neither), and in an empty working directory of its own: a test
    // must not depend on files that earlier runs, or the search, left behind.
    ProcessOptions popts;
    popts.own_network = true;
    popts.cwd = run_cwd.string();
    popts.env = env.env;
    const bool slow = !env.env.empty();
    if (!home.empty()) popts.env.push_back("HOME=" + home);
    runs.push_back(Run{std::move(reports), std::move(label), run});
    const int limit = left(180);
    if (limit < 1) return out_of_time();
    jobs.push_back(PoolJob{std::move(argv), std::move(popts), limit, slow});
  }
  std::vector<bool> capped(jobs.size(), false);  // a slow run limited to 4 x the plain ones
  std::vector<StatusOr<ProcessResult>> results =
      RunTwoAtATime(jobs, [&](size_t k, std::chrono::steady_clock::duration longest) {
        // Bounded like the others, by what it may take: four times the longest plain run
        // (at least 30 s). A shifted run that took 65 s beside plain runs of 5 s (issue 41)
        // now stops there and counts as skipped (below).
        if (longest > std::chrono::steady_clock::duration::zero()) {
          const auto cap = std::chrono::duration_cast<std::chrono::seconds>(4 * longest).count();
          const int limit = static_cast<int>(std::max<int64_t>(30, cap));
          capped[k] = limit < jobs[k].timeout_seconds;
          jobs[k].timeout_seconds = std::min(jobs[k].timeout_seconds, limit);
        }
        if (std::chrono::steady_clock::now() + 4 * longest < opts.shift_clock_by) return;
        // No time for a shifted clock: the run keeps its zone and locale, with the real clock.
        jobs[k].popts.env.clear();
        runs[k].label =
            "no clock shift (time), " + runs[k].label.substr(runs[k].label.find(", ") + 2);
        v.clock_skipped = true;
      });
  for (size_t k = 0; k < runs.size(); ++k) {
    if (results[k].ok() && results[k]->exit_code == 124 && left(1) < 1) return out_of_time();
  }
  for (size_t k = 0; k < runs.size(); ++k) {
    if (!results[k].ok()) return results[k].status();
    const ProcessResult& r = *results[k];
    ++v.runs_done;
    std::map<std::string, int> bad = opts.dialect == Dialect::kJUnit5
                                         ? FailedJUnit5(runs[k].reports, file_name)
                                         : FailedJUnit4("\n" + r.output, file_name);
    if (r.exit_code == 124 && bad.empty() && capped[k]) {
      // The clock-shifted run passed the cap set above (libfaketime's lock, not a test):
      // it counts as skipped, as when there was no time to start it.
      v.clock_skipped = true;
      continue;
    }
    if (r.exit_code != 0 && bad.empty()) {
      // The run failed as a whole (crash, System.exit, time limit): every test is suspect.
      v.log = r.output;
      v.whole_run_failed = true;
      v.failure = r.exit_code == 124  ? "passed its time limit"
                  : r.exit_code > 128 ? "killed by signal " + std::to_string(r.exit_code - 128)
                                      : "exit code " + std::to_string(r.exit_code);
      for (const auto& n : file.test_names) v.bad_tests.insert(n);
      return v;
    }
    if (!bad.empty()) v.log = r.output;
    if (!bad.empty() && IsClockShiftedRun(runs[k].label)) v.clock_run_failed = true;
    if (bad.empty()) v.passed_runs.push_back(runs[k].index);
    for (const auto& [name, line] : bad) {
      v.bad_tests.insert(name);
      v.failures.emplace(name, TestFailure{line, runs[k].label});
    }
  }
  if (v.bad_tests.empty() && !source_root.empty()) {
    JavaFile settled = file;
    settled.source = v.source;
    JTG_RETURN_IF_ERROR(WriteJavaFile(settled, source_root, opts.overwrite));
  }
  return v;
}

Status WriteJavaFile(const JavaFile& file, const std::string& source_root, bool overwrite) {
  const std::string path = SourcePathOf(file, source_root);
  JTG_RETURN_IF_ERROR(CheckWritable(path, overwrite));
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::ofstream out(path);
  out << file.source;
  if (!out) return absl::InternalError("cannot write " + path);
  return absl::OkStatus();
}

}  // namespace jtg::output
