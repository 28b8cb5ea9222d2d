// The engine's diagnostic log (issue 40): what `--verbose` (the Maven plugin passes it under
// `mvn -X`) shows beside the summary: each child process (javac, java) with its time and
// exit status, each phase of a suite run, the tests validation drops, the internals of the
// search (candidate search, solver). Through spdlog (Debian's libspdlog) on stderr, one
// line per message, with the time of day.
//
// The level is process-wide (spdlog's default logger): the command line sets it once, before
// any thread starts; forked workers inherit it, and a project run passes --verbose to its
// children. Debug() is thread-safe.
#pragma once

#include <string_view>

namespace jtg::log {

// Turns the debug messages on (true) or off (false, the default). Call before any thread
// starts.
void SetVerbose(bool on);

// Whether debug messages are shown.
bool Verbose();

// Writes `message` at debug level (shown only when Verbose()).
void Debug(std::string_view message);

}  // namespace jtg::log
