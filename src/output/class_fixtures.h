// The fields and fixture methods a written test class declares before its tests: the pinned
// time zone and locale (--pin-environment), the JVM defaults each test leaves as it found
// them, and the temporary folder. Pure; thread-safe as far as the TypeNamer passed is not
// shared.
#pragma once

#include <string>
#include <vector>

#include "output/java_source.h"
#include "output/junit_writer.h"

namespace jtg::output {

// Names of the fixture methods; the writer keeps test names apart from them.
inline constexpr char kSaveDefaults[] = "saveDefaults";
inline constexpr char kRestoreDefaults[] = "restoreDefaults";

// The pinned environment's fields and @BeforeAll/@AfterAll (@BeforeClass/@AfterClass)
// methods: the class sets `zone` and `locale` before its tests and restores the JVM's after.
std::vector<std::string> PinEnvironmentLines(Dialect dialect, const std::string& zone,
                                             const std::string& locale, TypeNamer& namer);

// Fields and @BeforeEach/@AfterEach (@Before/@After) methods by which each test starts with
// an empty System.in (a test reading standard input ends at its end instead of waiting on
// whatever stdin the user's build has) and leaves what it changed of the JVM's defaults as
// it found them: the default locale (and its display and format categories), time zone,
// system properties and System.in/out/err. Without them a test that sets the locale to
// Turkish makes a later class's locale-sensitive test fail in the same JVM (issue 41).
std::vector<std::string> RestoreDefaultsLines(Dialect dialect, TypeNamer& namer);

}  // namespace jtg::output
