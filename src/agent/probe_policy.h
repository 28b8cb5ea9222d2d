// ProbePolicy: what an agent mode (agent_options.h Mode) decides about probes, as one object
// per mode, made once from the AgentOptions by MakeProbePolicy (as JaCoCo's
// ProbeArrayStrategyFactory picks one probe-array strategy per class; here the mode is per
// process). AgentState asks it, and never branches on the mode itself:
//   - First:   a class's first instrumentation (which probes are planned out, flag-guarded
//              probes and in which methods, whether the plan cache is used);
//   - Retransform: which probes a retransformation leaves out;
//   - Due:     whether a class's next retransformation would remove a probe the mode wants
//              gone; Admit: whether a due class may join the next batch (per-class limit,
//              sweep);
//   - and per mode: whether the poller retransforms at all, whether a class's planned
//     bytes must be kept for re-instrumentation, whether the HST profile is read, counted
//     and written, the sweep's quiet period.
// The techniques: DDST (demand-driven: a probe goes once it fired) and HST (per method,
// Static or DDST) from techniques/ddst-hst-tpc.md §6, §9, §13; TPC (plans cached across
// runs) from §10. What each mode answers is in probe_policy.cc's table.
//
// Thread safety: a policy is immutable after construction; every method is const and may
// be called from any thread. It keeps no pointer into its arguments.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "agent/agent_options.h"
#include "agent/class_record.h"
#include "coverage/hst_profile.h"

namespace jtg::agent {

// How to instrument a class's bytes (agent_instrument.h InstrumentForAgent). Every class
// gets array probes with a final $jtgProbes field (instrument.h ArrayProbeOptions).
struct ProbeRequest {
  // Per slot: true = the probe is left out. Shorter than the slot count (or empty): the
  // missing slots keep their probes.
  std::vector<bool> removed;
  // The $jtgInit prologue in every probed method: only when the class's array may not
  // exist yet (never at the first instrumentation: ClassPrepare creates it).
  bool prologue = false;
  // Flag-guarded probes (instrument.h ArrayProbeOptions::fold_flags), in the methods
  // `fold_methods` selects (class-file order); empty: in every method.
  bool fold = false;
  std::vector<bool> fold_methods;
};

// A class's first instrumentation: the request, and whether the plan is looked up in (and,
// on a miss, stored to) <cache>/plans (coverage/plan_cache.h).
struct FirstInstrumentation {
  ProbeRequest request;
  bool plan_cache = false;
};

// Whether a due class joins the next retransformation batch (RetransformDue).
enum class Admission { kNo, kYes, kSweep };

class ProbePolicy {
 public:
  explicit ProbePolicy(const AgentOptions& options);  // for the subclasses (abstract)
  virtual ~ProbePolicy() = default;

  virtual Mode mode() const = 0;

  // The first instrumentation of a class whose bytes hash to a key of the HST profile read
  // at start (`profiled`: that entry; nullptr: not profiled, or the mode reads no profile).
  virtual FirstInstrumentation First(const coverage::HstClassProfile* profiled) const = 0;

  // A retransformation of a class whose slots `covered` (0/1 per slot) were seen set;
  // `array_exists`: its $jtgProbes array has been seen (no prologue needed).
  virtual ProbeRequest Retransform(std::span<const uint8_t> covered, bool array_exists) const;

  // Whether `r`'s next retransformation would remove a probe the mode wants gone (sets
  // ClassRecord::due). Reads covered, removed, fresh, fold and, for hst/tpc, slot_method,
  // active and profile. False in every mode that does not retransform.
  virtual bool Due(const ClassRecord& r) const = 0;

  // For a due class, not pinned and past its backoff: kYes below the per-class limit
  // (AgentOptions::max_retransforms; 0: none), past it kSweep once when `quiet` (no slot
  // newly covered for SweepQuiet()) and the mode sweeps, else kNo.
  Admission Admit(const ClassRecord& r, bool quiet) const;

  // Whether the poller retransforms classes at all. Modes that do also keep each class's
  // planned bytes (ClassRecord::original) and pin classes JVMTI cannot modify.
  virtual bool Retransforms() const = 0;
  // Whether ClassRecord::original must hold the bytes the class was planned on.
  virtual bool KeepsPlannedBytes() const { return Retransforms(); }
  // hst/tpc: the profile <cache>/hst-profile.json is read at start, each poll counts (and
  // clears) the covered slots that fired again, and the merged profile is written at VM
  // death.
  virtual bool Profiles() const { return false; }
  // Whether every probe stays by design (static): covered probes kept are then not worth a
  // log line.
  virtual bool KeepsEveryProbe() const { return false; }
  // ddst: the quiet period after which a class past its limit gets one more
  // retransformation (AgentOptions::sweep_quiet_ms); zero: no sweep.
  virtual std::chrono::milliseconds SweepQuiet() const { return std::chrono::milliseconds(0); }

 protected:
  int32_t max_retransforms() const { return max_retransforms_; }
  int32_t hot_intervals() const { return hot_intervals_; }
  bool hst_fold() const { return hst_fold_; }
  int32_t sweep_quiet_ms() const { return sweep_quiet_ms_; }

 private:
  const int32_t max_retransforms_;
  const int32_t hot_intervals_;
  const bool hst_fold_;
  const int32_t sweep_quiet_ms_;
};

// The policy of options.mode; never null.
std::unique_ptr<ProbePolicy> MakeProbePolicy(const AgentOptions& options);

// hst/tpc: per method (plan order), the most poll intervals any of its slots was active
// (ClassRecord::active, slot_method); as long as the highest method index + 1.
std::vector<int32_t> MethodActive(const ClassRecord& r);

}  // namespace jtg::agent
