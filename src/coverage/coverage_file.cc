#include "coverage/coverage_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "coverage/atomic_write.h"
#include "coverage/class_hash.h"
#include "nlohmann/json.hpp"

namespace jtg::coverage {
namespace {

using nlohmann::json;

constexpr char kFormat[] = "jtestgen-coverage";
constexpr int kVersion = 1;

Status Bad(std::string_view what, std::string_view why) {
  return absl::DataLossError(absl::StrCat(std::string(what), ": ", std::string(why)));
}

}  // namespace

std::string ToJson(const CoverageFile& f) {
  json classes = json::array();
  for (const ClassCoverage& c : f.classes) {
    classes.push_back({{"name", c.name},
                       {"defined", HashToHex(c.defined_hash)},
                       {"hash", HashToHex(c.hash)},
                       {"slots", c.slots},
                       {"covered", c.covered},
                       {"retransforms", c.retransforms},
                       {"note", c.note}});
  }
  json j = {{"format", kFormat},
            {"version", kVersion},
            {"mode", f.mode},
            {"pid", f.pid},
            {"includes", f.includes},
            {"excludes", f.excludes},
            {"start_ms", f.start_ms},
            {"dump_ms", f.dump_ms},
            {"stats",
             {{"polls", f.stats.polls},
              {"retransform_batches", f.stats.retransform_batches},
              {"retransformed_classes", f.stats.retransformed_classes},
              {"fold_classes", f.stats.fold_classes},
              {"fold_flags_set", f.stats.fold_flags_set},
              {"covered_probes_kept", f.stats.covered_probes_kept},
              {"retransform_ms", f.stats.retransform_ms},
              {"instrumented_classes", f.stats.instrumented_classes},
              {"instrument_ms", f.stats.instrument_ms},
              {"plan_cache_hits", f.stats.plan_cache_hits},
              {"plan_cache_stores", f.stats.plan_cache_stores},
              {"profiled_classes", f.stats.profiled_classes},
              {"demand_methods", f.stats.demand_methods},
              {"static_methods", f.stats.static_methods}}},
            {"classes", std::move(classes)}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

StatusOr<CoverageFile> ParseCoverageJson(std::string_view text, std::string_view what) {
  json j = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Bad(what, "not a JSON object");
  if (j.value("format", "") != kFormat) return Bad(what, "not a jtestgen coverage file");
  if (!j.contains("version") || !j["version"].is_number_integer() ||
      j["version"].get<int>() != kVersion) {
    return Bad(what, absl::StrCat("unsupported coverage file version (expected ", kVersion,
                                  ")"));
  }
  CoverageFile f;
  f.mode = j.value("mode", "");
  f.pid = j.value("pid", int64_t{0});
  f.includes = j.value("includes", "");
  f.excludes = j.value("excludes", "");
  f.start_ms = j.value("start_ms", int64_t{0});
  f.dump_ms = j.value("dump_ms", int64_t{0});
  if (j.contains("stats") && j["stats"].is_object()) {
    const json& s = j["stats"];
    f.stats.polls = s.value("polls", int64_t{0});
    f.stats.retransform_batches = s.value("retransform_batches", int64_t{0});
    f.stats.retransformed_classes = s.value("retransformed_classes", int64_t{0});
    f.stats.fold_classes = s.value("fold_classes", int64_t{0});
    f.stats.fold_flags_set = s.value("fold_flags_set", int64_t{0});
    f.stats.covered_probes_kept = s.value("covered_probes_kept", int64_t{0});
    f.stats.retransform_ms = s.value("retransform_ms", 0.0);
    f.stats.instrumented_classes = s.value("instrumented_classes", int64_t{0});
    f.stats.instrument_ms = s.value("instrument_ms", 0.0);
    f.stats.plan_cache_hits = s.value("plan_cache_hits", int64_t{0});
    f.stats.plan_cache_stores = s.value("plan_cache_stores", int64_t{0});
    f.stats.profiled_classes = s.value("profiled_classes", int64_t{0});
    f.stats.demand_methods = s.value("demand_methods", int64_t{0});
    f.stats.static_methods = s.value("static_methods", int64_t{0});
  }
  if (!j.contains("classes") || !j["classes"].is_array()) return Bad(what, "no classes array");
  for (const json& c : j["classes"]) {
    if (!c.is_object() || !c.contains("name") || !c["name"].is_string() ||
        !c.contains("hash") || !c["hash"].is_string() || !c.contains("slots") ||
        !c["slots"].is_number_integer() || !c.contains("covered") || !c["covered"].is_array()) {
      return Bad(what, "class entry without name, hash, slots and covered");
    }
    ClassCoverage cc;
    cc.name = c["name"].get<std::string>();
    auto hash = HexToHash(c["hash"].get<std::string>());
    if (!hash) return Bad(what, absl::StrCat(cc.name, ": bad hash"));
    cc.hash = *hash;
    auto defined = HexToHash(c.value("defined", c["hash"].get<std::string>()));
    if (!defined) return Bad(what, absl::StrCat(cc.name, ": bad defined hash"));
    cc.defined_hash = *defined;
    cc.slots = c["slots"].get<int32_t>();
    for (const json& k : c["covered"]) {
      if (!k.is_number_integer()) return Bad(what, absl::StrCat(cc.name, ": bad slot"));
      const int64_t slot = k.get<int64_t>();
      if (slot < 0 || slot >= cc.slots) {
        return Bad(what, absl::StrCat(cc.name, ": slot ", slot, " outside 0..", cc.slots - 1));
      }
      cc.covered.push_back(static_cast<int32_t>(slot));
    }
    std::sort(cc.covered.begin(), cc.covered.end());
    cc.covered.erase(std::unique(cc.covered.begin(), cc.covered.end()), cc.covered.end());
    cc.retransforms = c.value("retransforms", 0);
    cc.note = c.value("note", "");
    f.classes.push_back(std::move(cc));
  }
  return f;
}

std::string CoverageFileName(int64_t pid) { return absl::StrCat("jtestgen-cov-", pid, ".json"); }

std::string PlannedClassPath(uint64_t hash) {
  return absl::StrCat("classes/", HashToHex(hash), ".class");
}

Status WriteCoverageFile(const CoverageFile& file, const std::string& path) {
  return WriteFileAtomically(path, ToJson(file) + "\n");
}

StatusOr<std::vector<CoverageFile>> ReadCoverageDir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return absl::NotFoundError(absl::StrCat("coverage directory ", dir, " does not exist"));
  }
  std::vector<std::string> paths;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.starts_with("jtestgen-cov-") && name.ends_with(".json")) {
      paths.push_back(e.path().string());
    }
  }
  if (paths.empty()) {
    return absl::NotFoundError(absl::StrCat("no jtestgen-cov-*.json in ", dir));
  }
  std::sort(paths.begin(), paths.end());
  std::vector<CoverageFile> out;
  for (const std::string& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    JTG_ASSIGN_OR_RETURN(CoverageFile f, ParseCoverageJson(ss.str(), p));
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace jtg::coverage
