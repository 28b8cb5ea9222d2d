// Parsing of time budgets ("60", "60s", "2m", "1.5m", "500ms") and memory sizes ("2g",
// "1536m") given on the command line.
#pragma once

#include <string_view>

#include "common/status.h"

namespace jtg::cli {

// The longest budget accepted: 7 days.
inline constexpr double kMaxBudgetSeconds = 7 * 24 * 3600.0;

// Seconds, finite, > 0 and <= kMaxBudgetSeconds. Errors: InvalidArgument naming `flag` and
// the text for anything else ("nan", "inf", "1e300s", "0s", "-5s", "10x").
StatusOr<double> ParseBudget(std::string_view text, std::string_view flag = "--budget");

// A hard time bound (--time-bound) as ParseBudget takes it, which must exceed the search
// budget `budget_seconds`. Errors: those of ParseBudget; InvalidArgument naming the text and
// the budget when it does not exceed it.
StatusOr<double> ParseTimeBound(std::string_view text, double budget_seconds);

// A memory size as the JVM's -Xmx takes it: "1536m", "2g", "2G", "512M", or a number of
// MiB ("1536"). Returns MiB, in [64, 1048576]. Errors: InvalidArgument naming `flag` and
// the text for anything else ("2x", "0m", "10k").
StatusOr<int> ParseMegabytes(std::string_view text, std::string_view flag);

}  // namespace jtg::cli
