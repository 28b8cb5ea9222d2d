// The embedded JVM of the jdk_count_tests binary (one per process), shared by its test files:
// created with the retransform capability and -XX:+BytecodeVerificationLocal (so rewritten
// java.util classes are verified), the fixture classes on its classpath, and JDK counting
// started (jvm/jdk_counting.h) for the default whitelist. Created on first use; aborts the
// binary if it cannot be.
#pragma once

#include <memory>

#include "jvm/coverage_transformer.h"
#include "jvm/jvm.h"
#include "testcase/executor.h"

namespace jtg::testing {

struct CountingJvm {
  jvm::CoverageTransformer transformer;
  std::unique_ptr<jvm::Jvm> vm;
  std::unique_ptr<testcase::Executor> executor;  // hit counts, no window
  int retransformed = 0;                         // classes StartJdkCounting retransformed
};

CountingJvm& GetCountingJvm();

}  // namespace jtg::testing
