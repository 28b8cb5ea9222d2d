// report/perf_page.h and report/report_site.h (through report/run_report.h): a perf report's
// page from its JSON (plots, loop sources) and `jtestgen report`'s combined pages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "nlohmann/json.hpp"
#include "report/perf_page.h"
#include "report/run_report.h"

namespace jtg::report {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A fresh directory under the test's temporary directory.
std::string TempDir(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("jtg-report-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

void WriteFile(const std::string& path, const std::string& text) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream(path) << text;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

json Perf() {
  return json::parse(R"js({
    "class": "fixtures.perf.Utils", "budget_s": 10, "mu": 1024,
    "findings": [{
      "class": "fixtures.perf.Utils", "method": "subtract(java.util.List,java.util.List)",
      "kind": "redundant-traversal", "status": "confirmed", "reason": "exponent 2.0 <r2 0.99>",
      "loops": [{"method": "fixtures.perf.Utils.subtract(java.util.List,java.util.List)",
                 "line": 4, "depth": 1},
                {"method": "java.util.ArrayList.indexOfRange(java.lang.Object,int,int)",
                 "line": 302, "depth": 2}],
      "input_pattern": "arg1: ArrayList", "sizes": [257, 513, 1025, 2049],
      "iterations": [16512, 65792, 262656, 1049600], "times_ms": [0.0067, 0.0208, 0.0857, 0.327],
      "exponent": 2.0, "max_iterations": 1049600, "test": "UtilsPerfTest.subtract_x",
      "rank": 1, "category": "likely-bug", "sentence": "`Utils.subtract` is quadratic",
      "fix_hint": "use a `HashSet`", "time_exponent": 1.93, "plot": "perf-plots/1-Utils.svg"}],
    "skipped": [{"method": "toString()", "reason": "no loop"}],
    "phases_s": {"search": 5.5, "total": 9.0}, "version": "jtestgen 1", "jdk": "17"})js");
}

constexpr char kSource[] =
    "package fixtures.perf;\nclass Utils {\n  static int subtract(java.util.List a) {\n"
    "    for (Object o : a) { if (x < 1) {} }\n    return 0;\n  }\n}\n";

TEST(PerfPageTest, AFindingShowsItsPlotMeasurementsAndWords) {
  auto html = PerfPageHtml(Perf(), {});
  ASSERT_TRUE(html.ok()) << html.status();
  const size_t section = html->find("<section class=\"finding\" id=\"finding-1\">");
  ASSERT_NE(section, std::string::npos);
  const size_t svg = html->find("<svg", section);
  ASSERT_NE(svg, std::string::npos);
  EXPECT_NE(html->find("fitted line: exponent 2.00", svg), std::string::npos);
  EXPECT_NE(html->find("fitted line: exponent 1.93", svg), std::string::npos);  // time panel
  EXPECT_NE(html->find("<code>Utils.subtract</code> is quadratic"), std::string::npos);
  EXPECT_NE(html->find("use a <code>HashSet</code>"), std::string::npos);
  EXPECT_NE(html->find("exponent 2.0 &lt;r2 0.99&gt;"), std::string::npos);
  EXPECT_NE(html->find("data-value=\"1049600\""), std::string::npos);
  EXPECT_NE(html->find("<tr data-rank=\"1\">"), std::string::npos);
  EXPECT_NE(html->find("<code>toString()</code>: no loop"), std::string::npos);
  EXPECT_NE(html->find("data-likely-bugs=\"1\""), std::string::npos);
  EXPECT_EQ(html->find("pre class=\"src\""), std::string::npos);  // no --sources
}

TEST(PerfPageTest, NoPlotWithoutTwoMeasuredSizes) {
  json p = Perf();
  p["findings"][0]["sizes"] = json::array({100});
  auto html = PerfPageHtml(p, {});
  ASSERT_TRUE(html.ok());
  EXPECT_EQ(html->find("<svg"), std::string::npos);
  EXPECT_NE(html->find("No plot"), std::string::npos);
}

TEST(PerfPageTest, LoopLinesAreShownFromTheSources) {
  const std::string root = TempDir("perf-src");
  WriteFile(root + "/fixtures/perf/Utils.java", kSource);
  auto html = PerfPageHtml(Perf(), {root});
  ASSERT_TRUE(html.ok()) << html.status();
  EXPECT_NE(html->find("<span class=\"loop-line\"><span class=\"ln\">4</span>    for (Object o "
                       ": a) { if (x &lt; 1) {} }</span>"),
            std::string::npos);
  EXPECT_NE(html->find("<span class=\"ln\">2</span>class Utils {"), std::string::npos);
  EXPECT_EQ(html->find("<span class=\"ln\">1</span>"), std::string::npos);  // 2 lines before
  // The JDK loop's source is not there: no excerpt, no error.
  EXPECT_EQ(html->find("ArrayList in "), std::string::npos);

  const std::string flat = TempDir("perf-flat");
  WriteFile(flat + "/Utils.java", kSource);
  EXPECT_EQ(FindLoopSource({flat}, "fixtures.perf.Utils$Inner.run()"), flat + "/Utils.java");
  EXPECT_EQ(FindLoopSource({root}, "fixtures.perf.Utils.subtract(java.util.List)"),
            root + "/fixtures/perf/Utils.java");
  EXPECT_FALSE(FindLoopSource({root}, "java.util.ArrayList.indexOf(java.lang.Object)"));
}

TEST(ReportSiteTest, SummariesAndPerfReportsBecomePagesLinkedFromTheIndex) {
  const std::string dir = TempDir("site");
  WriteFile(dir + "/proj/jtestgen-summary.json",
            R"({"command":"suite","classes":[{"class":"a.B","status":"generated","tests":2,
                "test_file":"a/BJtgTest.java"}],"totals":{"classes":1}})");
  WriteFile(dir + "/perf/perf-report.json", Perf().dump());
  ReportOptions o;
  o.html = dir + "/out";
  o.suite_summaries = {dir + "/proj/jtestgen-summary.json"};
  o.perf_reports = {dir + "/perf/perf-report.json"};
  ASSERT_TRUE(RunReport(o).ok());
  const std::string index = ReadFile(dir + "/out/index.html");
  EXPECT_NE(index.find("href=\"suite-1.html\""), std::string::npos);
  EXPECT_NE(index.find("href=\"perf-1.html\""), std::string::npos);
  EXPECT_EQ(index.find("coverage/index.html"), std::string::npos);
  EXPECT_NE(ReadFile(dir + "/out/suite-1.html").find("href=\"../proj/a/BJtgTest.java\""),
            std::string::npos);
  EXPECT_NE(ReadFile(dir + "/out/perf-1.html").find("<svg"), std::string::npos);
}

TEST(ReportSiteTest, BadInputsAreOneLineNamingTheFile) {
  const std::string dir = TempDir("site-bad");
  ReportOptions o;
  o.html = dir + "/out";
  o.suite_summaries = {dir + "/missing.json"};
  Status st = RunReport(o);
  EXPECT_EQ(st.code(), absl::StatusCode::kNotFound);
  EXPECT_NE(st.message().find(dir + "/missing.json"), std::string::npos);

  WriteFile(dir + "/broken.json", "{\"classes\": [");
  o.suite_summaries = {dir + "/broken.json"};
  st = RunReport(o);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("broken.json: not valid JSON"), std::string::npos);

  WriteFile(dir + "/perf.json", "{\"class\": \"x\"}");
  o.suite_summaries = {};
  o.perf_reports = {dir + "/perf.json"};
  st = RunReport(o);
  EXPECT_NE(st.message().find("perf.json: not a perf report (no \"findings\" array)"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(dir + "/out/index.html"));  // checked before writing

  o.html.clear();
  EXPECT_NE(RunReport(o).message().find("give --html"), std::string::npos);
  ReportOptions only_dir;
  only_dir.dir = dir;
  EXPECT_NE(RunReport(only_dir).message().find("go together"), std::string::npos);
  EXPECT_NE(RunReport(ReportOptions{}).message().find("nothing to report"), std::string::npos);
}

}  // namespace
}  // namespace jtg::report
