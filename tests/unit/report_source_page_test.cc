// report/source_page.h: the HTML report's source-line pages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "instrument_test_util.h"
#include "report/source_page.h"

namespace jtg::report {
namespace {

TEST(ReportSourcePageTest, LinesAreColouredByStatusAndEscaped) {
  const std::string text =
      "class A {\n  int f(int x) { return x < 0 ? 1 : 2; }\n  void g() {}\n}\n";
  std::map<int, LineCounts> lines;
  lines[2] = {.mi = 0, .ci = 5, .mb = 1, .cb = 1};  // partly: one branch missed
  lines[3] = {.mi = 1, .ci = 0};                    // missed
  lines[4] = {.mi = 0, .ci = 2};                    // covered
  const std::string page = SourcePage("p/A.java", text, lines);
  EXPECT_NE(page.find("<span id=\"L1\"><span class=\"ln\">1</span>class A {</span>"),
            std::string::npos);
  EXPECT_NE(page.find("<span id=\"L2\" class=\"pc\" title=\"1 of 2 branches missed.\">"),
            std::string::npos);
  EXPECT_NE(page.find("x &lt; 0"), std::string::npos);  // escaped
  EXPECT_EQ(page.find("x < 0"), std::string::npos);
  EXPECT_NE(page.find("<span id=\"L3\" class=\"nc\">"), std::string::npos);
  EXPECT_NE(page.find("<span id=\"L4\" class=\"fc\">"), std::string::npos);
  EXPECT_EQ(page.find("id=\"L5\""), std::string::npos);  // no line past the last newline
  EXPECT_EQ(page.find("beyond the end"), std::string::npos);
}

TEST(ReportSourcePageTest, LinesPastTheEndOfTheFileAreListedAfterIt) {
  std::map<int, LineCounts> lines;
  lines[9] = {.mi = 0, .ci = 1};
  const std::string page = SourcePage("A.java", "one line\n", lines);
  EXPECT_NE(page.find("beyond the end"), std::string::npos);
  EXPECT_NE(page.find("<span id=\"L9\" class=\"fc\">"), std::string::npos);
}

TEST(ReportSourcePageTest, SourcesAreFoundUnderTheFirstRootThatHasThem) {
  testutil::TempDir a("srcpage-a"), b("srcpage-b");
  std::filesystem::create_directories(b.path() / "p/q");
  std::ofstream(b.path() / "p/q/A.java") << "class A {}\n";
  const std::vector<std::string> roots = {a.path().string(), b.path().string()};
  auto found = FindSource(roots, "p/q", "A.java");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(*found, (b.path() / "p/q/A.java").string());
  EXPECT_FALSE(FindSource(roots, "p", "A.java").has_value());
  EXPECT_FALSE(FindSource(roots, "p/q", "").has_value());
  EXPECT_EQ(SourcePageName("p/q", "A.java"), "src.p.q.A.java.html");
  EXPECT_EQ(SourcePageName("", "A.java"), "src.A.java.html");
  auto text = ReadSource(*found);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*text, "class A {}\n");
  EXPECT_FALSE(ReadSource((a.path() / "missing.java").string()).ok());
}

}  // namespace
}  // namespace jtg::report
