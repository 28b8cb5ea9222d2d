#include "project/ray_backend.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "nlohmann/json.hpp"

namespace jtg::project {

namespace fs = std::filesystem;

namespace {

constexpr int64_t kGiB = int64_t{1} << 30;

// The driver's last one-line error in its log, or "".
std::string LastError(const std::string& log) {
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line)) {
    if (line.rfind("jtestgen: ", 0) == 0) last = line.substr(10);
  }
  return last;
}

class Driver {
 public:
  ~Driver() {
    if (in_ >= 0) close(in_);
    if (out_ >= 0) close(out_);
    if (pid_ <= 0) return;
    // SIGTERM: the driver cancels its tasks and disconnects; SIGKILL after 15 s.
    kill(-pid_, SIGTERM);
    int st = 0;
    for (int i = 0; i < 150; ++i) {
      if (waitpid(pid_, &st, WNOHANG) == pid_) return;
      usleep(100'000);
    }
    kill(-pid_, SIGKILL);
    while (waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
    }
  }

  Status Start(const DriverFiles& f, const std::string& log) {
    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0)
      return absl::InternalError(absl::StrCat("pipe: ", std::strerror(errno)));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&fa, from_child[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    StatusOr<pid_t> pid = SpawnInOwnGroup({f.python, "-u", f.driver}, &fa, {}, true);
    posix_spawn_file_actions_destroy(&fa);
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    if (!pid.ok()) return absl::FailedPreconditionError(pid.status().message());
    pid_ = *pid;
    fcntl(out_, F_SETFL, fcntl(out_, F_GETFL) | O_NONBLOCK);
    return absl::OkStatus();
  }

  // Sends one line. False when the driver is gone.
  bool Send(const nlohmann::json& j) {
    std::string line = j.dump() + "\n";
    size_t done = 0;
    while (done < line.size()) {
      ssize_t n = write(in_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  }

  // The complete lines read so far; `eof` set when the driver closed its output.
  std::vector<nlohmann::json> Read(bool* eof) {
    char buf[65536];
    for (;;) {
      ssize_t n = read(out_, buf, sizeof buf);
      if (n > 0) {
        pending_.append(buf, static_cast<size_t>(n));
        continue;
      }
      if (n == 0) *eof = true;
      break;  // EAGAIN, EINTR or error: try again later
    }
    std::vector<nlohmann::json> lines;
    size_t nl;
    while ((nl = pending_.find('\n')) != std::string::npos) {
      auto j = nlohmann::json::parse(pending_.substr(0, nl), nullptr, false);
      pending_.erase(0, nl + 1);
      if (j.is_object()) lines.push_back(std::move(j));
    }
    return lines;
  }

  // Waits up to `ms` for output.
  void WaitReadable(int ms) const {
    pollfd p{out_, POLLIN, 0};
    poll(&p, 1, ms);
  }

  void Signal(int sig) const {
    if (pid_ > 0) kill(-pid_, sig);
  }

 private:
  pid_t pid_ = 0;
  int in_ = -1, out_ = -1;
  std::string pending_;
};

class Ray : public Backend {
 public:
  Ray(JobSetting s, RayOptions o) : s_(std::move(s)), o_(std::move(o)) {}
  ~Ray() override { std::signal(SIGPIPE, old_pipe_); }

  Status Open(const DriverFiles& f, const std::string& self) {
    old_pipe_ = std::signal(SIGPIPE, SIG_IGN);
    JTG_RETURN_IF_ERROR(driver_.Start(f, o_.log_path));
    nlohmann::json setting = {
        {"jtestgen", self},
        {"classpath", absl::StrSplit(s_.classpath, ':', absl::SkipEmpty())},
        {"address", o_.address},
        {"memory", o_.memory_bytes > 0 ? o_.memory_bytes : (s_.perf ? 6 : 2) * kGiB},
        {"cpus", 1},
        {"max_retries", o_.max_retries}};
    if (!driver_.Send(setting)) return Gone("the Ray driver ended at once");
    for (int waited = 0; waited < 180'000; waited += 200) {
      bool eof = false;
      for (auto& j : driver_.Read(&eof)) {
        if (j.value("event", "") == "ready") {
          slots_ = std::max(1, j.value("slots", 1));
          if (o_.max_jobs > 0) slots_ = std::min(slots_, o_.max_jobs);
          return absl::OkStatus();
        }
      }
      if (eof) return Gone("the Ray driver ended before it connected");
      driver_.WaitReadable(200);
    }
    return absl::DeadlineExceededError(absl::StrCat(
        "the Ray driver did not connect to ", o_.address, " in 180 s (log: ", o_.log_path, ")"));
  }

  int Slots() const override { return slots_; }

  Status Start(const ClassJob& job) override {
    if (gone_) return absl::InternalError(absl::StrCat("the Ray driver has ended: ", reason_));
    nlohmann::json j = {
        {"cls", job.cls},
        {"argv", ChildArgv("@JTESTGEN@", s_, job.cls, "@CLASSPATH@", "@OUT@", "@STATE@")},
        {"state_dir", job.state_dir},
        {"out_dir", s_.out_dir}};
    if (!driver_.Send(j)) {
      MarkGone();
      return absl::InternalError(absl::StrCat("the Ray driver has ended: ", reason_));
    }
    active_[job.cls] = job;
    return absl::OkStatus();
  }

  std::vector<JobEnd> Poll() override {
    if (kill_at_ && std::chrono::steady_clock::now() > *kill_at_) {
      driver_.Signal(SIGKILL);
      kill_at_.reset();
    }
    std::vector<JobEnd> ends;
    bool eof = false;
    for (auto& j : driver_.Read(&eof)) {
      if (j.value("event", "") != "end") continue;
      const std::string cls = j.value("cls", "");
      if (active_.erase(cls) == 0) continue;
      ends.push_back({cls, ChildEnd{j.value("exit_code", -1), j.value("signal", 0)},
                      j.value("seconds", 0.0), j.value("node", "")});
    }
    if (eof && !gone_) MarkGone();
    if (gone_) {
      // Jobs the driver took with it: lost, with the driver's reason in their log.
      for (auto& [cls, job] : active_) {
        std::ofstream(job.state_dir + "/log.txt", std::ios::app)
            << "jtestgen: the Ray driver ended: " << reason_ << "\n";
        ends.push_back({cls, ChildEnd{-1, 0}, 0, ""});
      }
      active_.clear();
    }
    return ends;
  }

  std::vector<Running> RunningNow() const override {
    std::vector<Running> r;
    r.reserve(active_.size());
    for (const auto& [cls, job] : active_) r.push_back({cls, "on the Ray cluster"});
    return r;
  }

  // SIGTERM now; Poll SIGKILLs a driver that has not ended 15 s later.
  void StopAll() override {
    driver_.Signal(SIGTERM);
    if (!kill_at_) kill_at_ = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  }

 private:
  Status Gone(const std::string& what) {
    std::string why = LastError(o_.log_path);
    return absl::FailedPreconditionError(
        why.empty() ? absl::StrCat(what, " (log: ", o_.log_path, ")") : why);
  }
  void MarkGone() {
    gone_ = true;
    reason_ = LastError(o_.log_path);
    if (reason_.empty()) reason_ = absl::StrCat("see ", o_.log_path);
  }

  JobSetting s_;
  RayOptions o_;
  Driver driver_;
  int slots_ = 1;
  bool gone_ = false;
  std::string reason_;
  std::map<std::string, ClassJob> active_;
  void (*old_pipe_)(int) = SIG_DFL;
  std::optional<std::chrono::steady_clock::time_point> kill_at_;
};

std::string ExistingOr(const std::vector<std::string>& candidates, const std::string& fallback) {
  std::error_code ec;
  for (const auto& c : candidates) {
    if (!c.empty() && fs::exists(c, ec)) return c;
  }
  return fallback;
}

}  // namespace

StatusOr<DriverFiles> FindDriver(const std::string& self) {
  const fs::path dir = fs::path(self).parent_path();
  const char* env_driver = std::getenv("JTG_RAY_DRIVER");
  const char* env_python = std::getenv("JTG_RAY_PYTHON");
  DriverFiles f;
  f.driver = ExistingOr(
      {env_driver != nullptr ? env_driver : "", (dir / "jtestgen_ray_driver.py").string(),
       (dir / "../../share/jtestgen/jtestgen_ray_driver.py").string()},
      "");
  if (f.driver.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("the Ray back end's driver jtestgen_ray_driver.py is neither beside ", self,
                     " nor named by JTG_RAY_DRIVER"));
  }
  f.python = env_python != nullptr && *env_python != '\0'
                 ? std::string(env_python)
                 : ExistingOr({(dir / "ray-venv/bin/python3").string()}, "python3");
  return f;
}

StatusOr<std::unique_ptr<Backend>> RayBackend(const JobSetting& setting, const RayOptions& opts) {
  JTG_ASSIGN_OR_RETURN(std::string self, SelfExecutable());
  JTG_ASSIGN_OR_RETURN(DriverFiles f, FindDriver(self));
  auto ray = std::make_unique<Ray>(setting, opts);
  JTG_RETURN_IF_ERROR(ray->Open(f, self));
  return std::unique_ptr<Backend>(std::move(ray));
}

}  // namespace jtg::project
