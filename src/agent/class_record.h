// What the agent knows about one instrumented class (one per class and defining loader).
// Owned by AgentState; every field is guarded by AgentState's mutex.
#pragma once

#include <jni.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "coverage/hst_profile.h"

namespace jtg::agent {

struct ClassRecord {
  std::string name;                // internal name
  uint64_t defined_hash = 0;       // coverage/class_hash.h of the bytes the class came from
  uint64_t hash = 0;               // of the bytes we planned on (after other agents' changes)
  bool planned = false;            // the instrumenting hook has seen the class
  int32_t slots = 0;               // probe array length (0: not instrumented, see note)
  std::vector<uint8_t> original;   // the planned bytes, re-instrumented on retransform, kept
                                   // when the policy says so (ProbePolicy::KeepsPlannedBytes)
  jweak loader = nullptr;          // defining loader (weak global ref)
  jweak klass = nullptr;           // set at ClassPrepare (weak global ref)
  jbooleanArray array = nullptr;   // $jtgProbes once the class is initialized (global ref)
  jfieldID array_field = nullptr;  // $jtgProbes, found at ClassPrepare
  bool array_adopted = false;      // the static initializer's array is r.array (see AgentState)
  std::vector<uint8_t> covered;    // 0/1 per slot: every slot seen set, ever (kept natively)
  int32_t fresh = 0;               // slots newly covered since the last retransform
  std::vector<uint8_t> removed;    // slots whose probe the current class version lacks
  bool due = false;                // ProbePolicy::Due: a retransformation would remove a probe
                                   // the mode wants gone
  // hst/tpc: per slot, its method (plan order), and the poll intervals in which the slot's
  // probe fired again after the one that covered it (saturating); the class's entry in the
  // profile read at start (nullptr: not profiled, the online rule applies).
  std::vector<int32_t> slot_method;
  std::vector<uint16_t> active;
  const coverage::HstClassProfile* profile = nullptr;
  bool plan_cached = false;  // tpc: the first instrumentation came from the plan cache
  bool pinned = false;       // ddst: never retransformed (see note)
  bool modifiable = false;   // JVMTI IsModifiableClass
  int32_t retransforms = 0;
  bool swept = false;                      // ddst: had its sweep (AgentOptions::sweep_quiet_ms)
  std::chrono::milliseconds backoff{200};  // ddst hysteresis, doubles per retransform
  std::chrono::steady_clock::time_point next_allowed{};
  std::string note;  // why pinned / not instrumented
  // fold (mode fold, or hst/tpc with fold=1, the default, in a profiled class with a DDST method):
  // the class has flag-guarded probes (in every method, or in the DDST methods only) and is never
  // retransformed (false: not so, or its instrumentation fell back to plain probes, e.g. constant
  // pool overflow); per slot, its flag field (resolved at the first poll that sees the class
  // covered; nullptr: none).
  bool fold = false;
  bool flags_resolved = false;
  std::vector<jfieldID> flags;
};

}  // namespace jtg::agent
