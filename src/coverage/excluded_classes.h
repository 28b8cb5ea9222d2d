// The classes jtestgen's search never instruments or treats as code under test: the JDK,
// jtestgen's own runtime, the test harness (JUnit, opentest4j, apiguardian), JaCoCo, the
// XML APIs, Mockito and its libraries, and classes generated at run time (Mockito's mocks,
// the search's stub subclasses, generate/values/stub_subclass.h, and java.lang.reflect.Proxy
// classes). Pure function; thread-safe.
#pragma once

#include <string_view>

namespace jtg::coverage {

// `internal_name` as class files spell it (a/b/C$D).
bool IsExcludedClass(std::string_view internal_name);

}  // namespace jtg::coverage
