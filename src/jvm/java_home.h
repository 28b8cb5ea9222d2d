// The JDK jtestgen runs on: the one place that decides it. The engine loads this JDK's
// libjvm at run time (dlopen; nothing links against one JDK), runs its `javac` and `java` to
// validate and time the tests it writes, and accepts the class files this JDK accepts.
//
// The JDK is found the way Java tools (Maven's mvn, Gradle's gradlew) find it:
//   1. `--java-home DIR` (the CLI exports it as JAVA_HOME, so child processes agree);
//   2. else the JAVA_HOME environment variable;
//   3. else the `java` on PATH, its symbolic links resolved (/usr/bin/java ->
//      /etc/alternatives/java -> /usr/lib/jvm/X/bin/java gives /usr/lib/jvm/X);
//   4. else the JDK the build was configured with (CMake's JAVA_HOME, compiled in).
// Supported: JDK 17 and later (17, 21 and 25 are tested). Thread-safe (reads the
// environment and the file system only; no state).
#pragma once

#include <string>
#include <string_view>

#include "common/status.h"

namespace jtg::jvm {

// The lowest JDK feature release jtestgen runs on.
inline constexpr int kMinJdkFeature = 17;

struct Jdk {
  std::string home;     // e.g. /usr/lib/jvm/temurin-25-jdk-amd64, no trailing slash
  std::string version;  // JAVA_VERSION of $home/release, e.g. "25.0.3"
  int feature = 0;      // its feature release, e.g. 25
  std::string source;   // how it was found: "--java-home", "JAVA_HOME", "PATH", "build"

  // Highest class-file major version this JDK's JVM loads (JVMS 4.1: 44 + feature, 69 for
  // Java 25).
  int MaxClassMajor() const { return 44 + feature; }
  // $home/bin/<tool>, e.g. Tool("javac").
  std::string Tool(std::string_view tool) const;
  // $home/lib/server/libjvm.so.
  std::string LibJvm() const;
  // "JDK 25.0.3 (/usr/lib/jvm/temurin-25-jdk-amd64)", for messages.
  std::string Describe() const;
};

// Finds the JDK (order above); `java_home_flag` is the value of --java-home, empty when not
// given. Errors: FailedPrecondition naming the directory and the reason when the chosen
// directory is not a JDK (no bin/java, no lib/server/libjvm.so, no readable `release` file)
// or is older than kMinJdkFeature; NotFound when no step finds a JDK.
StatusOr<Jdk> FindJdk(std::string_view java_home_flag = {});

// The JDK's feature release from a `release` file's JAVA_VERSION ("17.0.15" -> 17,
// "1.8.0_392" -> 8, "25" -> 25); 0 when the text holds no JAVA_VERSION line.
int FeatureFromRelease(std::string_view release_text);

// Decides the JDK for this process and its children: FindJdk(java_home_flag), then exports
// its home as JAVA_HOME (as Maven's mvn does), so that later FindJdk() calls, forked
// workers and the javac/java runs agree. Call once, from main, before any thread starts
// (setenv is not thread-safe). Errors: those of FindJdk.
Status UseJdk(std::string_view java_home_flag);

// OK when a class file of major version `major` loads on `jdk`. Else FailedPrecondition, one
// line naming the class, its version and the JDK: "class a.b.C: class file version 69
// (Java 25) is newer than JDK 17.0.15 (/usr/lib/jvm/...) can load (up to 61, Java 17); pass
// --java-home with a JDK 25 or later".
Status CheckClassVersion(std::string_view class_name, int major, const Jdk& jdk);

// FindJdk()->Describe(), or "" when there is none: the JDK a report was made on.
std::string JdkInUse();

// FindJdk("")'s home, or the build's JDK when FindJdk fails (callers that run after the CLI
// has validated the choice).
std::string JavaHome();

// JavaHome() + "/bin/" + tool, e.g. JdkTool("javac").
std::string JdkTool(const std::string& tool);

}  // namespace jtg::jvm
