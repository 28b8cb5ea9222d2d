// The worker's end as the supervisor reads it (supervise/worker_body.h): the work's own
// status code passes through the shared page, and an exception never escapes the worker.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "supervise/worker_body.h"

namespace jtg::supervise {
namespace {

class WorkerBodyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto p = sandbox::MapWorkerPage();
    ASSERT_TRUE(p.ok()) << p.status();
    page_ = *p;
    const char* tmp = std::getenv("TMPDIR");
    saved_tmpdir_ = tmp != nullptr ? tmp : "";
  }
  void TearDown() override {
    sandbox::UnmapWorkerPage(page_);
    if (saved_tmpdir_.empty()) {
      unsetenv("TMPDIR");
    } else {
      setenv("TMPDIR", saved_tmpdir_.c_str(), 1);
    }
  }
  sandbox::WorkerPage* page_ = nullptr;
  std::string saved_tmpdir_;
};

TEST_F(WorkerBodyTest, TheWorkersStatusCodeAndMessagePassThrough) {
  int rc = RunWorkerBody(page_, "/tmp",
                         [] { return absl::NotFoundError("class a.B is not on the classpath"); });
  EXPECT_EQ(rc, 1);
  EXPECT_EQ(page_->finished, 1);
  Status st = WorkerStatus(*page_, rc);
  EXPECT_EQ(st.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(st.message(), "class a.B is not on the classpath");
}

TEST_F(WorkerBodyTest, AnEscapingExceptionBecomesAnInternalStatusNamingIt) {
  int rc = 0;
  EXPECT_NO_THROW(rc = RunWorkerBody(page_, "/tmp", []() -> Status {
                    std::filesystem::create_directories("/dev/null/jtg-escape");  // throws
                    return absl::OkStatus();
                  }));
  EXPECT_EQ(rc, 1);
  EXPECT_EQ(page_->finished, 1);
  Status st = WorkerStatus(*page_, rc);
  EXPECT_EQ(st.code(), absl::StatusCode::kInternal);
  EXPECT_NE(std::string(st.message()).find("uncaught exception"), std::string::npos) << st;
  EXPECT_NE(std::string(st.message()).find("/dev/null/jtg-escape"), std::string::npos) << st;

  EXPECT_NO_THROW(rc = RunWorkerBody(page_, "/tmp", []() -> Status { throw 42; }));
  EXPECT_EQ(WorkerStatus(*page_, rc).code(), absl::StatusCode::kInternal);
}

TEST_F(WorkerBodyTest, SuccessLeavesNoErrorAndAnExitWithoutMessageIsInternal) {
  EXPECT_EQ(RunWorkerBody(page_, "/tmp", [] { return absl::OkStatus(); }), 0);
  EXPECT_EQ(page_->error[0], '\0');
  Status st = WorkerStatus(*page_, 3);
  EXPECT_EQ(st.code(), absl::StatusCode::kInternal);
  EXPECT_NE(std::string(st.message()).find("status 3"), std::string::npos);
}

}  // namespace
}  // namespace jtg::supervise
