// Deny-list of impure JDK APIs: methods whose results depend on the clock, randomness,
// object identity, the environment or other threads, so a test built from them would not
// reproduce. No producer in the JDK catalog or the universe may call one (see
// Universe::ProducersOf). Sources: EvoSuite's runtime sandbox replaces the same families
// (System time, Random, UUID, Thread, environment) with mocks (Arcuri, Fraser & Galeotti,
// "Automated unit test generation for classes with environment dependencies", ASE 2014);
// we keep them out instead.
//
// Pure functions over static tables; no state.
#pragma once

#include <string_view>

namespace jtg::generate {

// Whether calling `owner.name` (internal owner name, JVM method name, JVM descriptor) is
// denied. Entries match a whole class ("*"), a method name, or a name plus descriptor.
// java.io.File's constructors, java.nio.file.Paths.get, java.net.URI.create and
// java.net.URL(String) are allowed: they only parse a path or an address (the JDK guards and
// the test folder deal with what is then done to it; URL.equals/hashCode, which resolve the
// host, stay denied).
bool IsImpureApi(std::string_view owner, std::string_view name, std::string_view descriptor);

}  // namespace jtg::generate
