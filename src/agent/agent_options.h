// Options of libjtestgen_agent.so, from `-agentpath:libjtestgen_agent.so=<options>`:
// comma-separated key=value pairs
//   mode=static|ddst|hst|tpc|plan|drop|fold   static: every probe stays (default); ddst: probes
//                        are removed once they fired, by retransforming the class
//                        (agent_state.h); hst, tpc, plan, drop: see Mode below
//   includes=P1:P2:...   classes to instrument (coverage/class_filter.h; required)
//   excludes=P1:P2:...   classes not to instrument
//   out=DIR              directory of the coverage file (default jtestgen-cov), created
//   interval_ms=N        ddst: poll period of the probe arrays (default 150, 10..10000)
//   sweep_quiet_ms=N     ddst: one more retransformation once coverage is quiet (below)
//   fold=1               hst/tpc: profiled DDST methods use fold's probes (below)
//   log=1                one stderr line per retransform batch and per dump
#pragma once

#include <string>
#include <string_view>

#include "common/status.h"

namespace jtg::agent {

// The agent's modes (agent_state.h):
//   kStatic: every probe stays (JaCoCo-like baseline);
//   kDdst:   every covered probe is removed (class retransformation, batched);
//   kHst:    per method, Static or DDST by coverage/hst_profile.h's rule, from the profile
//            in <cache> (written by earlier runs) or, for classes not in it, online;
//   kTpc:    kHst, and each class's plan is cached in <cache>/plans (coverage/plan_cache.h);
//   kPlan:   benchmark floor (techniques/ddst-hst-tpc.md §8 "planning only"): every class is
//            planned and gets the probe array members but no probe; coverage stays empty;
//   kDrop:   benchmark bound, not coverage: as kDdst, but a class's retransformation leaves
//            out every probe, covered or not (each class is retransformed once, and what
//            it runs afterwards is not recorded). What removal by retransformation costs
//            when no fired probe is left behind: instrumenting, probes firing until the
//            class's batch, the batches, and the deoptimization and recompilation they
//            cause. A schedule that retransforms fewer classes can cost less.
//   kFold:   demand-driven without retransformation: every probe of a class is a call to a
//            `$jtgP<slot>()` guarded by a `static final boolean` flag (instrument.h
//            ArrayProbeOptions::fold_flags); once the poller sees a slot covered it sets
//            the flag through JNI, and the JIT, which folds static finals to their value when it
//            compiles, leaves the probe out of code compiled from then on. Code compiled
//            before keeps testing (or storing), which only records coverage again.
enum class Mode { kStatic, kDdst, kHst, kTpc, kPlan, kDrop, kFold };

struct AgentOptions {
  Mode mode = Mode::kStatic;
  std::string includes, excludes;
  std::string out = "jtestgen-cov";
  std::string cache;      // hst/tpc: profile and plans; empty: <out>/cache
  int hot_intervals = 3;  // hst/tpc: coverage/hst_profile.h
  int duty_percent = 10;  // retransformation's share of wall time at most (batch spacing)
  // Per class; after that its remaining probes stay (0: no limit). Default 1: on HotSpot each
  // retransformation deoptimizes the class, and a class that keeps gaining coverage would
  // pay that again and again (measurements: docs/agent-probes.md).
  int max_retransforms = 1;
  // ddst: once no slot anywhere has been newly covered for sweep_quiet_ms, a class past
  // max_retransforms that still has probes of covered slots gets one more retransformation
  // (a sweep: the probes first hit after the class's last retransformation, e.g. in a later
  // phase of the program, stop costing). 0: no sweep.
  int sweep_quiet_ms = 0;
  // hst/tpc (on by default; agent option fold=0 turns it off): in a class found in the
  // profile, the methods the rule makes DDST get fold's flag-guarded probes from the start
  // (ArrayProbeOptions::fold_flags, fold_methods; inline fold guards,
  // instrument/fold_guards.h) instead of removal by retransformation; its other methods keep plain
  // probes, and the class is never retransformed. Classes not in the profile are as without it. tpc
  // caches such plans under a key of the class bytes' hash and the fold choice per method (their
  // bytes depend on the profile).
  bool hst_fold = true;
  int interval_ms = 150;
  bool log = false;
};

std::string_view ModeName(Mode m);

// InvalidArgument naming the bad key or value (unknown key, unknown mode, no includes,
// interval out of range).
StatusOr<AgentOptions> ParseAgentOptions(std::string_view text);

}  // namespace jtg::agent
