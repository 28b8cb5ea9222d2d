#include "perf/pipeline.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>

#include "absl/strings/str_format.h"
#include "classfile/names.h"
#include "classpath/classpath.h"
#include "perf/pipeline_steps.h"
#include "perf/report.h"

namespace jtg::perf {

namespace fs = std::filesystem;

int DefaultMaxHeapMb() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 1024;
  const double mib = static_cast<double>(pages) * static_cast<double>(page) / (1024.0 * 1024.0);
  return static_cast<int>(std::clamp(mib / 8, 512.0, 1536.0));
}

double PeakRssMb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
  }
  return 0;
}

StatusOr<PerfReport> RunPerf(const PerfOptions& opts) {
  if (opts.class_name.empty() == opts.jar.empty()) {
    return absl::InvalidArgumentError("jtestgen perf: give exactly one of --class and --jar");
  }
  if (std::string internal = classfile::ToInternal(opts.class_name);
      IsJdkClass(internal) &&
      (!internal.starts_with("java/util/") || internal == "java/util/Arrays")) {
    // The transformer instruments only java.util (not Arrays, which the probes use): a probe
    // elsewhere in java.base could run inside the probe runtime itself.
    return absl::InvalidArgumentError(
        "--class " + opts.class_name +
        ": of the JDK's classes only those of java.util (except java.util.Arrays) can be the "
        "class under test");
  }
  std::optional<MethodPattern> pattern;
  if (!opts.method.empty()) {
    JTG_ASSIGN_OR_RETURN(auto p, ParseMethodPattern(opts.method));
    pattern = p;
  }
  JTG_ASSIGN_OR_RETURN(auto cp, classpath::Classpath::Open(opts.classpath));
  std::vector<std::string> classes;
  PerfReport report;
  report.budget_s = opts.budget_seconds;
  report.mu = opts.mu;
  if (!opts.jar.empty()) {
    classes = pipeline::JarClasses(opts.jar);
    if (classes.empty()) {
      return absl::NotFoundError("--jar " + opts.jar + ": no public class (or not a readable jar)");
    }
    report.cls = fs::path(opts.jar).filename().string();
  } else {
    classes = {opts.class_name};
    report.cls = opts.class_name;
  }
  JTG_ASSIGN_OR_RETURN(auto session, pipeline::StartSession(opts, cp));
  pipeline::PerfSession& s = *session;
  {
    std::error_code ec;
    fs::create_directories(opts.out_dir, ec);
    if (ec) {
      return absl::InvalidArgumentError("--out " + opts.out_dir +
                                        ": cannot create it: " + ec.message());
    }
  }
  const bool jar = !opts.jar.empty();

  // With --jar, --budget bounds the whole run (wall clock from here); with --class it is the
  // search budget, and growth, validation and timing come on top.
  const double deadline = opts.budget_seconds;
  auto record_phases = [&] {
    report.max_heap_mb = s.max_heap_mb;
    report.peak_rss_mb = PeakRssMb();
    report.phases_s = {{"static", s.static_s}, {"search", s.search_s},
                       {"growth", s.growth_s}, {"validation", s.validation_s},
                       {"timing", s.timing_s}, {"total", s.Elapsed()}};
  };

  // Static phase: loop goals of every entry method. With --jar it may take at most a quarter
  // of the budget; classes past that are skipped with the reason.
  std::vector<pipeline::ClassWork> work;
  {
    pipeline::PhaseClock clock(&s.static_s, "static analysis");
    for (const auto& cls : classes) {
      if (jar && s.Elapsed() > deadline / 4) {
        report.skipped.push_back(
            {cls, "not analysed: the static phase used its quarter of the budget"});
        continue;
      }
      auto w = pipeline::PlanClass(s, cls, pattern, &report);
      if (!w.ok()) {
        if (!jar) return w.status();
        report.skipped.push_back({cls, std::string(w.status().message())});
        continue;
      }
      if (!w->entries.empty()) work.push_back(std::move(*w));
    }
  }
  size_t remaining = 0;
  for (const auto& w : work) remaining += w.entries.size();
  // Search phase. --class: the budget is shared by the entries that reach loops. --jar: each
  // entry gets its share of the time left after the finishing work (growth, validation,
  // timing) that the remaining entries are expected to need, measured on the entries done so
  // far; at least 0.25 s and at most 20 s. Entries still waiting at the deadline are skipped.
  const double search_end = s.Elapsed() + opts.budget_seconds;
  size_t done = 0;
  for (auto& w : work) {
    std::vector<pipeline::Candidate> candidates;
    size_t not_searched = 0;
    for (auto& e : w.entries) {
      const double rest = static_cast<double>(std::max<size_t>(1, remaining));
      --remaining;
      double share;
      if (jar) {
        double left = deadline - s.Elapsed();
        double finishing = s.growth_s + s.validation_s + s.timing_s;
        double finish_each = done > 0 ? finishing / static_cast<double>(done) : 1.0;
        if (left <= finish_each) {
          ++not_searched;
          continue;
        }
        share = std::clamp((left - finish_each * rest) / rest, 0.25, 20.0);
      } else {
        share = std::max(0.0, search_end - s.Elapsed()) / rest;
      }
      pipeline::SearchEntry(s, w, e, share, jar ? 3 : 6, &candidates);
      ++done;
    }
    if (not_searched > 0) {
      report.skipped.push_back({w.class_name + ".*", std::to_string(not_searched) +
                                                         " method(s) reaching loops not searched: "
                                                         "the budget ran out"});
    }
    report.dropped_not_involving += w.not_involving;
    JTG_RETURN_IF_ERROR(pipeline::FinishClass(s, w, candidates, &report));
    // Results so far are never lost: the report is rewritten after every class.
    record_phases();
    JTG_RETURN_IF_ERROR(WriteReport(report, opts.out_dir));
  }
  record_phases();
  JTG_RETURN_IF_ERROR(WriteReport(report, opts.out_dir));
  return report;
}

}  // namespace jtg::perf
