// Writing a file so that a reader sees either the old content or the whole new one, never a
// truncated file: a full disk or a kill mid-write leaves the previous report, not an invalid
// one. Thread-safe for distinct paths.
#pragma once

#include <string>

#include "common/status.h"

namespace jtg {

// Writes `text` to `path`.tmp, then renames it over `path` (same directory, so the rename
// is atomic on POSIX file systems). Errors: Internal naming the file and the reason; then
// `path` is unchanged and the .tmp file removed.
Status WriteFileAtomically(const std::string& path, const std::string& text);

}  // namespace jtg
