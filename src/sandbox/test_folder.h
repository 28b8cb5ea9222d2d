// The test folder: a writable directory inside the sandbox's scratch tmpfs in which the code
// under test may create, write and delete files (issue 19, build item 1, "written tests").
// EvoSuite gives file-handling code a virtual file system; jtestgen gives it a real
// directory, empty at the start of every test execution, that the written test maps to a
// JUnit temporary folder (JUnit 5 @TempDir, JUnit 4 TemporaryFolder): a path string that
// names it is written as `tempDir.getPath() + "/rest"`. Writes below it are not sandbox
// events (jvm/jdk_guards.h); writes anywhere else still keep a test from being written.
#pragma once

#include <string>

#include "common/status.h"

namespace jtg::sandbox {

// The environment variable through which EnterSandbox (namespaces.h) hands the folder's
// absolute path to the worker.
inline constexpr char kTestFolderEnv[] = "JTG_TEST_DIR";

// The test folder of this sandboxed process: an absolute path without trailing '/', or ""
// outside the sandbox (--no-sandbox: no test folder, file writes stay events).
std::string TestFolderFromEnvironment();

// Empties one test folder before each execution. Not thread-safe; one per executor.
class TestFolder {
 public:
  explicit TestFolder(std::string path) : path_(std::move(path)) {}
  const std::string& path() const { return path_; }

  // Makes the folder an empty, writable directory again: removes whatever an execution left
  // in it (or the folder itself, if the code under test replaced it by a file), following
  // no symbolic link, and recreates it. Costs one directory read when it is already empty.
  // Errors: Internal naming the folder and the reason. Never throws.
  Status Reset();

 private:
  std::string path_;
};

}  // namespace jtg::sandbox
