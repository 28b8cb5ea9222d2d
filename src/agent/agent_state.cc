#include "agent/agent_state.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>

#include "absl/strings/str_cat.h"
#include "coverage/class_hash.h"
#include "coverage/plan_cache.h"
#include "instrument/array_probes.h"
#include "instrument/instrument.h"

namespace jtg::agent {
namespace {

using Clock = std::chrono::steady_clock;

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Hands `bytes` to the JVM as the hook's new class data.
void Give(jvmtiEnv* env, std::span<const uint8_t> bytes, jint* new_len,
          unsigned char** new_data) {
  unsigned char* buf = nullptr;
  if (env->Allocate(static_cast<jlong>(bytes.size()), &buf) != JVMTI_ERROR_NONE) return;
  std::memcpy(buf, bytes.data(), bytes.size());
  *new_len = static_cast<jint>(bytes.size());
  *new_data = buf;
}

// `array_exists`: the class's probe array has been seen, so no method needs the prologue.
// `fold`: flag-guarded probes (instrument.h Options::fold_flags); a class that cannot take
// them (constant pool overflow: each slot adds a method and a field) gets plain probes, and
// *folded says which.
StatusOr<instrument::Result> Instrument(std::span<const uint8_t> bytes, std::string_view name,
                                        const std::vector<bool>* removed, bool array_exists,
                                        bool fold = false, bool* folded = nullptr,
                                        const std::vector<bool>* fold_methods = nullptr) {
  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  o.removed = removed;
  o.array_prologue = !array_exists;
  o.fold_flags = fold;
  o.fold_methods = fold_methods;
  o.final_array = true;  // OnClassPrepare creates the array; PollArrays adopts <clinit>'s
  if (folded != nullptr) *folded = fold;
  instrument::IdAllocator ids;  // slots are per class
  auto out = instrument::InstrumentBytes(bytes, name, o, ids);
  if (fold && !out.ok() && absl::IsResourceExhausted(out.status())) {
    o.fold_flags = false;
    if (folded != nullptr) *folded = false;
    instrument::IdAllocator fresh;
    return instrument::InstrumentBytes(bytes, name, o, fresh);
  }
  return out;
}

// The plan cache key of a class planned with fold probes in the methods `fold_methods`
// selects: the hash of its bytes' hash and that selection.
uint64_t FoldPlanKey(uint64_t hash, const std::vector<bool>& fold_methods) {
  std::vector<uint8_t> key(8);
  for (int k = 0; k < 8; ++k) key[static_cast<size_t>(k)] = static_cast<uint8_t>(hash >> (8 * k));
  key.push_back('f');
  for (bool f : fold_methods) key.push_back(f ? 1 : 0);
  return coverage::HashClassBytes(key);
}

// Whether `name` is `$jtgP<digits>`; sets *slot.
bool ParseFlagName(const char* name, int32_t* slot) {
  const size_t n = std::strlen(instrument::kCompactProbePrefix);
  if (std::strncmp(name, instrument::kCompactProbePrefix, n) != 0 || name[n] == '\0') return false;
  int64_t v = 0;
  for (const char* p = name + n; *p != '\0'; ++p) {
    if (*p < '0' || *p > '9' || v > INT32_MAX / 10) return false;
    v = v * 10 + (*p - '0');
  }
  *slot = static_cast<int32_t>(v);
  return true;
}

}  // namespace

AgentState::AgentState(AgentOptions options)
    : options_(std::move(options)),
      filter_(options_.includes, options_.excludes),
      start_ms_(NowMs()) {
  if (Hybrid()) {
    const std::string path = options_.cache + "/" + coverage::kHstProfileFile;
    auto p = coverage::ReadHstProfile(path);
    if (p.ok()) {
      profile_ = std::move(*p);
    } else {
      std::fprintf(stderr, "jtestgen agent: %s; profiling afresh\n",
                   std::string(p.status().message()).c_str());
    }
  }
}

bool AgentState::dying() const {
  std::lock_guard<std::mutex> lock(mu_);
  return dying_;
}

void AgentState::Log(const std::string& line) const {
  if (options_.log) {
    std::fprintf(stderr, "jtestgen agent: [%lld ms] %s\n",
                 static_cast<long long>(NowMs() - start_ms_), line.c_str());
  }
}

ClassRecord* AgentState::Find(JNIEnv* jni, std::string_view name, jobject loader) {
  auto it = by_name_.find(std::string(name));
  if (it == by_name_.end()) return nullptr;
  for (ClassRecord* r : it->second) {
    if (jni->IsSameObject(r->loader, loader)) return r;
  }
  return nullptr;
}

void AgentState::OnDefine(JNIEnv* jni, jobject loader, const char* name, jint len,
                          const unsigned char* data) {
  // Boot loader classes are the JDK's (and ours): never.
  if (name == nullptr || loader == nullptr || !filter_.Accepts(name)) return;
  auto rec = std::make_unique<ClassRecord>();
  rec->name = name;
  rec->defined_hash = coverage::HashClassBytes({data, static_cast<size_t>(len)});
  rec->loader = jni->NewWeakGlobalRef(loader);
  std::lock_guard<std::mutex> lock(mu_);
  by_name_[rec->name].push_back(rec.get());
  records_.push_back(std::move(rec));
}

void AgentState::OnRetransformHook(JNIEnv* jni, jclass being_redefined, jobject loader,
                                   const char* name, jint len, const unsigned char* data,
                                   jint* new_len, unsigned char** new_data) {
  if (name == nullptr || loader == nullptr) return;
  const std::span<const uint8_t> bytes(data, static_cast<size_t>(len));
  const uint64_t hash = coverage::HashClassBytes(bytes);
  std::vector<uint8_t> planned;
  std::vector<bool> removed;
  std::vector<bool> fold_methods;  // hst_fold: per method; empty: no fold probes
  bool first = false, array_exists = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ClassRecord* r = Find(jni, name, loader);
    if (r == nullptr || r->pinned) return;
    if (!r->planned) {  // the definition: plan on these bytes
      r->planned = true;
      r->hash = hash;
      first = true;
      planned.assign(bytes.begin(), bytes.end());
      if (Hybrid() && options_.hst_fold) {
        // The rule per method (class-file order), from the profile only (nothing ran yet).
        if (auto it = profile_.classes.find(hash); it != profile_.classes.end()) {
          const auto methods = static_cast<int32_t>(it->second.active.size());
          fold_methods.assign(static_cast<size_t>(methods), false);
          for (int32_t m = 0; m < methods; ++m) {
            fold_methods[static_cast<size_t>(m)] =
                coverage::ChooseTechnique(&it->second, m, 0, options_.hot_intervals) ==
                coverage::Technique::kDemand;
          }
          if (std::find(fold_methods.begin(), fold_methods.end(), true) == fold_methods.end()) {
            fold_methods.clear();  // no hot method: plain hst
          }
        }
      }
    } else if (being_redefined == nullptr || hash != r->hash) {
      r->pinned = true;
      r->note = "class bytes changed after jtestgen planned its probes: probes kept";
      return;
    } else {
      planned = r->original;
      removed.assign(r->covered.begin(), r->covered.end());
      if (options_.mode == Mode::kDrop) removed.assign(removed.size(), true);
      array_exists = r->array != nullptr;
    }
  }
  const auto t0 = Clock::now();
  if (options_.mode == Mode::kPlan) removed.assign(65536, true);  // every probe left out
  const std::string plans = options_.cache + "/plans";
  StatusOr<coverage::CachedPlan> cached = absl::NotFoundError("");
  bool from_cache = false, stored = false, folded = false;
  const bool hst_fold = !fold_methods.empty();
  // A fold plan's bytes depend on the profile: its key also covers the choice per method.
  const uint64_t key = hst_fold ? FoldPlanKey(hash, fold_methods) : hash;
  if (first && options_.mode == Mode::kTpc) {
    cached = coverage::LoadPlan(plans, key);
    from_cache = cached.ok();
    folded = from_cache && hst_fold;  // only plans that took their flags are stored
  }
  if (first && !cached.ok()) {
    // No prologue: OnClassPrepare creates the array before any method can run.
    auto out = Instrument(planned, name, options_.mode != Mode::kPlan ? nullptr : &removed, true,
                          options_.mode == Mode::kFold || hst_fold, &folded,
                          hst_fold ? &fold_methods : nullptr);
    if (out.ok()) {
      cached = coverage::CachedPlan{out->plan.probe_slots, instrument::ProbeSlotMethods(out->plan),
                                    std::move(out->bytes)};
      if (options_.mode == Mode::kTpc && folded == hst_fold) {
        stored = coverage::StorePlan(plans, key, *cached).ok();
      }
    } else {
      cached = out.status();
    }
  } else if (!first) {
    auto out = Instrument(planned, name, &removed, array_exists);
    if (out.ok()) {
      cached = coverage::CachedPlan{out->plan.probe_slots, {}, std::move(out->bytes)};
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
  if (!first) r->removed.assign(removed.begin(), removed.end());
  if (first) {
    r->slots = cached->slots;
    r->covered.assign(static_cast<size_t>(r->slots), 0);
    r->removed.assign(static_cast<size_t>(r->slots), 0);
    r->plan_cached = from_cache;
    r->fold = folded;
    if (folded) ++stats_.fold_classes;
    if (r->plan_cached) ++stats_.plan_cache_hits;
    if (options_.mode != Mode::kStatic && options_.mode != Mode::kPlan &&
        options_.mode != Mode::kFold) {
      r->original = planned;
    }
    if (Hybrid()) {
      r->slot_method = std::move(cached->slot_method);
      r->active.assign(static_cast<size_t>(r->slots), 0);
      auto it = profile_.classes.find(r->hash);
      r->profile = it == profile_.classes.end() ? nullptr : &it->second;
      if (r->profile != nullptr) ++stats_.profiled_classes;
    }
    if (r->hash != r->defined_hash) {
      // Another agent transformed the class first: the report needs the bytes we planned on.
      const std::string path =
          options_.out + "/" + coverage::PlannedClassPath(r->hash);
      std::error_code ec;
      std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
      std::ofstream f(path, std::ios::binary | std::ios::trunc);
      f.write(reinterpret_cast<const char*>(planned.data()),
              static_cast<std::streamsize>(planned.size()));
      r->note = f.good() ? "planned on bytes another agent transformed first (saved)"
                         : "planned on bytes another agent transformed first (NOT saved)";
    }
  }
  Give(retransform_env, cached->bytes, new_len, new_data);
}

void AgentState::OnClassPrepare(JNIEnv* jni, jclass klass) {
  char* sig = nullptr;
  if (load_env->GetClassSignature(klass, &sig, nullptr) != JVMTI_ERROR_NONE || sig == nullptr) {
    return;
  }
  std::string name(sig);
  load_env->Deallocate(reinterpret_cast<unsigned char*>(sig));
  if (name.size() < 3 || name.front() != 'L') return;
  name = name.substr(1, name.size() - 2);
  jobject loader = nullptr;
  if (load_env->GetClassLoader(klass, &loader) != JVMTI_ERROR_NONE || loader == nullptr) return;
  jboolean modifiable = JNI_FALSE;
  load_env->IsModifiableClass(klass, &modifiable);
  std::lock_guard<std::mutex> lock(mu_);
  ClassRecord* r = Find(jni, name, loader);
  jni->DeleteLocalRef(loader);
  if (r == nullptr || r->klass != nullptr) return;
  r->klass = jni->NewWeakGlobalRef(klass);
  r->modifiable = modifiable == JNI_TRUE;
  if (r->slots > 0 && r->array == nullptr) CreateProbeArray(jni, klass, *r);
  if (!r->modifiable && !r->pinned && options_.mode != Mode::kStatic &&
      options_.mode != Mode::kPlan && options_.mode != Mode::kFold) {
    r->pinned = true;
    r->note = "not modifiable by JVMTI: probes kept (static)";
  }
}

void AgentState::CreateProbeArray(JNIEnv* jni, jclass klass, ClassRecord& r) {
  // JVMTI's field list, not GetStaticFieldID: that would initialize the class, here in the
  // middle of its linking.
  jboolean iface = JNI_FALSE;  // an interface's initializer makes its own array
  if (load_env->IsInterface(klass, &iface) != JVMTI_ERROR_NONE || iface == JNI_TRUE) return;
  jint count = 0;
  jfieldID* fields = nullptr;
  if (load_env->GetClassFields(klass, &count, &fields) != JVMTI_ERROR_NONE) return;
  jfieldID field = nullptr;
  for (jint i = 0; i < count && field == nullptr; ++i) {
    char* fname = nullptr;
    char* fsig = nullptr;
    if (load_env->GetFieldName(klass, fields[i], &fname, &fsig, nullptr) != JVMTI_ERROR_NONE) {
      continue;
    }
    if (std::strcmp(fname, instrument::kProbeArrayField) == 0 &&
        std::strcmp(fsig, instrument::kProbeArrayDesc) == 0) {
      field = fields[i];
    }
    load_env->Deallocate(reinterpret_cast<unsigned char*>(fname));
    load_env->Deallocate(reinterpret_cast<unsigned char*>(fsig));
  }
  load_env->Deallocate(reinterpret_cast<unsigned char*>(fields));
  if (field == nullptr) return;
  jbooleanArray a = jni->NewBooleanArray(r.slots);
  if (a == nullptr) {  // out of memory: <clinit>'s $jtgInit call creates it instead
    jni->ExceptionClear();
    return;
  }
  jni->SetStaticObjectField(klass, field, a);  // final: JNI sets it all the same
  r.array_field = field;
  r.array = static_cast<jbooleanArray>(jni->NewGlobalRef(a));
  jni->DeleteLocalRef(a);
}

void AgentState::PollArrays(JNIEnv* jni) {
  std::vector<jboolean> buf;
  int64_t new_slots = 0, new_after_retransform = 0, new_classes = 0;
  for (const auto& rp : records_) {
    ClassRecord& r = *rp;
    if (r.slots == 0 || r.klass == nullptr) continue;
    if (r.array == nullptr) {
      // Only an initialized class: JNI field lookup would otherwise initialize it.
      jclass k = static_cast<jclass>(jni->NewLocalRef(r.klass));
      if (k == nullptr) continue;  // unloaded
      jint status = 0;
      if (load_env->GetClassStatus(k, &status) == JVMTI_ERROR_NONE &&
          (status & JVMTI_CLASS_STATUS_INITIALIZED) != 0) {
        jfieldID f = jni->GetStaticFieldID(k, instrument::kProbeArrayField,
                                           instrument::kProbeArrayDesc);
        if (f == nullptr) {
          jni->ExceptionClear();
        } else if (jobject a = jni->GetStaticObjectField(k, f); a != nullptr) {
          r.array = static_cast<jbooleanArray>(jni->NewGlobalRef(a));
          jni->DeleteLocalRef(a);
        }
      }
      jni->DeleteLocalRef(k);
      if (r.array == nullptr) continue;
    }
    buf.resize(static_cast<size_t>(r.slots));
    if (!r.array_adopted && r.array_field != nullptr) AdoptInitializerArray(jni, r, buf);
    jni->GetBooleanArrayRegion(r.array, 0, r.slots, buf.data());
    if (jni->ExceptionCheck()) {
      jni->ExceptionClear();
      continue;
    }
    const int32_t fresh_before = r.fresh;
    for (int32_t k = 0; k < r.slots; ++k) {
      if (buf[k] == 0) continue;
      if (r.covered[k] == 0) {
        r.covered[k] = 1;
        ++r.fresh;
      } else if (Hybrid()) {
        // hst/tpc: a slot seen before is cleared (below), so it counts again only if its
        // probe fires again; a hit racing the clear loses one count, never coverage. Copies,
        // not GetPrimitiveArrayCritical: that would hold off the GC on every poll.
        if (r.active[k] < UINT16_MAX) ++r.active[k];
        int32_t end = k + 1;
        while (end < r.slots && buf[end] != 0 && r.covered[end] != 0) {
          if (r.active[end] < UINT16_MAX) ++r.active[end];
          ++end;
        }
        static constexpr jboolean kZeros[64] = {};
        for (int32_t from = k; from < end; from += 64) {
          jni->SetBooleanArrayRegion(r.array, from, std::min(64, end - from), kZeros);
        }
        k = end - 1;
      }
    }
    if (r.fresh > fresh_before) {
      new_slots += r.fresh - fresh_before;
      if (r.retransforms > 0) new_after_retransform += r.fresh - fresh_before;
      ++new_classes;
    }
    if (r.fold && r.fresh > fresh_before) SetFoldFlags(jni, r, buf);
    r.due = false;
    if (r.fresh == 0 || r.fold) continue;  // fold: flags, not retransformation, remove probes
    const std::vector<int32_t> active = Hybrid() ? MethodActive(r) : std::vector<int32_t>{};
    for (int32_t k = 0; k < r.slots && !r.due; ++k) {
      if (r.covered[k] == 0 || r.removed[k] != 0) continue;
      if (!Hybrid()) {
        r.due = true;
      } else if (const int32_t m = r.slot_method[static_cast<size_t>(k)]; m >= 0) {
        r.due = coverage::ChooseTechnique(r.profile, m, active[static_cast<size_t>(m)],
                                          options_.hot_intervals) == coverage::Technique::kDemand;
      }
    }
  }
  if (new_slots > 0) {
    last_growth_ = Clock::now();
    Log(absl::StrCat("covered ", new_slots, " new slots in ", new_classes, " classes (",
                     new_after_retransform, " in retransformed classes)"));
  }
}

void AgentState::AdoptInitializerArray(JNIEnv* jni, ClassRecord& r, std::vector<jboolean>& buf) {
  jclass k = static_cast<jclass>(jni->NewLocalRef(r.klass));
  if (k == nullptr) return;  // unloaded
  jint status = 0;
  if (load_env->GetClassStatus(k, &status) == JVMTI_ERROR_NONE &&
      (status & (JVMTI_CLASS_STATUS_INITIALIZED | JVMTI_CLASS_STATUS_ERROR)) != 0) {
    r.array_adopted = true;  // the initializer has run: the field never changes again
    jobject cur = jni->GetStaticObjectField(k, r.array_field);
    if (cur != nullptr && !jni->IsSameObject(cur, r.array)) {
      // What methods run before the initializer recorded in ours, then its array.
      jni->GetBooleanArrayRegion(r.array, 0, r.slots, buf.data());
      if (!jni->ExceptionCheck()) {
        for (int32_t s = 0; s < r.slots; ++s) {
          if (buf[static_cast<size_t>(s)] != 0 && r.covered[static_cast<size_t>(s)] == 0) {
            r.covered[static_cast<size_t>(s)] = 1;
            ++r.fresh;
          }
        }
      }
      jni->ExceptionClear();
      jni->DeleteGlobalRef(r.array);
      r.array = static_cast<jbooleanArray>(jni->NewGlobalRef(cur));
    }
    if (cur != nullptr) jni->DeleteLocalRef(cur);
  }
  jni->DeleteLocalRef(k);
}

void AgentState::SetFoldFlags(JNIEnv* jni, ClassRecord& r, const std::vector<jboolean>& seen) {
  jclass k = static_cast<jclass>(jni->NewLocalRef(r.klass));
  if (k == nullptr) return;  // unloaded
  if (!r.flags_resolved) {
    // JVMTI's field list, not GetStaticFieldID, which would initialize the class (this
    // poll may see a slot covered while its <clinit> still runs).
    r.flags_resolved = true;
    r.flags.assign(static_cast<size_t>(r.slots), nullptr);
    jint count = 0;
    jfieldID* fields = nullptr;
    if (load_env->GetClassFields(k, &count, &fields) == JVMTI_ERROR_NONE) {
      for (jint i = 0; i < count; ++i) {
        char* fname = nullptr;
        char* fsig = nullptr;
        if (load_env->GetFieldName(k, fields[i], &fname, &fsig, nullptr) != JVMTI_ERROR_NONE) {
          continue;
        }
        int32_t slot = -1;
        if (std::strcmp(fsig, instrument::kFoldFlagDesc) == 0 && ParseFlagName(fname, &slot) &&
            slot < r.slots) {
          r.flags[static_cast<size_t>(slot)] = fields[i];
        }
        load_env->Deallocate(reinterpret_cast<unsigned char*>(fname));
        load_env->Deallocate(reinterpret_cast<unsigned char*>(fsig));
      }
      load_env->Deallocate(reinterpret_cast<unsigned char*>(fields));
    }
  }
  // Sets the flag of every slot seen covered in this poll whose flag is not set yet. A
  // static final set through JNI: HotSpot does not deoptimize code that folded the old
  // value (no dependency is recorded on static finals), and needs no safepoint.
  for (int32_t s = 0; s < r.slots; ++s) {
    jfieldID f = r.flags[static_cast<size_t>(s)];
    if (seen[static_cast<size_t>(s)] == 0 || f == nullptr) continue;
    jni->SetStaticBooleanField(k, f, JNI_TRUE);
    r.flags[static_cast<size_t>(s)] = nullptr;  // set: never again
    ++stats_.fold_flags_set;
  }
  jni->DeleteLocalRef(k);
}

std::vector<int32_t> AgentState::MethodActive(const ClassRecord& r) const {
  int32_t methods = 0;
  for (int32_t m : r.slot_method) methods = std::max(methods, m + 1);
  std::vector<int32_t> out(static_cast<size_t>(methods), 0);
  for (size_t k = 0; k < r.slot_method.size(); ++k) {
    if (const int32_t m = r.slot_method[k]; m >= 0) {
      out[static_cast<size_t>(m)] = std::max<int32_t>(out[static_cast<size_t>(m)], r.active[k]);
    }
  }
  return out;
}

void AgentState::SaveProfile() {
  coverage::HstProfile merged = profile_;
  ++merged.runs;
  merged.interval_ms = options_.interval_ms;
  for (const auto& rp : records_) {
    const ClassRecord& r = *rp;
    if (r.slot_method.empty()) continue;
    coverage::HstClassProfile c;
    c.name = r.name;
    c.active = MethodActive(r);
    const auto methods = static_cast<int32_t>(c.active.size());
    for (int32_t m = 0; m < methods; ++m) {
      const bool demand =
          coverage::ChooseTechnique(r.profile, m, c.active[static_cast<size_t>(m)],
                                    options_.hot_intervals) == coverage::Technique::kDemand;
      ++(demand ? stats_.demand_methods : stats_.static_methods);
    }
    coverage::MergeClassProfile(merged, r.hash, std::move(c));
  }
  std::error_code ec;
  std::filesystem::create_directories(options_.cache, ec);
  Status st = coverage::WriteHstProfile(merged, options_.cache + "/" + coverage::kHstProfileFile);
  if (!st.ok()) std::fprintf(stderr, "jtestgen agent: %s\n", std::string(st.message()).c_str());
}

void AgentState::RetransformDue(JNIEnv* jni) {
  std::vector<ClassRecord*> batch;
  std::vector<jclass> classes;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const auto now = Clock::now();
    if (dying_ || now < next_batch_) return;
    const bool quiet = options_.mode == Mode::kDdst && options_.sweep_quiet_ms > 0 &&
                       now - last_growth_ >= std::chrono::milliseconds(options_.sweep_quiet_ms);
    for (const auto& rp : records_) {
      ClassRecord& r = *rp;
      if (!r.due || r.pinned || !r.modifiable || now < r.next_allowed) continue;
      if (options_.max_retransforms > 0 && r.retransforms >= options_.max_retransforms) {
        if (!quiet || r.swept) continue;
        r.swept = true;  // the sweep (set now: a failed retransformation pins the class)
      }
      jclass k = static_cast<jclass>(jni->NewLocalRef(r.klass));
      if (k == nullptr) continue;
      batch.push_back(&r);
      classes.push_back(k);
    }
  }
  if (batch.empty()) return;
  double hook_ms_before = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    hook_ms_before = stats_.instrument_ms;
  }
  const auto t0 = Clock::now();
  jvmtiError err = retransform_env->RetransformClasses(static_cast<jint>(classes.size()),
                                                      classes.data());
  std::vector<jvmtiError> errors(classes.size(), err);
  if (err != JVMTI_ERROR_NONE && classes.size() > 1) {  // find the class that failed
    for (size_t i = 0; i < classes.size(); ++i) {
      errors[i] = retransform_env->RetransformClasses(1, &classes[i]);
    }
  }
  const auto t1 = Clock::now();
  for (jclass k : classes) jni->DeleteLocalRef(k);
  const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  std::lock_guard<std::mutex> lock(mu_);
  ++stats_.retransform_batches;
  stats_.retransform_ms += ms;
  // A batch of T ms is followed by a pause of T (100 - duty) / duty ms: retransformation
  // takes at most duty % of the wall clock.
  next_batch_ = t1 + std::chrono::microseconds(static_cast<int64_t>(
                         1000 * ms * (100 - options_.duty_percent) / options_.duty_percent));
  for (size_t i = 0; i < batch.size(); ++i) {
    ClassRecord& r = *batch[i];
    if (errors[i] != JVMTI_ERROR_NONE) {
      r.pinned = true;
      r.note = absl::StrCat("RetransformClasses failed (JVMTI error ", errors[i],
                            "): probes kept (static)");
      continue;
    }
    ++stats_.retransformed_classes;
    ++r.retransforms;
    r.fresh = 0;
    r.due = false;
    r.next_allowed = t1 + r.backoff;
    r.backoff = std::min(r.backoff * 2, std::chrono::milliseconds(3200));
  }
  // The hook time meanwhile includes definitions instrumented on other threads.
  Log(absl::StrCat("retransformed ", batch.size(), " classes in ", ms, " ms (class hook ",
                   stats_.instrument_ms - hook_ms_before, " ms meanwhile)"));
}

bool AgentState::PollRound(JNIEnv* jni) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (dying_) return false;
    ++stats_.polls;
    PollArrays(jni);
    const std::string trigger = options_.out + "/jtestgen-dump";
    std::error_code ec;
    if (std::filesystem::exists(trigger, ec)) {
      Status st = Dump(jni);
      if (!st.ok()) std::fprintf(stderr, "jtestgen agent: %s\n", std::string(st.message()).c_str());
      std::filesystem::remove(trigger, ec);
    }
  }
  if (options_.mode == Mode::kDdst || options_.mode == Mode::kDrop || Hybrid()) RetransformDue(jni);
  return true;
}

void AgentState::OnVmDeath(JNIEnv* jni) {
  std::lock_guard<std::mutex> lock(mu_);
  if (dying_) return;
  dying_ = true;
  PollArrays(jni);
  if (Hybrid()) SaveProfile();
  Status st = Dump(jni);
  if (!st.ok()) std::fprintf(stderr, "jtestgen agent: %s\n", std::string(st.message()).c_str());
}

Status AgentState::Dump(JNIEnv* jni) {
  coverage::CoverageFile f;
  f.mode = std::string(ModeName(options_.mode));
  f.pid = static_cast<int64_t>(getpid());
  f.includes = options_.includes;
  f.excludes = options_.excludes;
  f.start_ms = start_ms_;
  f.dump_ms = NowMs();
  f.stats = stats_;
  for (const auto& rp : records_) {
    const ClassRecord& r = *rp;
    if (!r.planned && r.note.empty()) continue;  // defined, never reached our hook
    coverage::ClassCoverage c;
    c.name = r.name;
    c.defined_hash = r.defined_hash;
    c.hash = r.planned ? r.hash : r.defined_hash;
    c.slots = r.slots;
    int64_t kept = 0;
    for (int32_t k = 0; k < r.slots; ++k) {
      if (r.covered[k] == 0) continue;
      c.covered.push_back(k);
      if (r.removed[k] == 0) ++kept;
    }
    f.stats.covered_probes_kept += kept;
    if (kept > 0 && options_.mode != Mode::kStatic) {
      Log(absl::StrCat("kept ", kept, " covered probes in ", r.name, " (retransformed ",
                       r.retransforms, "x)"));
    }
    c.retransforms = r.retransforms;
    c.note = r.note;
    f.classes.push_back(std::move(c));
  }
  std::error_code ec;
  std::filesystem::create_directories(options_.out, ec);
  const std::string path = options_.out + "/" + coverage::CoverageFileName(f.pid);
  JTG_RETURN_IF_ERROR(coverage::WriteCoverageFile(f, path));
  Log(absl::StrCat("wrote ", path, " (", f.classes.size(), " classes)"));
  return absl::OkStatus();
}

}  // namespace jtg::agent
