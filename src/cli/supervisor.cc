#include "cli/supervisor.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

namespace jtg::cli {

namespace {

// The shared page: the worker writes the key of the method it is running, or "".
struct SharedProgress {
  char method[1024];
  char error[2048];
};

// Publishes calls of methods of the class under test; other calls publish "".
class SharedSink : public testcase::ProgressSink {
 public:
  SharedSink(SharedProgress* page, std::string cut) : page_(page), cut_(std::move(cut)) {}
  void Running(const testcase::Callable* call) override {
    std::string key;
    if (call != nullptr && call->owner == cut_) key = call->name + call->descriptor;
    size_t n = std::min(key.size(), sizeof(page_->method) - 1);
    std::memcpy(page_->method, key.data(), n);
    page_->method[n] = '\0';
  }

 private:
  SharedProgress* page_;
  std::string cut_;
};

}  // namespace

Status SuperviseSuite(SuiteOptions opts, int max_restarts) {
  void* mem = mmap(nullptr, sizeof(SharedProgress), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return RunSuite(opts);  // no supervision possible: run in-process
  auto* page = static_cast<SharedProgress*>(mem);
  auto start = std::chrono::steady_clock::now();
  const double budget = opts.budget_seconds;
  Status result = absl::OkStatus();
  for (int attempt = 0;; ++attempt) {
    std::memset(page, 0, sizeof *page);
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
      result = RunSuite(opts);
      break;
    }
    if (pid == 0) {
      std::string cut = opts.class_name;
      std::replace(cut.begin(), cut.end(), '.', '/');
      SharedSink sink(page, cut);
      Status st = RunSuite(opts, &sink);
      if (!st.ok()) {
        std::string msg(st.message());
        size_t n = std::min(msg.size(), sizeof(page->error) - 1);
        std::memcpy(page->error, msg.data(), n);
        page->error[n] = '\0';
      }
      std::fflush(stdout);
      std::fflush(stderr);
      _exit(st.ok() ? 0 : 1);  // the JVM cannot be shut down cleanly; skip its teardown
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status)) {
      if (WEXITSTATUS(status) == 0) break;
      result = page->error[0] != '\0'
                   ? absl::InternalError(page->error)
                   : absl::InternalError(absl::StrCat("worker exited with status ",
                                                      WEXITSTATUS(status)));
      // Keep the category of the worker's error message for the caller.
      break;
    }
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    std::string method(page->method);
    if (method.empty()) {
      result = absl::InternalError(absl::StrCat(
          "the JVM crashed (signal ", sig, ", ", strsignal(sig), ") while working on ",
          opts.class_name, " outside any method under test; see hs_err_pid", pid, ".log"));
      break;
    }
    std::fprintf(stderr,
                 "jtestgen: the JVM crashed (signal %d, %s) while running %s.%s; "
                 "restarting without that method\n",
                 sig, strsignal(sig), opts.class_name.c_str(), method.c_str());
    opts.exclude_methods.push_back(method);
    if (attempt >= max_restarts) {
      result = absl::InternalError(absl::StrCat("the JVM kept crashing on ", opts.class_name,
                                                " (", attempt + 1, " crashes); giving up"));
      break;
    }
    double used =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    opts.budget_seconds = std::max(5.0, budget - used);
  }
  munmap(mem, sizeof(SharedProgress));
  return result;
}

}  // namespace jtg::cli
