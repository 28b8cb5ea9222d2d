#include "supervise/supervisor.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "classfile/names.h"
#include "output/output_layout.h"
#include "sandbox/run_dirs.h"
#include "sandbox/sandboxed_process.h"
#include "sandbox/worker_watch.h"
#include "suite/time_plan.h"
#include "supervise/heartbeat.h"
#include "supervise/parent_link.h"
#include "supervise/worker_body.h"

namespace jtg::supervise {

namespace {

using Clock = std::chrono::steady_clock;

Status Interrupted(const sandbox::WatchResult& r, const std::string& what, int* signal) {
  if (signal != nullptr) *signal = r.signal;
  return absl::CancelledError(absl::StrCat("stopped by signal ", r.signal, " (",
                                           strsignal(r.signal), ") while working on ", what));
}

Status SetupError(const std::string& why) {
  return absl::FailedPreconditionError(
      why +
      " (jtestgen never runs the code under test unconfined unless told to: "
      "--no-sandbox)");
}

// What one supervised run holds: its scratch directory (removed at the end), the sandbox
// spec, the shared page, and the blocked signals (restored at the end).
struct Session {
  std::string scratch;
  std::string step_dir;  // writable for the worker, read by the heartbeat ("" = none)
  sandbox::SandboxSpec spec;
  sandbox::WorkerPage* page = nullptr;
  sandbox::SignalGuard signals;
  ~Session() {
    sandbox::UnmapWorkerPage(page);
    sandbox::RemoveScratchDir(scratch);
    std::error_code ec;
    if (!step_dir.empty()) std::filesystem::remove_all(step_dir, ec);
  }
};

// Checks and normalizes --out (before anything runs), makes the scratch and the page.
// A `report_dir` (may be null) is resolved against --out (output::ReportDirFor), checked and
// made writable too.
StatusOr<std::unique_ptr<Session>> OpenSession(std::string& out_dir,
                                               std::string* report_dir = nullptr) {
  JTG_ASSIGN_OR_RETURN(out_dir, sandbox::PrepareOutputDir(out_dir));
  auto s = std::make_unique<Session>();
  s->spec.writable = {out_dir};
  if (report_dir != nullptr) {
    JTG_ASSIGN_OR_RETURN(*report_dir,
                         sandbox::PrepareOutputDir(output::ReportDirFor(out_dir, *report_dir)));
    if (*report_dir != out_dir) s->spec.writable.push_back(*report_dir);
  }
  JTG_ASSIGN_OR_RETURN(s->scratch, sandbox::MakeScratchDir());
  s->spec.scratch = s->scratch;
  JTG_ASSIGN_OR_RETURN(s->page, sandbox::MapWorkerPage());
  return s;
}

Clock::time_point After(Clock::time_point start, double seconds) {
  return start +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace

Status SuperviseSuite(suite::SuiteOptions opts, const SupervisorOptions& sup, int* signal) {
  JTG_RETURN_IF_ERROR(FollowParent());
  JTG_ASSIGN_OR_RETURN(auto session, OpenSession(opts.out_dir, &opts.report_dir));
  opts.classpath = sandbox::AbsolutePathList(opts.classpath);
  sandbox::WorkerPage* page = session->page;
  const sandbox::SandboxSpec& spec = session->spec;
  const auto start = Clock::now();
  const double budget = opts.budget_seconds;
  const double bound = suite::PlanFor(opts).bound;
  const auto deadline = After(start, bound);
  const std::string cut = classfile::ToInternal(opts.class_name);
  // A single-class run shows its worker's step (heartbeat.h); a project run's child leaves
  // that to its parent, which set JTG_STEP_FILE.
  // The worker's scratch is a tmpfs of its own: the step goes to a folder beside it that
  // stays writable in the sandbox.
  std::error_code ec;
  const bool own_progress = std::getenv("JTG_STEP_FILE") == nullptr && !opts.quiet &&
                            std::filesystem::create_directory(session->scratch + ".step", ec);
  if (own_progress) {
    session->step_dir = session->scratch + ".step";
    session->spec.writable.push_back(session->step_dir);
  }
  const std::string step_file = session->step_dir + "/step";
  std::optional<Heartbeat> heartbeat;
  if (own_progress)
    heartbeat.emplace(opts.class_name, step_file, isatty(STDERR_FILENO) == 1, stderr);
  for (int attempt = 0;; ++attempt) {
    std::memset(static_cast<void*>(page), 0, sizeof *page);
    auto body = [&]() {
      if (own_progress) setenv("JTG_STEP_FILE", step_file.c_str(), 1);  // the worker's own
      SharedSink sink(page, cut);
      return RunWorkerBody(page, spec.scratch, [&] { return RunSuite(opts, &sink); });
    };
    JTG_ASSIGN_OR_RETURN(auto worker, sandbox::SandboxedProcess::Start(spec, sup.sandbox, body));
    sandbox::WatchLimits limits{deadline, static_cast<int64_t>(sup.stall_seconds * 1000)};
    sandbox::WatchResult r = sandbox::WatchWorker(worker, *page, limits);
    std::string method(page->method, strnlen(page->method, sizeof page->method));
    std::string why;
    switch (r.end) {
      case sandbox::WorkerEnd::kExited:
        if (page->finished) {
          return r.exit_code == 0 ? absl::OkStatus() : WorkerStatus(*page, r.exit_code);
        }
        // The JVM ended before the work returned: the code under test exited by a path
        // that is not intercepted (e.g. native code).
        if (method.empty()) {
          return absl::InternalError(absl::StrCat("the JVM exited with status ", r.exit_code,
                                                  " while working on ", opts.class_name,
                                                  " outside any method under test"));
        }
        why = absl::StrCat("the JVM exited with status ", r.exit_code, " while running ",
                           opts.class_name, ".", method);
        break;
      case sandbox::WorkerEnd::kSetupError: return SetupError(r.setup_error);
      case sandbox::WorkerEnd::kInterrupted: return Interrupted(r, opts.class_name, signal);
      case sandbox::WorkerEnd::kDeadline:
        return absl::DeadlineExceededError(absl::StrCat(
            "the run on ", opts.class_name, " passed its time bound of ", static_cast<int>(bound),
            " s", method.empty() ? std::string() : " while running " + method, "; stopped"));
      case sandbox::WorkerEnd::kLost:
        return absl::InternalError(absl::StrCat("the worker for ", opts.class_name,
                                                " ended without reporting its status"));
      case sandbox::WorkerEnd::kCrashed:
        if (method.empty()) {
          return absl::InternalError(absl::StrCat(
              "the JVM crashed (signal ", r.signal, ", ", strsignal(r.signal),
              ") while working on ", opts.class_name, " outside any method under test"));
        }
        why = absl::StrCat("the JVM crashed (signal ", r.signal, ", ", strsignal(r.signal),
                           ") while running ", opts.class_name, ".", method);
        break;
      case sandbox::WorkerEnd::kStalled:
        if (method.rfind("<clinit>", 0) == 0) {
          return absl::DeadlineExceededError(
              absl::StrCat("the static initializer of ", opts.class_name, " did not finish within ",
                           r.stalled_ms / 1000, " s; stopped"));
        }
        if (method.empty()) {
          return absl::DeadlineExceededError(absl::StrCat(
              opts.class_name, ": ", r.stalled_call.empty() ? "a call" : r.stalled_call,
              " did not return within ", r.stalled_ms / 1000,
              " s and could not be interrupted; stopped"));
        }
        why = absl::StrCat(opts.class_name, ".", method, " did not return within ",
                           r.stalled_ms / 1000, " s and could not be interrupted");
        break;
    }
    if (attempt >= sup.max_restarts) {
      return absl::InternalError(absl::StrCat(why, "; ", attempt + 1, " workers lost on ",
                                              opts.class_name, ", giving up"));
    }
    std::fprintf(stderr, "jtestgen: %s; restarting without that method\n", why.c_str());
    opts.exclude_methods.push_back(method);
    double used = std::chrono::duration<double>(Clock::now() - start).count();
    opts.budget_seconds = std::max(5.0, budget - used);
    // The next worker plans its steps (time_plan.h) within what is left of this run's bound.
    opts.time_bound_seconds = std::max(opts.budget_seconds + 1.0, bound - used);
  }
}

Status SupervisePerf(perf::PerfOptions opts, const SupervisorOptions& sup, int* signal) {
  JTG_RETURN_IF_ERROR(FollowParent());
  JTG_ASSIGN_OR_RETURN(auto session, OpenSession(opts.out_dir));
  opts.classpath = sandbox::AbsolutePathList(opts.classpath);
  if (!opts.jar.empty()) opts.jar = sandbox::AbsolutePathList(opts.jar);
  sandbox::WorkerPage* page = session->page;
  const sandbox::SandboxSpec& spec = session->spec;
  const double bound = opts.budget_seconds + std::max(300.0, 2 * opts.budget_seconds);
  const auto deadline = After(Clock::now(), bound);
  auto body = [&]() {
    return RunWorkerBody(page, spec.scratch, [&]() -> Status {
      JTG_ASSIGN_OR_RETURN(perf::PerfReport report, perf::RunPerf(opts));
      if (!opts.quiet) std::fputs(perf::SummaryText(report, opts.out_dir).c_str(), stdout);
      return absl::OkStatus();
    });
  };
  JTG_ASSIGN_OR_RETURN(auto worker, sandbox::SandboxedProcess::Start(spec, sup.sandbox, body));
  sandbox::WatchResult r = sandbox::WatchWorker(worker, *page, {deadline, 0});
  const std::string what = opts.jar.empty() ? opts.class_name : opts.jar;
  switch (r.end) {
    case sandbox::WorkerEnd::kExited:
      if (!page->finished) {
        return absl::InternalError(absl::StrCat("the JVM exited with status ", r.exit_code,
                                                " while working on ", what,
                                                "; the code under test ended it"));
      }
      return r.exit_code == 0 ? absl::OkStatus() : WorkerStatus(*page, r.exit_code);
    case sandbox::WorkerEnd::kSetupError: return SetupError(r.setup_error);
    case sandbox::WorkerEnd::kInterrupted: return Interrupted(r, what, signal);
    case sandbox::WorkerEnd::kDeadline:
      return absl::DeadlineExceededError(absl::StrCat(
          "perf on ", what, " passed its time bound of ", static_cast<int>(bound), " s; stopped"));
    case sandbox::WorkerEnd::kCrashed:
      return absl::InternalError(absl::StrCat("the JVM crashed (signal ", r.signal, ", ",
                                              strsignal(r.signal), ") while working on ", what));
    default:
      return absl::InternalError(
          absl::StrCat("the perf worker for ", what, " ended without reporting its status"));
  }
}

}  // namespace jtg::supervise
