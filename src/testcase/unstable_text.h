// Text that would make a brittle assertion: values that differ from run to run or from one
// JVM to another however deterministic the test is.
#pragma once

#include <string>

namespace jtg::testcase {

// Whether `s` holds an identity hash code (Object#toString's "@1b6d3586"), a Mockito mock's
// name or hash ("Mock for T, hashCode: 123", T$MockitoMock$123), a JDK proxy class
// (jdk.proxy1.$Proxy12, the engine's lambdas) or a stub subclass (C$$JtgStub0), or is longer
// than 400 UTF-16 code units. Thread-safe.
bool LooksUnstable(const std::u16string& s);

}  // namespace jtg::testcase
