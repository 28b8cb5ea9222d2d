// Helpers shared by the instrumenter tests: files, temp dirs, running javac/java, and
// instrumenting a directory of classes. Test-only code: failures are reported through
// the returned values (empty / false) and the caller's ASSERTs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "instrument/instrument.h"

namespace jtg::testutil {

namespace fs = std::filesystem;

std::string JavaHome();
std::vector<uint8_t> ReadBytes(const fs::path& p);
bool WriteBytes(const fs::path& p, const std::vector<uint8_t>& bytes);
std::string ReadText(const fs::path& p);

// A fresh directory under the system temp dir, removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& tag);
  ~TempDir();
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Runs `cmd` through /bin/sh, returns its exit code and stdout (stderr goes to stdout).
int Run(const std::string& cmd, std::string* output);

// Compiles src/runtime/java (the Probes helper) into `out`. Returns false on failure.
bool CompileRuntime(const fs::path& out);

// All .class files under `root`, as paths relative to it (META-INF and module-info
// excluded), sorted.
std::vector<fs::path> ClassFiles(const fs::path& root);

// "a/b/C.class" -> "a.b.C".
std::string BinaryNameOf(const fs::path& rel);

struct InstrumentedDir {
  std::map<std::string, instrument::ClassPlan> plans;  // by binary name
  std::vector<std::string> names;                      // binary names written
  std::vector<std::string> errors;                     // classes that failed as a whole
};

// Instruments every class under `in` (except binary names in `copy_only`, copied as they
// are) into `out` with `options`, allocating ids from `ids`.
InstrumentedDir InstrumentDir(const fs::path& in, const fs::path& out, instrument::IdAllocator& ids,
                              const std::vector<std::string>& copy_only = {},
                              const instrument::Options& options = {});

struct VerifyReport {
  int loaded = 0;
  std::vector<std::string> failures;    // VerifyError / ClassFormatError lines
  std::vector<std::string> unresolved;  // other linkage errors
  std::string raw;
};

// Loads and links `names` from `dir` under `java -Xverify:all` of the JDK `java_home`
// (default JavaHome()) with fixtures.instr.VerifyLoader (from JTG_FIXTURES_DIR).
VerifyReport VerifyClasses(const fs::path& dir, const std::vector<std::string>& names,
                           const std::string& java_home = JavaHome());

// "reason -> count" over all non-instrumented methods with code (plus "no code").
std::map<std::string, int> SkipReasons(const std::map<std::string, instrument::ClassPlan>& plans);

}  // namespace jtg::testutil
