// The coverage file the agent writes (src/agent) and `jtestgen report` reads: one JSON
// object per JVM, `<out>/jtestgen-cov-<pid>.json`, rewritten in place (write + rename) at
// each dump, so a reader never sees half a file:
//
//   {"format": "jtestgen-coverage", "version": 1,
//    "mode": "static" | "ddst" | "hst" | "tpc" | "fold" | "plan" | "drop",
//    "pid": 4242, "includes": "com.x.*", "excludes": "", "start_ms": 1700000000000,
//    "dump_ms": 1700000001234,
//    "stats": {"polls": 12, "retransform_batches": 3, "retransformed_classes": 5,
//              "retransform_ms": 41.5, "instrumented_classes": 40, "instrument_ms": 12.5,
//              "plan_cache_hits": 0, "plan_cache_stores": 40, "profiled_classes": 0,
//              "demand_methods": 9, "static_methods": 120},
//    "classes": [{"name": "com/x/Foo", "defined": "89ab...", "hash": "89ab...",
//                 "slots": 42, "covered": [0, 1, 5], "retransforms": 2, "note": ""}]}
//
// name: internal name; defined: coverage/class_hash.h of the bytes the class was defined
// from (what the classpath holds); hash: of the bytes jtestgen planned its probes on, the
// same unless another agent's transformer ran first (e.g. JaCoCo's -javaagent): those
// bytes are then saved as `<out>/classes/<hash>.class` for the report; slots: length of
// the class's probe array; covered: ascending slot
// indices whose probe fired (slot = goal id - 1 of the class's probe plan: ids in the
// instrumenter's plan order, blocks and branch outcomes; instrument/array_probes.h).
// note: why a class kept its probes or got none (another agent changed it first, it
// could not be instrumented, ...). Several entries may share a name (several loaders).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::coverage {

struct ClassCoverage {
  std::string name;
  uint64_t defined_hash = 0;
  uint64_t hash = 0;
  int32_t slots = 0;
  std::vector<int32_t> covered;
  int32_t retransforms = 0;
  std::string note;
};

struct AgentStats {
  int64_t polls = 0;
  int64_t retransform_batches = 0;
  int64_t retransformed_classes = 0;
  double retransform_ms = 0;
  int64_t instrumented_classes = 0;  // first instrumentations (class definitions)
  double instrument_ms = 0;          // wall ms in our class hook, definitions and retransforms
  int64_t plan_cache_hits = 0;       // tpc: first instrumentations served by the plan cache
  int64_t plan_cache_stores = 0;     // tpc: plans written to it
  int64_t profiled_classes = 0;      // hst/tpc: instrumented classes found in the profile
  int64_t demand_methods = 0;        // hst/tpc, at the dump: methods whose rule says DDST
  int64_t static_methods = 0;        //   ... and Static (methods with at least one slot)
  int64_t fold_classes = 0;          // fold: classes instrumented with flag-guarded probes
  int64_t fold_flags_set = 0;        // fold: flags set (slots whose probe the JIT may fold)
  // At the dump: covered slots whose probe the class's current version still has (static:
  // every covered slot; ddst: those covered after the class's last retransformation; fold
  // counts its flag-guarded probes as kept). What keeps costing once coverage stops growing.
  int64_t covered_probes_kept = 0;
};

struct CoverageFile {
  std::string mode;
  int64_t pid = 0;
  std::string includes, excludes;
  int64_t start_ms = 0, dump_ms = 0;
  AgentStats stats;
  std::vector<ClassCoverage> classes;
};

std::string ToJson(const CoverageFile& file);
// DataLoss("<what>: <reason>") for text that is not a coverage file of this version, or a
// covered index outside 0..slots-1.
StatusOr<CoverageFile> ParseCoverageJson(std::string_view text, std::string_view what);

// "jtestgen-cov-<pid>.json".
std::string CoverageFileName(int64_t pid);
// "classes/<16 hex digits>.class": where planned bytes that differ from the defined ones
// are kept, relative to the coverage directory.
std::string PlannedClassPath(uint64_t hash);
// Writes `path` + ".tmp" and renames it to `path`. Internal error naming the path.
Status WriteCoverageFile(const CoverageFile& file, const std::string& path);
// Every jtestgen-cov-*.json in `dir`, in name order. NotFound when there is none.
StatusOr<std::vector<CoverageFile>> ReadCoverageDir(const std::string& dir);

}  // namespace jtg::coverage
