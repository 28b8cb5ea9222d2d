// The policies of the agent's modes (probe_policy.h). What each answers:
//
//   mode    First                          Retransform      Due                Retransforms
//   static  every probe                    (never asked)    never              no
//   plan    every probe planned out        every probe out  never              no
//   fold    flag-guarded probes            (never asked)    never              no
//   ddst    every probe                    covered out      a covered probe    yes (+sweep)
//   drop    every probe                    every probe out  a covered probe    yes
//   hst     profiled class: flag-guarded   covered out      a covered probe    yes
//           probes in its DDST methods                      of a DDST method
//           (hst_fold); else every probe
//   tpc     as hst, through the plan cache as hst           as hst             yes
//
// Modes that retransform keep the planned bytes and pin unmodifiable classes; hst and tpc
// read, count and write the HST profile. A class with flag-guarded probes (ClassRecord::fold)
// is never due: its flags, not retransformation, take its probes out.
#include "agent/probe_policy.h"

#include <algorithm>

namespace jtg::agent {
namespace {

using Milliseconds = std::chrono::milliseconds;

// The first instrumentation of static, ddst and drop: every probe, no flags.
FirstInstrumentation EveryProbe() { return {}; }

// A retransformation request that leaves out every probe of a class of `slots` slots.
ProbeRequest NoProbe(size_t slots, bool array_exists) {
  ProbeRequest req;
  req.removed.assign(slots, true);
  req.prologue = !array_exists;
  return req;
}

// The DDST rule: some slot is covered and its probe is still in the class.
bool HasCoveredProbe(const ClassRecord& r) {
  for (size_t k = 0; k < r.covered.size() && k < r.removed.size(); ++k) {
    if (r.covered[k] != 0 && r.removed[k] == 0) return true;
  }
  return false;
}

class StaticPolicy final : public ProbePolicy {
 public:
  using ProbePolicy::ProbePolicy;
  Mode mode() const override { return Mode::kStatic; }
  FirstInstrumentation First(const coverage::HstClassProfile*) const override {
    return EveryProbe();
  }
  bool Due(const ClassRecord&) const override { return false; }
  bool Retransforms() const override { return false; }
  bool KeepsEveryProbe() const override { return true; }
};

// Benchmark floor: the class is planned and gets the probe array members, but no probe.
class PlanPolicy final : public ProbePolicy {
 public:
  using ProbePolicy::ProbePolicy;
  Mode mode() const override { return Mode::kPlan; }
  FirstInstrumentation First(const coverage::HstClassProfile*) const override {
    FirstInstrumentation f;
    f.request.removed.assign(65536, true);  // more than any class has slots
    return f;
  }
  ProbeRequest Retransform(std::span<const uint8_t> covered, bool array_exists) const override {
    return NoProbe(std::max<size_t>(covered.size(), 65536), array_exists);
  }
  bool Due(const ClassRecord&) const override { return false; }
  bool Retransforms() const override { return false; }
};

class FoldPolicy final : public ProbePolicy {
 public:
  using ProbePolicy::ProbePolicy;
  Mode mode() const override { return Mode::kFold; }
  FirstInstrumentation First(const coverage::HstClassProfile*) const override {
    FirstInstrumentation f;
    f.request.fold = true;  // in every method
    return f;
  }
  bool Due(const ClassRecord&) const override { return false; }
  bool Retransforms() const override { return false; }
};

class DdstPolicy : public ProbePolicy {
 public:
  using ProbePolicy::ProbePolicy;
  Mode mode() const override { return Mode::kDdst; }
  FirstInstrumentation First(const coverage::HstClassProfile*) const override {
    return EveryProbe();
  }
  bool Due(const ClassRecord& r) const override {
    return r.fresh != 0 && !r.fold && HasCoveredProbe(r);
  }
  bool Retransforms() const override { return true; }
  Milliseconds SweepQuiet() const override { return Milliseconds(sweep_quiet_ms()); }
};

// Benchmark bound: as ddst, but a retransformation leaves out every probe; no sweep.
class DropPolicy final : public DdstPolicy {
 public:
  using DdstPolicy::DdstPolicy;
  Mode mode() const override { return Mode::kDrop; }
  ProbeRequest Retransform(std::span<const uint8_t> covered, bool array_exists) const override {
    return NoProbe(covered.size(), array_exists);
  }
  Milliseconds SweepQuiet() const override { return Milliseconds(0); }
};

class HstPolicy : public ProbePolicy {
 public:
  using ProbePolicy::ProbePolicy;
  Mode mode() const override { return Mode::kHst; }
  FirstInstrumentation First(const coverage::HstClassProfile* profiled) const override {
    FirstInstrumentation f;
    if (!hst_fold() || profiled == nullptr) return f;
    // The rule per method (class-file order), from the profile only (nothing ran yet).
    const auto methods = static_cast<int32_t>(profiled->active.size());
    std::vector<bool> demand(static_cast<size_t>(methods), false);
    for (int32_t m = 0; m < methods; ++m) {
      demand[static_cast<size_t>(m)] = coverage::ChooseTechnique(profiled, m, 0, hot_intervals()) ==
                                       coverage::Technique::kDemand;
    }
    if (std::find(demand.begin(), demand.end(), true) == demand.end()) return f;  // plain hst
    f.request.fold = true;
    f.request.fold_methods = std::move(demand);
    return f;
  }
  bool Due(const ClassRecord& r) const override {
    if (r.fresh == 0 || r.fold) return false;
    const std::vector<int32_t> active = MethodActive(r);
    for (size_t k = 0; k < r.covered.size() && k < r.removed.size(); ++k) {
      if (r.covered[k] == 0 || r.removed[k] != 0 || k >= r.slot_method.size()) continue;
      const int32_t m = r.slot_method[k];
      if (m >= 0 && coverage::ChooseTechnique(r.profile, m, active[static_cast<size_t>(m)],
                                              hot_intervals()) == coverage::Technique::kDemand) {
        return true;
      }
    }
    return false;
  }
  bool Retransforms() const override { return true; }
  bool Profiles() const override { return true; }
};

class TpcPolicy final : public HstPolicy {
 public:
  using HstPolicy::HstPolicy;
  Mode mode() const override { return Mode::kTpc; }
  FirstInstrumentation First(const coverage::HstClassProfile* profiled) const override {
    FirstInstrumentation f = HstPolicy::First(profiled);
    f.plan_cache = true;
    return f;
  }
};

}  // namespace

ProbePolicy::ProbePolicy(const AgentOptions& options)
    : max_retransforms_(options.max_retransforms),
      hot_intervals_(options.hot_intervals),
      hst_fold_(options.hst_fold),
      sweep_quiet_ms_(options.sweep_quiet_ms) {}

ProbeRequest ProbePolicy::Retransform(std::span<const uint8_t> covered, bool array_exists) const {
  ProbeRequest req;
  req.removed.assign(covered.begin(), covered.end());
  req.prologue = !array_exists;
  return req;
}

Admission ProbePolicy::Admit(const ClassRecord& r, bool quiet) const {
  if (max_retransforms_ <= 0 || r.retransforms < max_retransforms_) return Admission::kYes;
  if (!quiet || SweepQuiet().count() <= 0 || r.swept) return Admission::kNo;
  return Admission::kSweep;
}

std::unique_ptr<ProbePolicy> MakeProbePolicy(const AgentOptions& options) {
  switch (options.mode) {
    case Mode::kStatic: return std::make_unique<StaticPolicy>(options);
    case Mode::kPlan: return std::make_unique<PlanPolicy>(options);
    case Mode::kFold: return std::make_unique<FoldPolicy>(options);
    case Mode::kDdst: return std::make_unique<DdstPolicy>(options);
    case Mode::kDrop: return std::make_unique<DropPolicy>(options);
    case Mode::kHst: return std::make_unique<HstPolicy>(options);
    case Mode::kTpc: return std::make_unique<TpcPolicy>(options);
  }
  return std::make_unique<StaticPolicy>(options);
}

std::vector<int32_t> MethodActive(const ClassRecord& r) {
  int32_t methods = 0;
  for (int32_t m : r.slot_method) methods = std::max(methods, m + 1);
  std::vector<int32_t> out(static_cast<size_t>(methods), 0);
  for (size_t k = 0; k < r.slot_method.size() && k < r.active.size(); ++k) {
    if (const int32_t m = r.slot_method[k]; m >= 0) {
      out[static_cast<size_t>(m)] = std::max<int32_t>(out[static_cast<size_t>(m)], r.active[k]);
    }
  }
  return out;
}

}  // namespace jtg::agent
