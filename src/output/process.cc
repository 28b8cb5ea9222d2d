#include "output/process.h"

#include <cstdio>
#include <sys/wait.h>

namespace jtg::output {

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

StatusOr<ProcessResult> RunProcess(const std::vector<std::string>& argv, int timeout_seconds) {
  std::string cmd = "timeout -k 5 " + std::to_string(timeout_seconds);
  for (const auto& a : argv) cmd += " " + ShellQuote(a);
  cmd += " 2>&1 </dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return absl::InternalError("cannot start " + argv.front());
  ProcessResult r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

}  // namespace jtg::output
