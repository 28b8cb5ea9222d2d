// Reads a class's own bytes (what the classpath holds) back from its defining loader, for
// a class whose bytes another agent transformed before the coverage agent's first hook saw
// them (coverage/other_agents.h): `loader.getResourceAsStream("<name>.class")`, all bytes.
// Called from the ClassFileLoadHook of load_env, in the live phase only, without the agent's
// mutex held (the loader may load and define other classes meanwhile). Returns nullopt when
// the JVM is not live, the loader has no such resource, or a Java exception occurs (cleared).
// Local references are freed; nothing is cached. Thread-safe as far as the loader is.
#pragma once

#include <jni.h>
#include <jvmti.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace jtg::agent {

std::optional<std::vector<uint8_t>> ReadOwnClassBytes(jvmtiEnv* env, JNIEnv* jni, jobject loader,
                                                      std::string_view internal_name);

}  // namespace jtg::agent
