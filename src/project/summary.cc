#include "project/summary.h"

#include <filesystem>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "common/atomic_file.h"
#include "common/version.h"
#include "project/summary_html.h"

namespace jtg::project {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

std::optional<Json> ReadJson(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  Json j = Json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return j;
}

std::string Relative(const fs::path& p, const std::string& base) {
  std::error_code ec;
  fs::path rel = fs::relative(p, base, ec);
  return ec || rel.empty() ? p.string() : rel.string();
}

// Causes of uncovered code that the class's report names.
Json Blamed(const Json& r) {
  Json out = Json::array();
  if (auto nb = r.find("not_built"); nb != r.end() && nb->contains("types")) {
    for (const Json& t : (*nb)["types"]) {
      out.push_back(absl::StrCat("not built: ", t.value("type", std::string("?"))));
    }
  }
  if (auto ex = r.find("exiting_methods"); ex != r.end() && ex->is_array() && !ex->empty()) {
    out.push_back(absl::StrCat("exits the JVM: ", ex->size(), " method(s)"));
  }
  if (auto o = r.find("outside"); o != r.end() && o->is_object()) {
    for (const char* what : {"files", "network", "processes", "threads"}) {
      if (o->value(what, 0) > 0) out.push_back(absl::StrCat("reaches outside the JVM: ", what));
    }
  }
  return out;
}

void AddPair(Json& total, const Json& row, const char* key, const char* a, const char* b) {
  if (!row.contains(key)) return;
  Json& t = total[key];
  if (t.is_null()) t = {{a, 0}, {b, 0}};
  t[a] = t[a].get<int64_t>() + row[key].value(a, int64_t{0});
  t[b] = t[b].get<int64_t>() + row[key].value(b, int64_t{0});
}

void AddInt(Json& total, const Json& row, const char* key) {
  if (!row.contains(key) || !row[key].is_number()) return;
  total[key] = total.value(key, int64_t{0}) + row[key].get<int64_t>();
}

}  // namespace

const char* StatusName(ClassStatus s) {
  switch (s) {
    case ClassStatus::kGenerated: return "generated";
    case ClassStatus::kUnchanged: return "unchanged";
    case ClassStatus::kFailed: return "failed";
  }
  return "failed";
}

Json ClassRow(const ClassOutcome& o, bool perf, const std::string& report_dir) {
  Json row = {{"class", o.cls}, {"status", StatusName(o.status)}};
  if (o.status == ClassStatus::kFailed) row["reason"] = o.reason;
  row["time_s"] = std::round(o.time_s * 10) / 10;
  if (o.attempts > 1) row["attempts"] = o.attempts;
  if (!o.node.empty()) row["node"] = o.node;
  const fs::path dir(o.state_dir);
  if (fs::exists(dir / "log.txt")) row["log"] = Relative(dir / "log.txt", report_dir);
  if (o.status == ClassStatus::kFailed) return row;
  if (perf) {
    auto r = ReadJson(dir / "perf-report.json");
    if (!r) return row;
    row["perf_report"] = Relative(dir / "perf-report.html", report_dir);
    int64_t findings = 0, likely = 0, tests = 0;
    for (const Json& f : r->value("findings", Json::array())) {
      ++findings;
      if (f.value("category", std::string()) == "likely-bug") ++likely;
      if (f.contains("test") && f["test"].is_string()) ++tests;
    }
    row["tests"] = tests;
    row["findings"] = findings;
    row["likely_bugs"] = likely;
    return row;
  }
  auto r = ReadJson(dir / "jtestgen-report.json");
  if (!r) return row;
  row["report"] = Relative(dir / "jtestgen-report.json", report_dir);
  if (r->contains("test_file") && (*r)["test_file"].is_string()) {
    row["test_file"] = Relative((*r)["test_file"].get<std::string>(), report_dir);
  }
  for (const char* k : {"tests", "dropped_tests"}) {
    if (r->contains(k)) row[k] = (*r)[k];
  }
  for (const char* k : {"branches", "lines", "weak_mutation", "strong_mutation"}) {
    if (r->contains(k) && (*r)[k].is_object()) row[k] = (*r)[k];
  }
  row["blamed"] = Blamed(*r);
  return row;
}

Json BuildSummary(const SummaryHeader& h, const std::vector<Json>& rows,
                  const std::vector<NotTestable>& not_testable) {
  Json s;
  s["version"] = std::string(Version());
  s["command"] = h.perf ? "perf" : "suite";
  s["started"] = h.started;
  s["wall_s"] = std::round(h.wall_s * 10) / 10;
  s["options"] = {{"budget_per_class_s", h.budget_per_class_s},
                  {"seed", h.seed},
                  {"jobs", h.jobs},
                  {"junit", h.junit},
                  {"backend", h.backend}};
  s["classes"] = rows;
  Json nt = Json::array();
  for (const auto& n : not_testable) nt.push_back({{"class", n.cls}, {"reason", n.reason}});
  s["not_testable"] = nt;
  Json t = {{"classes", rows.size()}, {"generated", 0}, {"unchanged", 0}, {"failed", 0}};
  double time_s = 0;
  for (const Json& row : rows) {
    std::string st = row.value("status", std::string("failed"));
    t[st] = t.value(st, 0) + 1;
    time_s += row.value("time_s", 0.0);
    for (const char* k : {"tests", "dropped_tests", "findings", "likely_bugs"}) AddInt(t, row, k);
    AddPair(t, row, "branches", "covered", "total");
    AddPair(t, row, "lines", "covered", "total");
    AddPair(t, row, "weak_mutation", "killed", "total");
    AddPair(t, row, "strong_mutation", "killed", "total");
  }
  t["time_s"] = std::round(time_s * 10) / 10;
  s["totals"] = t;
  return s;
}

Status WriteSummary(const Json& summary, const std::string& report_dir) {
  JTG_RETURN_IF_ERROR(WriteFileAtomically((fs::path(report_dir) / "jtestgen-summary.json").string(),
                                          summary.dump(2) + "\n"));
  return WriteFileAtomically((fs::path(report_dir) / "jtestgen-summary.html").string(),
                             SummaryHtml(summary));
}

}  // namespace jtg::project
