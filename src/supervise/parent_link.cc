#include "supervise/parent_link.h"

#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace jtg::supervise {

Status FollowParent() {
  const char* text = std::getenv(kParentPidVariable);
  int parent = 0;
  const bool named = text != nullptr && absl::SimpleAtoi(text, &parent) && parent > 1;
  // Taken, not passed on: the worker, javac and the JUnit JVMs are this process's, not the
  // project run's.
  unsetenv(kParentPidVariable);
  if (!named) return absl::OkStatus();
  if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) {
    return absl::InternalError("cannot ask to be stopped with the project run (prctl)");
  }
  // The parent may have died before the request: then this process was reparented already.
  if (getppid() != parent) {
    return absl::CancelledError(
        absl::StrCat("the project run (process ", parent, ") that started this class is gone"));
  }
  return absl::OkStatus();
}

}  // namespace jtg::supervise
