#include "project/child.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "absl/strings/str_cat.h"

namespace jtg::project {

namespace {

ChildEnd EndOf(int status) {
  ChildEnd e;
  if (WIFEXITED(status)) e.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
  return e;
}

}  // namespace

StatusOr<pid_t> SpawnInOwnGroup(const std::vector<std::string>& argv,
                                const posix_spawn_file_actions_t* fa,
                                const std::vector<std::string>& env, bool search_path) {
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The caller's environment, with `env`'s NAME=value in place of any same-named entry
  // (getenv would find the first of two).
  auto named = [&env](std::string_view entry) {
    const std::string_view name = entry.substr(0, entry.find('='));
    for (const auto& e : env) {
      if (std::string_view(e).substr(0, e.find('=')) == name) return true;
    }
    return false;
  };
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) {
    if (!named(*e)) env_strings.emplace_back(*e);
  }
  for (const auto& e : env) env_strings.push_back(e);
  std::vector<char*> envp;
  envp.reserve(env_strings.size() + 1);
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int s : {SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGPIPE}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
  pid_t pid = 0;
  int rc = search_path ? posix_spawnp(&pid, args[0], fa, &attr, args.data(), envp.data())
                       : posix_spawn(&pid, args[0], fa, &attr, args.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    return absl::InternalError(absl::StrCat("cannot start ", argv[0], ": ", std::strerror(rc)));
  }
  return pid;
}

StatusOr<Child> Child::Start(const std::vector<std::string>& argv, const std::string& log_path,
                             const std::vector<std::string>& env) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  StatusOr<pid_t> pid = SpawnInOwnGroup(argv, &fa, env, false);
  posix_spawn_file_actions_destroy(&fa);
  if (!pid.ok()) return pid.status();
  return Child(*pid);
}

std::optional<ChildEnd> Child::Poll() {
  int status = 0;
  pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) return EndOf(status);
  if (r < 0 && errno == ECHILD) return ChildEnd{-1, 0};
  return std::nullopt;
}

void Child::Stop() const { kill(-pid_, SIGTERM); }

ChildEnd Child::Wait() {
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0) {
    if (errno != EINTR) return ChildEnd{-1, 0};
  }
  return EndOf(status);
}

StatusOr<std::string> SelfExecutable() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return absl::InternalError(absl::StrCat("cannot read /proc/self/exe: ", ec.message()));
  return p.string();
}

}  // namespace jtg::project
