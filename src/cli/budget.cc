#include "cli/budget.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "absl/strings/str_format.h"

namespace jtg::cli {

StatusOr<double> ParseBudget(std::string_view text, std::string_view flag) {
  std::string s(text);
  double scale = 1;
  auto ends = [&](std::string_view suf) {
    return s.size() > suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0;
  };
  if (ends("ms")) {
    scale = 0.001;
    s.resize(s.size() - 2);
  } else if (ends("s")) {
    s.resize(s.size() - 1);
  } else if (ends("m")) {
    scale = 60;
    s.resize(s.size() - 1);
  } else if (ends("h")) {
    scale = 3600;
    s.resize(s.size() - 1);
  }
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end == nullptr || *end != '\0' || !std::isfinite(v)) {
    return absl::InvalidArgumentError(absl::StrCat("bad ", std::string(flag), " '",
                                                   std::string(text),
                                                   "': expected a duration like 60s, 2m or 500ms"));
  }
  if (v <= 0 || v * scale > kMaxBudgetSeconds) {
    return absl::InvalidArgumentError(absl::StrCat("bad ", std::string(flag), " '",
                                                   std::string(text),
                                                   "': must be positive and at most 7 days"));
  }
  return v * scale;
}

StatusOr<double> ParseTimeBound(std::string_view text, double budget_seconds) {
  JTG_ASSIGN_OR_RETURN(double seconds, ParseBudget(text, "--time-bound"));
  if (seconds <= budget_seconds) {
    return absl::InvalidArgumentError(absl::StrCat("bad --time-bound '", std::string(text),
                                                   "': must exceed the search budget (",
                                                   absl::StrFormat("%g", budget_seconds), " s)"));
  }
  return seconds;
}

StatusOr<int> ParseMegabytes(std::string_view text, std::string_view flag) {
  std::string s(text);
  double scale = 1;
  if (!s.empty() && (s.back() == 'g' || s.back() == 'G')) {
    scale = 1024;
    s.pop_back();
  } else if (!s.empty() && (s.back() == 'm' || s.back() == 'M')) {
    s.pop_back();
  }
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  const double mib = v * scale;
  if (s.empty() || end == nullptr || *end != '\0' || !std::isfinite(v) || mib < 64 ||
      mib > 1048576) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad ", std::string(flag), " '", std::string(text),
                     "': expected a size of at least 64m, like 1536m or 2g"));
  }
  return static_cast<int>(mib);
}

}  // namespace jtg::cli
