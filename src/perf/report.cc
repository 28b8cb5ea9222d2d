#include "perf/report.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "common/atomic_file.h"
#include "common/version.h"
#include "jvm/java_home.h"
#include "nlohmann/json.hpp"
#include "perf/fix_hints.h"
#include "perf/plot_svg.h"
#include "perf/report_entries.h"
#include "perf/report_wording.h"

namespace jtg::perf {

using Json = nlohmann::ordered_json;

namespace {

Json OrNull(const std::optional<std::string>& v) { return v ? Json(*v) : Json(nullptr); }
Json OrNull(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

// The contract's keys of one finding, in the contract's order, then its extras.
Json FindingJson(const ReportEntry& e) {
  const Finding& f = e.ranked.finding;
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
  o["exponent"] = OrNull(f.exponent);
  o["max_iterations"] = f.max_iterations;
  o["test"] = OrNull(f.test);
  if (!f.loop_inputs.empty()) o["loop_inputs"] = f.loop_inputs;  // after the contract's keys
  if (f.reads) {
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
  o["rank"] = e.ranked.rank;
  o["category"] = CategoryName(e.ranked.category);
  o["sentence"] = e.sentence;
  o["fix_hint"] = OrNull(e.fix_hint);
  o["time_exponent"] = OrNull(e.ranked.time_exponent);
  if (!f.test_check.empty()) o["test_check"] = f.test_check;
  if (const auto& x = e.ranked.estimate) {
    o["estimate"] = {{"elements", x->target_size}, {x->time ? "ms" : "iterations", x->estimate}};
  } else {
    o["estimate"] = nullptr;
  }
  Json also = Json::array();
  for (const AlsoReached& a : e.ranked.also) {
    also.push_back(
        {{"method", a.entry}, {"test", OrNull(a.test)}, {"status", StatusName(a.status)}});
  }
  o["also_reached_from"] = also;
  o["plot"] = e.plot.empty() ? Json(nullptr) : Json(e.plot);
  return o;
}

Status WriteFile(const std::string& path, const std::string& text) {
  return WriteFileAtomically(path, text);
}

}  // namespace

EntryCounts CountEntries(const std::vector<ReportEntry>& entries) {
  EntryCounts c;
  for (const ReportEntry& e : entries) {
    const bool bug = e.ranked.category == Category::kLikelyBug;
    c.likely_bugs += bug ? 1 : 0;
    c.stress_tests += bug ? 0 : 1;
    c.confirmed += bug && e.ranked.finding.status == FindingStatus::kConfirmed ? 1 : 0;
  }
  return c;
}

std::vector<ReportEntry> ReportEntries(const PerfReport& r) {
  std::vector<ReportEntry> out;
  for (RankedFinding& rf : RankAndMerge(r)) {
    ReportEntry e;
    e.sentence = FindingSentence(rf, r.mu > 0 ? r.mu : 1024);
    e.fix_hint = FixHint(rf.finding);
    if (HasPlot(rf.finding)) {
      e.plot = std::string(kPlotDir) + "/" + PlotFileName(rf.rank, rf.finding);
    }
    e.title = absl::StrCat(rf.rank, ". ", DisplayMethod(rf.finding.cls, rf.finding.method), ": ",
                           rf.category == Category::kLikelyBug ? "likely bug" : "stress test", ", ",
                           std::string(StatusName(rf.finding.status)));
    e.ranked = std::move(rf);
    out.push_back(std::move(e));
  }
  return out;
}

std::string ReportJson(const PerfReport& r) {
  Json j;
  j["class"] = r.cls;
  j["budget_s"] = r.budget_s;
  j["mu"] = r.mu;
  Json findings = Json::array();
  for (const ReportEntry& e : ReportEntries(r)) findings.push_back(FindingJson(e));
  j["findings"] = findings;
  Json skipped = Json::array();
  for (const Skipped& s : r.skipped)
    skipped.push_back({{"method", s.method}, {"reason", s.reason}});
  j["skipped"] = skipped;
  j["dropped_not_involving_class"] = r.dropped_not_involving;  // beyond the contract's keys
  if (!r.phases_s.empty()) {
    Json phases;
    for (const auto& [name, seconds] : r.phases_s) phases[name] = seconds;
    j["phases_s"] = phases;  // beyond the contract's keys, after them
  }
  j["version"] = std::string(Version());  // the binary that made the report
  j["jdk"] = jvm::JdkInUse();             // and the JDK it ran on
  if (r.max_heap_mb > 0) j["max_heap_mb"] = r.max_heap_mb;
  if (r.peak_rss_mb > 0) j["peak_rss_mb"] = r.peak_rss_mb;
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::vector<std::pair<std::string, std::string>> ReportPlots(const PerfReport& r) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const ReportEntry& e : ReportEntries(r)) {
    if (e.plot.empty()) continue;
    out.emplace_back(e.plot, FindingPlotSvg(e.title, e.ranked.finding, e.ranked.time_exponent));
  }
  return out;
}

Status WriteReport(const PerfReport& r, const std::string& dir) {
  namespace fs = std::filesystem;
  for (const auto& [name, text] : {std::pair{std::string("perf-report.json"), ReportJson(r)},
                                   std::pair{std::string("perf-report.md"), ReportMarkdown(r)},
                                   std::pair{std::string("perf-report.html"), ReportHtml(r)}}) {
    JTG_RETURN_IF_ERROR(WriteFile(absl::StrCat(dir, "/", name), text));
  }
  const auto plots = ReportPlots(r);
  const fs::path plot_dir = fs::path(dir) / std::string(kPlotDir);
  std::error_code ec;
  if (!plots.empty()) fs::create_directories(plot_dir, ec);
  if (ec) return absl::InternalError("cannot create " + plot_dir.string() + ": " + ec.message());
  std::set<std::string> written;
  for (const auto& [rel, svg] : plots) {
    const std::string path = (fs::path(dir) / rel).string();
    JTG_RETURN_IF_ERROR(WriteFile(path, svg));
    written.insert(fs::path(path).filename().string());
  }
  // Plots of an earlier write (ranks change as classes are added) would be stale.
  std::vector<fs::path> stale;
  if (fs::is_directory(plot_dir, ec)) {
    for (const auto& entry : fs::directory_iterator(plot_dir, ec)) {
      const fs::path& p = entry.path();
      if (p.extension() == ".svg" && !written.contains(p.filename().string())) stale.push_back(p);
    }
  }
  for (const fs::path& p : stale) fs::remove(p, ec);
  return absl::OkStatus();
}

}  // namespace jtg::perf
