#include "cover/run_cover.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "absl/strings/str_cat.h"

namespace jtg::cover {
namespace {

namespace fs = std::filesystem;

std::string DefaultAgent() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "libjtestgen_agent.so";
  return (exe.parent_path() / "libjtestgen_agent.so").string();
}

}  // namespace

StatusOr<std::vector<std::string>> CoverArgv(const CoverOptions& o) {
  if (o.command.empty()) {
    return absl::InvalidArgumentError(
        "cover: no command after '--' (e.g. -- java -cp app.jar Main)");
  }
  for (const std::string* p : {&o.includes, &o.excludes, &o.out, &o.cache}) {
    if (p->find(',') != std::string::npos) {
      return absl::InvalidArgumentError(absl::StrCat("cover: '", *p, "' must not contain ','"));
    }
  }
  if (o.includes.empty()) return absl::InvalidArgumentError("cover: --includes is required");
  const std::string agent = o.agent.empty() ? DefaultAgent() : o.agent;
  std::error_code ec;
  if (!fs::is_regular_file(agent, ec)) {
    return absl::InvalidArgumentError(absl::StrCat("cover: agent library ", agent, " not found"));
  }
  std::string spec = absl::StrCat("-agentpath:", fs::absolute(agent, ec).string(), "=mode=", o.mode,
                                  ",includes=", o.includes);
  if (!o.excludes.empty()) absl::StrAppend(&spec, ",excludes=", o.excludes);
  absl::StrAppend(&spec, ",out=", fs::absolute(o.out, ec).string());
  if (!o.cache.empty()) absl::StrAppend(&spec, ",cache=", fs::absolute(o.cache, ec).string());
  if (o.interval_ms > 0) absl::StrAppend(&spec, ",interval_ms=", o.interval_ms);
  std::vector<std::string> argv;
  argv.push_back(o.command[0]);
  argv.push_back(spec);
  argv.insert(argv.end(), o.command.begin() + 1, o.command.end());
  return argv;
}

StatusOr<int> RunCover(const CoverOptions& options) {
  auto argv = CoverArgv(options);
  if (!argv.ok()) return argv.status();
  std::vector<char*> cargv;
  for (std::string& a : *argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  // A close-on-exec pipe tells a failed exec (the child writes its errno) from a command
  // that ran and exited with any status, 127 included.
  int exec_pipe[2];
  if (pipe2(exec_pipe, O_CLOEXEC) != 0) return absl::InternalError("cover: pipe failed");
  const pid_t pid = fork();
  if (pid < 0) {
    close(exec_pipe[0]);
    close(exec_pipe[1]);
    return absl::InternalError("cover: fork failed");
  }
  if (pid == 0) {
    close(exec_pipe[0]);
    execvp(cargv[0], cargv.data());
    const int err = errno;
    (void)!write(exec_pipe[1], &err, sizeof err);
    _exit(127);
  }
  close(exec_pipe[1]);
  int exec_errno = 0;
  ssize_t got;
  do {
    got = read(exec_pipe[0], &exec_errno, sizeof exec_errno);
  } while (got < 0 && errno == EINTR);
  close(exec_pipe[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return absl::InternalError("cover: waitpid failed");
  }
  if (got == static_cast<ssize_t>(sizeof exec_errno)) {
    std::string why =
        absl::StrCat("cover: cannot run ", (*argv)[0], ": ", std::strerror(exec_errno));
    if (exec_errno == ENOENT || exec_errno == ENOTDIR) return absl::NotFoundError(why);
    if (exec_errno == EACCES || exec_errno == ENOEXEC) return absl::PermissionDeniedError(why);
    return absl::InternalError(why);
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

}  // namespace jtg::cover
