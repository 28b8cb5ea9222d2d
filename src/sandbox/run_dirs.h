// Directories of one sandboxed run: the output directory, checked before any search starts,
// and the scratch directory on which the sandbox mounts its private tmpfs.
#pragma once

#include <string>

#include "common/status.h"

namespace jtg::sandbox {

// Creates `dir` (and its parents) if missing and checks that it is a writable directory, by
// creating and removing a probe file in it. Returns its absolute, normalized path.
// Errors: InvalidArgument naming the path and the reason ("is a file", "Permission denied",
// "Read-only file system", ...). Never throws.
StatusOr<std::string> PrepareOutputDir(const std::string& dir);

// A ':'-separated list of paths with each relative entry made absolute against the current
// working directory (the sandboxed worker runs in its scratch directory). Empty entries are
// dropped. Never fails: an entry that cannot be resolved is kept as it is.
std::string AbsolutePathList(const std::string& list);

// Creates an empty private directory `$TMPDIR/jtestgen-XXXXXX` (TMPDIR defaulting to /tmp).
// Errors: Internal naming the template and errno text.
StatusOr<std::string> MakeScratchDir();

// Removes a directory made by MakeScratchDir with everything still in it, following no
// symbolic link; errors are ignored (best effort at the end of a run).
void RemoveScratchDir(const std::string& dir);

}  // namespace jtg::sandbox
