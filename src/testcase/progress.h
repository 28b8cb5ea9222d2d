// Progress reporting from the executor: which call is about to run, so that a supervisor can
// name the culprit if the JVM dies during it (see cli/supervisor.h).
#pragma once

#include "testcase/test_case.h"

namespace jtg::testcase {

class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  // `call` is about to run; nullptr when the run is over. Must be cheap and not throw.
  virtual void Running(const Callable* call) = 0;
};

}  // namespace jtg::testcase
