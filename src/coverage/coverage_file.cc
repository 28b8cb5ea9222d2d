#include "coverage/coverage_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
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

// Reads optional fields of JSON objects without nlohmann's throwing conversions
// (json::value throws type_error on a field of another type, and converts a float to an
// integer even when out of range). A field of the wrong type or range gives the default
// and records its name in `bad`; the caller then rejects the file.
class Fields {
 public:
  template <typename Int>
  Int Integer(const json& obj, const char* key, Int def) {
    auto it = obj.find(key);
    if (it == obj.end()) return def;
    if (it->is_number_unsigned()) {
      const uint64_t v = it->get<uint64_t>();
      if (v <= static_cast<uint64_t>(std::numeric_limits<Int>::max())) return static_cast<Int>(v);
    } else if (it->is_number_integer()) {
      const int64_t v = it->get<int64_t>();
      if (v >= std::numeric_limits<Int>::min() && v <= std::numeric_limits<Int>::max()) {
        return static_cast<Int>(v);
      }
    }
    return Fail(key, def);
  }
  double Number(const json& obj, const char* key, double def) {
    auto it = obj.find(key);
    if (it == obj.end()) return def;
    return it->is_number() ? it->get<double>() : Fail(key, def);
  }
  std::string String(const json& obj, const char* key, const std::string& def) {
    auto it = obj.find(key);
    if (it == obj.end()) return def;
    return it->is_string() ? it->get<std::string>() : Fail(key, def);
  }
  // The first field that had the wrong type, or nullptr.
  const char* bad() const { return bad_; }

 private:
  template <typename T>
  T Fail(const char* key, T def) {
    if (bad_ == nullptr) bad_ = key;
    return def;
  }
  const char* bad_ = nullptr;
};

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
  auto format = j.find("format");
  if (format == j.end() || !format->is_string() || format->get<std::string>() != kFormat) {
    return Bad(what, "not a jtestgen coverage file");
  }
  if (!j.contains("version") || !j["version"].is_number_integer() ||
      j["version"].get<int64_t>() != kVersion) {
    return Bad(what, absl::StrCat("unsupported coverage file version (expected ", kVersion, ")"));
  }
  CoverageFile f;
  Fields fields;
  f.mode = fields.String(j, "mode", "");
  f.pid = fields.Integer(j, "pid", int64_t{0});
  f.includes = fields.String(j, "includes", "");
  f.excludes = fields.String(j, "excludes", "");
  f.start_ms = fields.Integer(j, "start_ms", int64_t{0});
  f.dump_ms = fields.Integer(j, "dump_ms", int64_t{0});
  if (j.contains("stats") && j["stats"].is_object()) {
    const json& s = j["stats"];
    f.stats.polls = fields.Integer(s, "polls", int64_t{0});
    f.stats.retransform_batches = fields.Integer(s, "retransform_batches", int64_t{0});
    f.stats.retransformed_classes = fields.Integer(s, "retransformed_classes", int64_t{0});
    f.stats.fold_classes = fields.Integer(s, "fold_classes", int64_t{0});
    f.stats.fold_flags_set = fields.Integer(s, "fold_flags_set", int64_t{0});
    f.stats.covered_probes_kept = fields.Integer(s, "covered_probes_kept", int64_t{0});
    f.stats.retransform_ms = fields.Number(s, "retransform_ms", 0.0);
    f.stats.instrumented_classes = fields.Integer(s, "instrumented_classes", int64_t{0});
    f.stats.instrument_ms = fields.Number(s, "instrument_ms", 0.0);
    f.stats.plan_cache_hits = fields.Integer(s, "plan_cache_hits", int64_t{0});
    f.stats.plan_cache_stores = fields.Integer(s, "plan_cache_stores", int64_t{0});
    f.stats.profiled_classes = fields.Integer(s, "profiled_classes", int64_t{0});
    f.stats.demand_methods = fields.Integer(s, "demand_methods", int64_t{0});
    f.stats.static_methods = fields.Integer(s, "static_methods", int64_t{0});
  }
  if (!j.contains("classes") || !j["classes"].is_array()) return Bad(what, "no classes array");
  for (const json& c : j["classes"]) {
    if (!c.is_object() || !c.contains("name") || !c["name"].is_string() || !c.contains("hash") ||
        !c["hash"].is_string() || !c.contains("slots") || !c["slots"].is_number_integer() ||
        !c.contains("covered") || !c["covered"].is_array()) {
      return Bad(what, "class entry without name, hash, slots and covered");
    }
    ClassCoverage cc;
    cc.name = c["name"].get<std::string>();
    auto hash = HexToHash(c["hash"].get<std::string>());
    if (!hash) return Bad(what, absl::StrCat(cc.name, ": bad hash"));
    cc.hash = *hash;
    auto defined = HexToHash(fields.String(c, "defined", c["hash"].get<std::string>()));
    if (!defined) return Bad(what, absl::StrCat(cc.name, ": bad defined hash"));
    cc.defined_hash = *defined;
    cc.slots = fields.Integer(c, "slots", int32_t{0});
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
    cc.retransforms = fields.Integer(c, "retransforms", int32_t{0});
    cc.note = fields.String(c, "note", "");
    f.classes.push_back(std::move(cc));
  }
  if (fields.bad() != nullptr) {
    return Bad(what, absl::StrCat("field ", fields.bad(), " has the wrong type or range"));
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
