// The perf report's plots (perf/plot_svg.h): well-formed SVG, the fitted line and its exponent,
// points placed monotonically on log-log axes, escaped names, file names.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "perf/plot_svg.h"

namespace jtg::perf {
namespace {

// ListUtils.subtract as measured on commons-collections 3 (bench/perf-reports).
Finding Subtract() {
  Finding f;
  f.cls = "org.apache.commons.collections.ListUtils";
  f.method = "subtract(java.util.List,java.util.List)";
  f.kind = FindingKind::kRedundantTraversal;
  f.sizes = {257, 513, 1025, 2049};
  f.iterations = {16512, 65792, 262656, 1049600};
  f.times_ms = {0.006742, 0.0208, 0.085724, 0.326974};
  f.exponent = 2.0;
  return f;
}

// The numbers of attribute `name` in every element of `tag` in `svg`, in order.
std::vector<double> Attr(const std::string& svg, const std::string& tag, const std::string& name) {
  std::vector<double> out;
  for (size_t at = svg.find("<" + tag); at != std::string::npos; at = svg.find("<" + tag, at + 1)) {
    const size_t end = svg.find('>', at);
    const size_t a = svg.find(" " + name + "=\"", at);
    if (a < end) out.push_back(std::atof(svg.c_str() + a + name.size() + 3));
  }
  return out;
}

TEST(PerfPlot, SvgHasPointsFittedLineAndEscapedNames) {
  const Finding f = Subtract();
  const std::string svg = FindingPlotSvg("1. Foo.<init>(List) & co", f, 1.86);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("</svg>\n"), std::string::npos);
  EXPECT_NE(svg.find("1. Foo.&lt;init&gt;(List) &amp; co"), std::string::npos);
  EXPECT_EQ(svg.find("<init>"), std::string::npos);
  EXPECT_EQ(std::count(svg.begin(), svg.end(), '<'), std::count(svg.begin(), svg.end(), '>'));
  EXPECT_NE(svg.find("exponent 2.00"), std::string::npos);
  EXPECT_NE(svg.find("exponent 1.86"), std::string::npos);
  // Two fitted lines, rising to the right (SVG y grows downwards).
  size_t fits = 0;
  const std::string fit = "class=\"fit\" d=\"M ";
  for (size_t at = svg.find(fit); at != std::string::npos; at = svg.find(fit, at + 1)) {
    double x1, y1, x2, y2;
    ASSERT_EQ(std::sscanf(svg.c_str() + at + fit.size(), "%lf %lf L %lf %lf", &x1, &y1, &x2, &y2),
              4);
    EXPECT_LT(x1, x2);
    EXPECT_GT(y1, y2);
    ++fits;
  }
  EXPECT_EQ(fits, 2u);
  // Points: 4 per panel, x increasing with size and y rising with the values.
  std::vector<double> cx = Attr(svg, "circle class=\"point\"", "cx");
  std::vector<double> cy = Attr(svg, "circle class=\"point\"", "cy");
  ASSERT_EQ(cx.size(), 8u);
  for (size_t panel = 0; panel < 2; ++panel) {
    for (size_t i = panel * 4 + 1; i < panel * 4 + 4; ++i) {
      EXPECT_GT(cx[i], cx[i - 1]);
      EXPECT_LT(cy[i], cy[i - 1]);
    }
  }
  EXPECT_EQ(PlotFileName(3, f), "3-ListUtils.subtract.svg");
  Finding init = f;
  init.method = "<init>(java.util.List)";
  EXPECT_EQ(PlotFileName(1, init), "1-ListUtils._init_.svg");
}

TEST(PerfPlot, UntimedFindingSaysNotMeasured) {
  Finding f = Subtract();
  f.times_ms.clear();
  const std::string svg = FindingPlotSvg("t", f, std::nullopt);
  EXPECT_NE(svg.find("not measured"), std::string::npos);
  EXPECT_TRUE(HasPlot(f));
  f.sizes = {1024};
  EXPECT_FALSE(HasPlot(f));
}

}  // namespace
}  // namespace jtg::perf
