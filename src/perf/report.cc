#include "perf/report.h"

#include <cstdio>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "common/version.h"
#include "jvm/java_home.h"
#include "nlohmann/json.hpp"

namespace jtg::perf {

using Json = nlohmann::ordered_json;

std::string ReportJson(const PerfReport& r) {
  Json j;
  j["class"] = r.cls;
  j["budget_s"] = r.budget_s;
  j["mu"] = r.mu;
  Json findings = Json::array();
  for (const Finding& f : r.findings) {
    Json o;
    o["class"] = f.cls;
    o["method"] = f.method;
    o["kind"] = KindName(f.kind);
    o["status"] = StatusName(f.status);
    o["reason"] = f.reason;
    Json loops = Json::array();
    for (const LoopRefOut& l : f.loops) {
      loops.push_back({{"method", l.method}, {"line", l.line}, {"depth", l.depth}});
    }
    o["loops"] = loops;
    o["input_pattern"] = f.input_pattern;
    o["sizes"] = f.sizes;
    o["iterations"] = f.iterations;
    o["times_ms"] = f.times_ms;
    o["exponent"] = f.exponent ? Json(*f.exponent) : Json(nullptr);
    o["max_iterations"] = f.max_iterations;
    o["test"] = f.test ? Json(*f.test) : Json(nullptr);
    if (!f.loop_inputs.empty()) o["loop_inputs"] = f.loop_inputs;  // after the contract's keys
    if (f.reads) {  // beyond the contract's keys, after them
      const ReadRedundancy& rr = *f.reads;
      o["repeated_reads"] = {{"applicable", rr.applicable},
                             {"similar", rr.similar},
                             {"n", rr.n},
                             {"executions", rr.executions},
                             {"analysed", rr.analysed},
                             {"iterations_per_execution", rr.iterations_per_execution},
                             {"repeated", rr.repeated},
                             {"repeated_fraction", rr.repeated_fraction},
                             {"site", rr.site},
                             {"summary", rr.summary}};
    }
    findings.push_back(std::move(o));
  }
  j["findings"] = findings;
  Json skipped = Json::array();
  for (const Skipped& s : r.skipped)
    skipped.push_back({{"method", s.method}, {"reason", s.reason}});
  j["skipped"] = skipped;
  if (!r.phases_s.empty()) {
    Json phases;
    for (const auto& [name, seconds] : r.phases_s) phases[name] = seconds;
    j["phases_s"] = phases;  // beyond the contract's keys, after them
  }
  j["version"] = std::string(Version());  // the binary that made the report
  j["jdk"] = jvm::JdkInUse();             // and the JDK it ran on
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

namespace {
std::string Num(double v) {
  char buf[64];
  if (v == static_cast<double>(static_cast<long long>(v)) && v < 1e15) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  }
  return buf;
}
}  // namespace

std::string ReportMarkdown(const PerfReport& r) {
  std::string md = "# jtestgen perf: " + r.cls + "\n\n";
  md += "Made by " + std::string(Version()) + " on " + jvm::JdkInUse() + ".\n\n";
  md += "Budget " + Num(r.budget_s) + " s, mu = " + std::to_string(r.mu) + ". " +
        std::to_string(r.findings.size()) + " finding(s), " + std::to_string(r.skipped.size()) +
        " method(s) skipped.\n";
  if (!r.phases_s.empty()) {
    md += "Wall-clock seconds per phase:";
    for (const auto& [name, seconds] : r.phases_s) {
      char buf[64];
      std::snprintf(buf, sizeof buf, " %s %.1f;", name.c_str(), seconds);
      md += buf;
    }
    md.back() = '.';
    md += "\n";
  }
  for (const Finding& f : r.findings) {
    md += "\n## " + f.cls + "." + f.method + ": " + std::string(KindName(f.kind)) + " (" +
          std::string(StatusName(f.status)) + ")\n\n";
    md += "- Reason: " + f.reason + "\n";
    md += "- Loops:\n";
    for (const LoopRefOut& l : f.loops) {
      md += "  - " + l.method + ", line " + std::to_string(l.line) + ", depth " +
            std::to_string(l.depth) + "\n";
    }
    md += "- Input pattern: " + f.input_pattern + "\n";
    if (!f.loop_inputs.empty()) md += "- Loops over inputs: " + f.loop_inputs + "\n";
    md += "- Growth exponent of the iterations: " + (f.exponent ? Num(*f.exponent) : "-") +
          "; most iterations of one loop execution: " + Num(f.max_iterations) + "\n";
    if (f.reads) {
      md += "- Repeated reads (Toddler's oracle): " +
            std::string(!f.reads->applicable ? "not judged"
                        : f.reads->similar   ? "similar"
                                             : "not similar") +
            "; " + f.reads->summary + "\n";
    }
    md += "- Test: " + (f.test ? *f.test : std::string("not written")) + "\n\n";
    md += "| size | iterations | time (ms) |\n|---:|---:|---:|\n";
    for (size_t i = 0; i < f.sizes.size(); ++i) {
      md += "| " + Num(f.sizes[i]) + " | " +
            (i < f.iterations.size() ? Num(f.iterations[i]) : "-") + " | " +
            (i < f.times_ms.size() ? Num(f.times_ms[i]) : "-") + " |\n";
    }
  }
  if (!r.skipped.empty()) {
    md += "\n## Skipped\n\n";
    for (const Skipped& s : r.skipped) md += "- " + s.method + ": " + s.reason + "\n";
  }
  return md;
}

Status WriteReport(const PerfReport& r, const std::string& dir) {
  for (const auto& [name, text] : {std::pair{std::string("perf-report.json"), ReportJson(r)},
                                   std::pair{std::string("perf-report.md"), ReportMarkdown(r)}}) {
    std::string path = absl::StrCat(dir, "/", name);
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) return absl::InternalError("cannot write " + path);
  }
  return absl::OkStatus();
}

}  // namespace jtg::perf
