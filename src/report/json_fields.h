// Typed, non-throwing reads of optional fields of a JSON object (the summary and perf
// report pages render whatever a field holds, and "–" for a field that is absent or of
// another type). Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace jtg::report::json_fields {

// `o[key]` when `o` is an object holding `key`; nullptr otherwise. Points into `o`.
inline const nlohmann::json* Field(const nlohmann::json& o, const char* key) {
  if (!o.is_object()) return nullptr;
  auto it = o.find(key);
  return it == o.end() ? nullptr : &*it;
}

// The number at `key`, nullopt when absent or not a number.
inline std::optional<double> Number(const nlohmann::json& o, const char* key) {
  const nlohmann::json* v = Field(o, key);
  if (v == nullptr || !v->is_number()) return std::nullopt;
  return v->get<double>();
}

// The string at `key`, "" when absent or not a string.
inline std::string String(const nlohmann::json& o, const char* key) {
  const nlohmann::json* v = Field(o, key);
  return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
}

// The array at `key` (its elements, by value), empty when absent or not an array.
inline std::vector<nlohmann::json> Array(const nlohmann::json& o, const char* key) {
  const nlohmann::json* v = Field(o, key);
  if (v == nullptr || !v->is_array()) return {};
  return {v->begin(), v->end()};
}

// The numbers of an array field, skipping elements that are not numbers.
inline std::vector<double> Numbers(const nlohmann::json& o, const char* key) {
  std::vector<double> out;
  for (const nlohmann::json& e : Array(o, key)) {
    if (e.is_number()) out.push_back(e.get<double>());
  }
  return out;
}

// A {"covered": c, "total": t} (or {"killed": k, "total": t}) pair at `key`.
struct Ratio {
  double part = 0, total = 0;
};
inline std::optional<Ratio> RatioAt(const nlohmann::json& o, const char* key, const char* part) {
  const nlohmann::json* v = Field(o, key);
  if (v == nullptr) return std::nullopt;
  const std::optional<double> p = Number(*v, part), t = Number(*v, "total");
  if (!p || !t) return std::nullopt;
  return Ratio{*p, *t};
}

}  // namespace jtg::report::json_fields
