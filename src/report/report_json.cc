#include <algorithm>

#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "common/version.h"
#include "nlohmann/json.hpp"
#include "report/report_writers.h"

namespace jtg::report {
namespace {

using nlohmann::json;

json Of(const Counter& c) { return {{"missed", c.missed}, {"covered", c.covered}}; }

json Of(const Counters& c) {
  return {{"instruction", Of(c.instruction)}, {"branch", Of(c.branch)}, {"line", Of(c.line)},
          {"complexity", Of(c.complexity)},   {"method", Of(c.method)}, {"class", Of(c.klass)}};
}

}  // namespace

std::string ReportJson(const Report& r) {
  json packages = json::array();
  for (const PackageReport& p : r.packages) {
    json classes = json::array();
    for (const ClassCoverageReport& c : p.classes) {
      json covered = json::array(), partly = json::array(), missed = json::array();
      for (const auto& [nr, l] : c.lines) {
        if (l.ci > 0) covered.push_back(nr);
        if (l.ci > 0 && (l.mi > 0 || l.mb > 0)) partly.push_back(nr);
        if (l.ci == 0 && l.mi > 0) missed.push_back(nr);
      }
      classes.push_back({{"name", classfile::ToBinary(c.name)},
                         {"source_file", c.source_file},
                         {"counters", Of(c.counters)},
                         {"lines", {{"covered", covered}, {"partly", partly}, {"missed", missed}}},
                         {"not_instrumented", c.not_instrumented}});
    }
    packages.push_back({{"name", classfile::ToBinary(p.name)},
                        {"counters", Of(p.counters)},
                        {"classes", classes}});
  }
  json j = {{"format", "jtestgen-report"},
            {"version", std::string(Version())},
            {"counters", Of(r.counters)},
            {"packages", packages},
            {"warnings", r.warnings}};
  return j.dump(1, ' ', false, json::error_handler_t::replace);
}

}  // namespace jtg::report
