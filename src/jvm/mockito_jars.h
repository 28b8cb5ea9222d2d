// Where Mockito lives: the jars of Debian's libmockito-java (Mockito 2.23 with byte-buddy
// and objenesis), added to the embedded JVM's and the validator's classpath only under
// `--mocks`. Never part of the user's classpath, so the type universe never indexes them.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"

namespace jtg::jvm {

// The jar files, in classpath order (absolute paths: beside the executable in a
// self-contained archive, else under /usr/share/java; shared_jars.h).
const std::vector<std::string>& MockitoJars();
// MockitoJars() ':'-joined.
std::string MockitoClasspath();
// OK if every jar exists; else FailedPrecondition naming the first missing one and the
// package that provides it.
Status CheckMockitoJars();

}  // namespace jtg::jvm
