// The JDK guards (jvm/jdk_guards.h) and the thread tracker on the shared test JVM (which is
// guarded like the search JVM): exits by any path are refused and the JVM lives on; file
// mutations, non-loopback sockets and processes are recorded and make a test unwritable;
// reads and loopback sockets are not; threads a test leaves running are stopped.
#include "jvm/jdk_guards.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "jvm_fixture.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

namespace fs = std::filesystem;
using testcase::ExecResult;
using testcase::TestCase;

const char* kOutside = "fixtures/guards/Outside";

ExecResult RunStatic(const std::string& name, const std::string& desc,
                     const std::vector<std::string>& string_args = {}) {
  TestCase tc;
  std::vector<int> args;
  for (const auto& a : string_args) args.push_back(testing::AddString(tc, a));
  testing::AddCallStmt(tc, testing::MakeMethod(kOutside, name, desc, true), args);
  return testing::GetSharedJvm().executor->Run(tc);
}

// A directory of this test's own.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "jtg-guards-XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

TEST(JdkGuards, ExitByReflectionOrMethodHandleIsRefused) {
  for (const char* m : {"exitByReflection", "exitByHandle"}) {
    ExecResult r = RunStatic(m, "()I");
    EXPECT_TRUE(r.exit_attempt) << m;
    EXPECT_TRUE(r.sandbox_events & jvm::kSandboxExit) << m;
    EXPECT_FALSE(r.Writable()) << m;
  }
  // The JVM is still there.
  TestCase tc;
  int x = testing::AddPrimitive(tc, 'I', 41);
  testing::AddCallStmt(tc, testing::MakeMethod(kOutside, "pure", "(I)I", true), {x});
  ExecResult r = testing::GetSharedJvm().executor->Run(tc);
  ASSERT_TRUE(r.Normal());
  EXPECT_EQ(r.values.back().i, 42);
}

TEST(JdkGuards, ExitFromAThreadTheTestStartedMarksTheTest) {
  ExecResult r = RunStatic("exitLater", "()V");
  EXPECT_TRUE(r.Normal());  // the test's own thread returned normally
  EXPECT_TRUE(r.exit_attempt);
  EXPECT_FALSE(r.Writable());
}

TEST(JdkGuards, FileMutationsAreRecordedAndReadsAreNot) {
  TempDir dir;
  ExecResult created = RunStatic("create", "(Ljava/lang/String;)Z", {dir.path.string()});
  EXPECT_TRUE(created.sandbox_events & jvm::kSandboxFiles);
  EXPECT_NE(created.sandbox_first.find(dir.path.string()), std::string::npos)
      << created.sandbox_first;
  EXPECT_FALSE(created.Writable());
  ExecResult nio = RunStatic("writeNio", "(Ljava/lang/String;)I", {dir.path.string()});
  EXPECT_TRUE(nio.sandbox_events & jvm::kSandboxFiles);
  ExecResult read =
      RunStatic("read", "(Ljava/lang/String;)Ljava/lang/String;", {(dir.path / "nio").string()});
  ASSERT_TRUE(read.Normal()) << read.exception_class;
  EXPECT_EQ(read.sandbox_events, 0);
  EXPECT_TRUE(read.Writable());
  ExecResult removed =
      RunStatic("remove", "(Ljava/lang/String;)Z", {(dir.path / "created").string()});
  EXPECT_TRUE(removed.sandbox_events & jvm::kSandboxFiles);
  EXPECT_FALSE(fs::exists(dir.path / "created"));  // not refused: the kernel sandbox is
                                                   // what keeps paths safe
}

// The test folder (sandbox/test_folder.h): writes below it are no event, and it is empty
// again at the start of each run; renames out of it, links and ".." paths still count.
TEST(JdkGuards, WritesInTheTestFolderAreNoEvent) {
  const std::string folder = testing::GetSharedJvm().folder->path();
  ExecResult created = RunStatic("create", "(Ljava/lang/String;)Z", {folder});
  ASSERT_TRUE(created.Normal()) << created.exception_class << " " << created.exception_message;
  EXPECT_EQ(created.sandbox_events, 0) << created.sandbox_first;
  EXPECT_TRUE(created.Writable());
  ExecResult nio = RunStatic("writeNio", "(Ljava/lang/String;)I", {folder + "/sub/.."});
  EXPECT_TRUE(nio.sandbox_events & jvm::kSandboxFiles) << "a '..' path is outside";
  ExecResult nio_in = RunStatic("writeNio", "(Ljava/lang/String;)I", {folder});
  EXPECT_EQ(nio_in.sandbox_events, 0) << nio_in.sandbox_first;
  // The folder was emptied before this run: the file of the run before is gone.
  ExecResult gone = RunStatic("remove", "(Ljava/lang/String;)Z", {folder + "/created"});
  ASSERT_TRUE(gone.Normal());
  EXPECT_FALSE(gone.values.back().i) << "the folder was not emptied between runs";
  EXPECT_EQ(gone.sandbox_events, 0);

  TempDir elsewhere;
  ExecResult out = RunStatic("rename", "(Ljava/lang/String;Ljava/lang/String;)Z",
                             {folder + "/x", (elsewhere.path / "x").string()});
  EXPECT_TRUE(out.sandbox_events & jvm::kSandboxFiles);
  EXPECT_NE(out.sandbox_first.find(elsewhere.path.string()), std::string::npos)
      << out.sandbox_first;
  ExecResult in = RunStatic("rename", "(Ljava/lang/String;Ljava/lang/String;)Z",
                            {(elsewhere.path / "x").string(), folder + "/x"});
  EXPECT_TRUE(in.sandbox_events & jvm::kSandboxFiles);
  ExecResult link = RunStatic("link", "(Ljava/lang/String;Ljava/lang/String;)I",
                              {folder + "/l", elsewhere.path.string()});
  EXPECT_TRUE(link.sandbox_events & jvm::kSandboxFiles);
  // A sibling whose name only starts like the folder's is outside.
  fs::create_directories(folder + "-sibling");
  ExecResult sibling = RunStatic("create", "(Ljava/lang/String;)Z", {folder + "-sibling"});
  EXPECT_TRUE(sibling.sandbox_events & jvm::kSandboxFiles);
  fs::remove_all(folder + "-sibling");
}

TEST(JdkGuards, ProcessesAreRefused) {
  ExecResult r = RunStatic("startProcess", "()I");
  EXPECT_TRUE(r.sandbox_events & jvm::kSandboxProcess);
  EXPECT_EQ(r.exception_class, "java.io.IOException");
  EXPECT_NE(r.exception_message.find("refused"), std::string::npos);
  EXPECT_FALSE(r.Writable());
}

TEST(JdkGuards, OnlySocketsOffTheLoopbackCount) {
  ExecResult lo = RunStatic("listenLoopback", "()I");
  ASSERT_TRUE(lo.Normal()) << lo.exception_class << " " << lo.exception_message;
  EXPECT_EQ(lo.sandbox_events, 0);
  ExecResult any = RunStatic("listenEverywhere", "()I");
  EXPECT_TRUE(any.sandbox_events & jvm::kSandboxNetwork);
  EXPECT_FALSE(any.Writable());
}

TEST(ThreadTracker, ABusyThreadMakesTheTestUnwritableAndIsStopped) {
  ExecResult r = RunStatic("spin", "()V");
  EXPECT_EQ(r.threads_busy, 1);
  EXPECT_EQ(r.threads_unstoppable, 0);
  EXPECT_FALSE(r.Writable());
  ExecResult ended = RunStatic("threadThatEnds", "()I");
  EXPECT_TRUE(ended.Normal());
  EXPECT_EQ(ended.threads_busy, 0);
  EXPECT_TRUE(ended.Writable());
}

// The JDK starts its own service threads lazily (Common-Cleaner on the first run that opens
// a jar, a Cleaner's thread): they are the JDK's, not the test's, and are left alone.
TEST(ThreadTracker, AJdkServiceThreadIsNotTheTests) {
  ExecResult r = RunStatic("cleaner", "()I");
  EXPECT_TRUE(r.Normal()) << r.exception_class;
  EXPECT_EQ(r.threads_busy, 0);
  EXPECT_EQ(r.threads_unstoppable, 0);
  EXPECT_TRUE(r.Writable());
}

}  // namespace
}  // namespace jtg
