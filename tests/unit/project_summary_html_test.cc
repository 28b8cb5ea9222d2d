// project/summary_html.h: the whole-project summary page (issue 26).
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <string>

#include "nlohmann/json.hpp"
#include "project/summary_html.h"

namespace jtg::project {
namespace {

using nlohmann::json;

json Summary() {
  return json::parse(R"({
    "version": "jtestgen 1.2", "command": "suite", "started": "2026-11-27T20:00:00Z",
    "wall_s": 123.4, "options": {"budget_per_class_s": 60, "seed": 0, "jobs": 2, "junit": 5},
    "classes": [
      {"class": "a.b.C", "status": "generated", "test_file": "a/b/CJtgTest.java",
       "report": ".jtestgen/a.b.C/jtestgen-report.json", "tests": 12, "dropped_tests": 1,
       "branches": {"covered": 10, "total": 12}, "lines": {"covered": 30, "total": 33},
       "weak_mutation": {"killed": 5, "total": 7}, "strong_mutation": {"killed": 3, "total": 6},
       "blamed": ["not built: java.io.File"],
       "time_s": 61.2},
      {"class": "a.b.D", "status": "failed", "reason": "worker crashed: <signal 11>",
       "time_s": 3.5},
      {"class": "a.b.E", "status": "unchanged", "tests": 8, "time_s": 0}],
    "not_testable": [{"class": "a.b.I", "reason": "interface"}],
    "totals": {"classes": 3, "generated": 1, "unchanged": 1, "failed": 1, "tests": 20,
               "dropped_tests": 1, "branches": {"covered": 10, "total": 12},
               "lines": {"covered": 30, "total": 33}, "weak_mutation": {"killed": 5, "total": 7},
               "strong_mutation": {"killed": 3, "total": 6}, "time_s": 64.7}})");
}

// The data-value of the element with id `id`, NaN when there is none.
double ValueOfId(const std::string& html, const std::string& id) {
  std::smatch m;
  const std::regex re("id=\"" + id + "\"[^>]*data-value=\"([^\"]*)\"");
  return std::regex_search(html, m, re) ? std::strtod(m[1].str().c_str(), nullptr) : NAN;
}

// The row of class `cls` (its <tr> element's text up to </tr>).
std::string Row(const std::string& html, const std::string& cls) {
  const size_t at = html.find("<tr data-class=\"" + cls + "\"");
  if (at == std::string::npos) return "";
  return html.substr(at, html.find("</tr>", at) - at);
}

// The data-value of column `key` in `row`, NaN when there is none.
double Cell(const std::string& row, const std::string& key) {
  std::smatch m;
  const std::regex re("data-key=\"" + key + "\"[^>]*data-value=\"([^\"]*)\"");
  return std::regex_search(row, m, re) ? std::strtod(m[1].str().c_str(), nullptr) : NAN;
}

TEST(SummaryHtmlTest, TotalsCarryTheSummaryNumbers) {
  const std::string html = SummaryHtml(Summary());
  EXPECT_EQ(ValueOfId(html, "total-classes"), 3);
  EXPECT_EQ(ValueOfId(html, "total-generated"), 1);
  EXPECT_EQ(ValueOfId(html, "total-failed"), 1);
  EXPECT_EQ(ValueOfId(html, "total-tests"), 20);
  EXPECT_EQ(ValueOfId(html, "total-dropped_tests"), 1);
  EXPECT_NEAR(ValueOfId(html, "total-branch_pct"), 100.0 * 10 / 12, 1e-9);
  EXPECT_NEAR(ValueOfId(html, "total-line_pct"), 100.0 * 30 / 33, 1e-9);
  EXPECT_NEAR(ValueOfId(html, "total-mutation_pct"), 100.0 * 5 / 7, 1e-9);
  EXPECT_NEAR(ValueOfId(html, "total-strong_pct"), 50.0, 1e-9);
  EXPECT_NEAR(Cell(Row(html, "a.b.C"), "strong_pct"), 50.0, 1e-9);
  EXPECT_EQ(ValueOfId(html, "total-time_s"), 64.7);
  EXPECT_EQ(ValueOfId(html, "total-wall_s"), 123.4);
  EXPECT_NE(html.find("83.3% (10/12)"), std::string::npos);
  EXPECT_NE(html.find("jtestgen 1.2"), std::string::npos);
  EXPECT_NE(html.find("jobs 2"), std::string::npos);
}

TEST(SummaryHtmlTest, OneRowPerClassWithItsFigures) {
  const std::string html = SummaryHtml(Summary(), "../proj/");
  const std::string c = Row(html, "a.b.C");
  ASSERT_FALSE(c.empty());
  EXPECT_EQ(Cell(c, "tests"), 12);
  EXPECT_EQ(Cell(c, "dropped"), 1);
  EXPECT_EQ(Cell(c, "branches"), 10);
  EXPECT_NE(c.find("data-total=\"12\""), std::string::npos);
  EXPECT_NEAR(Cell(c, "line_pct"), 100.0 * 30 / 33, 1e-9);
  EXPECT_EQ(Cell(c, "mutants"), 5);
  EXPECT_EQ(Cell(c, "time_s"), 61.2);
  EXPECT_NE(c.find("not built: java.io.File"), std::string::npos);
  EXPECT_NE(c.find("href=\"../proj/a/b/CJtgTest.java\""), std::string::npos);
  EXPECT_NE(c.find("href=\"../proj/.jtestgen/a.b.C/jtestgen-report.json\""), std::string::npos);
  // Missing figures are a dash without data-value, never 0.
  const std::string e = Row(html, "a.b.E");
  EXPECT_EQ(Cell(e, "tests"), 8);
  EXPECT_TRUE(std::isnan(Cell(e, "branches")));
  EXPECT_NE(e.find("\u2013"), std::string::npos);
  EXPECT_NE(html.find("<code>a.b.I</code></td><td>interface"), std::string::npos);
}

TEST(SummaryHtmlTest, AFailedClassShowsItsReason) {
  const std::string d = Row(SummaryHtml(Summary()), "a.b.D");
  ASSERT_FALSE(d.empty());
  EXPECT_NE(d.find("class=\"failed\""), std::string::npos);
  EXPECT_NE(d.find("<div class=\"reason\">worker crashed: &lt;signal 11&gt;</div>"),
            std::string::npos);
}

TEST(SummaryHtmlTest, TextIsEscaped) {
  json s = Summary();
  s["classes"][0]["class"] = "a.<script>alert(1)</script>\"&";
  s["classes"][0]["blamed"] = json::array({"<img src=x onerror=alert(1)>"});
  s["classes"][0]["test_file"] = "javascript:alert(1)";
  s["not_testable"][0]["reason"] = "<b>bold</b>";
  s["version"] = "<v>";
  const std::string html = SummaryHtml(s);
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>bold"), std::string::npos);
  EXPECT_EQ(html.find("<v>"), std::string::npos);
  EXPECT_EQ(html.find("href=\"javascript:"), std::string::npos);
  EXPECT_NE(html.find("a.&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;"), std::string::npos);
  EXPECT_NE(html.find("&lt;b&gt;bold&lt;/b&gt;"), std::string::npos);
  // The page's own script is the only one, and it needs nothing from outside.
  EXPECT_EQ(html.find("<script"), html.rfind("<script"));
  EXPECT_EQ(html.find("src=\""), std::string::npos);
  EXPECT_EQ(html.find("http"), std::string::npos);
}

TEST(SummaryHtmlTest, PerfSummariesHaveThePerfColumns) {
  json s = Summary();
  s["command"] = "perf";
  s["classes"][0]["findings"] = 3;
  s["classes"][0]["likely_bugs"] = 1;
  s["classes"][0]["perf_report"] = ".jtestgen/a.b.C/perf-report.html";
  s["totals"]["findings"] = 3;
  s["totals"]["likely_bugs"] = 1;
  const std::string html = SummaryHtml(s);
  EXPECT_NE(html.find("<th data-key=\"findings\""), std::string::npos);
  EXPECT_NE(html.find("<th data-key=\"likely_bugs\""), std::string::npos);
  EXPECT_EQ(html.find("data-key=\"branch_pct\""), std::string::npos);
  EXPECT_EQ(html.find("id=\"total-branch_pct\""), std::string::npos);
  const std::string c = Row(html, "a.b.C");
  EXPECT_EQ(Cell(c, "findings"), 3);
  EXPECT_EQ(Cell(c, "likely_bugs"), 1);
  EXPECT_NE(c.find("href=\".jtestgen/a.b.C/perf-report.html\""), std::string::npos);
  EXPECT_EQ(ValueOfId(html, "total-likely_bugs"), 1);
  EXPECT_NE(html.find("jtestgen perf: project summary"), std::string::npos);
}

TEST(SummaryHtmlTest, AnEmptyObjectStillMakesAPage) {
  const std::string html = SummaryHtml(json::object());
  EXPECT_NE(html.find("<table id=\"classes\">"), std::string::npos);
  EXPECT_NE(html.find("id=\"total-classes\" class=\"num\">\u2013<"), std::string::npos);
  EXPECT_NE(SummaryHtml(json::array()).find("</html>"), std::string::npos);
}

}  // namespace
}  // namespace jtg::project
