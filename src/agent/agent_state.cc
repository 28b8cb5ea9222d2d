// AgentState (agent_state.h): construction, the definition hook of load_env, and
// ClassPrepare, which binds a class and creates its probe array. The instrumenting hook is
// in agent_hook.cc, the poller in agent_poller.cc, the dumps in agent_dump.cc.
#include "agent/agent_state.h"

#include <cstdio>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "agent/own_bytes.h"
#include "coverage/class_hash.h"
#include "coverage/other_agents.h"
#include "instrument/array_probes.h"

namespace jtg::agent {

int64_t AgentState::NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

AgentState::AgentState(AgentOptions options)
    : options_(std::move(options)),
      filter_(options_.includes, options_.excludes),
      start_ms_(NowMs()),
      policy_(MakeProbePolicy(options_)) {
  if (policy_->Profiles()) {
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
  const std::span<const uint8_t> bytes(data, static_cast<size_t>(len));
  rec->defined_hash = coverage::HashClassBytes(bytes);
  // An agent earlier on the command line (JaCoCo's -javaagent before our -agentpath) changed
  // the bytes already: identify the class by what its loader holds, so that the report finds
  // it on the classpath; the planned bytes are then saved (SavePlannedBytes).
  if (const std::string_view mark = coverage::OtherAgentMark(bytes); !mark.empty()) {
    auto own = ReadOwnClassBytes(load_env, jni, loader, name);
    if (own.has_value() && coverage::OtherAgentMark(*own).empty()) {
      rec->defined_hash = coverage::HashClassBytes(*own);
      Log(absl::StrCat(name, ": another agent's ", std::string(mark),
                       " in the defined bytes; identified by the loader's own bytes"));
    }
  }
  rec->loader = jni->NewWeakGlobalRef(loader);
  std::lock_guard<std::mutex> lock(mu_);
  by_name_[rec->name].push_back(rec.get());
  records_.push_back(std::move(rec));
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
  if (!r->modifiable && !r->pinned && policy_->Retransforms()) {
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

}  // namespace jtg::agent
