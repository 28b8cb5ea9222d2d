// The local back end of whole-project runs (backend.h): child processes of this binary.
#include <unistd.h>

#include <chrono>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/parent_pid.h"
#include "common/step_note.h"
#include "project/backend.h"

namespace jtg::project {

namespace {

using Clock = std::chrono::steady_clock;

class Local : public Backend {
 public:
  Local(JobSetting s, std::string self, int jobs)
      : s_(std::move(s)), self_(std::move(self)), jobs_(jobs) {}

  int Slots() const override { return jobs_; }

  Status Start(const ClassJob& job) override {
    JTG_ASSIGN_OR_RETURN(
        Child child,
        Child::Start(ChildArgv(self_, s_, job.cls, s_.classpath, s_.out_dir, job.state_dir),
                     job.state_dir + "/log.txt",
                     {"JTG_STEP_FILE=" + job.state_dir + "/step",
                      absl::StrCat(kParentPidVariable, "=", getpid())}));
    active_.push_back({job, child, Clock::now()});
    return absl::OkStatus();
  }

  std::vector<JobEnd> Poll() override {
    std::vector<JobEnd> ends;
    for (size_t i = 0; i < active_.size();) {
      std::optional<ChildEnd> end = active_[i].child.Poll();
      if (!end) {
        ++i;
        continue;
      }
      ends.push_back({active_[i].job.cls, *end,
                      std::chrono::duration<double>(Clock::now() - active_[i].start).count(), ""});
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    return ends;
  }

  std::vector<Running> RunningNow() const override {
    std::vector<Running> r;
    r.reserve(active_.size());
    for (const auto& a : active_) r.push_back({a.job.cls, ReadStep(a.job.state_dir + "/step")});
    return r;
  }

  void StopAll() override {
    for (const auto& a : active_) a.child.Stop();
  }

 private:
  struct Active {
    ClassJob job;
    Child child;
    Clock::time_point start;
  };
  JobSetting s_;
  std::string self_;
  int jobs_;
  std::vector<Active> active_;
};

}  // namespace

std::vector<std::string> ChildArgv(const std::string& jtestgen, const JobSetting& s,
                                   const std::string& cls, const std::string& classpath,
                                   const std::string& out_dir, const std::string& state_dir) {
  std::vector<std::string> a = {
      jtestgen, s.perf ? "perf" : "suite", "--classpath", classpath, "--class", cls, "--quiet"};
  if (s.perf) {
    a.insert(a.end(), {"--out", state_dir});
  } else {
    a.insert(a.end(), {"--out", out_dir, "--report-dir", state_dir});
  }
  a.insert(a.end(), s.args.begin(), s.args.end());
  return a;
}

StatusOr<std::unique_ptr<Backend>> LocalBackend(const JobSetting& setting, int jobs) {
  JTG_ASSIGN_OR_RETURN(std::string self, SelfExecutable());
  return std::unique_ptr<Backend>(std::make_unique<Local>(setting, self, jobs));
}

}  // namespace jtg::project
