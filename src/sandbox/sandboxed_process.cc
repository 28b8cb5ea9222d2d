#include "sandbox/sandboxed_process.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace jtg::sandbox {

namespace {

// Messages on the status pipe: one tag byte, then a fixed-size payload.
constexpr char kInitPid = 'P';  // pid_t: the init, as the caller sees it
constexpr char kStatus = 'S';   // int: the body's wait status
constexpr char kError = 'E';    // u16 length + text: the sandbox could not be set up

void WriteAll(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    p += w;
    n -= static_cast<size_t>(w);
  }
}

void Send(int fd, char tag, const void* payload, size_t n) {
  char buf[1 + 2 + 1024];
  if (n > sizeof buf - 1) n = sizeof buf - 1;
  buf[0] = tag;
  std::memcpy(buf + 1, payload, n);
  WriteAll(fd, buf, 1 + n);  // one write of <= PIPE_BUF bytes is atomic
}

// Dies with the parent; if the parent is already gone, dies now. A PID namespace's init sees
// its parent as pid 0 (outside the namespace), so it cannot check, and passes 0.
void DieWithParent(pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (parent != 0 && getppid() != parent) _exit(127);
}

void ResetSignals() {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGPIPE}) signal(sig, SIG_DFL);
}

[[noreturn]] void RunInit(int fd, const std::function<int()>& body) {
  const pid_t self = getpid();
  pid_t child = fork();
  if (child < 0) {
    int st = 127 << 8;
    Send(fd, kStatus, &st, sizeof st);
    _exit(127);
  }
  if (child == 0) {
    DieWithParent(self);
    close(fd);
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null >= 0) {
      dup2(null, STDIN_FILENO);
      close(null);
    }
    _exit(body() & 0xff);
  }
  // PID 1: reap everything until the body is gone.
  int body_status = 0;
  for (;;) {
    int st = 0;
    pid_t p = wait(&st);
    if (p < 0 && errno == EINTR) continue;
    if (p < 0) break;
    if (p == child) {
      body_status = st;
      break;
    }
  }
  Send(fd, kStatus, &body_status, sizeof body_status);
  _exit(0);  // the kernel kills the rest of the namespace
}

[[noreturn]] void RunRelay(int fd, const SandboxSpec& spec, bool sandboxed,
                           const std::function<int()>& body, pid_t caller) {
  DieWithParent(caller);
  setpgid(0, 0);  // terminal signals go to jtestgen alone, which then stops the tree
  ResetSignals();
  if (sandboxed) {
    Status st = EnterSandbox(spec);
    if (!st.ok()) {
      std::string msg(st.message());
      uint16_t n = static_cast<uint16_t>(std::min<size_t>(msg.size(), 1000));
      char buf[2 + 1000];
      std::memcpy(buf, &n, 2);
      std::copy_n(msg.data(), n, buf + 2);  // a length-prefixed message, not a C string
      Send(fd, kError, buf, 2 + n);
      _exit(126);
    }
  } else if (!spec.scratch.empty() && chdir(spec.scratch.c_str()) != 0) {
    _exit(126);
  }
  const pid_t self = getpid();
  pid_t init = fork();
  if (init < 0) _exit(127);
  if (init == 0) {
    DieWithParent(sandboxed ? 0 : self);
    RunInit(fd, body);
  }
  Send(fd, kInitPid, &init, sizeof init);
  int st = 0;
  while (waitpid(init, &st, 0) < 0 && errno == EINTR) {
  }
  _exit(0);
}

}  // namespace

StatusOr<SandboxedProcess> SandboxedProcess::Start(const SandboxSpec& spec, bool sandboxed,
                                                   const std::function<int()>& body) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("cannot create a pipe: ", std::strerror(errno)));
  }
  const pid_t caller = getpid();
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t relay = fork();
  if (relay < 0) {
    close(fds[0]);
    close(fds[1]);
    return absl::InternalError(absl::StrCat("cannot fork: ", std::strerror(errno)));
  }
  if (relay == 0) {
    close(fds[0]);
    RunRelay(fds[1], spec, sandboxed, body, caller);
  }
  close(fds[1]);
  fcntl(fds[0], F_SETFL, O_NONBLOCK);
  return SandboxedProcess(relay, fds[0]);
}

SandboxedProcess::SandboxedProcess(SandboxedProcess&& o) noexcept
    : relay_(o.relay_), status_fd_(o.status_fd_), init_(o.init_), reaped_(o.reaped_) {
  o.relay_ = -1;
  o.status_fd_ = -1;
  o.reaped_ = true;
}

SandboxedProcess::~SandboxedProcess() {
  if (relay_ > 0 && !reaped_) {
    Kill();
    int st = 0;
    while (waitpid(relay_, &st, 0) < 0 && errno == EINTR) {
    }
  }
  if (status_fd_ >= 0) close(status_fd_);
}

ChildOutcome SandboxedProcess::ReadOutcome() {
  ChildOutcome out;
  if (status_fd_ < 0) return out;
  std::string buf;
  char chunk[4096];
  for (;;) {
    ssize_t n = read(status_fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    buf.append(chunk, static_cast<size_t>(n));
  }
  size_t i = 0;
  while (i < buf.size()) {
    char tag = buf[i++];
    if (tag == kInitPid && i + sizeof(pid_t) <= buf.size()) {
      std::memcpy(&init_, buf.data() + i, sizeof(pid_t));
      i += sizeof(pid_t);
    } else if (tag == kStatus && i + sizeof(int) <= buf.size()) {
      std::memcpy(&out.wait_status, buf.data() + i, sizeof(int));
      out.known = true;
      i += sizeof(int);
    } else if (tag == kError && i + 2 <= buf.size()) {
      uint16_t n = 0;
      std::memcpy(&n, buf.data() + i, 2);
      i += 2;
      out.setup_error = buf.substr(i, std::min<size_t>(n, buf.size() - i));
      i += n;
    } else {
      break;
    }
  }
  return out;
}

std::optional<ChildOutcome> SandboxedProcess::Poll() {
  if (relay_ <= 0 || reaped_) return std::nullopt;
  int st = 0;
  pid_t p = waitpid(relay_, &st, WNOHANG);
  if (p == 0 || (p < 0 && errno == EINTR)) return std::nullopt;
  reaped_ = true;
  return ReadOutcome();
}

void SandboxedProcess::Kill() {
  if (relay_ <= 0 || reaped_) return;
  if (init_ <= 0) {
    // The init's pid may be in the pipe already; reading it here loses nothing else
    // worth keeping (a killed tree's status is not reported).
    ReadOutcome();
  }
  if (init_ > 0) kill(init_, SIGKILL);
  kill(relay_, SIGKILL);
}

}  // namespace jtg::sandbox
