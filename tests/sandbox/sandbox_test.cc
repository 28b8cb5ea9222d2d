// Tests of the kernel sandbox (src/sandbox): what the confined process can and cannot
// write or reach, and that no process of the tree survives. A binary of its own: it forks,
// so it must have no JVM (and no other threads) in its process.
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "sandbox/namespaces.h"
#include "sandbox/run_dirs.h"
#include "sandbox/sandboxed_process.h"
#include "sandbox/worker_watch.h"

namespace jtg::sandbox {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A temporary directory of the test's own, removed at the end.
struct TempDir {
  std::string path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "jtg-sandbox-test-XXXXXX").string();
    path = mkdtemp(t.data()) ? t : "";
  }
  ~TempDir() { RemoveScratchDir(path); }
};

// Runs `body` in a sandboxed process and returns its exit code, or -1 on any other end.
int RunConfined(const SandboxSpec& spec, std::function<int()> body) {
  auto p = SandboxedProcess::Start(spec, true, std::move(body));
  if (!p.ok()) return -1;
  auto deadline = Clock::now() + std::chrono::seconds(30);
  while (Clock::now() < deadline) {
    if (auto out = p->Poll()) {
      if (!out->setup_error.empty()) {
        ADD_FAILURE() << out->setup_error;
        return -1;
      }
      return out->known && WIFEXITED(out->wait_status) ? WEXITSTATUS(out->wait_status) : -1;
    }
    usleep(10000);
  }
  return -1;
}

bool CanCreate(const std::string& path) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) return false;
  close(fd);
  return true;
}

TEST(Sandbox, OnlyTheWritableDirectoriesAndTheScratchCanBeWritten) {
  TempDir scratch, out, other;
  ASSERT_FALSE(scratch.path.empty());
  SandboxSpec spec{scratch.path, 16 << 20, {out.path}};
  int code = RunConfined(spec, [&]() {
    int bits = 0;
    if (CanCreate(out.path + "/kept")) bits |= 1;                    // --out: writable
    if (!CanCreate(other.path + "/x") && errno == EROFS) bits |= 2;  // elsewhere: EROFS
    // cwd: the read-only bait directory, with content
    if (!CanCreate("relative-file") && errno == EROFS && access("README", R_OK) == 0 &&
        access("data/keep", R_OK) == 0) {
      bits |= 4;
    }
    if (mkdir((other.path + "/d").c_str(), 0700) != 0 && errno == EROFS) bits |= 8;
    if (rmdir(other.path.c_str()) != 0 && errno == EROFS) bits |= 16;
    char cwd[4096];
    const char* bait = getenv("JTG_BAIT_DIR");
    if (getcwd(cwd, sizeof cwd) != nullptr && scratch.path + "/bait/cwd" == cwd &&
        bait != nullptr && scratch.path + "/bait" == bait && CanCreate(scratch.path + "/w")) {
      bits |= 32;  // the scratch itself stays writable
    }
    return bits;
  });
  EXPECT_EQ(code, 63);
  EXPECT_TRUE(fs::exists(out.path + "/kept"));
  EXPECT_TRUE(fs::exists(other.path));
  EXPECT_FALSE(fs::exists(other.path + "/x"));
  // What the code wrote to the scratch lived in the namespace's tmpfs only.
  EXPECT_TRUE(fs::is_empty(scratch.path));
}

TEST(Sandbox, TheNetworkHasOnlyTheLoopbackInterfaceAndItIsUp) {
  TempDir scratch;
  SandboxSpec spec{scratch.path, 16 << 20, {}};
  int code = RunConfined(spec, []() {
    struct ifaddrs* ifs = nullptr;
    if (getifaddrs(&ifs) != 0) return 100;
    int others = 0, lo_up = 0;
    for (auto* i = ifs; i != nullptr; i = i->ifa_next) {
      if (std::string(i->ifa_name) != "lo")
        ++others;
      else if (i->ifa_flags & IFF_UP)
        lo_up = 1;
    }
    freeifaddrs(ifs);
    // A loopback server and connection work.
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    bool served = s >= 0 && bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
                  listen(s, 1) == 0 && getsockname(s, reinterpret_cast<sockaddr*>(&a), &len) == 0;
    int c = socket(AF_INET, SOCK_STREAM, 0);
    bool connected = served && connect(c, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    return (others == 0 ? 1 : 0) | (lo_up << 1) | (connected ? 4 : 0);
  });
  EXPECT_EQ(code, 7);
}

// A pipe whose write end every process of the tree inherits: it reads EOF only once all of
// them are gone.
struct TreeProbe {
  int fds[2] = {-1, -1};
  TreeProbe() { EXPECT_EQ(pipe(fds), 0); }
  ~TreeProbe() {
    if (fds[0] >= 0) close(fds[0]);
    if (fds[1] >= 0) close(fds[1]);
  }
  // After the tree started: true when every holder closed within `ms`.
  bool AllGoneWithin(int ms) {
    close(fds[1]);
    fds[1] = -1;
    fcntl(fds[0], F_SETFL, O_NONBLOCK);
    auto deadline = Clock::now() + std::chrono::milliseconds(ms);
    char c;
    while (Clock::now() < deadline) {
      ssize_t n = read(fds[0], &c, 1);
      if (n == 0) return true;
      usleep(10000);
    }
    return false;
  }
};

// The body starts a process that would run forever, then returns.
int StartStray() {
  pid_t p = fork();
  if (p == 0) {
    for (;;) pause();
  }
  return p > 0 ? 7 : 99;
}

TEST(SandboxedProcess, ProcessesTheBodyLeavesBehindDieWithIt) {
  TempDir scratch;
  TreeProbe probe;
  SandboxSpec spec{scratch.path, 16 << 20, {}};
  EXPECT_EQ(RunConfined(spec, StartStray), 7);
  EXPECT_TRUE(probe.AllGoneWithin(5000));
}

TEST(SandboxedProcess, KillStopsEveryProcessOfTheTree) {
  TempDir scratch;
  TreeProbe probe;
  SandboxSpec spec{scratch.path, 16 << 20, {}};
  auto p = SandboxedProcess::Start(spec, true, []() {
    StartStray();
    for (;;) pause();
    return 0;
  });
  ASSERT_TRUE(p.ok());
  usleep(300000);
  EXPECT_FALSE(p->Poll().has_value());
  p->Kill();
  EXPECT_TRUE(probe.AllGoneWithin(5000));
}

TEST(SandboxedProcess, ASetupErrorIsReportedAndTheBodyNeverRuns) {
  TreeProbe probe;
  SandboxSpec spec{"relative/scratch", 16 << 20, {}};
  auto p = SandboxedProcess::Start(spec, true, []() { return 0; });
  ASSERT_TRUE(p.ok());
  std::optional<ChildOutcome> out;
  for (int i = 0; i < 500 && !out; ++i, usleep(10000)) out = p->Poll();
  ASSERT_TRUE(out.has_value());
  EXPECT_NE(out->setup_error.find("absolute"), std::string::npos) << out->setup_error;
  EXPECT_FALSE(out->known);
}

TEST(WorkerWatch, AStalledCallIsStoppedAndNamed) {
  TempDir scratch;
  TreeProbe probe;
  auto page = MapWorkerPage();
  ASSERT_TRUE(page.ok());
  WorkerPage* pg = *page;
  SignalGuard guard;
  auto p = SandboxedProcess::Start({scratch.path, 16 << 20, {}}, true, [pg]() {
    std::snprintf(pg->call, sizeof pg->call, "a/B.spin()V");
    pg->call_started_ms.store(SteadyMillis());
    for (;;) pause();
    return 0;
  });
  ASSERT_TRUE(p.ok());
  auto t0 = Clock::now();
  WatchResult r = WatchWorker(*p, *pg, {Clock::now() + std::chrono::seconds(30), 300});
  EXPECT_EQ(r.end, WorkerEnd::kStalled);
  EXPECT_EQ(r.stalled_call, "a/B.spin()V");
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(10));
  EXPECT_TRUE(probe.AllGoneWithin(5000));
  UnmapWorkerPage(pg);
}

TEST(WorkerWatch, TheHardBoundAndSignalsStopTheWorker) {
  TempDir scratch;
  auto page = MapWorkerPage();
  ASSERT_TRUE(page.ok());
  SignalGuard guard;
  auto sleeper = []() {
    for (;;) pause();
    return 0;
  };
  {
    TreeProbe probe;
    auto p = SandboxedProcess::Start({scratch.path, 16 << 20, {}}, true, sleeper);
    ASSERT_TRUE(p.ok());
    WatchResult r = WatchWorker(*p, **page, {Clock::now() + std::chrono::milliseconds(300), 0});
    EXPECT_EQ(r.end, WorkerEnd::kDeadline);
    EXPECT_TRUE(probe.AllGoneWithin(5000));
  }
  {
    TreeProbe probe;
    auto p = SandboxedProcess::Start({scratch.path, 16 << 20, {}}, true, sleeper);
    ASSERT_TRUE(p.ok());
    kill(getpid(), SIGTERM);  // blocked by the guard: waits for the watch loop
    WatchResult r = WatchWorker(*p, **page, {Clock::now() + std::chrono::seconds(30), 0});
    EXPECT_EQ(r.end, WorkerEnd::kInterrupted);
    EXPECT_EQ(r.signal, SIGTERM);
    EXPECT_TRUE(probe.AllGoneWithin(5000));
  }
  UnmapWorkerPage(*page);
}

TEST(RunDirs, OutputDirectoryProblemsAreNamed) {
  TempDir dir;
  std::string file = dir.path + "/file";
  ASSERT_TRUE(CanCreate(file));
  auto r = PrepareOutputDir(file);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(std::string(r.status().message()).find(file + " is not a directory"),
            std::string::npos);
  auto nested = PrepareOutputDir(file + "/sub");
  ASSERT_FALSE(nested.ok());
  EXPECT_NE(std::string(nested.status().message()).find(file), std::string::npos);
  auto ok = PrepareOutputDir(dir.path + "/a/b/");
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ(*ok, dir.path + "/a/b");
  EXPECT_TRUE(fs::is_directory(*ok));
  EXPECT_TRUE(fs::is_empty(*ok));  // the write check left nothing
}

TEST(RunDirs, RelativeClasspathEntriesBecomeAbsolute) {
  std::string cwd = fs::current_path().string();
  EXPECT_EQ(AbsolutePathList("a.jar::/x/b:c/../d"), cwd + "/a.jar:/x/b:" + cwd + "/d");
}

}  // namespace
}  // namespace jtg::sandbox
