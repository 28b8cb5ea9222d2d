// Where jtestgen finds the jars it runs with but does not embed: JUnit's console launcher
// (validation of written tests), JUnit 4 with Hamcrest, and Mockito with its dependencies
// (--mocks). A self-contained archive (`make dist`) ships them in `java/` beside the jtestgen
// executable; otherwise they are Debian's, under /usr/share/java.
// Reads the file system (and /proc/self/exe once per call); no state; thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace jtg::jvm {

// <directory of the running executable>/java/<file> when that file exists, else
// /usr/share/java/<file> (which may not exist: callers check and name it in their errors).
std::string SharedJar(std::string_view file);

}  // namespace jtg::jvm
