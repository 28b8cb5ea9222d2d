// AgentState::OnRetransformHook (agent_state.h): instruments a class at its definition and
// at each retransformation, as the mode's ProbePolicy asks (probe_policy.h).
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>

#include "absl/strings/str_cat.h"
#include "agent/agent_instrument.h"
#include "agent/agent_state.h"
#include "coverage/class_hash.h"
#include "coverage/plan_cache.h"
#include "instrument/array_probes.h"

namespace jtg::agent {
namespace {

using Clock = std::chrono::steady_clock;

// Hands `bytes` to the JVM as the hook's new class data.
void Give(jvmtiEnv* env, std::span<const uint8_t> bytes, jint* new_len, unsigned char** new_data) {
  unsigned char* buf = nullptr;
  if (env->Allocate(static_cast<jlong>(bytes.size()), &buf) != JVMTI_ERROR_NONE) return;
  std::memcpy(buf, bytes.data(), bytes.size());
  *new_len = static_cast<jint>(bytes.size());
  *new_data = buf;
}

}  // namespace

void AgentState::OnRetransformHook(JNIEnv* jni, jclass being_redefined, jobject loader,
                                   const char* name, jint len, const unsigned char* data,
                                   jint* new_len, unsigned char** new_data) {
  if (name == nullptr || loader == nullptr) return;
  const std::span<const uint8_t> bytes(data, static_cast<size_t>(len));
  const uint64_t hash = coverage::HashClassBytes(bytes);
  std::vector<uint8_t> planned;
  FirstInstrumentation how;  // what this hook asks the instrumenter for (policy_)
  bool first = false;
  bool probeless = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ClassRecord* r = Find(jni, name, loader);
    if (r == nullptr) return;
    if (r->planned && being_redefined != nullptr && (hash != r->hash || r->pinned)) {
      // Another agent redefines the class (PIT's mutants, a hot swap): the JVM refuses new
      // bytes without our $jtgProbes field ("attempted to change the schema"), so they get
      // it, with no probe; what runs from then on is not counted.
      if (hash != r->hash && !r->pinned) {
        r->pinned = true;
        r->note = "redefined with other bytes by another agent: later runs not counted";
      }
      if (r->slots == 0) return;  // the JVM's version has no field of ours either
      probeless = true;
    } else if (r->pinned) {
      return;
    } else if (!r->planned) {  // the definition: plan on these bytes
      r->planned = true;
      r->hash = hash;
      first = true;
      planned.assign(bytes.begin(), bytes.end());
      const auto it = profile_.classes.find(hash);
      how = policy_->First(it == profile_.classes.end() ? nullptr : &it->second);
    } else if (being_redefined == nullptr) {
      r->pinned = true;
      r->note = "class bytes changed after jtestgen planned its probes: probes kept";
      return;
    } else {
      planned = r->original;
      how.request = policy_->Retransform(r->covered, r->array != nullptr);
    }
  }
  if (probeless) {
    GiveProbeless(bytes, name, new_len, new_data);
    return;
  }
  const ProbeRequest& req = how.request;
  const auto t0 = Clock::now();
  const std::string plans = options_.cache + "/plans";
  StatusOr<coverage::CachedPlan> cached = absl::NotFoundError("");
  bool from_cache = false, stored = false, folded = false;
  const uint64_t key = PlanKey(hash, req);
  if (first && how.plan_cache) {
    cached = coverage::LoadPlan(plans, key);
    from_cache = cached.ok();
    folded = from_cache && req.fold;  // only plans that took their flags are stored
  }
  if (!cached.ok()) {
    auto out = InstrumentForAgent(planned, name, req);
    if (out.ok()) {
      folded = out->folded;
      cached = coverage::CachedPlan{
          out->result.plan.probe_slots,
          first ? instrument::ProbeSlotMethods(out->result.plan) : std::vector<int32_t>{},
          std::move(out->result.bytes)};
      if (first && how.plan_cache && folded == req.fold) {
        stored = coverage::StorePlan(plans, key, *cached).ok();
      }
    } else {
      cached = out.status();
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  stats_.instrument_ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  if (first) ++stats_.instrumented_classes;
  if (stored) ++stats_.plan_cache_stores;
  ClassRecord* r = Find(jni, name, loader);
  if (r == nullptr) return;
  if (!cached.ok()) {
    r->pinned = true;
    r->note = absl::StrCat(first ? "not instrumented: " : "re-instrumentation failed: ",
                           cached.status().message());
    return;
  }
  if (!first) r->removed.assign(req.removed.begin(), req.removed.end());
  if (first) {
    r->slots = cached->slots;
    r->covered.assign(static_cast<size_t>(r->slots), 0);
    r->removed.assign(static_cast<size_t>(r->slots), 0);
    r->plan_cached = from_cache;
    r->fold = folded;
    if (folded) ++stats_.fold_classes;
    if (r->plan_cached) ++stats_.plan_cache_hits;
    if (policy_->KeepsPlannedBytes()) r->original = planned;
    if (policy_->Profiles()) {
      r->slot_method = std::move(cached->slot_method);
      r->active.assign(static_cast<size_t>(r->slots), 0);
      auto it = profile_.classes.find(r->hash);
      r->profile = it == profile_.classes.end() ? nullptr : &it->second;
      if (r->profile != nullptr) ++stats_.profiled_classes;
    }
    if (r->hash != r->defined_hash) SavePlannedBytes(*r, planned);
  }
  Give(retransform_env, cached->bytes, new_len, new_data);
}

void AgentState::GiveProbeless(std::span<const uint8_t> bytes, const char* name, jint* new_len,
                               unsigned char** new_data) {
  // Once to learn the slots, once with every one of them left out. Flag-guarded probes
  // (fold) add a field per slot, which no other bytes match: those classes keep failing.
  auto once = InstrumentForAgent(bytes, name, ProbeRequest{});
  if (!once.ok()) return;
  ProbeRequest none;
  none.removed.assign(static_cast<size_t>(once->result.plan.probe_slots), true);
  auto out = InstrumentForAgent(bytes, name, none);
  if (out.ok()) Give(retransform_env, out->result.bytes, new_len, new_data);
}

void AgentState::SavePlannedBytes(ClassRecord& r, std::span<const uint8_t> planned) {
  // Another agent transformed the class first: the report needs the bytes we planned on.
  const std::string path = options_.out + "/" + coverage::PlannedClassPath(r.hash);
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(planned.data()),
          static_cast<std::streamsize>(planned.size()));
  r.note = f.good() ? "planned on bytes another agent transformed first (saved)"
                    : "planned on bytes another agent transformed first (NOT saved)";
}

}  // namespace jtg::agent
