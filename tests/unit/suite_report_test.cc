// The suite's report file (suite/suite_report.h): errors are values, and strings from the
// code under test never cost the report.
#include "suite/suite_report.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "nlohmann/json.hpp"
#include "output/validator.h"

namespace jtg::suite {
namespace {

TEST(SuiteReport, AnOutputDirectoryThatCannotBeMadeIsAnErrorNotAnException) {
  SuiteReport r;
  r.class_name = "a.B";
  Status st = absl::OkStatus();
  EXPECT_NO_THROW(st = WriteReport(r, "/dev/null/out"));
  EXPECT_FALSE(st.ok());
  EXPECT_NE(std::string(st.message()).find("/dev/null/out"), std::string::npos) << st;
}

TEST(SuiteReport, InvalidUtf8FromTheCodeUnderTestIsReplaced) {
  auto work = output::WorkDir::Make("jtg-report-");
  ASSERT_TRUE(work.ok());
  SuiteReport r;
  r.class_name = "a.B";
  r.test_file = std::string("bad\xff\xfe name");
  ASSERT_TRUE(WriteReport(r, work->path()).ok());
  std::ifstream in(work->path() + "/jtestgen-report.json");
  std::stringstream text;
  text << in.rdbuf();
  auto j = nlohmann::json::parse(text.str(), nullptr, false);
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j["class"], "a.B");
  EXPECT_EQ(j["version"].get<std::string>().rfind("jtestgen ", 0), 0u);  // with its commit
  EXPECT_EQ(j["jdk"].get<std::string>().rfind("JDK ", 0), 0u);
  EXPECT_EQ(j["test_file"].get<std::string>().rfind("bad", 0), 0u);
}

}  // namespace
}  // namespace jtg::suite
