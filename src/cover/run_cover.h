// `jtestgen cover`: runs a Java command with the coverage agent (libjtestgen_agent.so,
// src/agent) added: `-agentpath:<agent>=mode=..,includes=..,excludes=..,out=..,cache=..` is
// inserted right after the java executable (so the agent is created before any
// -javaagent of the command and instruments the original class bytes), the child inherits
// stdin/stdout/stderr, and its exit status is returned (128 + signal when it was killed).
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::cover {

struct CoverOptions {
  std::string includes, excludes;
  std::string out = "jtestgen-cov";
  std::string mode = "static";       // static | ddst | hst | tpc
  std::string cache;                 // hst/tpc: empty = the agent's default, <out>/cache
  std::string agent;                 // default: libjtestgen_agent.so beside the jtestgen binary
  int interval_ms = 0;               // 0: the agent's default
  std::vector<std::string> command;  // java ... (required)
};

// The argv the child runs (exposed for tests). InvalidArgument for an empty command, a
// pattern holding ',' or an agent library that does not exist.
StatusOr<std::vector<std::string>> CoverArgv(const CoverOptions& options);

// Runs the command; returns its exit status (any value, 127 included). When it cannot be
// started, an error naming the command and errno's text: NotFound (no such file; a shell
// exits 127 then), PermissionDenied (not executable; 126), Internal otherwise.
StatusOr<int> RunCover(const CoverOptions& options);

}  // namespace jtg::cover
