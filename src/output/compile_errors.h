// Reading javac's diagnostics on a written test class: which test methods each error
// belongs to, so that validation drops (or repairs) those tests and keeps the others.
#pragma once

#include <map>
#include <set>
#include <string>

#include "output/junit_writer.h"

namespace jtg::output {

// The names of the tests of `f` that javac's output `log` blames: an error on a line of a
// test method's range (JavaFile::test_lines) blames that test; an error on an import line
// blames the tests that name the imported class (an import of a nested class the tests
// cannot see: `import a.B.Private;`). For each blamed test, `reasons` gets javac's first
// message for it ("NumberRule has private access in FastDateFormat"), and `unreported` the
// exception javac names when its only errors are unreported checked exceptions
// ("IOException"). `outside` gets the first error no test could be blamed for, or "" when
// every error was. Pure; thread-safe.
std::set<std::string> CompileErrors(const JavaFile& f, const std::string& log, std::string* outside,
                                    std::map<std::string, std::string>* unreported,
                                    std::map<std::string, std::string>* reasons);

}  // namespace jtg::output
