// What runs inside a supervised worker process (supervisor.h) and how its end is read back:
// the work's Status is left on the shared page (sandbox/worker_watch.h), an exception that
// escapes the work becomes an Internal status naming it (never a "crash"), and the
// supervisor turns the page back into a Status with the worker's own code.
#pragma once

#include <functional>
#include <string>

#include "common/status.h"
#include "sandbox/worker_watch.h"
#include "testcase/progress.h"

namespace jtg::supervise {

// Publishes every call to the page (for stall detection) and the running method of the
// class under test `cut` (internal name; for crash and stall attribution). Borrows `page`.
class SharedSink : public testcase::ProgressSink {
 public:
  SharedSink(sandbox::WorkerPage* page, std::string cut) : page_(page), cut_(std::move(cut)) {}
  void Running(const testcase::Callable* call) override;

 private:
  sandbox::WorkerPage* page_;
  std::string cut_;
};

// Runs `work` with TMPDIR set to `scratch` (call before any thread starts), leaves its end
// on `page` (finished, error text and absl::StatusCode) and returns the worker's exit
// status: 0 when the work succeeded, else 1.
int RunWorkerBody(sandbox::WorkerPage* page, const std::string& scratch,
                  const std::function<Status()>& work);

// The Status a worker that exited with `exit_code` left on `page`: its own code and
// message, or Internal when it left none.
Status WorkerStatus(const sandbox::WorkerPage& page, int exit_code);

}  // namespace jtg::supervise
