// Parsing of time budgets given on the command line: "60", "60s", "2m", "1.5m", "500ms".
#pragma once

#include <string_view>

#include "common/status.h"

namespace jtg::cli {

// Seconds; InvalidArgument for anything else or a negative value.
StatusOr<double> ParseBudget(std::string_view text);

}  // namespace jtg::cli
