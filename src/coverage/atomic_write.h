// Writing a file so that no reader ever sees half of it: the agent's coverage file, the HST
// profile and TPC plans (several JVMs may write into one cache directory at once).
#pragma once

#include <string>
#include <string_view>

#include "common/status.h"

namespace jtg::coverage {

// Writes `bytes` to `path.<pid>.tmp`, then renames it to `path` (atomic on one file
// system; the last writer wins). Internal("cannot write <tmp>" | "cannot rename <tmp> to
// <path>") on failure; the directory must exist.
Status WriteFileAtomically(const std::string& path, std::string_view bytes);

}  // namespace jtg::coverage
