#include "perf/report_wording.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace jtg::perf {

namespace {

std::string Printf(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// `v` rounded to `digits` significant digits.
double Significant(double v, int digits) {
  if (v <= 0) return 0;
  const double scale = std::pow(10.0, digits - 1 - static_cast<int>(std::floor(std::log10(v))));
  return std::round(v * scale) / scale;
}

// 0.33, 4.1, 40, 330: at most `digits` significant digits, no trailing zeros.
std::string Short(double v, int digits) {
  v = Significant(v, digits);
  if (v >= std::pow(10.0, digits - 1)) return FormatCount(v);
  std::string s = Printf("%.6f", v);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string Join(const std::vector<std::string>& words) {
  std::string out;
  for (size_t k = 0; k < words.size(); ++k) {
    out += (k == 0 ? "" : k + 1 == words.size() ? " and " : ", ") + words[k];
  }
  return out;
}

std::vector<std::string> SplitLabels(std::string_view s) {
  std::vector<std::string> out;
  std::string text(s);
  for (std::string_view sep : {std::string_view(", "), std::string_view(" and ")}) {
    size_t at;
    while ((at = text.find(sep)) != std::string::npos) text.replace(at, sep.size(), "\x1f");
  }
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\x1f', start);
    std::string label = text.substr(start, end == std::string::npos ? end : end - start);
    if (size_t note = label.find(" (built from"); note != std::string::npos) label.resize(note);
    if (!label.empty()) out.push_back(label == "receiver" ? "the receiver" : label);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

std::string Size(const std::string& label) {
  return label == "the receiver" ? "|receiver|" : "|" + label + "|";
}

// "O(|arg1|·|arg2|)" (a product: the factors in name order); "O(|arg2|²)" when both are the
// same input.
std::string BigO(const std::vector<std::string>& walks, const std::vector<std::string>& per) {
  if (walks.size() == 1 && per.size() == 1 && walks[0] == per[0]) {
    return "O(" + Size(walks[0]) + "\xC2\xB2)";
  }
  std::vector<std::string> terms;
  for (const auto* side : {&walks, &per}) {
    std::string term;
    for (const std::string& l : *side) term += (term.empty() ? "" : " + ") + Size(l);
    terms.push_back(side->size() > 1 ? "(" + term + ")" : term);
  }
  std::sort(terms.begin(), terms.end());
  return "O(" + terms[0] + "\xC2\xB7" + terms[1] + ")";
}

// "1,024 elements per input (2,049 in all) take 0.33 ms, 100,000 per input would take about
// 2 s"; `inputs` is the number of distinct inputs the sentence names.
std::string CostClause(const Extrapolation& e, size_t inputs, int mu) {
  const bool per_input = e.units > 1 && static_cast<double>(inputs) == e.units;
  std::string measured_size, target_size;
  if (e.units == 1) {
    measured_size = FormatCount(e.measured_size) + " elements";
    target_size = FormatCount(e.target_size);
  } else if (per_input) {
    measured_size = "about " + FormatCount(mu) + " elements per input (" +
                    FormatCount(e.measured_size) + " in all)";
    target_size = FormatCount(kRealisticPerInput) + " per input";
  } else {
    // The test builds more than one input of about mu elements (or copies): scale them all.
    measured_size = FormatCount(e.measured_size) + " input elements in all";
    target_size = Short(e.target_size / e.measured_size, 1) + " times as many (about " +
                  FormatCount(Significant(e.target_size, 2)) + ")";
  }
  if (e.time) {
    return measured_size + " take " + FormatMs(e.measured) + ", " + target_size + " would take " +
           FormatApproxDuration(e.estimate);
  }
  return measured_size + " make " + FormatCount(e.measured) + " loop iterations, " + target_size +
         " would make " + FormatApproxCount(e.estimate);
}

const LoopClause* Clause(const std::vector<LoopClause>& clauses, std::string_view role) {
  for (const LoopClause& c : clauses) {
    if (c.role == role) return &c;
  }
  return nullptr;
}

size_t DistinctInputs(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> all = a;
  all.insert(all.end(), b.begin(), b.end());
  std::sort(all.begin(), all.end());
  return static_cast<size_t>(std::unique(all.begin(), all.end()) - all.begin());
}

std::string NestedSentence(const RankedFinding& r, int mu) {
  const Finding& f = r.finding;
  const std::vector<LoopClause> clauses = ParseLoopInputs(f.loop_inputs);
  const LoopClause* inner = Clause(clauses, "the inner loop");
  const LoopClause* outer = Clause(clauses, "the outer loop");
  std::vector<std::string> walks = inner ? inner->walks : std::vector<std::string>{};
  std::vector<std::string> per = inner ? inner->per : std::vector<std::string>{};
  std::string what;
  if (!walks.empty() && !per.empty()) {
    what = "scans " + Join(walks) + " once per element of " + Join(per);
  } else if (!walks.empty() && outer && !outer->walks.empty()) {
    per = outer->walks;
    what = "scans " + Join(walks) + " inside a loop over " + Join(per);
  } else if (!walks.empty()) {
    what = "scans " + Join(walks) + " again inside another loop";
  } else if (!per.empty()) {
    what = "runs an inner loop once per element of " + Join(per);
  } else if (outer && !outer->walks.empty()) {
    what = "runs an inner loop inside a loop over " + Join(outer->walks);
  } else {
    what = "runs a loop inside another loop";
  }
  std::string where;
  if (f.loops.size() >= 2) {
    const LoopRefOut& in = f.loops.back();
    const LoopRefOut& out = f.loops.front();
    where = in.method == out.method
                ? " (the loop at " + LoopPlace(in) + " inside the loop at " + LoopPlace(out) + ")"
                : " (the loop in `" + LoopMethodShort(in.method) + "`, reached from the loop at " +
                      LoopPlace(out) + ")";
  }
  std::string growth;
  if (!walks.empty() && !per.empty() && r.category == Category::kLikelyBug) {
    growth = BigO(walks, per);
  } else if (f.exponent) {
    growth = GrowthWords(*f.exponent) + " growth of the iterations";
  }
  std::string s = "`" + DisplayMethod(f.cls, f.method) + "` " + what + where;
  if (!growth.empty()) s += ": " + growth;
  if (r.category == Category::kStressTest) {
    s += " (not faster than the input grows)";
  } else if (r.estimate) {
    s += "; " + CostClause(*r.estimate, DistinctInputs(walks, per), mu);
  }
  return s;
}

std::string LongLoopSentence(const RankedFinding& r, int mu) {
  const Finding& f = r.finding;
  const std::vector<LoopClause> clauses = ParseLoopInputs(f.loop_inputs);
  const LoopClause* c = clauses.empty() ? nullptr : &clauses.back();
  std::string s = "`" + DisplayMethod(f.cls, f.method) + "` runs a loop";
  if (!f.loops.empty()) s += " (" + LoopPlace(f.loops.back()) + ")";
  if (c && !c->walks.empty()) s += " once per element of " + Join(c->walks);
  if (!f.sizes.empty()) {
    // Input size counts every element the test builds; say so unless it is the loop's count.
    const double size = *std::max_element(f.sizes.begin(), f.sizes.end());
    s += ": " + FormatCount(f.max_iterations) + " iterations";
    s += std::abs(size - f.max_iterations) <= 0.05 * size
             ? " for " + FormatCount(size) + " elements"
             : " in the largest test, which builds " + FormatCount(size) + " input elements";
  }
  if (f.exponent) s += " (" + GrowthWords(*f.exponent) + ")";
  if (r.category == Category::kLikelyBug) {
    if (r.time_exponent && (!f.exponent || *f.exponent < kSuperLinearExponent)) {
      s += ", but its time grows faster (" + GrowthWords(*r.time_exponent) + ")";
    }
    if (r.estimate) {
      s += "; " + CostClause(*r.estimate, c ? DistinctInputs(c->walks, {}) : 0, mu);
    }
  }
  return s;
}

}  // namespace

std::string SimpleClass(std::string_view binary_name) {
  std::string s(binary_name.substr(binary_name.rfind('.') + 1));
  std::replace(s.begin(), s.end(), '$', '.');
  return s;
}

std::string DisplayMethod(std::string_view cls, std::string_view method) {
  const size_t open = method.find('(');
  if (open != std::string_view::npos && method.substr(open, 3) == "().") {
    // A view entry: "values().removeAll(java.util.Collection)".
    const std::string view(method.substr(0, open + 3));
    const std::string rest = DisplayMethod("", method.substr(open + 3));  // ".removeAll(...)"
    return SimpleClass(cls) + "." + view + rest.substr(1);
  }
  std::string out = SimpleClass(cls) + "." + std::string(method.substr(0, open));
  if (open == std::string_view::npos) return out;
  std::string_view params = method.substr(open + 1);
  params = params.substr(0, params.rfind(')'));
  out += "(";
  bool first = true;
  while (!params.empty()) {
    const size_t comma = params.find(',');
    out += (first ? "" : ", ") + SimpleClass(params.substr(0, comma));
    first = false;
    if (comma == std::string_view::npos) break;
    params.remove_prefix(comma + 1);
  }
  return out + ")";
}

std::string LoopMethodShort(std::string_view loop_method) {
  std::string_view head = loop_method.substr(0, loop_method.find('('));
  const size_t dot = head.rfind('.');
  if (dot == std::string_view::npos) return std::string(head);
  return SimpleClass(head.substr(0, dot)) + "." + std::string(head.substr(dot + 1));
}

std::string LoopPlace(const LoopRefOut& loop) {
  if (loop.line <= 0) return LoopMethodShort(loop.method);
  std::string_view head = std::string_view(loop.method).substr(0, loop.method.find('('));
  std::string_view cls = head.substr(0, head.rfind('.'));
  std::string file(cls.substr(cls.rfind('.') + 1));
  file = file.substr(0, file.find('$'));  // nested classes live in the outer class's file
  return file + ".java:" + std::to_string(loop.line);
}

std::vector<LoopClause> ParseLoopInputs(std::string_view text) {
  std::vector<LoopClause> out;
  while (!text.empty()) {
    const size_t end = text.find("; ");
    std::string_view part = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 2);
    const size_t open = part.find(" ("), comma = part.find(", line ", open);
    const size_t close = part.find(") walks ", comma);
    if (open == std::string_view::npos || comma == std::string_view::npos ||
        close == std::string_view::npos) {
      continue;
    }
    LoopClause c;
    c.role = std::string(part.substr(0, open));
    c.where = std::string(part.substr(open + 2, comma - open - 2));
    c.line = std::atoi(std::string(part.substr(comma + 7, close - comma - 7)).c_str());
    std::string_view rest = part.substr(close + 8);
    std::string_view per;
    if (size_t p = rest.find(", once per element of "); p != std::string_view::npos) {
      per = rest.substr(p + 22);
      rest = rest.substr(0, p);
    }
    if (rest != "no sized input") c.walks = SplitLabels(rest);
    c.per = SplitLabels(per);
    out.push_back(std::move(c));
  }
  return out;
}

std::string FormatCount(double v) {
  std::string digits = Printf("%.0f", std::round(std::abs(v)));
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return (v < 0 ? "-" : "") + digits;
}

std::string FormatApproxCount(double v) {
  v = Significant(v, 1);
  if (v >= 1e12) return "about " + Short(v / 1e12, 1) + " trillion";
  if (v >= 1e9) return "about " + Short(v / 1e9, 1) + " billion";
  if (v >= 1e6) return "about " + Short(v / 1e6, 1) + " million";
  return "about " + FormatCount(v);
}

std::string FormatMs(double ms) {
  if (ms >= 60000) return Short(ms / 60000, 2) + " min";
  if (ms >= 1000) return Short(ms / 1000, 2) + " s";
  return Short(ms, 2) + " ms";
}

std::string FormatApproxDuration(double ms) {
  struct Unit {
    double ms;
    const char* name;
  };
  static constexpr Unit kUnits[] = {{365.25 * 86400e3, " years"},
                                    {86400e3, " days"},
                                    {3600e3, " h"},
                                    {60e3, " min"},
                                    {1e3, " s"},
                                    {1, " ms"}};
  for (const Unit& u : kUnits) {
    const double v = Significant(ms / u.ms, 1);
    if (v >= 1 || u.ms == 1) {
      if (v == 1 && (u.ms == 86400e3 || u.ms == 365.25 * 86400e3)) {
        return std::string("about 1 ") + (u.ms == 86400e3 ? "day" : "year");
      }
      return "about " + Short(v, 1) + u.name;
    }
  }
  return "about " + Short(ms, 1) + " ms";
}

std::string GrowthWords(double exponent) {
  if (std::abs(exponent - 1) < 0.2) return "linear";
  if (std::abs(exponent - 2) < 0.2) return "quadratic";
  if (std::abs(exponent - 3) < 0.2) return "cubic";
  return "exponent " + Printf("%.1f", exponent);
}

std::string FindingSentence(const RankedFinding& r, int mu) {
  return r.finding.kind == FindingKind::kRedundantTraversal ? NestedSentence(r, mu)
                                                            : LongLoopSentence(r, mu);
}

}  // namespace jtg::perf
