#include "agent/agent_options.h"

#include <algorithm>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace jtg::agent {

std::string_view ModeName(Mode m) {
  switch (m) {
    case Mode::kStatic: return "static";
    case Mode::kDdst: return "ddst";
    case Mode::kHst: return "hst";
    case Mode::kTpc: return "tpc";
    case Mode::kPlan: return "plan";
    case Mode::kDrop: return "drop";
    case Mode::kFold: return "fold";
  }
  return "?";
}

namespace {

// `key=value` with an integer value in lo..hi, into `out`; InvalidArgument naming both.
Status IntOption(std::string_view key, std::string_view value, int lo, int hi, int& out) {
  int v = 0;
  if (!absl::SimpleAtoi(std::string(value), &v) || v < lo || v > hi) {
    return absl::InvalidArgumentError(absl::StrCat(
        "agent option ", std::string(key), "=", std::string(value), ": expected ", lo, "..", hi));
  }
  out = v;
  return absl::OkStatus();
}

}  // namespace

StatusOr<AgentOptions> ParseAgentOptions(std::string_view text) {
  AgentOptions o;
  std::vector<std::string_view> items;
  for (std::string_view rest = text; !rest.empty();) {
    const size_t comma = std::min(rest.find(','), rest.size());
    if (comma > 0) items.push_back(rest.substr(0, comma));
    rest.remove_prefix(std::min(comma + 1, rest.size()));
  }
  for (std::string_view item : items) {
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("agent option '", std::string(item), "' is not key=value"));
    }
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "mode") {
      if (value == "static") {
        o.mode = Mode::kStatic;
      } else if (value == "ddst") {
        o.mode = Mode::kDdst;
      } else if (value == "hst") {
        o.mode = Mode::kHst;
      } else if (value == "tpc") {
        o.mode = Mode::kTpc;
      } else if (value == "plan") {
        o.mode = Mode::kPlan;
      } else if (value == "drop") {
        o.mode = Mode::kDrop;
      } else if (value == "fold") {
        o.mode = Mode::kFold;
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat("agent option mode=", std::string(value),
                         ": expected static, ddst, hst, tpc, plan, drop or fold"));
      }
    } else if (key == "includes") {
      o.includes = std::string(value);
    } else if (key == "excludes") {
      o.excludes = std::string(value);
    } else if (key == "out") {
      if (value.empty()) return absl::InvalidArgumentError("agent option out= is empty");
      o.out = std::string(value);
    } else if (key == "interval_ms") {
      JTG_RETURN_IF_ERROR(IntOption(key, value, 10, 10000, o.interval_ms));
    } else if (key == "cache") {
      if (value.empty()) return absl::InvalidArgumentError("agent option cache= is empty");
      o.cache = std::string(value);
    } else if (key == "hot") {
      JTG_RETURN_IF_ERROR(IntOption(key, value, 1, 100000, o.hot_intervals));
    } else if (key == "duty") {
      JTG_RETURN_IF_ERROR(IntOption(key, value, 1, 100, o.duty_percent));
    } else if (key == "max_retransforms") {
      JTG_RETURN_IF_ERROR(IntOption(key, value, 0, 1000000, o.max_retransforms));
    } else if (key == "sweep_quiet_ms") {
      JTG_RETURN_IF_ERROR(IntOption(key, value, 0, 600000, o.sweep_quiet_ms));
    } else if (key == "fold") {
      if (value != "0" && value != "1" && value != "true" && value != "false") {
        return absl::InvalidArgumentError(
            absl::StrCat("agent option fold must be 0 or 1, not '", std::string(value), "'"));
      }
      o.hst_fold = value == "1" || value == "true";
    } else if (key == "log") {
      o.log = value == "1" || value == "true";
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown agent option '", std::string(key), "'"));
    }
  }
  if (o.includes.empty()) {
    return absl::InvalidArgumentError(
        "agent option includes= is required (e.g. includes=com.x.**)");
  }
  if (o.cache.empty()) o.cache = o.out + "/cache";
  return o;
}

}  // namespace jtg::agent
