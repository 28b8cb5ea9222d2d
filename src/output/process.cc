#include "output/process.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include "absl/strings/str_format.h"
#include "common/log.h"
#include "sandbox/namespaces.h"

namespace jtg::output {

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

namespace {

// The caller's environment with `extra` (NAME=value) set or replaced. Built before fork:
// the child of a threaded process may only make async-signal-safe calls.
std::vector<std::string> MergedEnvironment(const std::vector<std::string>& extra) {
  std::vector<std::string> out;
  auto name_of = [](const std::string& kv) { return kv.substr(0, kv.find('=')); };
  for (char** e = environ; *e != nullptr; ++e) {
    std::string kv(*e);
    bool replaced = false;
    for (const auto& x : extra) replaced = replaced || name_of(x) == name_of(kv);
    if (!replaced) out.push_back(std::move(kv));
  }
  out.insert(out.end(), extra.begin(), extra.end());
  return out;
}

[[noreturn]] void ExecChild(const std::vector<std::string>& argv, int out_fd, bool own_network,
                            const std::string& cwd, char* const* envp) {
  setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  if (own_network && unshare(CLONE_NEWNET) == 0) (void)sandbox::BringLoopbackUp();
  if (!cwd.empty() && chdir(cwd.c_str()) != 0) {
    std::string msg = "cannot enter " + cwd + ": " + std::strerror(errno) + "\n";
    (void)!write(out_fd, msg.data(), msg.size());
    _exit(127);
  }
  int null = open("/dev/null", O_RDONLY);
  if (null >= 0) dup2(null, STDIN_FILENO);
  dup2(out_fd, STDOUT_FILENO);
  dup2(out_fd, STDERR_FILENO);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  if (envp != nullptr) {
    execvpe(args[0], args.data(), envp);
  } else {
    execvp(args[0], args.data());
  }
  std::string msg = "cannot run " + argv.front() + ": " + std::strerror(errno) + "\n";
  (void)!write(STDERR_FILENO, msg.data(), msg.size());
  _exit(127);
}

}  // namespace

namespace {

StatusOr<ProcessResult> Run(const std::vector<std::string>& argv, int timeout_seconds,
                            const ProcessOptions& options) {
  std::vector<std::string> env;
  std::vector<char*> envp;
  if (!options.env.empty()) {
    env = MergedEnvironment(options.env);
    for (auto& kv : env) envp.push_back(kv.data());
    envp.push_back(nullptr);
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    return absl::InternalError("cannot create a pipe for " + argv.front());
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return absl::InternalError("cannot start " + argv.front() + ": " + std::strerror(errno));
  }
  if (pid == 0) {
    close(fds[0]);
    ExecChild(argv, fds[1], options.own_network, options.cwd, envp.empty() ? nullptr : envp.data());
  }
  setpgid(pid, pid);  // also in the parent: no race with a kill before the child ran
  close(fds[1]);
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::seconds(timeout_seconds);
  auto kill_at = Clock::time_point::max();
  bool timed_out = false;
  int status = 0;
  ProcessResult r;
  char buf[4096];
  auto drain = [&]() {
    for (;;) {
      ssize_t n = read(fds[0], buf, sizeof buf);
      if (n > 0)
        r.output.append(buf, static_cast<size_t>(n));
      else if (n < 0 && errno == EINTR)
        continue;
      else
        return n == 0;  // true at end of file
    }
  };
  fcntl(fds[0], F_SETFL, O_NONBLOCK);
  for (;;) {
    struct pollfd p {
      fds[0], POLLIN, 0
    };
    if (poll(&p, 1, 100) > 0 && drain()) {
      // End of output: the child and what it started closed it; wait for the child.
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) {
      // The child ended; what it left running in its group goes with it.
      kill(-pid, SIGKILL);
      drain();
      break;
    }
    const auto now = Clock::now();
    if (!timed_out && now >= deadline) {
      timed_out = true;
      kill(-pid, SIGTERM);
      kill_at = now + std::chrono::seconds(5);
    } else if (timed_out && now >= kill_at) {
      kill(-pid, SIGKILL);
      kill_at = Clock::time_point::max();
    }
  }
  close(fds[0]);
  kill(-pid, SIGKILL);  // nothing of the group outlives the call
  if (timed_out) {
    r.exit_code = 124;
  } else {
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  return r;
}

}  // namespace

StatusOr<ProcessResult> RunProcess(const std::vector<std::string>& argv, int timeout_seconds,
                                   const ProcessOptions& options) {
  if (argv.empty()) return absl::InternalError("RunProcess: empty command");
  if (!log::Verbose()) return Run(argv, timeout_seconds, options);
  std::string command;
  for (const auto& a : argv) absl::StrAppend(&command, command.empty() ? "" : " ", ShellQuote(a));
  log::Debug(
      absl::StrCat("running ", command, options.cwd.empty() ? "" : " (in " + options.cwd + ")"));
  const auto start = std::chrono::steady_clock::now();
  auto r = Run(argv, timeout_seconds, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  log::Debug(absl::StrCat(
      argv.front(), ": ",
      r.ok() ? "exit " + std::to_string(r->exit_code) : std::string(r.status().message()),
      absl::StrFormat(" after %.2f s", seconds)));
  return r;
}

}  // namespace jtg::output
