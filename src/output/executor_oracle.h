// The TypeOracle (junit_writer.h) that the JUnit writers ask about classes, answered by the
// engine's JVM through the executor.
#pragma once

#include "output/junit_writer.h"
#include "testcase/executor.h"

namespace jtg::output {

// `ex` is borrowed and must outlive the oracle; the oracle is as thread-safe as `ex` (not).
TypeOracle MakeOracle(testcase::Executor& ex);

}  // namespace jtg::output
