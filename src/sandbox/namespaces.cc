#include "sandbox/namespaces.h"

#include <fcntl.h>
#include <linux/mount.h>
#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "sandbox/test_folder.h"

namespace jtg::sandbox {

namespace {

constexpr char kBaitDir[] = "bait";
constexpr char kTestFolder[] = "test";

Status Fail(const std::string& what) {
  return absl::FailedPreconditionError(
      absl::StrCat("sandbox: cannot ", what, ": ", std::strerror(errno)));
}

Status WriteFile(const std::string& path, const std::string& text) {
  int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return Fail("open " + path);
  ssize_t n = write(fd, text.data(), text.size());
  int saved = errno;
  close(fd);
  errno = saved;
  if (n != static_cast<ssize_t>(text.size())) return Fail("write " + path);
  return absl::OkStatus();
}

int MountSetattr(const char* path, uint64_t set, uint64_t clear) {
  struct mount_attr attr {};
  attr.attr_set = set;
  attr.attr_clr = clear;
  return static_cast<int>(
      syscall(SYS_mount_setattr, AT_FDCWD, path, AT_RECURSIVE, &attr, sizeof attr));
}

// Read-only directories with content, for the working directory, java.io.tmpdir and
// user.home (and HOME) of the code under test: an operation on them that would change the
// machine (a "clean" helper given ".", user.dir or the temporary directory) always finds
// something to change, so the JDK guards see it in the search and the test is not written,
// instead of being written because the directory happened to be empty; reading or listing
// them is an event too (jtestgen.rt.Sandbox.USER_DIRS): a written test would read the
// user's own home, working or temporary directory.
Status MakeBait(const std::string& root) {
  for (const char* d : {"", "/cwd", "/cwd/data", "/tmp", "/tmp/data", "/home", "/home/data"}) {
    if (mkdir((root + d).c_str(), 0755) != 0) return Fail("create " + root + d);
  }
  for (const char* f : {"/cwd/README", "/cwd/data/keep", "/tmp/keep", "/tmp/data/keep",
                        "/home/.profile", "/home/data/keep"}) {
    int fd = open((root + f).c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return Fail("create " + root + f);
    (void)!write(fd, "jtestgen\n", 9);
    close(fd);
  }
  if (mount(root.c_str(), root.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0 ||
      MountSetattr(root.c_str(), MOUNT_ATTR_RDONLY, 0) != 0) {
    return Fail("make " + root + " read-only");
  }
  return absl::OkStatus();
}

}  // namespace

Status BringLoopbackUp() {
  int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (s < 0) return Fail("open a socket to configure lo");
  struct ifreq ifr {};
  std::strncpy(ifr.ifr_name, "lo", IFNAMSIZ - 1);
  Status st = absl::OkStatus();
  if (ioctl(s, SIOCGIFFLAGS, &ifr) < 0) {
    st = Fail("read the flags of lo");
  } else {
    ifr.ifr_flags = static_cast<short>(ifr.ifr_flags | IFF_UP | IFF_RUNNING);
    if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0) st = Fail("bring lo up");
  }
  close(s);
  return st;
}

Status EnterSandbox(const SandboxSpec& spec) {
  if (spec.scratch.empty() || spec.scratch[0] != '/') {
    return absl::InvalidArgumentError("sandbox: the scratch directory must be an absolute path");
  }
  const uid_t uid = geteuid();
  const gid_t gid = getegid();
  int flags = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWPID;
  if (uid != 0) flags |= CLONE_NEWUSER;
  if (unshare(flags) != 0) {
    return Fail(uid != 0 ? "create user, mount and network namespaces (are unprivileged user "
                           "namespaces disabled?)"
                         : "create mount and network namespaces");
  }
  if (uid != 0) {
    JTG_RETURN_IF_ERROR(WriteFile("/proc/self/setgroups", "deny"));
    JTG_RETURN_IF_ERROR(WriteFile("/proc/self/uid_map", absl::StrCat("0 ", uid, " 1")));
    JTG_RETURN_IF_ERROR(WriteFile("/proc/self/gid_map", absl::StrCat("0 ", gid, " 1")));
  }
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
    return Fail("make mounts private");
  }
  // Each writable directory becomes a mount of its own, so that it can be made writable
  // again after the recursive read-only pass below.
  for (const std::string& w : spec.writable) {
    if (mount(w.c_str(), w.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0) {
      return Fail("bind " + w);
    }
  }
  if (MountSetattr("/", MOUNT_ATTR_RDONLY, 0) != 0) return Fail("make / read-only");
  for (const std::string& w : spec.writable) {
    if (MountSetattr(w.c_str(), 0, MOUNT_ATTR_RDONLY) != 0) {
      return Fail("keep " + w + " writable (is it on a read-only file system?)");
    }
  }
  std::string opts = absl::StrCat("size=", spec.scratch_bytes, ",nr_inodes=200000,mode=0700");
  if (mount("jtestgen-scratch", spec.scratch.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
            opts.c_str()) != 0) {
    return Fail("mount a scratch tmpfs on " + spec.scratch);
  }
  JTG_RETURN_IF_ERROR(MakeBait(spec.scratch + "/" + kBaitDir));
  const std::string cwd = spec.scratch + "/" + kBaitDir + "/cwd";
  if (chdir(cwd.c_str()) != 0) return Fail("enter " + cwd);
  setenv("JTG_BAIT_DIR", (spec.scratch + "/" + kBaitDir).c_str(), 1);
  setenv("HOME", (spec.scratch + "/" + kBaitDir + "/home").c_str(), 1);
  const std::string folder = spec.scratch + "/" + kTestFolder;
  if (mkdir(folder.c_str(), 0700) != 0) return Fail("create " + folder);
  setenv(kTestFolderEnv, folder.c_str(), 1);
  return BringLoopbackUp();
}

}  // namespace jtg::sandbox
