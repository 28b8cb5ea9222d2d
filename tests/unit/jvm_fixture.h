// One embedded JVM for the whole unit-test binary (HotSpot allows one per process), with the
// coverage transformer and the fixture classes (plus the Mockito jars, when installed) on its
// classpath. Created on first use.
#pragma once

#include <memory>

#include "jvm/coverage_transformer.h"
#include "jvm/jdk_guards.h"
#include "jvm/jvm.h"
#include "jvm/watchdog.h"
#include "sandbox/test_folder.h"
#include "testcase/executor.h"

namespace jtg::testing {

struct SharedJvm {
  jvm::CoverageTransformer transformer;
  std::unique_ptr<jvm::Jvm> vm;
  std::unique_ptr<testcase::Executor> executor;
  std::unique_ptr<jvm::Watchdog> watchdog;
  jvm::JdkGuards guards;  // as in the search JVM: exits refused, outside effects recorded
  // A test folder of the binary's own ($TMPDIR/jtg-unit-folder-XXXXXX/test), emptied
  // before every run, as in the sandboxed search; removed when the binary exits.
  std::unique_ptr<sandbox::TestFolder> folder;
};

// The shared JVM; aborts the test binary if it cannot be created.
SharedJvm& GetSharedJvm();

}  // namespace jtg::testing
