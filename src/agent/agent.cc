// libjtestgen_agent.so entry points: Agent_OnLoad creates the AgentState (agent_state.h),
// its two jvmtiEnvs and callbacks; every callback is a thin trampoline into AgentState,
// found through the environment-local storage. The poller is a JVMTI agent thread
// (RunAgentThread, daemon) started at VMInit.
#include <jni.h>
#include <jvmti.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "agent/agent_options.h"
#include "agent/agent_state.h"
#include "coverage/other_agents.h"

namespace jtg::agent {
namespace {

AgentState* StateOf(jvmtiEnv* env) {
  void* p = nullptr;
  if (env == nullptr || env->GetEnvironmentLocalStorage(&p) != JVMTI_ERROR_NONE) return nullptr;
  return static_cast<AgentState*>(p);
}

void JNICALL OnDefineHook(jvmtiEnv* env, JNIEnv* jni, jclass being_redefined, jobject loader,
                          const char* name, jobject, jint len, const unsigned char* data, jint*,
                          unsigned char**) {
  // A retransformation-incapable environment only sees definitions and RedefineClasses.
  if (being_redefined != nullptr) return;
  if (AgentState* s = StateOf(env)) s->OnDefine(jni, loader, name, len, data);
}

void JNICALL OnRetransformHook(jvmtiEnv* env, JNIEnv* jni, jclass being_redefined, jobject loader,
                               const char* name, jobject, jint len, const unsigned char* data,
                               jint* new_len, unsigned char** new_data) {
  if (AgentState* s = StateOf(env)) {
    s->OnRetransformHook(jni, being_redefined, loader, name, len, data, new_len, new_data);
  }
}

void JNICALL OnClassPrepare(jvmtiEnv* env, JNIEnv* jni, jthread, jclass klass) {
  if (AgentState* s = StateOf(env)) s->OnClassPrepare(jni, klass);
}

void JNICALL PollerMain(jvmtiEnv* env, JNIEnv* jni, void* arg) {
  auto* s = static_cast<AgentState*>(arg);
  while (true) {
    if (env->RawMonitorEnter(s->sleep_monitor) != JVMTI_ERROR_NONE) return;
    if (!s->dying()) env->RawMonitorWait(s->sleep_monitor, s->options().interval_ms);
    env->RawMonitorExit(s->sleep_monitor);
    if (!s->PollRound(jni)) return;
  }
}

void JNICALL OnVmInit(jvmtiEnv* env, JNIEnv* jni, jthread) {
  AgentState* s = StateOf(env);
  if (s == nullptr) return;
  jclass thread_class = jni->FindClass("java/lang/Thread");
  jmethodID init =
      thread_class ? jni->GetMethodID(thread_class, "<init>", "(Ljava/lang/String;)V") : nullptr;
  jstring name = jni->NewStringUTF("jtestgen-cover-poller");
  jobject thread = init ? jni->NewObject(thread_class, init, name) : nullptr;
  if (thread == nullptr ||
      env->RunAgentThread(thread, &PollerMain, s, JVMTI_THREAD_NORM_PRIORITY) != JVMTI_ERROR_NONE) {
    jni->ExceptionClear();
    std::fprintf(stderr,
                 "jtestgen agent: cannot start the poller thread; coverage is "
                 "written at exit only\n");
  }
}

void JNICALL OnVmDeath(jvmtiEnv* env, JNIEnv* jni) {
  AgentState* s = StateOf(env);
  if (s == nullptr) return;
  s->OnVmDeath(jni);
  if (env->RawMonitorEnter(s->sleep_monitor) == JVMTI_ERROR_NONE) {
    env->RawMonitorNotifyAll(s->sleep_monitor);
    env->RawMonitorExit(s->sleep_monitor);
  }
}

jint Fail(const std::string& why) {
  std::fprintf(stderr, "jtestgen agent: %s\n", why.c_str());
  return JNI_ERR;
}

jint Start(JavaVM* vm, const char* options) {
  auto parsed = ParseAgentOptions(options == nullptr ? "" : options);
  if (!parsed.ok()) return Fail(std::string(parsed.status().message()));
  std::error_code ec;
  std::filesystem::create_directories(parsed->out, ec);
  if (ec) return Fail("cannot create out=" + parsed->out + ": " + ec.message());
  auto* state = new AgentState(std::move(*parsed));  // lives until the process exits

  jvmtiEnv* load = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&load), JVMTI_VERSION_11) != JNI_OK) {
    return Fail("cannot get a JVMTI environment");
  }
  state->load_env = load;
  load->SetEnvironmentLocalStorage(state);
  // In PIT's minions (they take the build's argLine) the agent stays out of the way: no
  // class is instrumented, so PIT's redefinitions meet the class as it was, and nothing of
  // PIT's runs reaches the report.
  char* command = nullptr;
  if (load->GetSystemProperty("sun.java.command", &command) == JVMTI_ERROR_NONE &&
      command != nullptr) {
    const bool pit = coverage::IsPitMinion(command);
    load->Deallocate(reinterpret_cast<unsigned char*>(command));
    if (pit) return JNI_OK;
  }
  if (load->CreateRawMonitor("jtestgen-cover-sleep", &state->sleep_monitor) != JVMTI_ERROR_NONE) {
    return Fail("cannot create a raw monitor");
  }
  jvmtiEventCallbacks cb{};
  cb.ClassFileLoadHook = &OnDefineHook;
  cb.ClassPrepare = &OnClassPrepare;
  cb.VMInit = &OnVmInit;
  cb.VMDeath = &OnVmDeath;
  if (load->SetEventCallbacks(&cb, sizeof(cb)) != JVMTI_ERROR_NONE) {
    return Fail("cannot set JVMTI callbacks");
  }
  for (jvmtiEvent e : {JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, JVMTI_EVENT_CLASS_PREPARE,
                       JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH}) {
    if (load->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr) != JVMTI_ERROR_NONE) {
      return Fail("cannot enable JVMTI event " + std::to_string(e));
    }
  }

  jvmtiEnv* re = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&re), JVMTI_VERSION_11) != JNI_OK) {
    return Fail("cannot get a second JVMTI environment");
  }
  jvmtiCapabilities caps{};
  caps.can_retransform_classes = 1;
  if (re->AddCapabilities(&caps) != JVMTI_ERROR_NONE) {
    return Fail("JVMTI: can_retransform_classes is not available");
  }
  state->retransform_env = re;
  re->SetEnvironmentLocalStorage(state);
  jvmtiEventCallbacks rcb{};
  rcb.ClassFileLoadHook = &OnRetransformHook;
  if (re->SetEventCallbacks(&rcb, sizeof(rcb)) != JVMTI_ERROR_NONE ||
      re->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, nullptr) !=
          JVMTI_ERROR_NONE) {
    return Fail("cannot enable the instrumenting class hook");
  }
  return JNI_OK;
}

}  // namespace
}  // namespace jtg::agent

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
  return jtg::agent::Start(vm, options);
}
