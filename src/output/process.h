// Running a child process (javac, java) with its output captured and a time limit.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::output {

struct ProcessResult {
  int exit_code = -1;     // 124 when the time limit killed it
  std::string output;     // stdout and stderr, interleaved
};

// Runs argv[0] with arguments under `timeout` (coreutils). Errors: Internal if the process
// cannot be started at all.
StatusOr<ProcessResult> RunProcess(const std::vector<std::string>& argv, int timeout_seconds);

// Shell-quotes one argument.
std::string ShellQuote(const std::string& s);

}  // namespace jtg::output
