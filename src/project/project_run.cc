#include "project/project_run.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "classfile/names.h"
#include "classpath/classpath.h"
#include "common/step_note.h"
#include "output/output_layout.h"
#include "project/backend.h"
#include "project/class_job.h"
#include "project/class_selection.h"
#include "project/progress.h"
#include "project/ray_backend.h"
#include "project/summary.h"
#include "sandbox/run_dirs.h"
#include "sandbox/worker_watch.h"

namespace jtg::project {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

std::string NowIso() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// An exclusive flock on R/.jtestgen/lock for the run's lifetime (released when the process
// ends, however it ends).
class RunLock {
 public:
  static StatusOr<RunLock> Take(const std::string& report_dir) {
    std::error_code ec;
    fs::create_directories(fs::path(report_dir) / ".jtestgen", ec);
    const std::string path = report_dir + "/.jtestgen/lock";
    int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return absl::InvalidArgumentError(absl::StrCat("cannot open ", path));
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      close(fd);
      return absl::FailedPreconditionError(
          absl::StrCat("another jtestgen run is using ", report_dir, " (", path, " is locked)"));
    }
    return RunLock(fd);
  }
  RunLock(RunLock&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  RunLock& operator=(RunLock&&) = delete;
  RunLock(const RunLock&) = delete;
  ~RunLock() {
    if (fd_ >= 0) close(fd_);
  }

 private:
  explicit RunLock(int fd) : fd_(fd) {}
  int fd_;
};

// A job may run twice: a second attempt after a crash (backend.h: ended by a signal, or lost
// with its node or the Ray driver). Failures of the class itself are not retried.
constexpr int kMaxAttempts = 2;

bool Crashed(const ChildEnd& end) { return end.signal != 0 || end.exit_code < 0; }

// The child's one-line error: its last "jtestgen: " line, else how it ended.
std::string FailureReason(const std::string& log, const ChildEnd& end) {
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line)) {
    if (line.rfind("jtestgen: ", 0) == 0) last = line.substr(10);
  }
  if (!last.empty()) return last;
  if (end.signal != 0) return absl::StrCat("jtestgen ended by signal ", end.signal);
  return absl::StrCat("jtestgen exited with status ", end.exit_code);
}

// A perf child writes into its state folder: its test sources go under `out_dir`.
Status MoveTests(const std::string& state_dir, const std::string& out_dir) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(state_dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".java") continue;
    fs::path to = fs::path(out_dir) / fs::relative(it->path(), state_dir);
    fs::create_directories(to.parent_path(), ec);
    fs::copy_file(it->path(), to, fs::copy_options::overwrite_existing, ec);
    if (ec)
      return absl::InternalError(absl::StrCat("cannot write ", to.string(), ": ", ec.message()));
  }
  return absl::OkStatus();
}

// A class the child found nothing to test in (no public method or constructor; abstract with
// no implementation on the classpath) is not testable, not failed. Its reason is kept beside
// the stamp, so the next run skips it too.
bool NothingToTest(const std::string& reason) {
  return reason.find("has no public method or constructor to test") != std::string::npos ||
         reason.find("has no usable implementation on the classpath") != std::string::npos;
}

std::string NotTestablePath(const ClassJob& job) { return job.state_dir + "/not_testable.txt"; }

// A job may be skipped when its stamp holds its key and its outputs are still there.
std::optional<double> Reusable(const ClassJob& job, bool perf, const std::string& report_dir) {
  std::optional<double> t = Unchanged(job);
  if (!t) return std::nullopt;
  const fs::path dir(job.state_dir);
  if (fs::exists(NotTestablePath(job))) return t;
  if (!fs::exists(dir / (perf ? "perf-report.json" : "jtestgen-report.json"))) return std::nullopt;
  if (!perf) {
    nlohmann::json row =
        ClassRow({job.cls, ClassStatus::kUnchanged, "", 0, job.state_dir}, false, report_dir);
    if (row.contains("test_file") &&
        !fs::exists(fs::path(report_dir) / row["test_file"].get<std::string>())) {
      return std::nullopt;
    }
  }
  return t;
}

class Run {
 public:
  Run(const ProjectOptions& o, std::string out, std::string report, std::string classpath)
      : o_(o), out_(std::move(out)), report_(std::move(report)), classpath_(std::move(classpath)) {}

  Status Go(const ClassSelection& sel, const classpath::Classpath& cp, Backend& backend,
            int* signal);

 private:
  void Record(const ClassOutcome& outcome, bool ran);
  // Removes the test file jtestgen writes for `cls` under out_ (a failed class's), if there
  // is one and jtestgen wrote it (output_layout.h kGeneratedMarker).
  void RemoveTestFile(const std::string& cls) const;
  // The child found nothing to test: listed with the not-testable classes.
  void NotTestableNow(const ClassJob& job, const std::string& reason, bool ran);
  Status Flush() const;
  // Flush, at most once a second: the summary grows with the classes, and rewriting it after
  // each of thousands of classes would cost the run more than the classes (docs/SCALE.md).
  void FlushNowAndThen();

  const ProjectOptions& o_;
  std::string out_, report_, classpath_;
  std::map<std::string, nlohmann::json> rows_;
  std::vector<NotTestable> not_testable_;
  std::unique_ptr<Progress> progress_;
  int slots_ = 1;  // jobs at once (the back end's slots)
  std::string started_ = NowIso();
  Clock::time_point t0_ = Clock::now();
  Clock::time_point last_flush_{};
};

void Run::NotTestableNow(const ClassJob& job, const std::string& reason, bool ran) {
  if (ran) StepNote(NotTestablePath(job)).Set(reason);
  not_testable_.push_back({job.cls, reason});
  std::sort(not_testable_.begin(), not_testable_.end(),
            [](const NotTestable& a, const NotTestable& b) { return a.cls < b.cls; });
  progress_->ClassDone({{"class", job.cls}, {"status", "not testable"}, {"reason", reason}}, false);
  FlushNowAndThen();
}

void Run::Record(const ClassOutcome& outcome, bool ran) {
  nlohmann::json row = ClassRow(outcome, o_.perf, report_);
  progress_->ClassDone(row, ran);
  rows_[outcome.cls] = std::move(row);
  FlushNowAndThen();
}

void Run::RemoveTestFile(const std::string& cls) const {
  if (o_.perf) return;  // perf tests reach out_ only from a job that succeeded (MoveTests)
  std::string suffix = output::kDefaultTestSuffix;
  for (size_t i = 0; i + 1 < o_.child_args.size(); ++i) {
    if (o_.child_args[i] == "--test-suffix") suffix = o_.child_args[i + 1];
  }
  const std::string path =
      (fs::path(out_) / (classfile::ToInternal(cls) + suffix + ".java")).string();
  std::error_code ec;
  if (fs::exists(path, ec) && output::IsGeneratedFile(path)) fs::remove(path, ec);
}

void Run::FlushNowAndThen() {
  const Clock::time_point now = Clock::now();
  if (now - last_flush_ < std::chrono::seconds(1)) return;
  last_flush_ = now;
  Status st = Flush();
  if (!st.ok()) std::fprintf(stderr, "jtestgen: %s\n", std::string(st.message()).c_str());
}

Status Run::Flush() const {
  SummaryHeader h{o_.perf,
                  started_,
                  std::chrono::duration<double>(Clock::now() - t0_).count(),
                  o_.budget_per_class,
                  o_.seed,
                  slots_,
                  o_.junit,
                  o_.ray_address.empty() ? "local" : "ray " + o_.ray_address};
  std::vector<nlohmann::json> rows;
  rows.reserve(rows_.size());
  for (const auto& [cls, row] : rows_) rows.push_back(row);
  return WriteSummary(BuildSummary(h, rows, not_testable_), report_);
}

Status Run::Go(const ClassSelection& sel, const classpath::Classpath& cp, Backend& backend,
               int* signal) {
  not_testable_ = sel.not_testable;
  slots_ = backend.Slots();
  progress_ = std::make_unique<Progress>(sel.classes.size(), backend.Slots(), o_.budget_per_class,
                                         o_.live, o_.quiet, stderr);
  const std::string key =
      absl::StrCat(o_.perf ? "perf" : "suite", "\x1f", absl::StrJoin(o_.child_args, "\x1f"));
  std::deque<ClassJob> pending;
  for (const auto& cls : sel.classes) pending.push_back(MakeJob(cp, cls, report_, key));
  std::map<std::string, ClassJob> active;
  std::map<std::string, int> attempts;
  sandbox::SignalGuard guard;
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGTERM, SIGINT, SIGHUP, SIGCHLD}) sigaddset(&set, s);
  int stop_signal = 0;
  while ((!pending.empty() && stop_signal == 0) || !active.empty()) {
    while (stop_signal == 0 && !pending.empty() &&
           static_cast<int>(active.size()) < backend.Slots()) {
      ClassJob job = std::move(pending.front());
      pending.pop_front();
      if (attempts[job.cls] == 0) {
        if (auto why = o_.retry_failed ? std::nullopt : FailedBefore(job)) {
          RemoveTestFile(job.cls);
          Record({job.cls, ClassStatus::kFailed,
                  absl::StrCat(*why,
                               " (not run again: class and options unchanged since; "
                               "--retry-failed runs it)"),
                  0, job.state_dir},
                 false);
          continue;
        }
        if (auto t = Reusable(job, o_.perf, report_)) {
          if (fs::exists(NotTestablePath(job))) {
            NotTestableNow(job, ReadStep(NotTestablePath(job)), false);
          } else {
            Record({job.cls, ClassStatus::kUnchanged, "", *t, job.state_dir}, false);
          }
          continue;
        }
      }
      std::error_code ec;
      fs::create_directories(job.state_dir, ec);
      ClearStamp(job);
      fs::remove(fs::path(job.state_dir) / "log.txt", ec);
      fs::remove(fs::path(job.state_dir) / "step", ec);
      fs::remove(NotTestablePath(job), ec);
      ++attempts[job.cls];
      Status started = backend.Start(job);
      if (!started.ok()) {
        Record({job.cls, ClassStatus::kFailed, std::string(started.message()), 0, job.state_dir},
               true);
        continue;
      }
      active.emplace(job.cls, std::move(job));
    }
    for (const JobEnd& e : backend.Poll()) {
      auto it = active.find(e.cls);
      if (it == active.end()) continue;
      ClassJob job = std::move(it->second);
      active.erase(it);
      if (stop_signal != 0) continue;  // stopped by us: done again next run
      ClassOutcome out{job.cls,       ClassStatus::kGenerated, "",     e.seconds,
                       job.state_dir, attempts[job.cls],       e.where};
      if (e.end.exit_code != 0 || e.end.signal != 0) {
        out.status = ClassStatus::kFailed;
        out.reason = FailureReason(job.state_dir + "/log.txt", e.end);
        if (NothingToTest(out.reason)) {
          NotTestableNow(job, out.reason, true);
          (void)WriteStamp(job, e.seconds);
          continue;
        }
        if (Crashed(e.end) && attempts[job.cls] < kMaxAttempts) {
          progress_->Note(absl::StrCat(job.cls, ": ", out.reason, "; running it again"));
          pending.push_front(std::move(job));
          continue;
        }
        if (attempts[job.cls] > 1) absl::StrAppend(&out.reason, " (twice)");
        (void)WriteFailedStamp(job, out.reason);
        RemoveTestFile(job.cls);
      } else {
        Status st = o_.perf ? MoveTests(job.state_dir, out_) : absl::OkStatus();
        if (st.ok()) st = WriteStamp(job, e.seconds);
        if (!st.ok()) {
          out.status = ClassStatus::kFailed;
          out.reason = std::string(st.message());
          RemoveTestFile(job.cls);
        }
      }
      Record(out, true);
    }
    progress_->Redraw(backend.RunningNow(),
                      std::chrono::duration<double>(Clock::now() - t0_).count());
    if (active.empty()) continue;
    timespec wait{0, 250'000'000};
    int s = sigtimedwait(&set, nullptr, &wait);
    if ((s == SIGTERM || s == SIGINT || s == SIGHUP) && stop_signal == 0) {
      stop_signal = s;
      backend.StopAll();
    }
  }
  progress_->Finish();
  JTG_RETURN_IF_ERROR(Flush());

  // The summary, always printed.
  size_t failed = 0, unchanged = 0, generated = 0;
  int64_t tests = 0, covered = 0, total = 0;
  std::string first_failure;
  for (const auto& [cls, row] : rows_) {
    const std::string st = row.value("status", "");
    if (st == "failed") {
      if (failed++ == 0) first_failure = absl::StrCat(cls, ": ", row.value("reason", ""));
    }
    unchanged += st == "unchanged";
    generated += st == "generated";
    tests += row.value("tests", int64_t{0});
    if (row.contains("branches")) {
      covered += row["branches"].value("covered", int64_t{0});
      total += row["branches"].value("total", int64_t{0});
    }
  }
  const double wall = std::chrono::duration<double>(Clock::now() - t0_).count();
  // Classes the children found nothing to test in moved to the not-testable ones.
  const size_t classes = sel.classes.size() - (not_testable_.size() - sel.not_testable.size());
  std::string line = absl::StrCat(classes, " classes: ", generated, " generated, ", unchanged,
                                  " unchanged, ", failed, " failed");
  if (!not_testable_.empty()) absl::StrAppend(&line, ", ", not_testable_.size(), " not testable");
  absl::StrAppend(&line, "; ", tests, " tests");
  if (!o_.perf && total > 0) {
    absl::StrAppend(&line, absl::StrFormat("; branches %d/%d (%.1f%%)", covered, total,
                                           100.0 * static_cast<double>(covered) / total));
  }
  absl::StrAppend(&line, "; ", ClockText(wall), "\n  summary: ", report_, "/jtestgen-summary.html");
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
  if (stop_signal != 0) {
    *signal = stop_signal;
    return absl::CancelledError(
        absl::StrCat("stopped by signal ", stop_signal, " after ", rows_.size(), " of ", classes,
                     " classes; run the same command again to do the rest"));
  }
  if (failed > 0) {
    return absl::AbortedError(
        absl::StrCat(failed, " of ", classes, " classes failed, first ", first_failure));
  }
  return absl::OkStatus();
}

}  // namespace

Status RunProject(const ProjectOptions& opts, int* signal) {
  if (opts.jobs < 1) return absl::InvalidArgumentError("--jobs must be at least 1");
  JTG_ASSIGN_OR_RETURN(std::string out, sandbox::PrepareOutputDir(opts.out_dir));
  JTG_ASSIGN_OR_RETURN(std::string report,
                       sandbox::PrepareOutputDir(output::ReportDirFor(out, opts.report_dir)));
  // One run at a time per report directory: two would overwrite each other's stamps.
  JTG_ASSIGN_OR_RETURN(RunLock lock, RunLock::Take(report));
  const std::string classpath = sandbox::AbsolutePathList(opts.classpath);
  const std::string target =
      opts.target.empty() ? classpath : sandbox::AbsolutePathList(opts.target);
  JTG_ASSIGN_OR_RETURN(ClassSelection sel, SelectClasses(target, opts.includes, opts.excludes));
  if (sel.classes.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no testable class among the ", sel.not_testable.size(),
        " that match (first: ", sel.not_testable[0].cls, ", ", sel.not_testable[0].reason, ")"));
  }
  JTG_ASSIGN_OR_RETURN(auto cp, classpath::Classpath::Open(classpath));
  ProjectOptions o = opts;
  if (o.total_budget > 0) {
    o.budget_per_class =
        std::max(10.0, o.total_budget * o.jobs / static_cast<double>(sel.classes.size()) / 3.0);
    for (size_t i = 0; i + 1 < o.child_args.size(); ++i) {
      if (o.child_args[i] == "--budget") {
        o.child_args[i + 1] = absl::StrFormat("%.3fs", o.budget_per_class);
      }
    }
  }
  JobSetting setting{o.perf, classpath, out, o.child_args};
  setting.args.insert(setting.args.end(), o.extra_args.begin(), o.extra_args.end());
  StatusOr<std::unique_ptr<Backend>> backend =
      o.ray_address.empty() ? LocalBackend(setting, o.jobs)
                            : RayBackend(setting, RayOptions{o.ray_address, o.ray_memory, 2,
                                                             report + "/.jtestgen/ray-driver.log",
                                                             o.jobs_given ? o.jobs : 0});
  if (!backend.ok()) return backend.status();
  Run run(o, out, report, classpath);
  return run.Go(sel, cp, **backend, signal);
}

}  // namespace jtg::project
