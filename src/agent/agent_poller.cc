// The poller's round (agent_state.h PollRound): copies the probe arrays into the native
// record, sets fold flags, marks the classes due as the ProbePolicy says and retransforms
// them in batches.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "agent/agent_state.h"
#include "instrument/array_probes.h"

namespace jtg::agent {
namespace {

using Clock = std::chrono::steady_clock;

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

void AgentState::RetransformDue(JNIEnv* jni) {
  std::vector<ClassRecord*> batch;
  std::vector<jclass> classes;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const auto now = Clock::now();
    if (dying_ || now < next_batch_) return;
    const auto sweep_quiet = policy_->SweepQuiet();
    const bool quiet = sweep_quiet.count() > 0 && now - last_growth_ >= sweep_quiet;
    for (const auto& rp : records_) {
      ClassRecord& r = *rp;
      if (!r.due || r.pinned || !r.modifiable || now < r.next_allowed) continue;
      const Admission admit = policy_->Admit(r, quiet);
      if (admit == Admission::kNo) continue;
      // The sweep: set now (a failed retransformation pins the class).
      if (admit == Admission::kSweep) r.swept = true;
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
  jvmtiError err =
      retransform_env->RetransformClasses(static_cast<jint>(classes.size()), classes.data());
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
  if (policy_->Retransforms()) RetransformDue(jni);
  return true;
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
        jfieldID f =
            jni->GetStaticFieldID(k, instrument::kProbeArrayField, instrument::kProbeArrayDesc);
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
      } else if (policy_->Profiles()) {
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
    r.due = policy_->Due(r);
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

}  // namespace jtg::agent
