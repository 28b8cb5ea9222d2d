// Plots of `jtestgen perf`'s report (issue 25): per finding, loop iterations and time (ms)
// against input size (elements) on log-log axes, as a self-contained SVG document written
// by hand (two panels: measured points, the fitted power law as a straight line, its
// exponent in the legend, decade ticks with labels). Text is XML-escaped.
// Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "perf/finding.h"

namespace jtg::perf {

// Whether `f` can be plotted: at least 2 sizes with positive iterations or times.
bool HasPlot(const Finding& f);

// The file name of finding `rank`'s plot: "3-ListUtils.subtract.svg" (characters outside
// [A-Za-z0-9._-] become '_'). Relative to the perf-plots directory.
std::string PlotFileName(int rank, const Finding& f);

// One panel's data: y against x, with the exponent of the fit to draw (none: points only).
struct PlotSeries {
  std::string label;  // y axis: "loop iterations", "time (ms)"
  std::vector<double> x, y;
  std::optional<double> exponent;
};

// The SVG document: a title line and one panel per series with at least 2 positive points
// (a panel says "not measured" otherwise).
std::string PlotSvg(const std::string& title, const std::vector<PlotSeries>& series);

// The two panels of `f`: iterations (Finding::exponent) and time (`time_exponent`).
std::string FindingPlotSvg(const std::string& title, const Finding& f,
                           std::optional<double> time_exponent);

// y = c * x^b through the points (least squares on ln c with b fixed): ln c.
double FitIntercept(const std::vector<double>& x, const std::vector<double>& y, double b);

}  // namespace jtg::perf
