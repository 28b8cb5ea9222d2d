// Options of libjtestgen_agent.so, from `-agentpath:libjtestgen_agent.so=<options>`:
// comma-separated key=value pairs
//   mode=static|ddst     static: every probe stays (default); ddst: probes are removed
//                        once they fired, by retransforming the class (agent_state.h)
//   includes=P1:P2:...   classes to instrument (coverage/class_filter.h; required)
//   excludes=P1:P2:...   classes not to instrument
//   out=DIR              directory of the coverage file (default jtestgen-cov), created
//   interval_ms=N        ddst: poll period of the probe arrays (default 150, 10..10000)
//   log=1                one stderr line per retransform batch and per dump
#pragma once

#include <string>
#include <string_view>

#include "common/status.h"

namespace jtg::agent {

enum class Mode { kStatic, kDdst };

struct AgentOptions {
  Mode mode = Mode::kStatic;
  std::string includes, excludes;
  std::string out = "jtestgen-cov";
  int interval_ms = 150;
  bool log = false;
};

std::string_view ModeName(Mode m);

// InvalidArgument naming the bad key or value (unknown key, unknown mode, no includes,
// interval out of range).
StatusOr<AgentOptions> ParseAgentOptions(std::string_view text);

}  // namespace jtg::agent
