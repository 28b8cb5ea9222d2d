// The JDK jtestgen runs on: the one place that decides it (issue 21; issue 22 makes it the
// user's choice). The engine embeds this JDK's libjvm (linked at build time) and runs its
// `javac` and `java` for validation and timing. Today it is the JDK the build was
// configured with (CMake's JAVA_HOME, compiled in as JTG_JAVA_HOME). Thread-safe.
#pragma once

#include <string>

namespace jtg::jvm {

// The JDK's home directory, e.g. /usr/lib/jvm/java-17-openjdk-amd64 (no trailing slash).
std::string JavaHome();

// JavaHome() + "/bin/" + tool, e.g. JdkTool("javac").
std::string JdkTool(const std::string& tool);

}  // namespace jtg::jvm
