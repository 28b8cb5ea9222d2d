#include "supervise/worker_body.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>

#include "absl/strings/str_cat.h"
#include "testcase/test_case.h"

namespace jtg::supervise {

namespace {

void CopyTo(char* dst, size_t cap, const std::string& s) {
  size_t n = std::min(s.size(), cap - 1);
  std::memcpy(dst, s.data(), n);
  dst[n] = '\0';
}

}  // namespace

void SharedSink::Running(const testcase::Callable* call) {
  if (call == nullptr) {
    page_->call_started_ms.store(0, std::memory_order_relaxed);
    page_->call[0] = '\0';
    page_->method[0] = '\0';
    return;
  }
  CopyTo(page_->call, sizeof page_->call, call->owner + "." + call->name + call->descriptor);
  CopyTo(page_->method, sizeof page_->method,
         // A stub subclass's constructor is the class's own (generate/values/stub_subclass.h).
         (call->IsConstructor() ? call->ConstructedClass() : call->owner) == cut_
             ? call->name + call->descriptor
             : std::string());
  page_->call_started_ms.store(sandbox::SteadyMillis(), std::memory_order_relaxed);
}

int RunWorkerBody(sandbox::WorkerPage* page, const std::string& scratch,
                  const std::function<Status()>& work) {
  setenv("TMPDIR", scratch.c_str(), 1);  // single-threaded here; no JVM yet
  Status st;
  try {
    st = work();
  } catch (const std::exception& e) {  // a bug of jtestgen's: still one line, not a "crash"
    st = absl::InternalError(absl::StrCat("internal error (uncaught exception): ", e.what()));
  } catch (...) {
    st = absl::InternalError("internal error (uncaught exception of unknown type)");
  }
  page->finished = 1;
  if (!st.ok()) {
    CopyTo(page->error, sizeof page->error, std::string(st.message()));
    page->error_code = static_cast<int>(st.code());
  }
  std::fflush(stdout);
  std::fflush(stderr);
  return st.ok() ? 0 : 1;
}

Status WorkerStatus(const sandbox::WorkerPage& page, int exit_code) {
  if (page.error[0] == '\0') {
    return absl::InternalError(
        absl::StrCat("the worker exited with status ", exit_code, " without a message"));
  }
  const auto code = page.error_code == 0 ? absl::StatusCode::kInternal
                                         : static_cast<absl::StatusCode>(page.error_code);
  return Status(code, std::string(page.error, strnlen(page.error, sizeof page.error)));
}

}  // namespace jtg::supervise
