// Test agent for bench/experiments/flag_probes/run.sh: Flag.deopt(method) sets and clears a
// JVMTI breakpoint at bci 0 of the method, which makes HotSpot deoptimize every compiled
// method that inlined it. Returns SetBreakpoint's error code * 1000 + ClearBreakpoint's.
#include <jvmti.h>
#include <string.h>
static jvmtiEnv* J;
JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* o, void* r) {
  (*vm)->GetEnv(vm, (void**)&J, JVMTI_VERSION_11);
  jvmtiCapabilities c; memset(&c, 0, sizeof c); c.can_generate_breakpoint_events = 1;
  return (*J)->AddCapabilities(J, &c);
}
JNIEXPORT jint JNICALL Java_Flag_deopt(JNIEnv* e, jclass k, jobject m) {
  jmethodID id = (*e)->FromReflectedMethod(e, m);
  jint a = (*J)->SetBreakpoint(J, id, 0);
  jint b = (*J)->ClearBreakpoint(J, id, 0);
  return a * 1000 + b;
}
