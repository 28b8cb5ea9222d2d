// The agent's one call into the instrumenter: array probes with a final $jtgProbes field
// (instrument.h), as a ProbeRequest (probe_policy.h) asks. Pure: no JVM, no shared state;
// safe from any thread.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "agent/probe_policy.h"
#include "common/status.h"
#include "instrument/instrument.h"

namespace jtg::agent {

struct AgentInstrumented {
  instrument::Result result;
  // The class has flag-guarded probes. False although the request asked for them when the
  // class could not take them (constant pool overflow: each slot adds a method and a field):
  // it then has plain probes.
  bool folded = false;
};

// Instruments `bytes` (`name` names the class in errors) with slots allocated per class.
// Errors: those of instrument::InstrumentBytes.
StatusOr<AgentInstrumented> InstrumentForAgent(std::span<const uint8_t> bytes,
                                               std::string_view name, const ProbeRequest& req);

// The plan cache key (coverage/plan_cache.h) of a class whose bytes hash to `hash`, planned
// as `req` asks: the hash itself, or with flag-guarded probes in some methods only, the hash
// of the hash and that selection (such a plan's bytes depend on the profile).
uint64_t PlanKey(uint64_t hash, const ProbeRequest& req);

}  // namespace jtg::agent
