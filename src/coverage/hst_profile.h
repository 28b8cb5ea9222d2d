// HST (hybrid structural testing, techniques/ddst-hst-tpc.md §9) adapted to HotSpot: the
// per-method choice between Static (probes stay) and DDST (covered probes are removed by
// retransforming the class or, in a class found in the profile, skipped by fold guards the
// JIT folds once the agent sets their flags: agent_options.h hst_fold), and the profile it
// is made from.
//
// Jazz's cost model is C_test = C_probe × N_probes + C_plan per method, with DDST chosen
// when N_static > ρ × N_demand (ρ ≈ 18: a demand probe costs ~18 static ones). On HotSpot a
// "demand probe" is not a self-removing stub: removal is a class retransformation, which
// also throws away the compiled code of every method of the class (deoptimization and a
// new warm-up). That cost is milliseconds per class, so ρ is ~10^4..10^6 static probe
// executions, and DDST pays only for methods that keep running long after their probes
// were first hit. We therefore measure, instead of exact block frequencies (which would
// need counting probes), the number of agent poll intervals (interval_ms, default 150 ms)
// in which a probe fired again after the interval that first covered it: the poller reads
// each probe array, then clears the slots it had already seen (agent_state.h). A method's
// `active` count is the maximum over its probes. The rule (ChooseTechnique):
//   - the class's bytes (hash) are in the profile: DDST iff active >= hot_intervals
//     (default 3, i.e. the method ran in at least 3 intervals after being covered, across
//     at least ~0.45 s); otherwise Static. Methods absent from the profile are Static, as
//     Jazz's default rule is.
//   - not profiled (first run, or changed bytes): online, DDST once active >= 1 in this run.
// Static methods never cause a retransformation; their covered probes leave only when
// their class is retransformed anyway (for a DDST method), which costs nothing extra.
//
// The profile file `<cache>/hst-profile.json` (written by the agent at VM death, merged
// with the one it read at start; write + rename):
//   {"format": "jtestgen-hst-profile", "version": 1, "runs": 3, "interval_ms": 150,
//    "classes": {"<16 hex hash>": {"name": "com/x/Foo", "active": [0, 12, 3]}}}
// active[i] is for method i in the instrumenter's plan order (ClassPlan::methods).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "common/status.h"

namespace jtg::coverage {

struct HstClassProfile {
  std::string name;             // internal name (information only)
  std::vector<int32_t> active;  // per method (plan order): intervals active after coverage
};

struct HstProfile {
  int64_t runs = 0;         // agent runs merged in
  int32_t interval_ms = 0;  // poll interval of the last run merged in
  absl::flat_hash_map<uint64_t, HstClassProfile> classes;  // key: class bytes hash
};

enum class Technique { kStatic, kDemand };

// The rule above. `profiled`: the class's profile entry, or nullptr when the class is not
// profiled; `method`: plan-order index; `online_active`: the method's active count so far
// in this run.
Technique ChooseTechnique(const HstClassProfile* profiled, int32_t method, int32_t online_active,
                          int32_t hot_intervals);

// Merges one run's counts for a class into `into`: per method the maximum (a method that
// was hot in any profiled run stays hot). A differently sized entry is replaced.
void MergeClassProfile(HstProfile& into, uint64_t hash, HstClassProfile run);

std::string ToJson(const HstProfile& profile);
// DataLoss("<what>: <reason>") for anything but a profile of this version.
StatusOr<HstProfile> ParseHstProfile(std::string_view text, std::string_view what);

// Reads `path`: an empty profile when the file does not exist; DataLoss when it is corrupt.
StatusOr<HstProfile> ReadHstProfile(const std::string& path);
// Writes `path` (write to path.<pid>.tmp, then rename: the last of several JVMs wins). Internal
// error naming the file on failure.
Status WriteHstProfile(const HstProfile& profile, const std::string& path);

inline constexpr char kHstProfileFile[] = "hst-profile.json";

}  // namespace jtg::coverage
