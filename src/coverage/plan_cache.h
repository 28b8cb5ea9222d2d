// TPC (test plan caching, techniques/ddst-hst-tpc.md §10): the agent's analysis and probe
// plan of a class, cached on disk and reused by later runs.
//
// What is cached is the whole result of planning one class: the instrumented class file
// with every probe (CFG, basic blocks, critical-edge landing pads, stack-map frames: all
// already done), its probe-array length and, per slot, the plan-order index of the method
// it belongs to (for HST). A cache hit hands those bytes to the JVM without parsing the
// class. Retransformations that remove probes still re-plan from the original bytes.
//
// Key and safety: the file is `<dir>/<16 hex hash>.jtgplan`, the hash (class_hash.h) of
// the exact bytes the plan was made from (after any other agent's transformer). A changed
// class has other bytes, so another key: it is planned afresh and never meets a stale plan.
// The file also records that hash, the format version and kProbeLayoutVersion (bump it
// whenever the instrumenter's array-probe output changes), and a checksum of its payload;
// a file that does not match is a miss (DataLoss), replanned and overwritten.
//
// Format (little-endian): "JTGPLAN\n", u32 format version, u32 probe layout version,
// u64 class hash, i32 slots, u32 n, n × i32 slot methods, u32 m, m bytes (the class file),
// u64 FNV-1a of everything before it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::coverage {

// 3: compact probes near the huge-method limit; 4: empty finalizers unprobed; 5: branching
// blocks recorded by their outcomes, and no outcome recorded by the entry block; 6: no
// method prologue (the agent creates the array at ClassPrepare); 7: forward pads before their
// targets, a final $jtgProbes created by the static initializer
// (ArrayProbeOptions::final_array); 8: slots pushed in the fewest bytes, pads' gotos short
// where they reach.
inline constexpr uint32_t kProbeLayoutVersion = 8;

struct CachedPlan {
  int32_t slots = 0;
  std::vector<int32_t> slot_method;  // per slot: plan-order method index
  std::vector<uint8_t> bytes;        // the instrumented class file, every probe in place
};

std::string PlanCachePath(const std::string& dir, uint64_t hash);

// NotFound when there is no plan for `hash`; DataLoss("<file>: <reason>") when the file is
// not a valid plan of these bytes and this layout version.
StatusOr<CachedPlan> LoadPlan(const std::string& dir, uint64_t hash);
// Writes the plan (to a per-process temporary file, then rename; creates `dir`). Internal
// error naming the file on failure.
Status StorePlan(const std::string& dir, uint64_t hash, const CachedPlan& plan);

}  // namespace jtg::coverage
