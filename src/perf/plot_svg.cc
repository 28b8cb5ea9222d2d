#include "perf/plot_svg.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "report/source_page.h"

namespace jtg::perf {

namespace {

constexpr double kPanelW = 360, kPanelH = 280, kTop = 34;        // a panel below the title
constexpr double kLeft = 62, kRight = 14, kUp = 34, kDown = 44;  // plot area margins
constexpr const char* kColors[] = {"#1f5fa8", "#c2410c"};

std::string F(double v) {  // SVG coordinate
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string TickLabel(double v) {
  char buf[32];
  if (v >= 1e9) {
    std::snprintf(buf, sizeof buf, "%gG", v / 1e9);
  } else if (v >= 1e6) {
    std::snprintf(buf, sizeof buf, "%gM", v / 1e6);
  } else if (v >= 1e3) {
    std::snprintf(buf, sizeof buf, "%gk", v / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%g", v);
  }
  return buf;
}

// A log axis over [lo, hi] (both > 0), mapped to [from, to] in pixels.
struct LogAxis {
  double lo, hi, from, to;
  double Map(double v) const {
    return from + (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)) * (to - from);
  }
  // Decades in range; with fewer than 2 of them, 2x and 5x multiples too.
  std::vector<double> Ticks() const {
    std::vector<double> out;
    for (int pass = 0; pass < 2 && out.size() < 2; ++pass) {
      out.clear();
      for (int k = static_cast<int>(std::floor(std::log10(lo)));
           k <= static_cast<int>(std::ceil(std::log10(hi))); ++k) {
        for (double m : pass == 0 ? std::vector<double>{1} : std::vector<double>{1, 2, 5}) {
          const double v = m * std::pow(10.0, k);
          if (v >= lo && v <= hi) out.push_back(v);
        }
      }
    }
    return out;
  }
};

LogAxis AxisOver(const std::vector<double>& v, double from, double to) {
  double lo = *std::min_element(v.begin(), v.end());
  double hi = *std::max_element(v.begin(), v.end());
  if (hi / lo < 4) {  // widen narrow ranges so ticks and slope stay readable
    const double mid = std::sqrt(lo * hi);
    lo = std::min(lo, mid / 2);
    hi = std::max(hi, mid * 2);
  }
  return {lo / 1.2, hi * 1.2, from, to};
}

void Text(std::string* svg, double x, double y, const std::string& anchor, const std::string& s,
          const std::string& extra = "") {
  *svg += "<text x=\"" + F(x) + "\" y=\"" + F(y) + "\" text-anchor=\"" + anchor + "\"" + extra +
          ">" + report::HtmlEscape(s) + "</text>\n";
}

void Panel(std::string* svg, const PlotSeries& s, double x0, const char* color) {
  const double left = x0 + kLeft, right = x0 + kPanelW - kRight;
  const double top = kTop + kUp, bottom = kTop + kPanelH - kDown;
  *svg += "<g class=\"panel\">\n";
  Text(svg, x0 + kPanelW / 2, kTop + 18, "middle", s.label + " against input size",
       " font-weight=\"bold\"");
  std::vector<double> xs, ys;
  for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (s.x[i] > 0 && s.y[i] > 0) {
      xs.push_back(s.x[i]);
      ys.push_back(s.y[i]);
    }
  }
  *svg += "<rect x=\"" + F(left) + "\" y=\"" + F(top) + "\" width=\"" + F(right - left) +
          "\" height=\"" + F(bottom - top) + "\" fill=\"none\" stroke=\"#888\"/>\n";
  if (xs.size() < 2) {
    Text(svg, (left + right) / 2, (top + bottom) / 2, "middle", "not measured");
    *svg += "</g>\n";
    return;
  }
  const LogAxis ax = AxisOver(xs, left, right), ay = AxisOver(ys, bottom, top);
  for (double t : ax.Ticks()) {
    const double x = ax.Map(t);
    *svg += "<line class=\"grid\" x1=\"" + F(x) + "\" y1=\"" + F(top) + "\" x2=\"" + F(x) +
            "\" y2=\"" + F(bottom + 4) + "\" stroke=\"#ddd\"/>\n";
    Text(svg, x, bottom + 16, "middle", TickLabel(t));
  }
  for (double t : ay.Ticks()) {
    const double y = ay.Map(t);
    *svg += "<line class=\"grid\" x1=\"" + F(left - 4) + "\" y1=\"" + F(y) + "\" x2=\"" + F(right) +
            "\" y2=\"" + F(y) + "\" stroke=\"#ddd\"/>\n";
    Text(svg, left - 6, y + 4, "end", TickLabel(t));
  }
  Text(svg, (left + right) / 2, bottom + 34, "middle", "input size (elements, log scale)");
  Text(svg, x0 + 14, (top + bottom) / 2, "middle", s.label + " (log scale)",
       " transform=\"rotate(-90 " + F(x0 + 14) + " " + F((top + bottom) / 2) + ")\"");
  std::string legend = "measured";
  if (s.exponent) {
    const double b = *s.exponent, ln_c = FitIntercept(xs, ys, b);
    auto fit = [&](double x) { return std::exp(ln_c + b * std::log(x)); };
    // The fitted line over the plotted x range, clipped to the plot area.
    std::string d;
    const double x_lo = ax.lo, x_hi = ax.hi;
    for (double x : {x_lo, x_hi}) {
      const double y = std::clamp(fit(x), ay.lo, ay.hi);
      const double xc =
          std::abs(b) < 1e-9 ? x : std::clamp(std::exp((std::log(y) - ln_c) / b), x_lo, x_hi);
      d += (d.empty() ? "M " : " L ") + F(ax.Map(xc)) + " " + F(ay.Map(y));
    }
    *svg += "<path class=\"fit\" d=\"" + d + "\" stroke=\"" + color +
            "\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\" fill=\"none\"/>\n";
    char buf[64];
    std::snprintf(buf, sizeof buf, "fitted line: exponent %.2f", b);
    legend = buf;
  }
  for (size_t i = 0; i < xs.size(); ++i) {
    *svg += "<circle class=\"point\" cx=\"" + F(ax.Map(xs[i])) + "\" cy=\"" + F(ay.Map(ys[i])) +
            "\" r=\"3.5\" fill=\"" + color + "\"><title>" +
            report::HtmlEscape(TickLabel(xs[i]) + " elements: " + TickLabel(ys[i])) +
            "</title></circle>\n";
  }
  *svg += "<circle cx=\"" + F(left + 12) + "\" cy=\"" + F(top + 12) + "\" r=\"3.5\" fill=\"" +
          color + "\"/>\n";
  Text(svg, left + 24, top + 16, "start", "measured", " class=\"legend\"");
  if (s.exponent) {
    *svg += "<line x1=\"" + F(left + 4) + "\" y1=\"" + F(top + 27) + "\" x2=\"" + F(left + 20) +
            "\" y2=\"" + F(top + 27) + "\" stroke=\"" + color +
            "\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"/>\n";
    Text(svg, left + 24, top + 31, "start", legend, " class=\"legend\"");
  }
  *svg += "</g>\n";
}

std::string Sanitize(const std::string& s) {
  std::string out;
  for (char c : s)
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-') ? c : '_';
  return out;
}

}  // namespace

double FitIntercept(const std::vector<double>& x, const std::vector<double>& y, double b) {
  double sum = 0;
  int n = 0;
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (x[i] > 0 && y[i] > 0) {
      sum += std::log(y[i]) - b * std::log(x[i]);
      ++n;
    }
  }
  return n > 0 ? sum / n : 0;
}

bool HasPlot(const Finding& f) {
  auto positive = [&](const std::vector<double>& y) {
    int n = 0;
    for (size_t i = 0; i < f.sizes.size() && i < y.size(); ++i) n += f.sizes[i] > 0 && y[i] > 0;
    return n >= 2;
  };
  return positive(f.iterations) || positive(f.times_ms);
}

std::string PlotFileName(int rank, const Finding& f) {
  std::string cls = f.cls.substr(f.cls.rfind('.') + 1);
  return std::to_string(rank) + "-" + Sanitize(cls + "." + f.method.substr(0, f.method.find('('))) +
         ".svg";
}

std::string PlotSvg(const std::string& title, const std::vector<PlotSeries>& series) {
  const double width = kPanelW * static_cast<double>(std::max<size_t>(1, series.size()));
  const double height = kTop + kPanelH;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + F(width) +
                    "\" height=\"" + F(height) + "\" viewBox=\"0 0 " + F(width) + " " + F(height) +
                    "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  svg += "<title>" + report::HtmlEscape(title) + "</title>\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  Text(&svg, width / 2, 20, "middle", title, " font-size=\"13\"");
  for (size_t i = 0; i < series.size(); ++i) {
    Panel(&svg, series[i], kPanelW * static_cast<double>(i), kColors[i % 2]);
  }
  return svg + "</svg>\n";
}

std::string FindingPlotSvg(const std::string& title, const Finding& f,
                           std::optional<double> time_exponent) {
  return PlotSvg(title, {{"loop iterations", f.sizes, f.iterations, f.exponent},
                         {"time (ms)", f.sizes, f.times_ms, time_exponent}});
}

}  // namespace jtg::perf
