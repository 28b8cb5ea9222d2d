#include "coverage/hst_profile.h"

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

constexpr char kFormat[] = "jtestgen-hst-profile";
constexpr int kVersion = 1;

Status Bad(std::string_view what, std::string_view why) {
  return absl::DataLossError(absl::StrCat(std::string(what), ": ", std::string(why)));
}

}  // namespace

Technique ChooseTechnique(const HstClassProfile* profiled, int32_t method, int32_t online_active,
                          int32_t hot_intervals) {
  if (profiled == nullptr) return online_active >= 1 ? Technique::kDemand : Technique::kStatic;
  if (method < 0 || static_cast<size_t>(method) >= profiled->active.size()) {
    return Technique::kStatic;
  }
  return profiled->active[static_cast<size_t>(method)] >= hot_intervals ? Technique::kDemand
                                                                        : Technique::kStatic;
}

void MergeClassProfile(HstProfile& into, uint64_t hash, HstClassProfile run) {
  auto [it, inserted] = into.classes.try_emplace(hash, std::move(run));
  if (inserted) return;
  HstClassProfile& old = it->second;
  if (old.active.size() != run.active.size()) {
    old = std::move(run);
    return;
  }
  for (size_t i = 0; i < old.active.size(); ++i) {
    old.active[i] = std::max(old.active[i], run.active[i]);
  }
}

std::string ToJson(const HstProfile& p) {
  // Sorted by hash: the same profile is always written the same way.
  std::vector<uint64_t> keys;
  for (const auto& [hash, c] : p.classes) keys.push_back(hash);
  std::sort(keys.begin(), keys.end());
  json classes = json::object();
  for (uint64_t h : keys) {
    const HstClassProfile& c = p.classes.at(h);
    classes[HashToHex(h)] = {{"name", c.name}, {"active", c.active}};
  }
  json j = {{"format", kFormat},
            {"version", kVersion},
            {"runs", p.runs},
            {"interval_ms", p.interval_ms},
            {"classes", std::move(classes)}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

StatusOr<HstProfile> ParseHstProfile(std::string_view text, std::string_view what) {
  json j = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Bad(what, "not a JSON object");
  if (j.value("format", "") != kFormat) return Bad(what, "not a jtestgen HST profile");
  if (!j.contains("version") || !j["version"].is_number_integer() ||
      j["version"].get<int>() != kVersion) {
    return Bad(what, absl::StrCat("unsupported HST profile version (expected ", kVersion, ")"));
  }
  HstProfile p;
  p.runs = j.value("runs", int64_t{0});
  p.interval_ms = j.value("interval_ms", 0);
  if (!j.contains("classes") || !j["classes"].is_object()) return Bad(what, "no classes object");
  for (const auto& [key, c] : j["classes"].items()) {
    const auto hash = HexToHash(key);
    if (!hash) return Bad(what, absl::StrCat("class key '", key, "' is not a 16-digit hash"));
    if (!c.is_object() || !c.contains("active") || !c["active"].is_array()) {
      return Bad(what, absl::StrCat("class ", key, ": no active array"));
    }
    HstClassProfile cp;
    cp.name = c.value("name", "");
    for (const json& a : c["active"]) {
      if (!a.is_number_integer() || a.get<int64_t>() < 0) {
        return Bad(what, absl::StrCat("class ", key, ": active counts must be integers >= 0"));
      }
      cp.active.push_back(static_cast<int32_t>(std::min<int64_t>(a.get<int64_t>(), INT32_MAX)));
    }
    p.classes.emplace(*hash, std::move(cp));
  }
  return p;
}

StatusOr<HstProfile> ReadHstProfile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return HstProfile{};
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::stringstream ss;
  ss << in.rdbuf();
  return ParseHstProfile(ss.str(), path);
}

Status WriteHstProfile(const HstProfile& profile, const std::string& path) {
  return WriteFileAtomically(path, ToJson(profile) + "\n");
}

}  // namespace jtg::coverage
