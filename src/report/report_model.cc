#include "report/report_model.h"

#include <fstream>
#include <iterator>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "coverage/class_filter.h"
#include "coverage/class_hash.h"
#include "coverage/other_agents.h"

namespace jtg::report {
namespace {

struct Recorded {
  int32_t slots = 0;
  std::set<int32_t> covered;
};

// name -> defined hash -> planned hash -> merged coverage
using RecordedMap = std::map<std::string, std::map<uint64_t, std::map<uint64_t, Recorded>>>;

StatusOr<std::vector<uint8_t>> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path, " is missing"));
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

std::string PackageOf(const std::string& internal) {
  const size_t slash = internal.rfind('/');
  return slash == std::string::npos ? "" : internal.substr(0, slash);
}

}  // namespace

StatusOr<Report> BuildReport(const std::vector<coverage::CoverageFile>& runs,
                             const std::string& dir, const classpath::Classpath& cp) {
  Report report;
  RecordedMap recorded;
  std::vector<coverage::ClassFilter> filters;
  for (const coverage::CoverageFile& f : runs) {
    filters.emplace_back(f.includes, f.excludes);
    if (report.start_ms == 0 || f.start_ms < report.start_ms) report.start_ms = f.start_ms;
    report.dump_ms = std::max(report.dump_ms, f.dump_ms);
    for (const coverage::ClassCoverage& c : f.classes) {
      Recorded& r = recorded[c.name][c.defined_hash][c.hash];
      r.slots = c.slots;
      r.covered.insert(c.covered.begin(), c.covered.end());
    }
  }
  std::set<std::string> names;
  for (const std::string& n : cp.ListClasses()) {
    for (const auto& filter : filters) {
      if (filter.Accepts(n)) {
        names.insert(n);
        break;
      }
    }
  }
  // Classes that ran but are not on the classpath (made at run time: mocks, proxies, lambdas'
  // classes; or test classes the includes took): one warning for all, naming a few.
  std::vector<std::string> absent;
  for (const auto& entry : recorded) {
    const std::string& n = entry.first;
    if (!names.contains(n)) {
      if (cp.ReadClass(n).ok()) {
        names.insert(n);
      } else {
        absent.push_back(classfile::ToBinary(n));
      }
    }
  }
  if (absent.size() == 1) {
    report.warnings.push_back(
        absl::StrCat("coverage of ", absent[0], " ignored: the class is not on the classpath"));
  } else if (!absent.empty()) {
    constexpr size_t kNamed = 3;
    std::vector<std::string> named(
        absent.begin(), absent.begin() + static_cast<long>(std::min(kNamed, absent.size())));
    report.warnings.push_back(
        absl::StrCat("coverage of ", absent.size(),
                     " classes ignored: not on the classpath (e.g. made at run "
                     "time); ",
                     absl::StrJoin(named, ", "), absent.size() > kNamed ? ", ..." : ""));
  }
  std::map<std::string, PackageReport> packages;
  const std::set<int32_t> none;
  for (const std::string& n : names) {
    JTG_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, cp.ReadClass(n));
    std::vector<uint8_t> defined;  // set when the plan comes from another agent's bytes
    const uint64_t hash = coverage::HashClassBytes(bytes);
    const std::set<int32_t>* covered = &none;
    int32_t slots = -1;
    if (auto it = recorded.find(n); it != recorded.end()) {
      auto h = it->second.find(hash);
      if (h == it->second.end()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "coverage of ", classfile::ToBinary(n), " was recorded for other class bytes (hash ",
            coverage::HashToHex(it->second.begin()->first), ", the classpath has ",
            coverage::HashToHex(hash), "): report against the classes that ran"));
      }
      // Prefer coverage planned on the classpath's own bytes; else bytes another agent made,
      // those of PIT's coverage stage last (its minions' runs are not the build's).
      auto planned = h->second.find(hash);
      if (planned == h->second.end()) {
        defined = bytes;
        for (auto p = h->second.begin(); p != h->second.end(); ++p) {
          JTG_ASSIGN_OR_RETURN(bytes, ReadFile(dir + "/" + coverage::PlannedClassPath(p->first)));
          if (coverage::HashClassBytes(bytes) != p->first) {
            return absl::DataLossError(absl::StrCat("the saved bytes of ", classfile::ToBinary(n),
                                                    " do not match their hash"));
          }
          planned = p;
          if (!coverage::CarriesPitProbes(bytes)) break;
        }
      }
      if (h->second.size() > 1) {
        report.warnings.push_back(
            absl::StrCat(classfile::ToBinary(n),
                         ": runs planned on different bytes (another agent in "
                         "some runs); only coverage planned on ",
                         coverage::HashToHex(planned->first), " is reported"));
      }
      covered = &planned->second.covered;
      slots = planned->second.slots;
    }
    auto analyzed = AnalyzeClass(bytes, *covered, slots, defined);
    if (!analyzed.ok()) {
      return absl::Status(analyzed.status().code(),
                          absl::StrCat(classfile::ToBinary(n), ": ", analyzed.status().message()));
    }
    if (!analyzed->has_value()) continue;
    ClassCoverageReport c = std::move(**analyzed);
    PackageReport& p = packages[PackageOf(n)];
    p.name = PackageOf(n);
    SourceFileReport& sf = p.source_files[c.source_file];
    sf.name = c.source_file;
    sf.counters += c.counters;
    for (const auto& [nr, l] : c.lines) {
      LineCounts& t = sf.lines[nr];
      t.mi += l.mi;
      t.ci += l.ci;
      t.mb += l.mb;
      t.cb += l.cb;
    }
    p.classes.push_back(std::move(c));
  }
  for (auto& [name, p] : packages) {
    for (auto& [file, sf] : p.source_files) {
      sf.counters.line = LineCounter(sf.lines);
      p.counters += sf.counters;
      p.counters.line += sf.counters.line;
    }
    report.counters += p.counters;
    report.counters.line += p.counters.line;
    report.packages.push_back(std::move(p));
  }
  return report;
}

}  // namespace jtg::report
