// Parsing of time budgets given on the command line: "60", "60s", "2m", "1.5m", "500ms".
#pragma once

#include <string_view>

#include "common/status.h"

namespace jtg::cli {

// The longest budget accepted: 7 days.
inline constexpr double kMaxBudgetSeconds = 7 * 24 * 3600.0;

// Seconds, finite, > 0 and <= kMaxBudgetSeconds. Errors: InvalidArgument naming the text
// for anything else ("nan", "inf", "1e300s", "0s", "-5s", "10x").
StatusOr<double> ParseBudget(std::string_view text);

}  // namespace jtg::cli
