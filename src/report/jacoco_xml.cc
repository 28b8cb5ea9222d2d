#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "report/report_writers.h"

namespace jtg::report {
namespace {

std::string Esc(const std::string& s) {
  return absl::StrReplaceAll(s, {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}});
}

void Out(std::string& o, const char* type, const Counter& c) {
  if (c.total() == 0) return;
  absl::StrAppend(&o, "<counter type=\"", type, "\" missed=\"", c.missed, "\" covered=\"",
                  c.covered, "\"/>");
}

void Out(std::string& o, const Counters& c) {
  Out(o, "INSTRUCTION", c.instruction);
  Out(o, "BRANCH", c.branch);
  Out(o, "LINE", c.line);
  Out(o, "COMPLEXITY", c.complexity);
  Out(o, "METHOD", c.method);
  Out(o, "CLASS", c.klass);
}

}  // namespace

std::string JacocoXml(const Report& r, const std::string& name) {
  std::string o =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
      "<!DOCTYPE report PUBLIC \"-//JACOCO//DTD Report 1.1//EN\" \"report.dtd\">";
  absl::StrAppend(&o, "<report name=\"", Esc(name), "\">");
  absl::StrAppend(&o, "<sessioninfo id=\"jtestgen\" start=\"", r.start_ms, "\" dump=\"", r.dump_ms,
                  "\"/>");
  for (const PackageReport& p : r.packages) {
    absl::StrAppend(&o, "<package name=\"", Esc(p.name), "\">");
    for (const ClassCoverageReport& c : p.classes) {
      absl::StrAppend(&o, "<class name=\"", Esc(c.name), "\"");
      if (!c.source_file.empty())
        absl::StrAppend(&o, " sourcefilename=\"", Esc(c.source_file), "\"");
      o += ">";
      for (const MethodCoverage& m : c.methods) {
        absl::StrAppend(&o, "<method name=\"", Esc(m.name), "\" desc=\"", Esc(m.descriptor), "\"");
        if (m.first_line != 0) absl::StrAppend(&o, " line=\"", m.first_line, "\"");
        o += ">";
        Out(o, m.counters);
        o += "</method>";
      }
      Out(o, c.counters);
      o += "</class>";
    }
    for (const auto& [file, sf] : p.source_files) {
      if (file.empty()) continue;
      absl::StrAppend(&o, "<sourcefile name=\"", Esc(file), "\">");
      for (const auto& [nr, l] : sf.lines) {
        absl::StrAppend(&o, "<line nr=\"", nr, "\" mi=\"", l.mi, "\" ci=\"", l.ci, "\" mb=\"", l.mb,
                        "\" cb=\"", l.cb, "\"/>");
      }
      Out(o, sf.counters);
      o += "</sourcefile>";
    }
    Out(o, p.counters);
    o += "</package>";
  }
  Out(o, r.counters);
  o += "</report>";
  return o;
}

}  // namespace jtg::report
