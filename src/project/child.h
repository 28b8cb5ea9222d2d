// The child processes of a whole-project run (project_run.h): each class job is one
// `jtestgen suite|perf --class C` run of this same binary, with its own supervisor and
// sandboxed worker, so one class that crashes, hangs or exhausts memory costs only its job.
//
// Ownership: a Child is the process; its destructor does not wait (Stop() and Reap() do).
// Not thread-safe: one owner.
#pragma once

#include <spawn.h>
#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::project {

struct ChildEnd {
  int exit_code = 0;  // when it exited; -1 when it could not be waited for
  int signal = 0;     // when a signal ended it
};

class Child {
 public:
  // Starts `argv[0]` with `argv` in its own process group, stdout and stderr appended to
  // `log_path`, the caller's environment with `env` ("NAME=value") in place of same-named
  // entries, no signal blocked.
  // Errors: Internal naming the program and errno's text.
  static StatusOr<Child> Start(const std::vector<std::string>& argv, const std::string& log_path,
                               const std::vector<std::string>& env);

  // The end once the child has ended (reaps it); nullopt while it runs.
  std::optional<ChildEnd> Poll();
  // Sends SIGTERM to its process group (its supervisor then stops its tree).
  void Stop() const;
  // Waits for the end.
  ChildEnd Wait();

  pid_t pid() const { return pid_; }

 private:
  explicit Child(pid_t pid) : pid_(pid) {}
  pid_t pid_;
};

// Starts `argv` (argv[0] searched on PATH when `search_path`) with the file actions `fa`, in
// its own process group, no signal blocked and SIGTERM, SIGINT, SIGHUP, SIGCHLD and SIGPIPE at
// their default actions, the caller's environment with `env` ("NAME=value") in place of
// same-named entries. Returns its pid.
// Used by Child and by the Ray back end's driver. Errors: Internal naming the program and
// errno's text.
StatusOr<pid_t> SpawnInOwnGroup(const std::vector<std::string>& argv,
                                const posix_spawn_file_actions_t* fa,
                                const std::vector<std::string>& env, bool search_path);

// The path of the running jtestgen binary (/proc/self/exe). Errors: Internal.
StatusOr<std::string> SelfExecutable();

}  // namespace jtg::project
