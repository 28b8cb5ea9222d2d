// The agent's one state object (libjtestgen_agent.so). Reached from the JVMTI callbacks
// through the environment-local storage of both its jvmtiEnvs; lives until the process
// exits (the daemon poller thread and late callbacks may still use it, so it is never
// freed).
//
// Two JVMTI environments. The JVM calls the ClassFileLoadHook of retransformation-incapable
// environments first (in creation order: -agentpath before -javaagent creates ours first),
// then of the capable ones; JaCoCo's -javaagent transformer is incapable.
//   - `load_env` (no can_retransform_classes) only observes: the hash of the bytes each
//     included class is defined from (what the classpath holds), before any other agent
//     changed them; it changes nothing, so an agent such as JaCoCo's sees the original
//     bytes too. Also ClassPrepare (binds the jclass), VMInit (starts the poller) and
//     VMDeath (final dump).
//   - `retransform_env` (can_retransform_classes) instruments, after every incapable
//     agent (agent_hook.cc): each included class gets the array probes its mode's
//     ProbePolicy asks for (probe_policy.h; instrument/array_probes.h), with no method
//     prologue: at ClassPrepare (the class is linked and none of its code has run; a
//     thread that would initialize it waits on the init lock until the event returns) the
//     agent creates the $jtgProbes array itself, so methods that run before the static
//     initializer (an initialization cycle) have it. The field is final (instrument.h
//     ArrayProbeOptions::final_array), so only the static initializer may write it, and it
//     does, first thing: once the class is initialized the poller takes that array over
//     (AdoptInitializerArray), after ORing in what the first one recorded. If another
//     agent changed the bytes first, the probes are planned on those bytes, which are saved
//     as `<out>/classes/<hash>.class` for the report (coverage_file.h). The JVM caches the
//     bytes this hook received and hands them back on each retransformation, when the hook
//     returns them instrumented again without the probes the policy removes (same fields,
//     methods and slots; other agents' code is kept).
//
// The poller (agent_poller.cc) copies each probe array every interval_ms into `covered`
// (coverage is never lost: the native record keeps every slot ever seen), sets fold flags,
// marks the classes the policy finds due and, in modes that retransform, retransforms them
// in one batch, subject to hysteresis: a class waits backoff (200 ms, doubling up to 3.2 s)
// after each of its retransformations, and after a batch that took T ms no new batch
// starts for T (100 - duty_percent) / duty_percent ms (retransformation takes at most
// duty_percent of wall time). DDST here (techniques/ddst-hst-tpc.md §6, §13): probes are
// pre-seeded (all planted at load) and removed by retransformation instead of
// self-modifying code; critical edges are split, so every probe is a one-shot node probe.
//
// HST (hst, tpc; coverage/hst_profile.h): each poll also clears the slots it had already
// seen set, counting per slot the intervals in which the probe fired again; at VM death the
// counts are merged into <cache>/hst-profile.json. TPC (tpc; coverage/plan_cache.h): a
// class's first instrumentation is looked up in <cache>/plans (agent_instrument.h PlanKey),
// and stored there on a miss. Which class is due, and which probes go, is the policy's.
//
// Dumps (agent_dump.cc): at VMDeath, and whenever the file `<out>/jtestgen-dump` exists
// (checked each interval; deleted after the dump), `<out>/jtestgen-cov-<pid>.json` is
// (re)written with the coverage so far (coverage/coverage_file.h).
//
// Thread-safety: all members behind `mu_`; JVMTI/JNI calls that can block on other threads
// (RetransformClasses) are made without it.
#pragma once

#include <jni.h>
#include <jvmti.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "agent/agent_options.h"
#include "agent/class_record.h"
#include "agent/probe_policy.h"
#include "coverage/class_filter.h"
#include "coverage/coverage_file.h"
#include "coverage/hst_profile.h"

namespace jtg::agent {

class AgentState {
 public:
  explicit AgentState(AgentOptions options);

  const AgentOptions& options() const { return options_; }
  jvmtiEnv* load_env = nullptr;
  jvmtiEnv* retransform_env = nullptr;
  jrawMonitorID sleep_monitor = nullptr;  // the poller waits on it; VMDeath notifies

  // ClassFileLoadHook of load_env (observes only).
  void OnDefine(JNIEnv* jni, jobject loader, const char* name, jint len, const unsigned char* data);
  // ClassFileLoadHook of retransform_env: sets *new_len/*new_data (JVMTI-allocated) to the
  // instrumented class, or leaves them untouched.
  void OnRetransformHook(JNIEnv* jni, jclass being_redefined, jobject loader, const char* name,
                         jint len, const unsigned char* data, jint* new_len,
                         unsigned char** new_data);
  void OnClassPrepare(JNIEnv* jni, jclass klass);

  // One poller round: copy probe arrays; retransform the due classes (modes that
  // retransform); dump if requested.
  // Returns false once the VM is dying.
  bool PollRound(JNIEnv* jni);
  // Final dump (VMDeath); stops the poller.
  void OnVmDeath(JNIEnv* jni);
  bool dying() const;

 private:
  ClassRecord* Find(JNIEnv* jni, std::string_view name, jobject loader);  // REQUIRES: mu_
  void PollArrays(JNIEnv* jni);                                           // REQUIRES: mu_
  // Creates r's $jtgProbes array (r.slots long) and sets the class's field and r.array; the
  // class is prepared and none of its code has run (JVMTI ClassPrepare). Leaves r.array
  // null if the class has no such non-final field (an interface) or memory ran out.
  void CreateProbeArray(JNIEnv* jni, jclass klass, ClassRecord& r);  // REQUIRES: mu_
  // Once r's class is initialized (or failed to), takes over the array its static
  // initializer created (ArrayProbeOptions::final_array: `newarray; putstatic`), first
  // ORing into r.covered what the array made at ClassPrepare recorded. `buf`: scratch,
  // r.slots long.
  void AdoptInitializerArray(JNIEnv* jni, ClassRecord& r,
                             std::vector<jboolean>& buf);  // REQUIRES: mu_
  // fold: sets the flag of each slot that `seen` (this poll's copy of r's array) has set
  // and whose flag is not set yet; resolves r's flag fields on first use.
  void SetFoldFlags(JNIEnv* jni, ClassRecord& r,
                    const std::vector<jboolean>& seen);  // REQUIRES: mu_
  void RetransformDue(JNIEnv* jni);                      // takes mu_ itself
  Status Dump(JNIEnv* jni);                              // REQUIRES: mu_
  // Hands the JVM `bytes` (another agent's redefinition) with our $jtgProbes field and no
  // probe, so that the class keeps its schema. Nothing is given when they cannot be
  // instrumented. Lock-free (pure instrumentation).
  void GiveProbeless(std::span<const uint8_t> bytes, const char* name, jint* new_len,
                     unsigned char** new_data);
  // Writes `planned` to <out>/classes/<hash>.class (another agent changed the class's bytes
  // before we planned on them); sets r.note.
  void SavePlannedBytes(ClassRecord& r, std::span<const uint8_t> planned);  // REQUIRES: mu_
  void Log(const std::string& line) const;
  void SaveProfile();      // REQUIRES: mu_; at VM death
  static int64_t NowMs();  // wall clock, ms since the epoch

  const AgentOptions options_;
  const coverage::ClassFilter filter_;
  const int64_t start_ms_;
  const std::unique_ptr<const ProbePolicy> policy_;  // what options_.mode decides
  mutable std::mutex mu_;
  bool dying_ = false;
  std::vector<std::unique_ptr<ClassRecord>> records_;
  absl::flat_hash_map<std::string, std::vector<ClassRecord*>> by_name_;
  coverage::AgentStats stats_;
  std::chrono::steady_clock::time_point next_batch_{};
  std::chrono::steady_clock::time_point last_growth_{};  // last poll that found a new slot
  coverage::HstProfile profile_;  // hst/tpc: as read at start; never changed (records point in)
};

}  // namespace jtg::agent
