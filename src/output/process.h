// Running a child process (javac, java) with its output captured and a time limit.
//
// The child runs in a process group of its own; at the time limit the whole group gets
// SIGTERM, then SIGKILL 5 s later, so a JVM and anything it started stop together (a
// JUnit run whose test spawned a process or ignores SIGTERM included).
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::output {

struct ProcessResult {
  int exit_code = -1;  // 124 when the time limit killed it; 128 + signal when signalled
  std::string output;  // stdout and stderr, interleaved
};

struct ProcessOptions {
  // Run the child in a network namespace of its own with only loopback up, so that it sees
  // no port the caller (e.g. the search JVM) holds, and its own ports vanish with it.
  // Needs the privilege to create namespaces (jtestgen's sandbox gives it); when it cannot
  // be had the child shares the caller's network. Off by default.
  bool own_network = false;
  // Working directory of the child ("" = the caller's); it must exist.
  std::string cwd;
  // Variables set (or replaced) in the child's environment, NAME=value; the rest is the
  // caller's.
  std::vector<std::string> env;
};

// Runs argv[0] (looked up in PATH) with stdin on /dev/null, for at most `timeout_seconds`.
// Errors: Internal if the process cannot be started at all (fork/exec failure; exec
// failure is also reported as exit code 127 with a message in `output`).
StatusOr<ProcessResult> RunProcess(const std::vector<std::string>& argv, int timeout_seconds,
                                   const ProcessOptions& options = {});

// Shell-quotes one argument.
std::string ShellQuote(const std::string& s);

}  // namespace jtg::output
